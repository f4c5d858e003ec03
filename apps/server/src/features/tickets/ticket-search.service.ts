import { type Db, subtreeOf } from '@concilia/db';
import { isGiven, SALE_RESULTS, type SaleResult, type TicketTipo } from '@concilia/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type PreparedReader, shapedStatement } from '../../graphql/prepared';
import type { RowWindow } from '../../register-kit/list-page';

/**
 * Pesquisar Ticket (spec part 1 "File and ticket screens" 5, §3 "Ticket"): sale lines of one side in a sale-date
 * window of at most one month, with their reconciliation result. Type A reads the operator's sales
 * (resultado_venda_operadora), C and CU the customer's lines (resultado_venda_cliente), told apart by the
 * origin of the file that brought them (CU: 'INTEGRACAO'). Always within the caller's part of the hierarchy.
 */

export type Executor = Pick<Db, 'execute'>;
export const rowsOf = async (db: Executor, q: SQL) => ((await db.execute(q)) as unknown as { rows: Record<string, unknown>[] }).rows;
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const str = (v: unknown) => (v === null || v === undefined ? null : String(v));

export interface TicketFilter {
  tipo: TicketTipo;
  datavenda: string;
  datavendaate: string;
  nsu?: string | null;
  tid?: string | null;
  autorizacao?: string | null;
  numterminal?: string | null;
  nossonumero?: string | null;
  codpessoa?: number | null;
  codoperadora?: number | null;
  /** one result of SALE_RESULTS (the bucket cards) */
  resultado?: string | null;
}

export interface Ticket {
  /** 'A-<codlinha>' or 'C-<codlinhasarqcli>': one key for either side */
  id: string;
  tipo: TicketTipo;
  codlinha: number | null;
  codlinhasarqcli: number | null;
  codarquivo: number;
  nsu: string | null;
  tid: string | null;
  autorizacao: string | null;
  /** operator side: the establishment code; customer side: the merchant's own code of the sale */
  codexterno: string | null;
  datavenda: string;
  dataprocessamento: string | null;
  codoperadora: number | null;
  operadora: string | null;
  codpessoa: number | null;
  unidade: string | null;
  origem: string | null;
  totparcelas: number | null;
  valor: number;
  numterminal: string | null;
  nossonumero: string | null;
  bandeira: string | null;
  produto: string | null;
  resultado: SaleResult;
  resultadolabel: string;
  divergencias: string[];
  desconsiderado: boolean;
}

const like = (v: string) => `%${v.trim()}%`;

function toTicket(r: Record<string, unknown>): Ticket {
  const tipo = r.tipo as TicketTipo;
  const resultado = r.resultado as SaleResult;
  return {
    id: tipo === 'A' ? `A-${r.codlinha}` : `C-${r.codlinhasarqcli}`,
    tipo,
    codlinha: num(r.codlinha),
    codlinhasarqcli: num(r.codlinhasarqcli),
    codarquivo: Number(r.codarquivo),
    nsu: str(r.nsu), tid: str(r.tid), autorizacao: str(r.autorizacao), codexterno: str(r.codexterno),
    datavenda: String(r.datavenda), dataprocessamento: r.dataprocessamento ? new Date(r.dataprocessamento as string).toISOString() : null,
    codoperadora: num(r.codoperadora), operadora: str(r.operadora), codpessoa: num(r.codpessoa), unidade: str(r.unidade),
    origem: str(r.origem), totparcelas: num(r.totparcelas), valor: Number(r.valor ?? 0), numterminal: str(r.numterminal),
    nossonumero: str(r.nossonumero), bandeira: str(r.bandeira), produto: str(r.produto),
    resultado, resultadolabel: SALE_RESULTS[resultado] ?? resultado,
    divergencias: (r.divergencias as string[] | null) ?? [],
    desconsiderado: r.desconsiderado === true,
  };
}

/** A value of a search, as a placeholder of its statement (the texts are built once per shape: searchStatement). */
const P = (name: string) => sql.placeholder(name);
/** The caller's subtree, the person a placeholder (subtreeOf renders its argument as a value of the statement). */
const subtreeOfPlaceholder = (name: string) => subtreeOf(P(name) as unknown as number);

