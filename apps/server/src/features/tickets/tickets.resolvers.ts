import { subtreeOf } from '@concilia/db';
import { MSG, TICKET_ACOES, TICKET_TIPOS, type TicketTipo, ticketEntrySchema, ticketWindowError } from '@concilia/domain';
import { sql } from 'drizzle-orm';
import { builder } from '../../graphql/builder';
import type { Ctx } from '../../graphql/context';
import { AppError, fromZod } from '../../graphql/errors';
import { audit } from '../../audit';
import { CentavosScalar } from '../../register-kit/centavos-scalar';
import { PaginaInput, pageRequest, pageRows } from '../../register-kit/list-page';
import { setDisregarded } from '../../reconcile/sale-decisions';
import { requirePage } from '../auth/require-page';
import { enterTickets, entryHeader } from './ticket-entry.service';
import { type ImportableSale, type ImportFilter, listImportable } from './ticket-import.service';
import { findTicket, type ResultBucket, rowsOf, searchTickets, type Ticket, type TicketFilter, ticketBuckets } from './ticket-search.service';
import { type TicketTrace, type TraceLine, traceTicket } from './ticket-trace.service';

/**
 * Ticket calls (spec part 1 §7) beyond the kit's list screens (tickets.source.ts: listarTickets, its result cards,
 * the analysis download, disregard/reconsider per row, importarTicket, importarTodosTickets): the search and
 * import list with the spec's own filter shape, the trace, reconsiderarDesconsiderarTicket as the spec names it,
 * reprocess/delete of a trace row's file, manual entry. Pesquisar Ticket's calls
 * need the page 'pesquisaticket', the import's 'pesquisaimportacaoticket', manual entry 'inclusaoticket'.
 */

void CentavosScalar;
export const PAGE_PESQUISA = 'pesquisaticket';
export const PAGE_IMPORTACAO = 'pesquisaimportacaoticket';
export const PAGE_INCLUSAO = 'inclusaoticket';

const TicketRef = builder.objectRef<Ticket>('Ticket').implement({
  description: 'A sale line of one side (A operator, C customer file, CU integrator client) with its reconciliation result.',
  fields: (t) => ({
    id: t.exposeString('id', { description: "'A-<codlinha>' or 'C-<codlinhasarqcli>'" }),
    tipo: t.exposeString('tipo'),
    codlinha: t.exposeInt('codlinha', { nullable: true, description: 'The operator sale (for a customer line: its pair)' }),
    codlinhasarqcli: t.exposeInt('codlinhasarqcli', { nullable: true }),
    codarquivo: t.exposeInt('codarquivo'),
    nsu: t.exposeString('nsu', { nullable: true }),
    tid: t.exposeString('tid', { nullable: true }),
    autorizacao: t.exposeString('autorizacao', { nullable: true }),
    codexterno: t.exposeString('codexterno', { nullable: true }),
    datavenda: t.exposeString('datavenda'),
    dataprocessamento: t.exposeString('dataprocessamento', { nullable: true }),
    codoperadora: t.exposeInt('codoperadora', { nullable: true }),
    operadora: t.exposeString('operadora', { nullable: true }),
    codpessoa: t.exposeInt('codpessoa', { nullable: true }),
    unidade: t.exposeString('unidade', { nullable: true }),
    origem: t.exposeString('origem', { nullable: true }),
    totparcelas: t.exposeInt('totparcelas', { nullable: true }),
    valor: t.expose('valor', { type: 'Centavos' }),
    numterminal: t.exposeString('numterminal', { nullable: true }),
    nossonumero: t.exposeString('nossonumero', { nullable: true }),
    bandeira: t.exposeString('bandeira', { nullable: true }),
    produto: t.exposeString('produto', { nullable: true }),
    resultado: t.exposeString('resultado'),
    resultadolabel: t.exposeString('resultadolabel'),
    divergencias: t.exposeStringList('divergencias'),
    desconsiderado: t.exposeBoolean('desconsiderado'),
  }),
});

const ResumoRef = builder.objectRef<ResultBucket>('TicketResultadoResumo').implement({
  description: 'How many tickets of the filter have one result, and their total (the cards above the table).',
  fields: (t) => ({
    valor: t.exposeString('valor'),
    label: t.exposeString('label'),
    quantidade: t.exposeInt('quantidade'),
    total: t.expose('total', { type: 'Centavos' }),
  }),
});

