import { REGISTER_PAGES } from './registers/register-pages';

/**
 * One table of routes: the title of a page is looked up from its path (spec part 1 §2), and the shell's
 * breadcrumb and the top bar read it from here. Later issues add their screens to this table.
 */
export type RouteEntry = { path: string; title: string };

export const ROUTES = {
  login: { path: '/', title: '' },
  loginSpc: { path: '/spc', title: '' },
  signUp: { path: '/signUp', title: 'Cadastro' },
  /** the identification code of a sign-up (?code=…), public */
  identificadorCode: { path: '/identificador-code', title: 'Código de identificação' },
  error: { path: '/error', title: 'Erro' },
  resetarSenha: { path: '/resetar-senha', title: 'Redefinir Senha' },
  home: { path: '/app/home', title: 'Home' },
  ajuda: { path: '/app/ajuda', title: 'Manual' },
  alteraSenha: { path: '/app/alterasenha', title: 'Altera Senha' },
  painel: { path: '/app/painel', title: 'Painel' },
  /** the panel a link opens (getUrlPainel), without signing in: read only, outside the shell */
  painelPublico: { path: '/painel', title: 'Painel' },
  notFound: { path: '/app/not-found', title: 'Página Desconhecida' },
  appError: { path: '/app/error', title: 'Erro' },
  notAllowed: { path: '/app/notAllowed', title: 'Cadastro Pendente' },
  atendimento: { path: '/app/atendimento', title: 'Atendimento' },
  treinamento: { path: '/app/treinamento', title: 'Treinamento' },
  parametros: { path: '/app/parametros', title: 'Parâmetros' },
  dashboard: { path: '/app/dashboard', title: 'Dashboard' },
  inclusaoTicket: { path: '/app/inclusaoticket', title: 'Incluir Ticket' },
  fechaMovimentoPrevisao: { path: '/app/fechamovimentoprevisao', title: 'Fechamento de Movimento Previsão' },
  relatorios: { path: '/app/relatorios', title: 'Relatórios' },
  integracao: { path: '/app/integracao', title: 'Integrações' },
  posicaoContratoClienteConciliador: { path: '/app/posicaocontratoclienteconciliador', title: 'Posição do Contrato' },
} as const satisfies Record<string, RouteEntry>;

// Register screens take their path and title from their declarations (REGISTER_PAGES, held to them by a test).
// Built on first use, not at import: a module that reads ROUTES alone carries none of it.
let titleByPath: Map<string, string> | undefined;
const titles = () => (titleByPath ??= new Map<string, string>([
  ...Object.values(ROUTES).map((r): [string, string] => [r.path.toLowerCase(), r.title]),
  ...REGISTER_PAGES.map((r): [string, string] => [`/app/${r.page}`.toLowerCase(), r.title]),
]));

/**
 * Where the server writes a page's title (HTML-escaped) into the /app pages' frame, app-frame.html: text no title
 * holds, so React's render of the frame keeps it as it is (apps/web/src/app/prerender/shell-frame.prerender.tsx).
 */
export const PAGE_TITLE_TOKEN = '__CONCILIA_PAGE_TITLE__';

/** Title of a page from its path; an unknown path gives an empty title (spec part 1 §2). */
export function titleForPath(pathname: string): string {
  const clean = pathname.replace(/\/+$/, '').toLowerCase() || '/';
  return titles().get(clean) ?? '';
}

/** Menu pages become /app/{page}; the page named "menu" targets /app (spec part 1, Application shell). */
export function pathForMenuPage(page: string): string {
  return page === 'menu' ? '/app' : `/app/${page}`;
}

/** Top-level entries named Relatórios and Integração are forced to their own pages. */
export const FORCED_MENU_PAGES: Record<string, string> = { Relatórios: 'relatorios', Integração: 'integracao' };