/** The WHERE of a search, without the result filter (the bucket cards count every result of the same filter). */
function conditions(f: TicketFilter, side: 'o' | 'c', anyOrigin = false): SQL {
  const parts: SQL[] = [sql`l.codpessoa IN ${subtreeOfPlaceholder('me')}`];
  const date = side === 'o' ? sql`l.data` : sql`l.datavenda`;
  parts.push(sql`${date} BETWEEN ${P('de')}::date AND ${P('ate')}::date`);
  if (isGiven(f.codpessoa)) parts.push(sql`l.codpessoa IN ${subtreeOfPlaceholder('codpessoa')}`);
  if (isGiven(f.codoperadora)) parts.push(sql`l.codoperadora = ${P('codoperadora')}`);
  if (f.nsu?.trim()) parts.push(sql`ltrim(l.nsu, '0') = ltrim(${P('nsu')}, '0')`);
  if (f.tid?.trim()) parts.push(sql`l.tid ILIKE ${P('tid')}`);
  if (f.autorizacao?.trim()) parts.push(sql`ltrim(l.autorizacao, '0') = ltrim(${P('autorizacao')}, '0')`);
  if (f.numterminal?.trim()) parts.push(sql`l.terminal ILIKE ${P('numterminal')}`);
  if (f.nossonumero?.trim()) parts.push(side === 'o' ? sql`false` : sql`l.nossonumero ILIKE ${P('nossonumero')}`);
  if (side === 'o') parts.push(sql`l.tipo = 'sale'`);
  else if (!anyOrigin) parts.push(f.tipo === 'CU' ? sql`a.origem = 'INTEGRACAO'` : sql`a.origem <> 'INTEGRACAO'`);
  return sql.join(parts, sql` AND `);
}

/** What a search's text depends on: its side and which filters it has (not their values). */
const shapeOf = (f: TicketFilter) => [
  f.tipo === 'A' || f.tipo === 'CU' ? f.tipo : 'C', isGiven(f.codpessoa), isGiven(f.codoperadora), !!f.nsu?.trim(), !!f.tid?.trim(),
  !!f.autorizacao?.trim(), !!f.numterminal?.trim(), !!f.nossonumero?.trim(), !!f.resultado?.trim(),
].map((x) => (x === true ? '1' : x === false ? '0' : x)).join('');

/** The values of a search's placeholders: the caller's person and the filter's. */
const valuesOf = (me: { codpessoa: number }, f: TicketFilter): Record<string, unknown> => ({
  me: me.codpessoa, de: f.datavenda, ate: f.datavendaate, codpessoa: f.codpessoa, codoperadora: f.codoperadora,
  nsu: f.nsu?.trim(), tid: f.tid?.trim() && like(f.tid), autorizacao: f.autorizacao?.trim(),
  numterminal: f.numterminal?.trim() && like(f.numterminal), nossonumero: f.nossonumero?.trim() && like(f.nossonumero),
  resultado: f.resultado?.trim(),
});

/**
 * The search's statements (page, total, cards), each built once per shape and prepared: building the text was a
 * visible part of a search's CPU, and the same shape always gives the same text.
 */
const searchStatement = shapedStatement();

/** Sale lines of one side with their result, under `where` (alias l = the line, a = its file). */
function selectSide(side: 'o' | 'c', where: SQL): SQL {
  if (side === 'o') {
    return sql`
      SELECT 'A' AS tipo, l.codlinha, NULL::bigint AS codlinhasarqcli, l.codarquivo, l.nsu, l.tid, l.autorizacao,
             l.estabelecimento AS codexterno, l.data::text AS datavenda, a.dataprocessamento, l.codoperadora, op.nome AS operadora,
             l.codpessoa, p.nome AS unidade, a.origem, l.totparcelas, coalesce(l.valorbruto, l.valorliquido) AS valor, l.terminal AS numterminal,
             NULL::text AS nossonumero, coalesce(l.bandeiranome, l.bandeira) AS bandeira, coalesce(l.produtonome, l.produto) AS produto,
             r.resultado, r.divergencias, false AS desconsiderado
      FROM linhas_operadora l
        JOIN resultado_venda_operadora r ON r.codlinha = l.codlinha
        JOIN arquivos a ON a.codarquivo = l.codarquivo
        LEFT JOIN operadoras op ON op.codoperadora = l.codoperadora
        LEFT JOIN pessoas p ON p.codpessoa = l.codpessoa
      WHERE ${where}`;
  }
  // codlinha of a customer row is its pair's operator sale
  return sql`
    SELECT CASE WHEN a.origem = 'INTEGRACAO' THEN 'CU' ELSE 'C' END AS tipo, r.codlinha, l.codlinhasarqcli, l.codarquivo, l.nsu, l.tid,
           l.autorizacao, l.codexterno, l.datavenda::text AS datavenda, a.dataprocessamento, l.codoperadora, op.nome AS operadora,
           l.codpessoa, p.nome AS unidade, a.origem, l.totparcelas, l.valor, l.terminal AS numterminal, l.nossonumero,
           l.bandeira, l.produto, r.resultado, r.divergencias, l.desconsiderado
    FROM linhas_cliente l
      JOIN resultado_venda_cliente r ON r.codlinhasarqcli = l.codlinhasarqcli
      JOIN arquivos a ON a.codarquivo = l.codarquivo
      LEFT JOIN operadoras op ON op.codoperadora = l.codoperadora
      LEFT JOIN pessoas p ON p.codpessoa = l.codpessoa
    WHERE ${where}`;
}