const TraceLineRef = builder.objectRef<TraceLine>('TicketLinha').implement({
  description: 'One row of a trace table (spec part 1 §3 "trace columns").',
  fields: (t) => ({
    id: t.exposeString('id'),
    codarquivo: t.exposeInt('codarquivo'),
    tipo: t.exposeString('tipo', { nullable: true, description: 'The file type' }),
    nomearquivo: t.exposeString('nomearquivo', { nullable: true }),
    statusArquivo: t.exposeString('statusArquivo', { nullable: true }),
    datarecebimento: t.exposeString('datarecebimento', { nullable: true }),
    datapagamento: t.exposeString('datapagamento', { nullable: true }),
    dataprevistapagamento: t.exposeString('dataprevistapagamento', { nullable: true }),
    datavenda: t.exposeString('datavenda', { nullable: true }),
    datatransacao: t.exposeString('datatransacao', { nullable: true }),
    valorbruto: t.expose('valorbruto', { type: 'Centavos', nullable: true }),
    valorliquidopago: t.expose('valorliquidopago', { type: 'Centavos', nullable: true }),
    outroscreditos: t.expose('outroscreditos', { type: 'Centavos', nullable: true }),
    outrosdebitos: t.expose('outrosdebitos', { type: 'Centavos', nullable: true }),
    parcela: t.exposeInt('parcela', { nullable: true }),
    totparcelas: t.exposeInt('totparcelas', { nullable: true }),
    status: t.exposeString('status', { nullable: true }),
    meiocaptura: t.exposeString('meiocaptura', { nullable: true }),
    produto: t.exposeString('produto', { nullable: true }),
    bandeira: t.exposeString('bandeira', { nullable: true }),
    numterminal: t.exposeString('numterminal', { nullable: true }),
    nsu: t.exposeString('nsu', { nullable: true }),
    autorizacao: t.exposeString('autorizacao', { nullable: true }),
    tid: t.exposeString('tid', { nullable: true }),
    nossonumero: t.exposeString('nossonumero', { nullable: true }),
    resultado: t.exposeString('resultado', { nullable: true }),
    codlinhasarqcli: t.exposeInt('codlinhasarqcli', { nullable: true }),
    desconsiderado: t.exposeBoolean('desconsiderado'),
    sellerId: t.exposeString('sellerId', { nullable: true, description: 'Marketplace sub-seller / recipient (Mercado Pago, Pagar.me lines)' }),
    paymentId: t.exposeString('paymentId', { nullable: true, description: 'Marketplace payment id (PAYMENT_ID)' }),
    orderId: t.exposeString('orderId', { nullable: true, description: 'Marketplace order id (ORDER_ID)' }),
    itemId: t.exposeString('itemId', { nullable: true, description: 'Marketplace item / SKU / split id (ITEM_ID)' }),
  }),
});

const TraceRef = builder.objectRef<TicketTrace>('TicketDetalhe').implement({
  description: 'Ticket detail groups (Rastreabilidade do Ticket).',
  fields: (t) => ({
    pagamento: t.field({ type: [TraceLineRef], resolve: (d) => d.pagamento, description: 'Expected payments of the sale and what paid them' }),
    liquidacao: t.field({ type: [TraceLineRef], resolve: (d) => d.liquidacao, description: 'Settlement, Pix and adjustment lines' }),
    venda: t.field({ type: [TraceLineRef], resolve: (d) => d.venda }),
    previsao: t.field({ type: [TraceLineRef], resolve: (d) => d.previsao }),
    antecipado: t.field({ type: [TraceLineRef], resolve: (d) => d.antecipado }),
    cliente: t.field({ type: [TraceLineRef], resolve: (d) => d.cliente }),
    clienteIntegrador: t.field({ type: [TraceLineRef], resolve: (d) => d.clienteIntegrador }),
    desconsiderado: t.field({ type: [TraceLineRef], resolve: (d) => d.desconsiderado }),
    cancelado: t.field({ type: [TraceLineRef], resolve: (d) => d.cancelado }),
    marketplace: t.field({ type: [TraceLineRef], resolve: (d) => d.marketplace, description: 'Operator lines of the sale carrying marketplace ids (Mercado Pago, Pagar.me)' }),
  }),
});

const ImportableRef = builder.objectRef<ImportableSale>('TicketImportavel').implement({
  description: 'An operator sale with no customer line, that Importar Ticket can bring in as one.',
  fields: (t) => ({
    id: t.exposeString('id'),
    codlinha: t.exposeInt('codlinha'),
    codpessoa: t.exposeInt('codpessoa'),
    unidade: t.exposeString('unidade', { nullable: true }),
    codoperadora: t.exposeInt('codoperadora'),
    operadora: t.exposeString('operadora', { nullable: true }),
    datavenda: t.exposeString('datavenda'),
    parcela: t.exposeInt('parcela'),
    valor: t.expose('valor', { type: 'Centavos' }),
    nsu: t.exposeString('nsu', { nullable: true }),
    tid: t.exposeString('tid', { nullable: true }),
    autorizacao: t.exposeString('autorizacao', { nullable: true }),
    terminal: t.exposeString('terminal', { nullable: true }),
    codexterno: t.exposeString('codexterno'),
  }),
});

