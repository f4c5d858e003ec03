import { BILLING_SCREENS, cadenciaArquivosScreen, contasBancariasRegister, INTEGRACAO_PAGE, RELATORIOS_PAGE, estabelecimentosRegister, LIST_SCREENS, MASTER_USER_SCREENS, POSICAO_CONTRATO_PAGE, PREVISAO_PAGE, REGISTERS, ROUTES, type MasterUserScreen } from '@concilia/domain';
import { hash } from '@node-rs/argon2';
import { count, eq } from 'drizzle-orm';
import type { Db } from '../open-db';
import { seedReference } from './reference.seed';
import {
  estabelecimentos, menus, noticias, perfilRecursos, perfis, pessoas, planosConciliadores, planosConciliadoresContrato,
  planosConciliadoresContratoUnidades, planosConciliadoresTaxas, planosPos, planosPosTaxas, planosPosTaxasFaixas, planosTerminal,
  planosTerminalTerminais, recursos, taxasAntecipacao, terminais, usuarios,
} from '../schema/index';

export const DEMO_PASSWORD = 'demo123';

/** Sign-ins of the demo, printed at start and listed in the README. */
export const DEMO_USERS = [
  { login: 'ADMIN', nome: 'Administrador da Plataforma', papel: 'administrador da plataforma' },
  { login: 'REVENDA', nome: 'Renata Souza', papel: 'revenda' },
  { login: 'CLIENTE', nome: 'Carlos Pereira', papel: 'cliente (Padaria Pão Quente)' },
  { login: 'CLIENTE2', nome: 'Marina Lima', papel: 'cliente (Mercado Bom Preço)' },
  { login: 'MESTRE', nome: 'Otávio Mestre', papel: 'usuário mestre operadora' },
  { login: 'MESTREREVENDA', nome: 'Rita Mestre', papel: 'usuário mestre revenda' },
  { login: 'PENDENTE', nome: 'Paulo Pendente', papel: 'cadastro incompleto' },
] as const;

/**
 * Screens of the product that exist today, with their menu placement. Register screens come from their
 * declarations; other features add their entries here, so the menu never offers a page that is not built.
 */
const FEATURE_SCREENS = [
  { recurso: 'home', nometela: 'Home', secao: 'Início', icon: 'Home' },
  { recurso: 'dashboard', nometela: 'Dashboard', secao: 'Início', icon: 'Dashboard' },
  { recurso: 'ajuda', nometela: 'Manual', secao: 'Ajuda', icon: 'MenuBook' },
  { recurso: 'atendimento', nometela: 'Atendimento', secao: 'Ajuda', icon: 'SupportAgent' },
  { recurso: 'treinamento', nometela: 'Treinamento', secao: 'Ajuda', icon: 'OndemandVideo' },
  { recurso: 'alterasenha', nometela: 'Altera Senha', secao: 'Minha Conta', icon: 'Key' },
  { recurso: 'parametros', nometela: 'Parâmetros', secao: 'Cadastros', icon: 'Settings' },
  { recurso: 'inclusaoticket', nometela: 'Incluir Ticket', secao: 'Tickets', icon: 'PointOfSale' },
  { recurso: PREVISAO_PAGE, nometela: ROUTES.fechaMovimentoPrevisao.title, secao: 'Faturamento', icon: 'RequestQuote' },
  { recurso: RELATORIOS_PAGE, nometela: ROUTES.relatorios.title, secao: 'Relatórios', icon: 'Assessment' },
  { recurso: INTEGRACAO_PAGE, nometela: ROUTES.integracao.title, secao: 'Integração', icon: 'Hub' },
  { recurso: POSICAO_CONTRATO_PAGE, nometela: ROUTES.posicaoContratoClienteConciliador.title, secao: 'Cadastros', icon: 'AccountTree' },
] as const;

