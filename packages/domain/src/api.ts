/**
 * Shapes of the calls of spec part 1 §3/§7 and part 2 §7, shared by the server's GraphQL types and the
 * web client's results, so one edit changes both ends.
 */
export const LOGIN_RESULT = { LOGGEDOUT: 'LOGGEDOUT', JSF: 'jsf' } as const;
export const TROCA_SENHA_RESULT = { LOGGEDOUT: 'LOGGEDOUT', CRIAR_SENHA: 'CRIAR_SENHA' } as const;

export type UserInfo = {
  nomeAbreviado: string;
  uscodigo: number;
  logoMarcarRevenda: string | null;
  simulado: boolean;
  fullName: string;
  codPessoa: number;
  codPessoaPai: number | null;
  codPerfil: number;
  login: string;
  /** false while the registration is incomplete: the client sends the user to 'Cadastro Pendente'. */
  permitido: boolean;
  /** the old application's address when one is configured (user menu 'Versão Antiga'). */
  versaoAntiga: boolean;
};

export type MenuItem = { id: string; label: string; page: string | null; pai: string | null; icon: string | null };
export type Noticia = { codnoticia: number; titulo: string; texto: string; data: string };
export type Banner = { codbanner: number; titulo: string; texto: string; link: string | null };
export type LoginSenhaAtendimento = { url: string; login: string; senha: string };
export type InfoTrocarSenha = {
  goLogin: boolean;
  senhaDefinida: boolean;
  expirado: boolean;
  mensagemSolicitaSenha: string | null;
  login: string | null;
};
/**
 * The proof of work of the sign-in's bot check: the server's ALTCHA challenges use it (bot-check.ts) and the browser
 * registers its worker for it (altcha-loader.ts), one name for both.
 */
export const BOT_CHECK_ALGORITHM = 'PBKDF2/SHA-256';

export type AppConfig = {
  botCheck: 'altcha' | 'recaptcha' | 'off';
  recaptchaSiteKey: string | null;
  treinamentoUrl: string | null;
  atendimento: boolean;
  versao: string;
};

export const APP_VERSION = '4.45.0';
