import { graphql } from './graphql';
import { SESSION_OPS } from './operations-session';

/**
 * The web client's static GraphQL documents, typed by gql.tada from the committed schema: a call's result
 * and variables are ResultOf / VariablesOf of its document, so a field renamed or made nullable in the API
 * breaks the type check of the screen that reads it. A server test (apps/server/test/web-operations.test.ts)
 * also validates every document here against schema.graphql and the production request limits.
 *
 * The register kit's documents are built at run time from declarations (registers/register-operations.ts)
 * and stay untyped strings; the same test validates them.
 */

// Tickets: one selection of a ticket line for every side of the trace
const TicketLinhaCampos = graphql(`
  fragment TicketLinhaCampos on TicketLinha { id codarquivo tipo nomearquivo statusArquivo datarecebimento datapagamento
    dataprevistapagamento datavenda datatransacao valorbruto valorliquidopago outroscreditos outrosdebitos parcela totparcelas
    status meiocaptura produto bandeira numterminal nsu autorizacao tid nossonumero resultado codlinhasarqcli desconsiderado
    sellerId paymentId orderId itemId }
`);

// The registration panel: what getPainelCadastro answers and savePainelCadastroTaxa answers again
const PainelCadastroCampos = graphql(`
  fragment PainelCadastroCampos on PainelCadastro { codpessoa nome cnpj cadastro criadoem
    taxasDeclaradas { debito credito parceladoA parceladoB ticket }
    operadoras { codoperadora operadora taxasPlano { debito credito parceladoA parceladoB ticket } }
    estabelecimentos { codestabelecimento operadora codoperadora codexterno unidade status statusDescricao documentos pendentes } }
`);

// Integrações › Chaves de API: a key as the list shows it (never the key itself)
const ChaveApiCampos = graphql(`
  fragment ChaveApiCampos on ChaveApiIntegrador { codchave codpessoa cliente nome prefixo criadoem criadopor revogadaem ultimousoem }
`);

// Relatórios › Agendamentos: a schedule and its last run, as the list and the form read it
const AgendamentoCampos = graphql(`
  fragment AgendamentoCampos on AgendamentoRelatorio { codagendamento relatorio titulo parametros periodo formato frequencia dias diames hora
    validade emails ativo proximaexecucao usuario ultimaexecucao { codexecucao iniciadoem terminadoem status linhas bytes mensagem } }
`);

