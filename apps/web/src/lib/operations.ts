import type { AppConfig, Banner, InfoTrocarSenha, LoginSenhaAtendimento, MenuItem, Noticia, UserInfo } from '@concilia/domain';

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
} as const;

export type OpResult<D> = D extends Doc<infer R, unknown> ? R : never;
export type OpVars<D> = D extends Doc<unknown, infer V> ? V : never;
