import type { AppConfig, Banner, DashboardRegistro, DashboardResult, InfoTrocarSenha, LoginSenhaAtendimento, MenuItem, Noticia, UserInfo } from '@concilia/domain';

import type { OptionItem, TicketEntry, TicketTrace } from '@concilia/domain';

/**
 * The GraphQL documents of the shell and account calls, typed with the shared domain shapes. A test
 * validates every document here against the committed apps/server/schema.graphql.
 */
type Doc<R, V = Record<string, never>> = { query: string; __result?: R; __vars?: V };
const doc = <R, V = Record<string, never>>(query: string): Doc<R, V> => ({ query });

export const OPS = {
  getAppConfig: doc<{ getAppConfig: AppConfig }>(`query getAppConfig { getAppConfig { botCheck recaptchaSiteKey treinamentoUrl atendimento versao } }`),
  login: doc<{ login: string }, { username: string; password: string; values: { recaptcha: string | null } }>(
    `mutation login($username: String!, $password: String!, $values: LoginValues) { login(username: $username, password: $password, values: $values) }`,
  ),
  loginIdSession: doc<{ loginIdSession: string }, { idsession: string }>(
    `mutation loginIdSession($idsession: String!) { loginIdSession(idsession: $idsession) }`,
  ),
  logout: doc<{ logout: string }>(`mutation logout { logout }`),
  urlVersaoAntiga: doc<{ urlVersaoAntiga: string }>(`mutation urlVersaoAntiga { urlVersaoAntiga }`),
  getUserInfo: doc<{ getUserInfo: UserInfo }>(
    `query getUserInfo { getUserInfo { nomeAbreviado uscodigo logoMarcarRevenda simulado fullName codPessoa codPessoaPai codPerfil login permitido versaoAntiga } }`,
  ),
  getMenus: doc<{ getMenus: MenuItem[] }>(`query getMenus { getMenus { id label page pai icon } }`),
  getNoticias: doc<{ getNoticias: Noticia[] }>(`query getNoticias { getNoticias { codnoticia titulo texto data } }`),
  getBanner: doc<{ getBanner: Banner | null }>(`query getBanner { getBanner { codbanner titulo texto link } }`),
  getLoginSenhaAtendimento: doc<{ getLoginSenhaAtendimento: LoginSenhaAtendimento }>(
    `query getLoginSenhaAtendimento { getLoginSenhaAtendimento { url login senha } }`,
  ),
  alterarSenha: doc<{ alterarSenha: string }, { usuario: string; email: string }>(
    `mutation alterarSenha($usuario: String!, $email: String!) { alterarSenha(usuario: $usuario, email: $email) }`,
  ),
  getInfoUsuarrioTrocarSenha: doc<{ getInfoUsuarrioTrocarSenha: InfoTrocarSenha }, { param: string }>(
    `query getInfoUsuarrioTrocarSenha($param: String!) { getInfoUsuarrioTrocarSenha(param: $param) { goLogin senhaDefinida expirado mensagemSolicitaSenha login } }`,
  ),
  usuarioTrocarSenha: doc<
    { usuarioTrocarSenha: string },
    { idTrocaSenha: string; gravarResponsavel?: boolean; responsavel?: string; senha?: string; confirmaSenha?: string }
  >(
    `mutation usuarioTrocarSenha($idTrocaSenha: String!, $gravarResponsavel: Boolean, $responsavel: String, $senha: String, $confirmaSenha: String) {
      usuarioTrocarSenha(idTrocaSenha: $idTrocaSenha, gravarResponsavel: $gravarResponsavel, responsavel: $responsavel, senha: $senha, confirmaSenha: $confirmaSenha) }`,
  ),
  redefinirSenha: doc<{ redefinirSenha: string }, { senhaAtual: string; senha: string; confirmaSenha: string }>(
    `mutation redefinirSenha($senhaAtual: String!, $senha: String!, $confirmaSenha: String!) { redefinirSenha(senhaAtual: $senhaAtual, senha: $senha, confirmaSenha: $confirmaSenha) }`,
  ),
  listarParametros: doc<{ listarParametros: { codpessoa: number; texto: string | null }[] }>(
    `query listarParametros { listarParametros { codpessoa texto } }`,
  ),
  salvarParametros: doc<{ salvarParametros: { codpessoa: number; texto: string | null } }, { values: { texto: string | null; insert: boolean } }>(
    `mutation salvarParametros($values: ParametrosInput!) { salvarParametros(values: $values) { codpessoa texto } }`,
  ),
  // Dashboard: one call answers every chart and the key figures (amounts in centavos)
  getDashBoard: doc<{ getDashBoard: DashboardResult }, { values: { empresa: number | null; registro: DashboardRegistro; de: string; ate: string } }>(
    `query getDashBoard($values: DashboardValues!) { getDashBoard(values: $values) {
      seriesVendaOperadora { name y sliced selected } seriesVendaTipo { name y sliced selected }
      categoriaVendaDia seriesVendaDia categoriaVendaHora seriesVendaHora
      seriesTicketMedio { name y sliced selected } categoriaTaxaMedia seriesTaxaMedia { name data }
      indicadores { quantidade bruto liquido taxa taxaPercentual conciliadoPercentual cobradoAMais emAtraso parcelasEmAtraso } } }`,
  ),
  // Tickets: manual entry, the trace and its row actions (the list screens are register declarations)
  listarItensConciliadoresCodExterno: doc<{ listarItensConciliadoresCodExterno: OptionItem[] }, { codpessoa: number | null; codOperadora: number | null }>(
    `query listarItensConciliadoresCodExterno($codpessoa: Int, $codOperadora: Int) {
      listarItensConciliadoresCodExterno(codpessoa: $codpessoa, codOperadora: $codOperadora) { valor label } }`,
  ),
  incluirTicket: doc<{ incluirTicket: boolean }, TicketEntry>(
    `mutation incluirTicket($values: TicketCabecalhoInput!, $tickets: [TicketLinhaInput!]!) { incluirTicket(values: $values, tickets: $tickets) }`,
  ),
  detalharTicket: doc<{ detalharTicket: TicketTrace }, { id: string }>(
    `query detalharTicket($id: String) { detalharTicket(id: $id) {
      pagamento { ...TicketLinhaCampos } liquidacao { ...TicketLinhaCampos } venda { ...TicketLinhaCampos } previsao { ...TicketLinhaCampos }
      antecipado { ...TicketLinhaCampos } cliente { ...TicketLinhaCampos } clienteIntegrador { ...TicketLinhaCampos }
      desconsiderado { ...TicketLinhaCampos } cancelado { ...TicketLinhaCampos } marketplace { ...TicketLinhaCampos } } }
    fragment TicketLinhaCampos on TicketLinha { id codarquivo tipo nomearquivo statusArquivo datarecebimento datapagamento dataprevistapagamento datavenda datatransacao valorbruto valorliquidopago outroscreditos outrosdebitos parcela totparcelas status meiocaptura produto bandeira numterminal nsu autorizacao tid nossonumero resultado codlinhasarqcli desconsiderado sellerId paymentId orderId itemId }`,
  ),
  reprocessarTicket: doc<{ reprocessarTicket: boolean }, { codarquivo: number; tipo: string | null }>(
    `mutation reprocessarTicket($codarquivo: Int!, $tipo: String) { reprocessarTicket(codarquivo: $codarquivo, tipo: $tipo) }`,
  ),
  deletarTicket: doc<{ deletarTicket: boolean }, { codarquivo: number; tipo: string | null }>(
    `mutation deletarTicket($codarquivo: Int!, $tipo: String) { deletarTicket(codarquivo: $codarquivo, tipo: $tipo) }`,
  ),
} as const;

export type OpResult<D> = D extends Doc<infer R, unknown> ? R : never;
export type OpVars<D> = D extends Doc<unknown, infer V> ? V : never;