export const OPS = {
  ...SESSION_OPS,
  getPlanoReais: graphql(
    `query getPlanoReais($codpessoa: Int!) { getPlanoReais(codpessoa: $codpessoa) { codplano nome cobramensalidade valormensalidade diacorte vigenciade vigenciaate terminais } }`,
  ),
  finalizarCadastro: graphql(
    `mutation finalizarCadastro($values: CadastroLojaInput!) { finalizarCadastro(values: $values) { codigo login email } }`,
  ),
  getIdentificadorCodigo: graphql(
    `query getIdentificadorCodigo($code: String!) { getIdentificadorCodigo(code: $code) { codigo nome status emailConfirmado criadoem } }`,
  ),
  logarUsuarioMestre: graphql(`mutation logarUsuarioMestre($values: LogarUsuarioMestreValues!) { logarUsuarioMestre(values: $values) }`),
  logarUsuarioMestreRevenda: graphql(
    `mutation logarUsuarioMestreRevenda($values: LogarUsuarioMestreValues!) { logarUsuarioMestreRevenda(values: $values) }`,
  ),
  voltarUsuarioMestre: graphql(`mutation voltarUsuarioMestre { voltarUsuarioMestre }`),
  trocarSenha: graphql(`mutation trocarSenha($values: TrocarSenhaValues!) { trocarSenha(values: $values) }`),
  getInfoNota: graphql(`query getInfoNota($values: NotaChaveInput!) { getInfoNota(values: $values) { status chave numeronota protocolo mensagem reenviaremail reenviarnota } }`),
  previsualizarNota: graphql(`mutation previsualizarNota($values: NotaChaveInput!) { previsualizarNota(values: $values) }`),
  faturamentoMovimentoReenviarEmailNotaAceitarReenviarNota: graphql(
    `mutation faturamentoMovimentoReenviarEmailNotaAceitarReenviarNota($values: NotaOperacaoInput!) { faturamentoMovimentoReenviarEmailNotaAceitarReenviarNota(values: $values) }`,
  ),
  gerarRelatorioMovimentosFechados: graphql(`mutation gerarRelatorioMovimentosFechados($values: RelatorioMovimentoFechadoInput!) { gerarRelatorioMovimentosFechados(values: $values) }`),
  getRelatorioFechaMovimentoPrevisao: graphql(
    `mutation getRelatorioFechaMovimentoPrevisao($filtro: FechaMovimentoPrevisaoFiltro!, $dias: [Int!]!, $formato: String) { getRelatorioFechaMovimentoPrevisao(filtro: $filtro, dias: $dias, formato: $formato) }`,
  ),
  listarAllTefsDAO: graphql(`query listarAllTefsDAO { listarAllTefsDAO { codtefs nome } }`),
  getTefs: graphql(`query getTefs($codpessoa: Int!) { getTefs(codpessoa: $codpessoa) { codtefs nome } }`),
  salvarTefs: graphql(`mutation salvarTefs($values: SalvarTefsValues!) { salvarTefs(values: $values) { codtefs nome } }`),
  getArquivosAtrasados: graphql(`query getArquivosAtrasados { getArquivosAtrasados { total itens { codestabelecimento codexterno estabelecimento unidade operadora data } } }`),
  getLoginSenhaAtendimento: graphql(`query getLoginSenhaAtendimento { getLoginSenhaAtendimento { url login senha } }`),
  alterarSenha: graphql(`mutation alterarSenha($usuario: String!, $email: String!) { alterarSenha(usuario: $usuario, email: $email) }`),
  getInfoUsuarrioTrocarSenha: graphql(
    `query getInfoUsuarrioTrocarSenha($param: String!) { getInfoUsuarrioTrocarSenha(param: $param) { goLogin senhaDefinida expirado mensagemSolicitaSenha login } }`,
  ),
  usuarioTrocarSenha: graphql(
    `mutation usuarioTrocarSenha($idTrocaSenha: String!, $gravarResponsavel: Boolean, $responsavel: String, $senha: String, $confirmaSenha: String) {
      usuarioTrocarSenha(idTrocaSenha: $idTrocaSenha, gravarResponsavel: $gravarResponsavel, responsavel: $responsavel, senha: $senha, confirmaSenha: $confirmaSenha) }`,
  ),
  redefinirSenha: graphql(
    `mutation redefinirSenha($senhaAtual: String!, $senha: String!, $confirmaSenha: String!) { redefinirSenha(senhaAtual: $senhaAtual, senha: $senha, confirmaSenha: $confirmaSenha) }`,
  ),
  listarParametros: graphql(`query listarParametros { listarParametros { codpessoa texto } }`),
  salvarParametros: graphql(`mutation salvarParametros($values: ParametrosInput!) { salvarParametros(values: $values) { codpessoa texto } }`),
  // Dashboard: one call answers every chart and the key figures (amounts in centavos)
  getDashBoard: graphql(
    `query getDashBoard($values: DashboardValues!) { getDashBoard(values: $values) {
      seriesVendaOperadora { name y sliced selected } seriesVendaTipo { name y sliced selected }
      categoriaVendaDia seriesVendaDia categoriaVendaHora seriesVendaHora
      seriesTicketMedio { name y sliced selected } categoriaTaxaMedia seriesTaxaMedia { name data }
      indicadores { quantidade bruto liquido taxa taxaPercentual conciliadoPercentual cobradoAMais emAtraso parcelasEmAtraso naoCreditado } } }`,
  ),
  // Painel: a link to the read-only panel, ending the caller's links, and the panel a link opens (public)
  getUrlPainel: graphql(`mutation getUrlPainel { getUrlPainel { url expiraem } }`),
  encerrarUrlsPainel: graphql(`mutation encerrarUrlsPainel { encerrarUrlsPainel }`),
  getAutenticacaoPainel: graphql(
    `query getAutenticacaoPainel($token: String!) { getAutenticacaoPainel(token: $token) { nome registro de ate atualizadoem expiraem
      dashboard {
        seriesVendaOperadora { name y sliced selected } seriesVendaTipo { name y sliced selected }
        categoriaVendaDia seriesVendaDia categoriaVendaHora seriesVendaHora
        seriesTicketMedio { name y sliced selected } categoriaTaxaMedia seriesTaxaMedia { name data }
        indicadores { quantidade bruto liquido taxa taxaPercentual conciliadoPercentual cobradoAMais emAtraso parcelasEmAtraso naoCreditado } } } }`,
  ),
  // Files: the upload (sent as a GraphQL multipart request by features/files/send-file.ts)
  enviarArquivo: graphql(
    `mutation enviarArquivo($arquivo: File!, $codpessoa: Int) { enviarArquivo(arquivo: $arquivo, codpessoa: $codpessoa) { codarquivo status mensagem duplicate } }`,
  ),
  // Tickets: manual entry, the trace and its row actions (the list screens are register declarations)
  listarItensConciliadoresCodExterno: graphql(
    `query listarItensConciliadoresCodExterno($codpessoa: Int, $codOperadora: Int) {
      listarItensConciliadoresCodExterno(codpessoa: $codpessoa, codOperadora: $codOperadora) { valor label } }`,
  ),
  incluirTicket: graphql(
    `mutation incluirTicket($values: TicketCabecalhoInput!, $tickets: [TicketLinhaInput!]!) { incluirTicket(values: $values, tickets: $tickets) }`,
  ),
  detalharTicket: graphql(
    `query detalharTicket($id: String) { detalharTicket(id: $id) {
      pagamento { ...TicketLinhaCampos } liquidacao { ...TicketLinhaCampos } venda { ...TicketLinhaCampos } previsao { ...TicketLinhaCampos }
      antecipado { ...TicketLinhaCampos } cliente { ...TicketLinhaCampos } clienteIntegrador { ...TicketLinhaCampos }
      desconsiderado { ...TicketLinhaCampos } cancelado { ...TicketLinhaCampos } marketplace { ...TicketLinhaCampos } } }`,
    [TicketLinhaCampos],
  ),
  // Conferência Bancária's 'Rastrear': a settlement's (or a posting's) trace, sale → forecast → settlement → bank
  getRastreioConferenciaBancaria: graphql(
    `query getRastreioConferenciaBancaria($codlinha: Int, $codlinhabanco: Int) { getRastreioConferenciaBancaria(codlinha: $codlinha, codlinhabanco: $codlinhabanco) {
      resultado resultadoLabel diferenca passos { id etapa titulo data valor arquivo detalhe } } }`,
  ),
  reprocessarTicket: graphql(`mutation reprocessarTicket($codarquivo: Int!, $tipo: String) { reprocessarTicket(codarquivo: $codarquivo, tipo: $tipo) }`),
  deletarTicket: graphql(`mutation deletarTicket($codarquivo: Int!, $tipo: String) { deletarTicket(codarquivo: $codarquivo, tipo: $tipo) }`),
  // registration documents of an establishment (Estabelecimentos › Documentos)
  estabelecimentoDownload: graphql(
    `query estabelecimentoDownload($codestabelecimento: Int!) { estabelecimentoDownload(codestabelecimento: $codestabelecimento) {
      coddocumento tipo tipoDescricao nome tamanho status motivo enviadoem } }`,
  ),
  canUpload: graphql(`query canUpload($codestabelecimento: Int!) { canUpload(codestabelecimento: $codestabelecimento) }`),
  uploadDocsEstabelecimento: graphql(
    `mutation uploadDocsEstabelecimento($codestabelecimento: Int!, $file: File!, $type: String!, $name: String) {
      uploadDocsEstabelecimento(codestabelecimento: $codestabelecimento, file: $file, type: $type, name: $name) { coddocumento } }`,
  ),
  baixarArquivoEstabelecimento: graphql(`mutation baixarArquivoEstabelecimento($coddocumento: Int!) { baixarArquivoEstabelecimento(coddocumento: $coddocumento) }`),
  // the contract-position monitor and the registration panel
  getPosicaoContratosPorClientes: graphql(
    `query getPosicaoContratosPorClientes($values: PosicaoContratoFiltro!, $statusFiltro: String) {
      getPosicaoContratosPorClientes(values: $values, statusFiltro: $statusFiltro) {
        id parentId description leaf type status origem ultimoStatus operadora codexterno codpessoa dataRecebimentoPrimeiroArquivo childCount } }`,
  ),
  getInformacoesPosicaoContrato: graphql(
    `query getInformacoesPosicaoContrato($codPessoa: Int, $codExterno: String!, $operadora: Int!, $status: String) {
      getInformacoesPosicaoContrato(codPessoa: $codPessoa, codExterno: $codExterno, operadora: $operadora, status: $status) { codExterno operadora data status descricao } }`,
  ),
  getPainelCadastro: graphql(`query getPainelCadastro($codpessoa: Int!) { getPainelCadastro(codpessoa: $codpessoa) { ...PainelCadastroCampos } }`, [PainelCadastroCampos]),
  savePainelCadastroTaxa: graphql(
    `mutation savePainelCadastroTaxa($codpessoa: Int!, $codoperadora: Int!, $taxas: TaxasCadastroInput!) {
      savePainelCadastroTaxa(codpessoa: $codpessoa, codoperadora: $codoperadora, taxas: $taxas) { ...PainelCadastroCampos } }`,
    [PainelCadastroCampos],
  ),
  // report schedules
  getAgendamentosRelatorios: graphql(`query getAgendamentosRelatorios { getAgendamentosRelatorios { ...AgendamentoCampos } }`, [AgendamentoCampos]),
  // one schedule with its runs (the form and the Histórico drawer)
  getAgendamentoRelatorio: graphql(
    `query getAgendamentoRelatorio($codagendamento: Int!) { getAgendamentoRelatorio(codagendamento: $codagendamento) {
      ...AgendamentoCampos historico { codexecucao iniciadoem terminadoem status linhas bytes mensagem } } }`,
    [AgendamentoCampos],
  ),
  salvarRelatorioAgendamento: graphql(
    `mutation salvarRelatorioAgendamento($values: AgendamentoRelatorioInput!) { salvarRelatorioAgendamento(values: $values) { ...AgendamentoCampos } }`,
    [AgendamentoCampos],
  ),
  excluirRelatorioAgendamento: graphql(`mutation excluirRelatorioAgendamento($codagendamento: Int!) { excluirRelatorioAgendamento(codagendamento: $codagendamento) }`),
  // Integrações › Chaves de API: the integrator API's keys (the clear key only in the creation's answer)
  listarChavesApiIntegrador: graphql(`query listarChavesApiIntegrador($codpessoa: Int) { listarChavesApiIntegrador(codpessoa: $codpessoa) {
    ...ChaveApiCampos } }`, [ChaveApiCampos]),
  criarChaveApiIntegrador: graphql(`mutation criarChaveApiIntegrador($codpessoa: Int!, $nome: String!) { criarChaveApiIntegrador(codpessoa: $codpessoa, nome: $nome) {
    chave registro { ...ChaveApiCampos } } }`, [ChaveApiCampos]),
  // Integrações › Agendamentos: one schedule's days (Histórico) and a day sent again
  getExecucoesIntegracao: graphql(`query getExecucoesIntegracao($codagendamentointegracao: Int!) {
    getExecucoesIntegracao(codagendamentointegracao: $codagendamentointegracao) {
      codexecucao datamovimento iniciadoem terminadoem status tentativas arquivo linhas bytes mensagem } }`),
  reenviarExecucaoIntegracao: graphql(`mutation reenviarExecucaoIntegracao($codexecucao: Int!) { reenviarExecucaoIntegracao(codexecucao: $codexecucao) }`),
  revogarChaveApiIntegrador: graphql(`mutation revogarChaveApiIntegrador($codchave: Int!) { revogarChaveApiIntegrador(codchave: $codchave) }`),
} as const;
