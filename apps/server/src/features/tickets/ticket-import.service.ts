import { subtreeOf } from '@concilia/db';
import { isGiven } from '@concilia/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Ingestion } from '../../ingest/ingestion';
import type { RowWindow } from '../../register-kit/list-page';
import { ticketsCsv } from './ticket-csv';
import { type Executor, rowsOf } from './ticket-search.service';

/**
 * Importar Ticket (spec part 1 "File and ticket screens" 4): the operator's sales of a unit / terminal and window
 * that have no customer line (result 'somente_operadora'), and their import as customer lines — chosen rows or
 * everything the filter shows. The import is a customer file of origin IMPORTACAO per unit, received through the
 * ingestion like any other: its load queues the reconciliation of its days, which pairs each imported line
 * with the sale it came from.
 */

export interface ImportFilter {
  /** the unit (Unidade Conciliadora) */
  concioperadora?: number | null;
  terminal?: string | null;
  de: string;
  ate: string;
}

export interface ImportableSale {
  id: string;
  codlinha: number;
  codpessoa: number;
  unidade: string | null;
  codoperadora: number;
  operadora: string | null;
  datavenda: string;
  hora: string | null;
  parcela: number;
  valor: number;
  nsu: string | null;
  tid: string | null;
  autorizacao: string | null;
  terminal: string | null;
  /** the establishment code at the operator: the client's code there */
  codexterno: string;
  bandeira: string | null;
  produto: string | null;
}

const IMPORTABLE_FROM = sql`
    FROM linhas_operadora l
      JOIN resultado_venda_operadora r ON r.codlinha = l.codlinha AND r.resultado = 'somente_operadora'
      JOIN operadoras op ON op.codoperadora = l.codoperadora
      LEFT JOIN pessoas p ON p.codpessoa = l.codpessoa`;

/** The importable sales under `where`, in a stable order (a page of them when `window` is given). */
function importable(where: SQL, window?: RowWindow): SQL {
  return sql`
    SELECT l.codlinha, l.codpessoa, p.nome AS unidade, l.codoperadora, op.nome AS operadora, l.data::text AS datavenda, l.hora,
           greatest(coalesce(l.totparcelas, 1), 1) AS parcela, coalesce(l.valorbruto, l.valorliquido) AS valor, l.nsu, l.tid, l.autorizacao,
           l.terminal, l.estabelecimento AS codexterno, coalesce(l.bandeiranome, l.bandeira) AS bandeira, coalesce(l.produtonome, l.produto) AS produto
    ${IMPORTABLE_FROM}
    WHERE l.tipo = 'sale' AND l.codpessoa IS NOT NULL AND ${where}
    ORDER BY l.data, l.hora NULLS FIRST, l.codlinha
    ${window ? sql`LIMIT ${window.limit} OFFSET ${window.offset}` : sql``}`;
}

const toSale = (r: Record<string, unknown>): ImportableSale => ({
  id: `A-${r.codlinha}`, codlinha: Number(r.codlinha), codpessoa: Number(r.codpessoa), unidade: (r.unidade as string | null) ?? null,
  codoperadora: Number(r.codoperadora), operadora: (r.operadora as string | null) ?? null, datavenda: String(r.datavenda),
  hora: (r.hora as string | null) ?? null, parcela: Number(r.parcela), valor: Number(r.valor), nsu: (r.nsu as string | null) ?? null,
  tid: (r.tid as string | null) ?? null, autorizacao: (r.autorizacao as string | null) ?? null, terminal: (r.terminal as string | null) ?? null,
  codexterno: String(r.codexterno), bandeira: (r.bandeira as string | null) ?? null, produto: (r.produto as string | null) ?? null,
});

function importWhere(me: { codpessoa: number }, f: ImportFilter): SQL {
  const parts: SQL[] = [sql`l.codpessoa IN ${subtreeOf(me.codpessoa)}`, sql`l.data BETWEEN ${f.de}::date AND ${f.ate}::date`];
  if (isGiven(f.concioperadora)) parts.push(sql`l.codpessoa IN ${subtreeOf(f.concioperadora)}`);
  // the filter's terminal is a listarItensTerminal value (codterminal): the sale carries the terminal's own code
  if (f.terminal?.trim()) {
    parts.push(sql`l.terminal = coalesce((SELECT codexterno FROM terminais WHERE codterminal::text = ${f.terminal.trim()}), ${f.terminal.trim()})`);
  }
  return sql.join(parts, sql` AND `);
}

/** The importable sales of the filter: a page of them for the screens, all of them for "import all" (no window). */
export async function listImportable(db: Executor, me: { codpessoa: number }, f: ImportFilter, window?: RowWindow): Promise<ImportableSale[]> {
  return (await rowsOf(db, importable(importWhere(me, f), window))).map(toSale);
}

/** How many sales of the filter can be imported (the total of the pages). */
export async function countImportable(db: Executor, me: { codpessoa: number }, f: ImportFilter): Promise<number> {
  const [row] = await rowsOf(db, sql`SELECT count(*)::int AS n ${IMPORTABLE_FROM} WHERE l.tipo = 'sale' AND l.codpessoa IS NOT NULL AND ${importWhere(me, f)}`);
  return Number(row?.n ?? 0);
}

/** The chosen operator sales that may still be imported (in scope, still without a customer line). */
export async function importableByLine(db: Executor, me: { codpessoa: number }, codlinhas: readonly number[]): Promise<ImportableSale[]> {
  if (!codlinhas.length) return [];
  return (await rowsOf(db, importable(sql`l.codpessoa IN ${subtreeOf(me.codpessoa)} AND l.codlinha = ANY(${`{${codlinhas.join(',')}}`}::bigint[])`)))
    .map(toSale);
}

/** Receives one customer file per unit with the sales; answers how many sales were sent. */
export async function importSales(ingestion: Ingestion, codusuario: number, sales: readonly ImportableSale[]): Promise<number> {
  const byUnit = new Map<number, ImportableSale[]>();
  for (const s of sales) byUnit.set(s.codpessoa, [...(byUnit.get(s.codpessoa) ?? []), s]);
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  for (const [codpessoa, list] of byUnit) {
    const csv = ticketsCsv(list.map((s) => ({
      datavenda: s.datavenda, hora: s.hora, nsu: s.nsu, tid: s.tid, autorizacao: s.autorizacao, terminal: s.terminal, parcelas: s.parcela,
      valor: s.valor, bandeira: s.bandeira, produto: s.produto, estabelecimento: s.codexterno, operadora: s.operadora,
    })));
    await ingestion.receive({
      source: new TextEncoder().encode(csv), name: `importacao-tickets-${codpessoa}-${stamp}.csv`, origem: 'IMPORTACAO', codpessoa, codusuario,
    });
  }
  return sales.length;
}
