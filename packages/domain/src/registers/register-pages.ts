/**
 * The pages of the register-kit screens that have a route of their own — the editing registers (REGISTERS), the
 * read-only lists (LIST_SCREENS) and the master-user lists (MASTER_SCREENS), in that order — as plain data: the key,
 * the page (the route is /app/{page}), the title and the search window's limit of each declaration. The router and the title of a path
 * (titleForPath) read them from here, so the sign-in page need not load every declaration (their fields and zod
 * schemas). This list is their one source: each declaration spreads its entry in (`...pageOf('clientes')`, the window's
 * limit through registerPage), and register-pages.test.ts checks that every declaration has its entry, in order.
 */
export type RegisterPage = {
  key: string;
  page: string;
  title: string;
  /** the longest search window, in months, where the declaration limits it (window.maxMonths) */
  maxMonths?: number;
};

export const REGISTER_PAGES = [
  // REGISTERS
  { key: 'clientes', page: 'cliente', title: 'Cliente' },
  { key: 'usuarios', page: 'usuario', title: 'Usuário' },
  { key: 'perfis', page: 'perfil', title: 'Perfil' },
  { key: 'terminais', page: 'terminal', title: 'Terminal' },
  { key: 'estabelecimentos', page: 'estabelecimentos', title: 'Estabelecimentos' },
  { key: 'taxasAntecipacao', page: 'taxasantecipacao', title: 'Taxas de Antecipação' },
  { key: 'planosConciliadores', page: 'planosconciliadores', title: 'Planos & Taxas' },
  { key: 'planosPos', page: 'planos', title: 'Planos POS' },
  { key: 'dadosNfe', page: 'dadosnfe', title: 'Dados NFe' },
  { key: 'contasBancarias', page: 'contasbancarias', title: 'Contas Bancárias' },
  // LIST_SCREENS
  { key: 'arquivosEmAberto', page: 'manutencaoarquivosconciliacaoaberto', title: 'Arquivos em Aberto' },
  { key: 'extratosOriginais', page: 'manutencaoarquivosextratosoriginais', title: 'Extratos Originais' },
  { key: 'manutencaoArquivos', page: 'manutencaoarquivos', title: 'Manutenção de Arquivos Único' },
  { key: 'pesquisaTicket', page: 'pesquisaticket', title: 'Pesquisar Ticket', maxMonths: 1 },
  { key: 'importacaoTicket', page: 'pesquisaimportacaoticket', title: 'Importar Ticket', maxMonths: 1 },
  { key: 'auditoriaTaxas', page: 'auditoriataxas', title: 'Auditoria de Taxas', maxMonths: 1 },
  { key: 'taxasNaoCadastradas', page: 'taxasnaocadastradas', title: 'Taxas não cadastradas', maxMonths: 1 },
  { key: 'unidadesNaoEncontradas', page: 'unidadesnaoencontradas', title: 'Unidades não encontradas', maxMonths: 1 },
  { key: 'movimentosAbertos', page: 'fechamovimento', title: 'Movimentos Abertos' },
  { key: 'movimentosFechados', page: 'fechamovimentoreimpressao', title: 'Movimentos Fechados' },
  { key: 'faturamentoMovimento', page: 'faturamentomovimento', title: 'Faturamento Movimento' },
  { key: 'cadenciaArquivos', page: 'cadenciaarquivos', title: 'Cadência de Arquivos' },
  { key: 'conferenciaBancaria', page: 'conferenciabancaria', title: 'Conferência Bancária', maxMonths: 1 },
  // MASTER_SCREENS
  { key: 'listarUsuariosMestres', page: 'buscamestres', title: 'Listar Usuários Mestres' },
  { key: 'buscaMestresOperadora', page: 'buscamestresoperadora', title: 'Listar Usuários Mestres' },
  { key: 'buscaMestresRevenda', page: 'buscamestresrevenda', title: 'Listar Usuários Mestres Revenda' },
] as const satisfies readonly RegisterPage[];

export type RegisterPageKey = (typeof REGISTER_PAGES)[number]['key'];

/** The page entry of one screen, by its declaration's key. */
export function registerPage(key: RegisterPageKey): RegisterPage {
  return REGISTER_PAGES.find((p) => p.key === key)!;
}

type PageEntry<K extends RegisterPageKey> = Extract<(typeof REGISTER_PAGES)[number], { key: K }>;

/**
 * The key, page and title of one screen, spread into its declaration (`...pageOf('clientes')`): this list is their
 * one source, and the declaration takes them from it.
 */
export function pageOf<K extends RegisterPageKey>(key: K): Pick<PageEntry<K>, 'key' | 'page' | 'title'> {
  const { page, title } = registerPage(key);
  return { key, page, title } as Pick<PageEntry<K>, 'key' | 'page' | 'title'>;
}