const TicketFiltroInput = builder.inputType('TicketFiltroInput', {
  fields: (t) => ({
    tipo: t.string({ description: 'A (default), C or CU' }),
    datavenda: t.string({ required: true }),
    datavendaate: t.string({ required: true }),
    nsu: t.string(),
    tid: t.string(),
    autorizacao: t.string(),
    numterminal: t.string(),
    nossonumero: t.string(),
    codpessoa: t.int(),
    codoperadora: t.int(),
    resultado: t.string({ description: 'One result (SALE_RESULTS): the bucket card chosen' }),
  }),
});

const ImportacaoFiltroInput = builder.inputType('TicketImportacaoFiltroInput', {
  fields: (t) => ({ concioperadora: t.int(), terminal: t.string(), de: t.string({ required: true }), ate: t.string({ required: true }) }),
});

const TicketCabecalhoInput = builder.inputType('TicketCabecalhoInput', {
  fields: (t) => ({ codpessoa: t.int(), codoperadora: t.int(), codexterno: t.string() }),
});

const TicketLinhaInput = builder.inputType('TicketLinhaInput', {
  fields: (t) => ({
    codBandeira: t.int(), nsu: t.string(), tid: t.string(), autorizacao: t.string(), quantidadeParcelas: t.int(), datavenda: t.string(),
    valor: t.field({ type: 'Centavos' }),
  }),
});

function window(de: string | null | undefined, ate: string | null | undefined): void {
  const error = ticketWindowError(de, ate);
  if (error) throw new AppError('BAD_USER_INPUT', error);
}

function ticketFilter(v: typeof TicketFiltroInput.$inferInput): TicketFilter {
  const tipo = (v.tipo ?? 'A') as TicketTipo;
  if (!(tipo in TICKET_TIPOS)) throw new AppError('BAD_USER_INPUT', MSG.requisicaoInvalida);
  window(v.datavenda, v.datavendaate);
  return { ...v, tipo } as TicketFilter;
}

function importFilter(v: typeof ImportacaoFiltroInput.$inferInput): ImportFilter {
  window(v.de, v.ate);
  return v as ImportFilter;
}

const search = (name: string) => builder.queryField(name, (t) =>
  t.field({
    type: [TicketRef],
    description: 'Tickets of the filter (Pesquisar Ticket): sale date window of at most one month, in the caller\'s hierarchy; a page of them (pagina), counted by listarTicketsTotal.',
    args: { values: t.arg({ type: TicketFiltroInput, required: true }), pagina: t.arg({ type: PaginaInput, required: false }) },
    resolve: async (_r, { values, pagina }, ctx) => {
      const me = await requirePage(ctx, PAGE_PESQUISA);
      const page = pageRequest(pagina);
      return pageRows(page, await searchTickets(ctx.db, me, ticketFilter(values), page));
    },
  }));
search('pesquisarTickets');

builder.queryField('resumoTickets', (t) =>
  t.field({
    type: [ResumoRef],
    description: 'Count and total per result for the filter (the result filter itself left out).',
    args: { values: t.arg({ type: TicketFiltroInput, required: true }) },
    resolve: async (_r, { values }, ctx) => {
      const me = await requirePage(ctx, PAGE_PESQUISA);
      return ticketBuckets(ctx.db, me, ticketFilter(values));
    },
  }));

builder.queryField('detalharTicket', (t) =>
  t.field({
    type: TraceRef,
    description: 'Everything known of one ticket, on both sides (Rastreabilidade do Ticket). `id` (a search row key) finds the exact line.',
    args: {
      tid: t.arg.string(), nsu: t.arg.string(), autorizacao: t.arg.string(), datavenda: t.arg.string(), nossonumero: t.arg.string(),
      tipo: t.arg.string(), codexterno: t.arg.string(), codoperadora: t.arg.int(), codpessoa: t.arg.int(), id: t.arg.string(),
    },
    resolve: async (_r, args, ctx) => {
      const me = await requirePage(ctx, PAGE_PESQUISA);
      return traceTicket(ctx.db, me, { ...args, tipo: (args.tipo ?? null) as TicketTipo | null });
    },
  }));