// In the Cadastros section the registers come first and the settings page (Parâmetros) closes it.
export const SCREENS: { recurso: string; nometela: string; secao: string; icon: string }[] = [
  ...REGISTERS.map((r) => ({ recurso: r.page, nometela: r.title, secao: r.menuSection, icon: r.menuIcon })),
  // list screens (files, tickets) are used by every profile: not in REGISTER_PAGES below
  ...LIST_SCREENS.map((r) => ({ recurso: r.page, nometela: r.title, secao: r.menuSection, icon: r.menuIcon })),
  ...FEATURE_SCREENS,
];
// Screens only the maintainer profiles get: the registers, billing (who places the terminals bills for them:
// the movement lists and the closing forecast), the contract-position monitor (validating registrations) and the
// parameters.
const REGISTER_PAGES = new Set<string>([
  ...REGISTERS.map((r) => r.page), ...BILLING_SCREENS.map((r) => r.page), PREVISAO_PAGE, POSICAO_CONTRATO_PAGE, cadenciaArquivosScreen.page, 'parametros', INTEGRACAO_PAGE,
]);
/**
 * Registers a merchant's profile holds too: its own establishments, whose registration documents it sends and agrees
 * to as EC, its own integrations (its ERP's deliveries, codes, buckets and the integrator API's keys) and its bank accounts (issue 21).
 */
const CLIENT_REGISTER_PAGES = new Set<string>([estabelecimentosRegister.page, INTEGRACAO_PAGE, contasBancariasRegister.page]);

/**
 * The operator establishments (EC/PV) of the demo units: how the demo's generated operator files find their
 * unit. codoperadora follows the reference seed (1 Cielo, 2 Rede, 3 Getnet).
 */
export const DEMO_ESTABELECIMENTOS = [
  { unidade: 'Pão Quente - Centro', codoperadora: 1, codexterno: '1023456789', nome: 'Pão Quente Centro - Cielo' },
  { unidade: 'Pão Quente - Savassi', codoperadora: 2, codexterno: '045678901', nome: 'Pão Quente Savassi - Rede' },
  { unidade: 'Bom Preço - Matriz', codoperadora: 3, codexterno: '000000987654321', nome: 'Bom Preço Matriz - Getnet' },
] as const;

const SECTIONS: readonly { label: string; icon: string; page?: string }[] = [
  { label: 'Início', icon: 'Dashboard' },
  { label: 'Arquivos', icon: 'Folder' },
  { label: 'Cadastros', icon: 'Inventory' },
  { label: 'Tickets', icon: 'Receipt' },
  { label: 'Conciliação', icon: 'Assessment' },
  // a top-level entry that is a page itself (the shell forces 'Relatórios' to its page: spec part 1, FORCED_MENU_PAGES)
  { label: 'Relatórios', icon: 'Assessment', page: RELATORIOS_PAGE },
  { label: 'Integração', icon: 'Hub', page: INTEGRACAO_PAGE },
  { label: 'Faturamento', icon: 'RequestQuote' },
  { label: 'Ajuda', icon: 'HelpOutline' },
  { label: 'Minha Conta', icon: 'AccountCircle' },
];

const PROFILES = ['Administrador Plataforma', 'Revenda', 'Cliente', 'Mestre Operadora', 'Mestre Revenda'] as const;
/** Profiles that maintain registers; a client's users only use the product. */
const MAINTAINERS = new Set<string>(['Administrador Plataforma', 'Revenda']);
/** The menu's words for the master lists: two share the spec's page title, the menu tells them apart. */
const MASTER_MENU_LABELS: Record<MasterUserScreen, string> = {
  buscamestres: 'Listar Usuários Mestres',
  buscamestresoperadora: 'Listar Usuários Mestres Operadora',
  buscamestresrevenda: 'Listar Usuários Mestres Revenda',
};
/** The master-user screens each master profile holds. */
const MASTER_SCREENS_OF: Partial<Record<(typeof PROFILES)[number], MasterUserScreen[]>> = {
  'Mestre Operadora': ['buscamestres', 'buscamestresoperadora'],
  'Mestre Revenda': ['buscamestresrevenda'],
};

