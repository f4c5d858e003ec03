import { subtreeOf } from '@concilia/db';
import { type AnyRegisterDef, type Bucket, isGiven, MSG, SALE_RESULTS, type SaleResult } from '@concilia/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../features/auth/session.service';
import type { Ctx } from '../graphql/context';
import { AppError } from '../graphql/errors';
import { offerDownload } from '../downloads/download-store';
import { isStored } from '../ingest/stored-refs';
import type { RowWindow } from '../register-kit/list-page';
import type { RegisterEntry, Row } from '../register-kit/register-entry';

/**
 * The file screens' rows: received files (table arquivos) as the user may see them.
 *
 * Who sees a file: its owner (arquivos.codpessoa — the client or unit that sent it, or for an operator file
 * sent without one, the unit of the establishment in its header, see ingest/receive-file.ts) and everyone
 * above the owner. A file nobody owns (an establishment no one registered) is seen only at the top of the
 * hierarchy, where such establishments get registered.
 */

/** Results that leave a file "em aberto": a sale not paired, or paired with a difference still to look at. */
export const OPEN_RESULTS: readonly SaleResult[] = ['somente_operadora', 'somente_cliente', 'conciliado_divergencia'];

const iso = (col: string) => sql.raw(`to_char(a.${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
// Dates and moments as text in SQL: both drivers then answer the same thing ('YYYY-MM-DD', ISO UTC).
const COLUMNS = sql`a.codarquivo, to_char(a.dataenvio, 'YYYY-MM-DD') AS dataenvio, ${iso('datarecebimento')} AS datarecebimento,
  ${iso('dataprocessamento')} AS dataprocessamento, a.tipo, a.origem, a.status, a.nomearquivo, a.mensagem, a.codoperadora, a.codpessoa`;

function scope(me: SessionUser): SQL {
  return me.codpessoapai === null
    ? sql`(a.codpessoa IN ${subtreeOf(me.codpessoa)} OR a.codpessoa IS NULL)`
    : sql`a.codpessoa IN ${subtreeOf(me.codpessoa)}`;
}

/** Files with at least one sale line of one of these results (either side of the pairing). */
const hasResult = (results: readonly string[]) => sql`(
  EXISTS (SELECT 1 FROM resultado_venda_operadora r WHERE r.codarquivo = a.codarquivo AND r.resultado IN (${sql.join(results.map((x) => sql`${x}`), sql`, `)}))
  OR EXISTS (SELECT 1 FROM resultado_venda_cliente r WHERE r.codarquivo = a.codarquivo AND r.resultado IN (${sql.join(results.map((x) => sql`${x}`), sql`, `)})))`;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The screen's filter as SQL over `a` (arquivos). `resultado` is left to the caller: the cards ignore it. */
function filterSql(f: Row): SQL[] {
  const w: SQL[] = [];
  if (isGiven(f.codarquivo)) w.push(sql`a.codarquivo = ${f.codarquivo}`);
  if (isGiven(f.nomearquivo)) w.push(sql`a.nomearquivo ILIKE ${`%${escapeLike(String(f.nomearquivo))}%`}`);
  for (const k of ['tipo', 'status', 'origem'] as const) if (isGiven(f[k])) w.push(sql`a.${sql.raw(k)} = ${f[k]}`);
  if (isGiven(f.codoperadora)) w.push(sql`a.codoperadora = ${f.codoperadora}`);
  // a unit's files: those it (or a unit under it) owns, and operator files carrying its establishments' lines
  if (isGiven(f.codpessoa)) {
    w.push(sql`(a.codpessoa IN ${subtreeOf(Number(f.codpessoa))}
      OR EXISTS (SELECT 1 FROM linhas_operadora l WHERE l.codarquivo = a.codarquivo AND l.codpessoa = ${f.codpessoa}))`);
  }
  // the window is on the receipt day in São Paulo (see the declaration's de/ate): a file just sent is in it
  // whatever date its header carries
  const received = sql`(a.datarecebimento AT TIME ZONE 'America/Sao_Paulo')::date`;
  if (isGiven(f.de)) w.push(sql`${received} >= ${f.de}`);
  if (isGiven(f.ate)) w.push(sql`${received} <= ${f.ate}`);
  return w;
}

type Screen = 'emAberto' | 'extratos' | 'manutencao';

/** What each screen lists on top of scope and filter. */
const SCREEN_WHERE: Record<Screen, SQL | null> = {
  // not yet fully reconciled: not loaded (waiting, loading, error), or a sale still unpaired or divergent
  emAberto: sql`(a.status NOT IN ('PROCESSADO', 'PROCESSADO_AVISOS') OR ${hasResult(OPEN_RESULTS)})`,
  // the operators' statements: files of an operator (the merchant's own sales files have none)
  extratos: sql`a.codoperadora IS NOT NULL`,
  manutencao: null,
};

const rowsOf = (r: unknown) => (r as { rows: Row[] }).rows;

async function where(ctx: Ctx, me: SessionUser, screen: Screen, filter: Row, withResult: boolean): Promise<SQL> {
  const parts = [scope(me), ...filterSql(filter)];
  const extra = SCREEN_WHERE[screen];
  if (extra) parts.push(extra);
  if (withResult && isGiven(filter.resultado)) parts.push(hasResult([String(filter.resultado)]));
  return sql.join(parts, sql` AND `);
}

async function list(ctx: Ctx, me: SessionUser, screen: Screen, filter: Row, window: RowWindow): Promise<Row[]> {
  const w = await where(ctx, me, screen, filter, true);
  // newest first: a file just sent is the one the user looks for
  return rowsOf(await ctx.db.execute(sql`SELECT ${COLUMNS} FROM arquivos a WHERE ${w} ORDER BY a.codarquivo DESC
    LIMIT ${window.limit} OFFSET ${window.offset}`));
}

async function count(ctx: Ctx, me: SessionUser, screen: Screen, filter: Row): Promise<number> {
  const w = await where(ctx, me, screen, filter, true);
  return Number(rowsOf(await ctx.db.execute(sql`SELECT count(*)::int AS n FROM arquivos a WHERE ${w}`))[0]?.n ?? 0);
}

async function find(ctx: Ctx, me: SessionUser, screen: Screen, key: Row): Promise<Row | null> {
  const id = Number(key.codarquivo);
  if (!Number.isSafeInteger(id)) return null;
  const w = await where(ctx, me, screen, {}, false);
  const [row] = rowsOf(await ctx.db.execute(sql`SELECT ${COLUMNS}, a.sha256 FROM arquivos a WHERE a.codarquivo = ${id} AND ${w}`));
  return row ?? null;
}

/**
 * The result cards: sale lines of the filtered files by result, with their amounts (operator sales by
 * gross amount, customer sales by their value). A paired sale whose two files are both listed counts on
 * each side, as each file's lines do.
 */
async function buckets(ctx: Ctx, me: SessionUser, screen: Screen, filter: Row): Promise<Bucket[]> {
  const w = await where(ctx, me, screen, filter, false);
  const rows = rowsOf(await ctx.db.execute(sql`
    WITH f AS (SELECT a.codarquivo FROM arquivos a WHERE ${w})
    SELECT resultado, count(*)::int AS quantidade, coalesce(sum(valor), 0)::text AS total FROM (
      SELECT r.resultado, r.valorbruto AS valor FROM resultado_venda_operadora r WHERE r.codarquivo IN (SELECT codarquivo FROM f)
      UNION ALL
      SELECT r.resultado, r.valor FROM resultado_venda_cliente r WHERE r.codarquivo IN (SELECT codarquivo FROM f)
    ) x GROUP BY resultado`));
  const order = Object.keys(SALE_RESULTS);
  return rows
    .map((r) => ({
      valor: String(r.resultado),
      label: SALE_RESULTS[r.resultado as SaleResult] ?? String(r.resultado),
      quantidade: Number(r.quantidade),
      total: Number(r.total),
    }))
    .sort((x, y) => order.indexOf(x.valor) - order.indexOf(y.valor));
}

/**
 * Offers a file's original, byte for byte, from the originals' store. The store is asked first, so a
 * missing original fails this row (the screen counts it in its outcome) instead of a broken download.
 */
async function offerOriginal(ctx: Ctx, row: Row): Promise<string> {
  const sha256 = String(row.sha256);
  if (!(await isStored(ctx.ingestion.storage, sha256))) throw new AppError('BAD_USER_INPUT', MSG.arquivoOriginalIndisponivel);
  // the offer refers to the original where it is: no copy
  return offerDownload(ctx, { fileName: String(row.nomearquivo), contentType: 'application/octet-stream', body: { stored: sha256 } });
}

/** The server entry of a file screen: its source, and the actions its declaration names. */
export function arquivosEntry(def: AnyRegisterDef, screen: Screen): RegisterEntry {
  return {
    def,
    source: {
      list: (ctx, me, filter, window) => list(ctx, me, screen, filter, window),
      count: (ctx, me, filter) => count(ctx, me, screen, filter),
      find: (ctx, me, key) => find(ctx, me, screen, key),
    },
    hooks: {
      buckets: (ctx, me, filter) => buckets(ctx, me, screen, filter),
      actions: {
        baixar: (ctx, row) => offerOriginal(ctx, row),
        reprocessar: (ctx, row) => ctx.ingestion.reprocess(Number(row.codarquivo)),
      },
      remove: async (ctx, row) => {
        if (!(await ctx.ingestion.remove(Number(row.codarquivo)))) throw new AppError('FORBIDDEN', MSG.registroNaoEncontrado);
      },
    },
  };
}