builder.mutationField('reconsiderarDesconsiderarTicket', (t) =>
  t.field({
    type: 'Boolean',
    description: "acao 'desconsiderar' or 'reconsiderar' on a customer line (tipo C or CU); false when the line is not in the state the action needs.",
    args: { codlinhasarqcli: t.arg.int({ required: true }), tipo: t.arg.string({ required: true }), acao: t.arg.string({ required: true }) },
    resolve: async (_r, { codlinhasarqcli, tipo, acao }, ctx) => {
      const me = await requirePage(ctx, PAGE_PESQUISA);
      if (!(TICKET_ACOES as readonly string[]).includes(acao)) throw new AppError('BAD_USER_INPUT', MSG.requisicaoInvalida);
      // only the customer side can be disregarded (spec part 1 §4)
      if (tipo !== 'C' && tipo !== 'CU') return false;
      const ticket = await findTicket(ctx.db, me, `C-${codlinhasarqcli}`);
      if (!ticket) return false;
      const ok = await setDisregarded(ctx.open, [codlinhasarqcli], acao === 'desconsiderar', {
        codusuario: me.codusuario, toleranceCentavos: ctx.config.matchToleranceCentavos,
      });
      if (ok) await audit(ctx.db, { codusuario: me.codusuario, acao: acao.toUpperCase(), entidade: 'linhas_cliente', chave: codlinhasarqcli });
      return ok;
    },
  }));

/** A trace row's file, when the caller may act on it (its owner is in the caller's hierarchy and the type is the row's). */
async function ownFile(ctx: Ctx, codpessoa: number, codarquivo: number, tipo: string | null | undefined): Promise<boolean> {
  const rows = await rowsOf(ctx.db, sql`SELECT tipo FROM arquivos WHERE codarquivo = ${codarquivo} AND codpessoa IN ${subtreeOf(codpessoa)}`);
  return rows.length > 0 && (!tipo || rows[0]!.tipo === tipo);
}

builder.mutationField('reprocessarTicket', (t) =>
  t.field({
    type: 'Boolean',
    description: 'Reprocesses the file of a trace row (loaded again from its stored original, then reconciled).',
    args: { codarquivo: t.arg.int({ required: true }), tipo: t.arg.string() },
    resolve: async (_r, { codarquivo, tipo }, ctx) => {
      const me = await requirePage(ctx, PAGE_PESQUISA);
      if (!(await ownFile(ctx, me.codpessoa, codarquivo, tipo))) return false;
      await ctx.ingestion.reprocess(codarquivo);
      await audit(ctx.db, { codusuario: me.codusuario, acao: 'REPROCESSAR', entidade: 'arquivos', chave: codarquivo });
      return true;
    },
  }));

builder.mutationField('deletarTicket', (t) =>
  t.field({
    type: 'Boolean',
    description: 'Deletes the file of a trace row with its lines and pairs.',
    args: { codarquivo: t.arg.int({ required: true }), tipo: t.arg.string() },
    resolve: async (_r, { codarquivo, tipo }, ctx) => {
      const me = await requirePage(ctx, PAGE_PESQUISA);
      if (!(await ownFile(ctx, me.codpessoa, codarquivo, tipo))) return false;
      const ok = await ctx.ingestion.remove(codarquivo);
      if (ok) await audit(ctx.db, { codusuario: me.codusuario, acao: 'EXCLUIR', entidade: 'arquivos', chave: codarquivo });
      return ok;
    },
  }));

builder.queryField('pesquisarImportacaoTickets', (t) =>
  t.field({
    type: [ImportableRef],
    description: 'Operator sales of the unit / terminal and window (at most one month) that have no customer line.',
    args: { values: t.arg({ type: ImportacaoFiltroInput, required: true }), pagina: t.arg({ type: PaginaInput, required: false }) },
    resolve: async (_r, { values, pagina }, ctx) => {
      const me = await requirePage(ctx, PAGE_IMPORTACAO);
      const page = pageRequest(pagina);
      return pageRows(page, await listImportable(ctx.db, me, importFilter(values), page));
    },
  }));

builder.mutationField('incluirTicket', (t) =>
  t.field({
    type: 'Boolean',
    description: 'Saves manually entered tickets as customer lines of the unit (a customer file of origin MANUAL), then reconciled.',
    args: { values: t.arg({ type: TicketCabecalhoInput, required: true }), tickets: t.arg({ type: [TicketLinhaInput], required: true }) },
    resolve: async (_r, args, ctx) => {
      const me = await requirePage(ctx, PAGE_INCLUSAO);
      const parsed = ticketEntrySchema().safeParse(args);
      if (!parsed.success) throw fromZod(parsed.error);
      const header = await entryHeader(ctx.db, me, parsed.data.values);
      if (!header) throw new AppError('BAD_USER_INPUT', MSG.ticketClienteInvalido);
      await enterTickets(ctx.db, ctx.ingestion, me.codusuario, header, parsed.data.tickets);
      return true;
    },
  }));