export async function isSeeded(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(pessoas);
  return (row?.n ?? 0) > 0;
}

/** Seeds the demo once: a platform, a reseller, two clients with units, users of every kind, news. */
export async function seedDemo(db: Db): Promise<void> {
  // Demo rows point at operators, brands and cities: the reference data comes first (idempotent).
  await seedReference(db);
  const senhahash = await hash(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const insertPessoa = async (v: typeof pessoas.$inferInsert) =>
      (await tx.insert(pessoas).values(v).returning({ id: pessoas.codpessoa }))[0]!.id;

    const plataforma = await insertPessoa({ tipo: 'PLATAFORMA', nome: 'Concilia Plataforma', nomeabreviado: 'Concilia' });
    const revenda = await insertPessoa({
      tipo: 'REVENDA', nome: 'Revenda Sul Conciliações Ltda', nomeabreviado: 'Revenda Sul', codpessoapai: plataforma,
      cnpj: '11222333000181',
    });
    const padaria = await insertPessoa({
      tipo: 'CLIENTE', nome: 'Padaria Pão Quente Ltda', nomeabreviado: 'Pão Quente', codpessoapai: revenda, cnpj: '45723174000110',
    });
    const mercado = await insertPessoa({
      tipo: 'CLIENTE', nome: 'Mercado Bom Preço Ltda', nomeabreviado: 'Bom Preço', codpessoapai: revenda, cnpj: '19131243000197',
    });
    for (const [pai, nome] of [
      [padaria, 'Pão Quente - Centro'],
      [padaria, 'Pão Quente - Savassi'],
      [mercado, 'Bom Preço - Matriz'],
    ] as const) {
      const unidade = await insertPessoa({ tipo: 'UNIDADE', nome, nomeabreviado: nome, codpessoapai: pai });
      for (const e of DEMO_ESTABELECIMENTOS.filter((x) => x.unidade === nome)) {
        await tx.insert(estabelecimentos).values({ codpessoa: unidade, codoperadora: e.codoperadora, codexterno: e.codexterno, nome: e.nome });
      }
    }

    const recursoIds = new Map<string, number>();
    for (const s of SCREENS) {
      const [r] = await tx.insert(recursos).values({ recurso: s.recurso, nometela: s.nometela }).returning();
      recursoIds.set(s.recurso, r!.codrecurso);
    }
    const masterIds = new Map<string, number>();
    for (const m of MASTER_USER_SCREENS) {
      const [r] = await tx.insert(recursos).values({ recurso: m.page, nometela: m.title }).returning();
      masterIds.set(m.page, r!.codrecurso);
    }
    const perfilIds = new Map<string, number>();
    for (const nome of PROFILES) {
      const [p] = await tx.insert(perfis).values({ nome, codpessoacriador: plataforma }).returning();
      perfilIds.set(nome, p!.codperfil);
      const granted = [...recursoIds]
        .filter(([recurso]) => MAINTAINERS.has(nome) || !REGISTER_PAGES.has(recurso) || (nome === 'Cliente' && CLIENT_REGISTER_PAGES.has(recurso)))
        .map(([, id]) => id);
      granted.push(...(MASTER_SCREENS_OF[nome] ?? []).map((page) => masterIds.get(page)!));
      await tx.insert(perfilRecursos).values(granted.map((codrecurso) => ({ codperfil: p!.codperfil, codrecurso })));
    }

    let ordem = 0;
    for (const sec of SECTIONS) {
      if (sec.page) {
        await tx.insert(menus).values({ label: sec.label, page: sec.page, icon: sec.icon, ordem: ordem++, codrecurso: recursoIds.get(sec.page)! });
        continue;
      }
      const [m] = await tx.insert(menus).values({ label: sec.label, icon: sec.icon, ordem: ordem++ }).returning();
      for (const s of SCREENS.filter((x) => x.secao === sec.label)) {
        await tx.insert(menus).values({
          label: s.nometela, page: s.recurso, icon: s.icon, ordem: ordem++, codmenupai: m!.codmenu, codrecurso: recursoIds.get(s.recurso)!,
        });
      }
    }

    // the master-user lists, in a section of their own: only the master profiles hold them, so only they see it
    const [mestres] = await tx.insert(menus).values({ label: 'Usuários Mestres', icon: 'SupervisorAccount', ordem: ordem++ }).returning();
    for (const m of MASTER_USER_SCREENS) {
      await tx.insert(menus).values({
        label: MASTER_MENU_LABELS[m.page], page: m.page, icon: 'SupervisorAccount', ordem: ordem++, codmenupai: mestres!.codmenu, codrecurso: masterIds.get(m.page)!,
      });
    }

    const user = (login: string, nome: string, perfil: (typeof PROFILES)[number], codpessoa: number, extra: Partial<typeof usuarios.$inferInsert> = {}) =>
      ({ login, nome, senhahash, codperfil: perfilIds.get(perfil)!, codpessoa, email: `${login.toLowerCase()}@demo.concilia.local`, ...extra });
    await tx.insert(usuarios).values([
      user('ADMIN', 'Administrador da Plataforma', 'Administrador Plataforma', plataforma),
      user('REVENDA', 'Renata Souza', 'Revenda', revenda),
      user('CLIENTE', 'Carlos Pereira', 'Cliente', padaria, { responsavel: 'CARLOS PEREIRA' }),
      user('CLIENTE2', 'Marina Lima', 'Cliente', mercado),
      user('MESTRE', 'Otávio Mestre', 'Mestre Operadora', plataforma),
      user('MESTREREVENDA', 'Rita Mestre', 'Mestre Revenda', revenda),
      user('PENDENTE', 'Paulo Pendente', 'Cliente', mercado, { permitido: false }),
    ]);

    await tx.insert(taxasAntecipacao).values([
      { codpessoa: revenda, nome: 'Antecipação padrão 2026', vigenciade: '2026-01-01', vigenciaate: '2026-12-31', taxa: '1.9900' },
      { codpessoa: revenda, nome: 'Antecipação campanha Natal', vigenciade: '2026-11-15', vigenciaate: '2026-12-31', taxa: '1.4900' },
      { codpessoa: plataforma, nome: 'Antecipação plataforma', vigenciade: '2026-01-01', vigenciaate: '2026-12-31', taxa: '2.5000' },
    ]);

    const [caixa1] = await tx.insert(terminais).values([
      // the logical numbers the demo's Cielo files carry for the bakery's sales: billing prices them (issue 18)
      { codexterno: '678901', nome: 'Pão Quente Caixa 1', vinculo: 'POS', codpessoapai: revenda, codpessoacliente: padaria, datainiciocobranca: '2026-01-01', codoperadora: 1 },
      { codexterno: '678902', nome: 'Pão Quente Caixa 2', vinculo: 'TEF', codpessoapai: revenda, codpessoacliente: padaria },
      { codexterno: '2030405060', nome: 'Bom Preço Loja', vinculo: 'POS', codpessoapai: revenda, codpessoacliente: mercado, ativo: false },
    ]).returning();

    // ── Demo POS plan: the reseller's monthly fee and rates for the POS it places, in force on the bakery's POS
    const [planoPos] = await tx.insert(planosPos)
      .values({ nome: 'POS Revenda Sul', codpessoapai: revenda, cobramensalidade: 'S', valormensalidade: 8990, diacorte: 10 }).returning();
    // codprodutos of the reference seed: 1 crédito à vista, 2 crédito parcelado loja, 4 débito
    for (const [codprodutos, faixas] of [
      [4, [[1, 1, '1.4900']]], [1, [[1, 1, '2.9900']]], [2, [[2, 6, '3.4900'], [7, 12, '3.9900']]],
    ] as const) {
      const [t] = await tx.insert(planosPosTaxas).values({ codplano: planoPos!.codplano, codprodutos }).returning();
      await tx.insert(planosPosTaxasFaixas).values(faixas.map(([de, ate, taxa]) => ({ codplanostaxas: t!.codplanostaxas, de, ate, taxa })));
    }
    const [contratoPos] = await tx.insert(planosTerminal)
      .values({ codplanos: planoPos!.codplano, vigenciade: '2026-01-01', vigenciaate: '2027-12-31' }).returning();
    await tx.insert(planosTerminalTerminais).values({ codplanosterminal: contratoPos!.codplanosterminal, codterminal: caixa1!.codterminal });

    await tx.insert(noticias).values([
      {
        titulo: 'Bem-vindo ao Concilia', data: '2026-11-02', codpessoa: plataforma,
        texto: '<p>O <strong>Concilia</strong> confere as vendas e os pagamentos informados pelas operadoras de cartão com as vendas da sua empresa.</p><p>Comece pelo <a href="/app/ajuda">Manual</a>.</p>',
      },
      {
        titulo: 'Novos temas de cores', data: '2026-11-10', codpessoa: plataforma,
        texto: '<p>Escolha entre 16 temas, claros e escuros, no ícone de paleta da barra superior.</p>',
      },
      {
        titulo: 'Atendimento Revenda Sul', data: '2026-11-15', codpessoa: revenda,
        texto: '<p>Nosso atendimento funciona de segunda a sexta, das 8h às 18h. <em>Revenda Sul</em>.</p>',
      },
    ]);

    // ── Demo reconciliation plans (fee audit, issue 5) ─────────────────────────────────────────────────────
    // One plan of the reseller, in force on every demo unit at its operator over the demo's days (files span
    // the 40 days before today). Rates follow the generator's MDR (débito 0,99%, crédito 2,49%, parcelado
    // 3,29% of the gross, one fee on the total: tarifação 'V'), except crédito à vista, contracted at 2,39%:
    // the operators' 2,49% on it shows as divergences the merchant can claim back.
    const [plano] = await tx.insert(planosConciliadores)
      .values({ nome: 'Plano Revenda Sul 2026-2027', codpessoapai: revenda, tarifacao: 'V' }).returning();
    const [contrato] = await tx.insert(planosConciliadoresContrato).values({
      codplanosconciliadores: plano!.codplanosconciliadores, vigenciade: '2026-01-01', vigenciaate: '2027-12-31',
    }).returning();
    const unidadesDemo = await tx.select({ codpessoa: estabelecimentos.codpessoa, codoperadora: estabelecimentos.codoperadora }).from(estabelecimentos);
    await tx.insert(planosConciliadoresContratoUnidades).values(unidadesDemo.map((u) => ({
      codplanosconciliadorescontrato: contrato!.codplanosconciliadorescontrato, codoperadora: u.codoperadora, codpessoa: u.codpessoa,
    })));
    // codprodutos of the reference seed: 1 crédito à vista, 2 crédito parcelado loja, 4 débito. Getnet's codes
    // carry no installment product (an installment sale comes as crédito), hence crédito 2–12 at the parcelado rate.
    const taxa = (codoperadora: number, codprodutos: number, de: number, ate: number, percent: string) =>
      ({ codplanosconciliadores: plano!.codplanosconciliadores, codoperadora, codprodutos, de, ate, tarifacao: 'V' as const, tipotaxa: 'P' as const, taxa: percent });
    await tx.insert(planosConciliadoresTaxas).values([1, 2, 3].flatMap((op) => [
      taxa(op, 4, 1, 1, '0.9900'),
      taxa(op, 1, 1, 1, '2.3900'),
      taxa(op, 2, 2, 12, '3.2900'),
      taxa(op, 1, 2, 12, '3.2900'),
    ]));
  });
}

export async function findUserId(db: Db, login: string): Promise<number> {
  const [u] = await db.select({ id: usuarios.codusuario }).from(usuarios).where(eq(usuarios.login, login));
  if (!u) throw new Error(`no user ${login}`);
  return u.id;
}
