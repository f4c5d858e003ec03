import { importacaoTicketScreen, MSG, pesquisaTicketScreen, type TicketTipo } from '@concilia/domain';
import { offerDownload } from '../../downloads/download-store';
import { AppError } from '../../graphql/errors';
import { setDisregarded } from '../../reconcile/sale-decisions';
import type { RowWindow } from '../../register-kit/list-page';
import type { RegisterEntry, Row } from '../../register-kit/register-entry';
import type { SessionUser } from '../auth/session.service';
import { analysisFileName, ticketAnalysis } from './ticket-analysis';
import { countImportable, importableByLine, importSales, listImportable } from './ticket-import.service';
import { countTickets, findTicket, searchTickets, type Ticket, ticketBuckets } from './ticket-search.service';

/**
 * The ticket list screens on the register kit: rows from the ticket services (each scoped to the caller's
 * hierarchy), the window already checked by the kit. The trace opens on the web ('open' action).
 */

const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const int = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));

/** A ticket as the list row: the sale date under 'data' (De/Até are the filter's datavenda/datavendaate). */
const asRow = (t: Ticket): Row => ({ ...t, data: t.datavenda });

function filterOf(f: Row) {
  return {
    tipo: ((str(f.tipo) ?? 'A') as TicketTipo), datavenda: String(f.datavenda), datavendaate: String(f.datavendaate),
    nsu: str(f.nsu), tid: str(f.tid), autorizacao: str(f.autorizacao), numterminal: str(f.numterminal), nossonumero: str(f.nossonumero),
    resultado: str(f.resultado),
  };
}

/**
 * The first pages read in a request, by user and filter. The web asks for a page and its total in one document
 * (listarTickets and listarTicketsTotal); when the first page was not full it holds every row of the filter, and
 * the total is its length: no second search of the same filter just to count it. graphql-js starts the two fields
 * in the document's order and both wait on the same session read, so the page's search has begun when the total
 * looks for it; in any other order, for a full page or a later one, the total is counted as before.
 */
const firstPages = new WeakMap<object, Map<string, { limit: number; rows: Promise<Ticket[]> }>>();
const searchKey = (me: SessionUser, f: ReturnType<typeof filterOf>) => JSON.stringify([me.codpessoa, f]);

function listTickets(ctx: object & { db: Parameters<typeof searchTickets>[0] }, me: SessionUser, f: Row, window: RowWindow): Promise<Ticket[]> {
  const filter = filterOf(f);
  const rows = searchTickets(ctx.db, me, filter, window);
  if (window.offset === 0) {
    let pages = firstPages.get(ctx);
    if (!pages) firstPages.set(ctx, (pages = new Map()));
    pages.set(searchKey(me, filter), { limit: window.limit, rows });
  }
  return rows;
}

async function ticketTotal(ctx: object & { db: Parameters<typeof countTickets>[0] }, me: SessionUser, f: Row): Promise<number> {
  const filter = filterOf(f);
  const page = firstPages.get(ctx)?.get(searchKey(me, filter));
  if (page) {
    // a failed page answers its own error; the total is then counted apart
    const rows = await page.rows.catch(() => null);
    if (rows && rows.length < page.limit) return rows.length;
  }
  return countTickets(ctx.db, me, filter);
}

export const pesquisaTicketEntry: RegisterEntry = {
  def: pesquisaTicketScreen,
  source: {
    list: async (ctx, me, f, window) => (await listTickets(ctx, me, f, window)).map(asRow),
    count: (ctx, me, f) => ticketTotal(ctx, me, f),
    find: async (ctx, me, key) => {
      const t = await findTicket(ctx.db, me, String(key.id));
      return t && asRow(t);
    },
  },
  hooks: {
    buckets: (ctx, me, f) => ticketBuckets(ctx.db, me, filterOf(f)),
    actions: {
      analisar: async (ctx, row) => {
        const t = row as unknown as Ticket;
        return offerDownload(ctx, { fileName: analysisFileName(t), contentType: 'text/csv; charset=utf-8', body: await ticketAnalysis(ctx.db, t) });
      },
      desconsiderar: (ctx, row, me) => disregard(ctx, row, me.codusuario, true),
      reconsiderar: (ctx, row, me) => disregard(ctx, row, me.codusuario, false),
    },
  },
};

/** Only customer lines, only in the state the action needs (spec part 1 §4): anything else is 'not processed'. */
async function disregard(ctx: Parameters<NonNullable<RegisterEntry['source']>['list']>[0], row: Row, codusuario: number, yes: boolean): Promise<void> {
  const t = row as unknown as Ticket;
  const ok = t.tipo !== 'A' && t.codlinhasarqcli !== null
    && await setDisregarded(ctx.open, [t.codlinhasarqcli], yes, { codusuario, toleranceCentavos: ctx.config.matchToleranceCentavos });
  if (!ok) throw new AppError('BAD_USER_INPUT', MSG.ticketNaoReconsiderado);
}

const importFilterOf = (f: Row) => ({ concioperadora: int(f.concioperadora), terminal: str(f.terminal), de: String(f.de), ate: String(f.ate) });

export const importacaoTicketEntry: RegisterEntry = {
  def: importacaoTicketScreen,
  source: {
    list: async (ctx, me, f, window) => (await listImportable(ctx.db, me, importFilterOf(f), window)) as unknown as Row[],
    count: (ctx, me, f) => countImportable(ctx.db, me, importFilterOf(f)),
    find: async (ctx, me, key) => {
      const m = /^A-(\d+)$/.exec(String(key.id));
      return m ? ((await importableByLine(ctx.db, me, [Number(m[1])]))[0] as unknown as Row | undefined) ?? null : null;
    },
  },
  hooks: {
    actions: {
      importar: async (ctx, row, me) => {
        await importSales(ctx.ingestion, me.codusuario, [row as never]);
      },
    },
    filterActions: {
      importarTodos: async (ctx, f, me) => {
        const sales = await listImportable(ctx.db, me, importFilterOf(f));
        if (!sales.length) throw new AppError('BAD_USER_INPUT', MSG.ticketNadaAImportar);
        await importSales(ctx.ingestion, me.codusuario, sales);
      },
    },
  },
};