/**
 * The rows of a search, each with its result. The operator's side (type A, the default) also lists the
 * customer lines disregarded in the window, marked Desconsiderado: a disregarded line has left its pair, and
 * without them the user could not find it again to reconsider it.
 */
function selectTickets(f: TicketFilter): SQL {
  if (f.tipo !== 'A') return selectSide('c', conditions(f, 'c'));
  const disregarded = sql`${conditions(f, 'c', true)} AND l.desconsiderado`;
  return sql`${selectSide('o', conditions(f, 'o'))} UNION ALL ${selectSide('c', disregarded)}`;
}

/** The rows of a search in `window` of its stable order (sale date, then the line): the screens page it (LIST_PAGE). */
export async function searchTickets(db: PreparedReader, me: { codpessoa: number }, f: TicketFilter, window: RowWindow): Promise<Ticket[]> {
  const rows = await searchStatement(db, `page:${shapeOf(f)}`, () => sql`SELECT * FROM (${selectTickets(f)}) t ${resultWhere(f)}
    ORDER BY t.datavenda, t.codlinha NULLS LAST, t.codlinhasarqcli NULLS LAST LIMIT ${P('limit')} OFFSET ${P('offset')}`,
  { ...valuesOf(me, f), limit: window.limit, offset: window.offset });
  return rows.map(toTicket);
}

/** How many tickets the whole filter has, the result filter included (the total of the pages). */
export async function countTickets(db: PreparedReader, me: { codpessoa: number }, f: TicketFilter): Promise<number> {
  const [row] = await searchStatement(db, `count:${shapeOf(f)}`, () => sql`SELECT count(*)::int AS n FROM (${selectTickets(f)}) t ${resultWhere(f)}`, valuesOf(me, f));
  return Number(row?.n ?? 0);
}

const resultWhere = (f: TicketFilter) => (f.resultado?.trim() ? sql`WHERE t.resultado = ${P('resultado')}` : sql``);

export interface ResultBucket {
  valor: string;
  label: string;
  quantidade: number;
  total: number;
}

/** Counts and R$ totals per result for the same filter (the cards above the table), in SALE_RESULTS order. */
export async function ticketBuckets(db: PreparedReader, me: { codpessoa: number }, f: TicketFilter): Promise<ResultBucket[]> {
  const rows = await searchStatement(db, `cards:${shapeOf(f)}`, () => sql`SELECT t.resultado, count(*)::int AS quantidade, coalesce(sum(t.valor), 0)::text AS total
    FROM (${selectTickets(f)}) t GROUP BY t.resultado`, valuesOf(me, f));
  const by = new Map(rows.map((r) => [String(r.resultado), r]));
  return (Object.keys(SALE_RESULTS) as SaleResult[]).filter((k) => by.has(k)).map((k) => ({
    valor: k, label: SALE_RESULTS[k], quantidade: Number(by.get(k)!.quantidade), total: Number(by.get(k)!.total),
  }));
}

/** One ticket by its row key, within the caller's scope (the analysis download, the disregard checks). */
export async function findTicket(db: Executor, me: { codpessoa: number }, id: string): Promise<Ticket | null> {
  const m = /^(A|C)-(\d+)$/.exec(id);
  if (!m) return null;
  const scope = sql`l.codpessoa IN ${subtreeOf(me.codpessoa)}`;
  const rows = m[1] === 'A'
    ? await rowsOf(db, selectSide('o', sql`l.codlinha = ${Number(m[2])} AND l.tipo = 'sale' AND ${scope}`))
    : await rowsOf(db, selectSide('c', sql`l.codlinhasarqcli = ${Number(m[2])} AND ${scope}`));
  return rows[0] ? toTicket(rows[0]) : null;
}
