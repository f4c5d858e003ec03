import { type Db, subtreeWithin } from '@concilia/db';
import {
  addDays, DASHBOARD_TIPOS, MSG, type DashboardFilter, type DashboardIndicadores, type DashboardPie, type DashboardResult,
} from '@concilia/domain';
import { type SQL, sql } from 'drizzle-orm';
import { naoCreditado } from '../bank/conferencia-bancaria.source';

/**
 * getDashBoard's figures, from the daily summaries only (resumo_vendas_dia, resumo_pagamentos_dia): a month of
 * a tenant is a few thousand summary rows whatever the number of lines, so the dashboard stays fast at ten
 * million sales. Each summary is read once per call, all groupings at once (GROUPING SETS).
 *
 * VENDA: gross by operator, product kind, sale day and hour; average ticket = gross / sales; average rate =
 * fees / gross. PAGAMENTO: expected net by operator, kind and expected date (payments have no hour); average
 * ticket = expected / installments; average rate = (gross − net) / gross of the installments whose gross is
 * known. The key figures are the window's sales plus its overdue payments, whatever the record kind, and the
 * settlements of the window the bank check found not credited (conciliacoes_bancarias, a small table).
 */

type Executor = Pick<Db, 'execute'>;
type Row = Record<string, unknown>;
const rowsOf = async (db: Executor, q: SQL) => ((await db.execute(q)) as unknown as { rows: Row[] }).rows;
const n = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

/** A ratio as a percentage with two decimals; 0 when there is nothing to divide by. */
const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 100 : 0);

/** Which summary rows the caller sees: `escopo` is the set of persons (units or clients) to read. */
export type DashboardQuery = DashboardFilter & { escopo: SQL };

/** The persons of a user's subtree, or of `empresa` inside it. */
export const dashboardScope = (codpessoaUsuario: number, empresa: number | null): SQL => subtreeWithin(codpessoaUsuario, empresa);

/**
 * grouping() bits of the sets below: the column is rolled up when its bit is 1 (operator 8, kind 4, day 2, hour 1;
 * payments have no hour, so theirs is always rolled up).
 */
const GRUPO = { operadora: 0b0111, tipo: 0b1011, dia: 0b1101, hora: 0b1110, total: 0b1111 } as const;

const salesRows = (db: Executor, q: DashboardQuery, detalhe: boolean) => rowsOf(db, sql`
  SELECT ${detalhe ? sql`grouping(o.nome, r.tipo, r.data, r.hora) AS g, o.nome AS operadora, r.tipo, r.data::text AS data, r.hora,` : sql.raw(`${GRUPO.total} AS g,`)}
         sum(r.quantidade)::bigint AS quantidade, sum(r.bruto)::bigint AS valor, sum(r.bruto)::bigint AS bruto,
         sum(r.taxa)::bigint AS taxa, sum(r.liquido)::bigint AS liquido, sum(r.conciliadas)::bigint AS conciliadas,
         sum(r.sobretaxa)::bigint AS sobretaxa
  FROM resumo_vendas_dia r JOIN operadoras o ON o.codoperadora = r.codoperadora
  WHERE r.data BETWEEN ${q.de}::date AND ${q.ate}::date AND r.codpessoa IN ${q.escopo}
  ${detalhe ? sql`GROUP BY GROUPING SETS ((o.nome), (r.tipo), (r.data), (r.hora), ())` : sql``}`);

const paymentRows = (db: Executor, q: DashboardQuery, detalhe: boolean) => rowsOf(db, sql`
  SELECT ${detalhe ? sql`(grouping(o.nome, r.tipo, r.data) << 1) | 1 AS g, o.nome AS operadora, r.tipo, r.data::text AS data,` : sql.raw(`${GRUPO.total} AS g,`)}
         sum(r.parcelas)::bigint AS quantidade, sum(r.previsto)::bigint AS valor, sum(r.brutoprevisto)::bigint AS bruto,
         sum(r.taxaprevista)::bigint AS taxa, sum(r.emaberto)::bigint AS emaberto,
         sum(r.parcelasemaberto)::bigint AS parcelasemaberto
  FROM resumo_pagamentos_dia r JOIN operadoras o ON o.codoperadora = r.codoperadora
  WHERE r.data BETWEEN ${q.de}::date AND ${q.ate}::date AND r.codpessoa IN ${q.escopo}
  ${detalhe ? sql`GROUP BY GROUPING SETS ((o.nome), (r.tipo), (r.data), ())` : sql``}`);

