/** The GraphQL documents the tests send, written as the web client sends them. */
export const LOGIN = `mutation($username: String!, $password: String!, $values: LoginValues) {
  login(username: $username, password: $password, values: $values)
}`;
export const LOGOUT = 'mutation { logout }';
export const USER_INFO = `query { getUserInfo {
  nomeAbreviado uscodigo logoMarcarRevenda simulado fullName codPessoa codPessoaPai codPerfil login permitido versaoAntiga
} }`;
export const MENUS = 'query { getMenus { id label page pai icon } }';
export const NOTICIAS = 'query { getNoticias { codnoticia titulo texto data } }';
export const BANNER = 'query { getBanner { codbanner titulo texto link } }';
export const ATENDIMENTO = 'query { getLoginSenhaAtendimento { url login senha } }';
export const REDEFINIR_SENHA = `mutation($senhaAtual: String!, $senha: String!, $confirmaSenha: String!) {
  redefinirSenha(senhaAtual: $senhaAtual, senha: $senha, confirmaSenha: $confirmaSenha)
}`;
export const ESQUECI_SENHA = 'mutation($usuario: String!, $email: String!) { alterarSenha(usuario: $usuario, email: $email) }';
export const INFO_TROCAR_SENHA = `query($param: String!) {
  getInfoUsuarrioTrocarSenha(param: $param) { goLogin senhaDefinida expirado mensagemSolicitaSenha login }
}`;
export const TROCAR_SENHA = `mutation($idTrocaSenha: String!, $gravarResponsavel: Boolean, $responsavel: String, $senha: String, $confirmaSenha: String) {
  usuarioTrocarSenha(idTrocaSenha: $idTrocaSenha, gravarResponsavel: $gravarResponsavel, responsavel: $responsavel,
    senha: $senha, confirmaSenha: $confirmaSenha)
}`;
export const GERAR_LINK = 'mutation($login: String!) { gerarLinkAcesso(login: $login) }';
export const LOGIN_LINK = 'mutation($idsession: String!) { loginIdSession(idsession: $idsession) }';
export const URL_VERSAO_ANTIGA = 'mutation { urlVersaoAntiga }';
