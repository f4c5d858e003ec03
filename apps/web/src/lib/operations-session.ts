import { graphql } from './graphql';

/**
 * The documents of signing in and of the shell's own reads (configuration, session, user, menus, news, banner):
 * the ones the sign-in page and the app's frame need before any screen. Apart from the catalogue (OPS in
 * operations.ts, which includes them) so that the sign-in page does not parse the other sixty documents; the
 * server's test validates them through OPS like every other.
 */
export const SESSION_OPS = {
  getAppConfig: graphql(`query getAppConfig { getAppConfig { botCheck recaptchaSiteKey treinamentoUrl atendimento versao } }`),
  login: graphql(
    `mutation login($username: String!, $password: String!, $values: LoginValues) { login(username: $username, password: $password, values: $values) }`,
  ),
  loginIdSession: graphql(`mutation loginIdSession($idsession: String!) { loginIdSession(idsession: $idsession) }`),
  logout: graphql(`mutation logout { logout }`),
  urlVersaoAntiga: graphql(`mutation urlVersaoAntiga { urlVersaoAntiga }`),
  getUserInfo: graphql(
    `query getUserInfo { getUserInfo { nomeAbreviado uscodigo logoMarcarRevenda simulado fullName codPessoa codPessoaPai codPerfil login permitido versaoAntiga } }`,
  ),
  getMenus: graphql(`query getMenus { getMenus { id label page pai icon } }`),
  getNoticias: graphql(`query getNoticias { getNoticias { codnoticia titulo texto data } }`),
  getBanner: graphql(`query getBanner { getBanner { codbanner titulo texto link } }`),
} as const;