/** Pie points, largest first; the largest is drawn pulled out and selected (the spec's sliced/selected). */
function pie(rows: Row[], name: (r: Row) => string): DashboardPie[] {
  return rows
    .map((r) => ({ name: name(r), y: n(r.valor) }))
    .filter((p) => p.y !== 0)
    .sort((a, b) => b.y - a.y || a.name.localeCompare(b.name))
    .map((p, i) => ({ ...p, sliced: i === 0, selected: i === 0 }));
}

/** Every day of the window (zeros where nothing happened), so the line keeps its time axis. */
function days(de: string, ate: string): string[] {
  const out: string[] = [];
  for (let d = de; d <= ate; d = addDays(d, 1)) out.push(d);
  return out;
}

const HOURS = Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0'));

export async function dashboard(db: Executor, q: DashboardQuery): Promise<DashboardResult> {
  const vendas = q.registro === 'VENDA';
  const [sales, payments, missing] = await Promise.all([salesRows(db, q, vendas), paymentRows(db, q, !vendas), naoCreditado(db, q)]);
  const main = vendas ? sales : payments;
  const group = (g: number) => main.filter((r) => Number(r.g) === g);

  const operators = group(GRUPO.operadora).sort((a, b) => String(a.operadora).localeCompare(String(b.operadora)));
  const byDay = new Map(group(GRUPO.dia).map((r) => [String(r.data), n(r.valor)]));
  const byHour = new Map(group(GRUPO.hora).map((r) => [String(r.hora).padStart(2, '0'), n(r.valor)]));
  const categoriaVendaDia = byDay.size ? days(q.de, q.ate) : [];
  const categoriaVendaHora = byHour.size ? HOURS : [];

  const s = sales.find((r) => Number(r.g) === GRUPO.total) ?? {};
  const p = payments.find((r) => Number(r.g) === GRUPO.total) ?? {};
  const indicadores: DashboardIndicadores = {
    quantidade: n(s.quantidade),
    bruto: n(s.bruto),
    liquido: n(s.liquido),
    taxa: n(s.taxa),
    taxaPercentual: percent(n(s.taxa), n(s.bruto)),
    conciliadoPercentual: percent(n(s.conciliadas), n(s.quantidade)),
    cobradoAMais: n(s.sobretaxa),
    emAtraso: n(p.emaberto),
    parcelasEmAtraso: n(p.parcelasemaberto),
    naoCreditado: missing,
  };

  return {
    seriesVendaOperadora: pie(operators, (r) => String(r.operadora)),
    seriesVendaTipo: pie(group(GRUPO.tipo), (r) => DASHBOARD_TIPOS[String(r.tipo)] ?? String(r.tipo)),
    categoriaVendaDia,
    seriesVendaDia: categoriaVendaDia.map((d) => byDay.get(d) ?? 0),
    categoriaVendaHora,
    seriesVendaHora: categoriaVendaHora.map((h) => byHour.get(h) ?? 0),
    // average ticket in whole centavos (half away from zero), per operator in name order
    seriesTicketMedio: operators
      .filter((r) => n(r.quantidade) > 0)
      .map((r) => ({ name: String(r.operadora), y: Math.round(n(r.valor) / n(r.quantidade)), sliced: false, selected: false })),
    categoriaTaxaMedia: operators.map((r) => String(r.operadora)),
    seriesTaxaMedia: operators.length ? [{ name: MSG.dashboardTaxaMediaSerie, data: operators.map((r) => percent(n(r.taxa), n(r.bruto))) }] : [],
    indicadores,
  };
}
