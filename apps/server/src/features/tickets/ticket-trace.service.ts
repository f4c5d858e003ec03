import { subtreeOf } from '@concilia/db';
import {
  isGiven, PAYMENT_RESULTS, type PaymentResult, SALE_RESULTS, type SaleResult, type TicketTipo, type TicketTrace, type TraceLine,
} from '@concilia/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from './ticket-search.service';

/**
 * Rastreabilidade do Ticket (spec part 1 "File and ticket screens" 6, §3 "Ticket detail groups", "trace columns"):
 * everything known about one sale, on both sides. The ticket is found by its keys (or its row), its pair on the
 * other side joins it, and from the operator sales come what the payment reconciliation tied to them: the
 * expected payments (pagamento), the settlement and Pix lines that paid them (liquidacao), the forecasts
 * (previsao), the anticipations (antecipado) and the cancellations/chargebacks (cancelado, with the customer
 * lines whose sale was cancelled). Customer lines are split into cliente, clienteIntegrador (file origin
 * INTEGRACAO), desconsiderado. The marketplace group holds the operator lines of the sale that carry a platform's
 * ids (Mercado Pago, Pagar.me: sub-seller, payment, order, item), and the lines of other files naming the same
 * payment id (a Pagar.me payable of the same charge). Every line is within the caller's hierarchy.
 */

export type { TicketTrace, TraceLine };

export interface TicketKeys {
  tid?: string | null;
  nsu?: string | null;
  autorizacao?: string | null;
  datavenda?: string | null;
  nossonumero?: string | null;
  tipo?: TicketTipo | null;
  codexterno?: string | null;
  codoperadora?: number | null;
  codpessoa?: number | null;
  /** the row key of the search ('A-…' / 'C-…'): the exact line, when the screen has it */
  id?: string | null;
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

function toLine(r: Record<string, unknown>): TraceLine {
  return {
    id: String(r.id), codarquivo: Number(r.codarquivo), tipo: str(r.tipo), nomearquivo: str(r.nomearquivo), statusArquivo: str(r.statusarquivo),
    datarecebimento: iso(r.datarecebimento), datapagamento: str(r.datapagamento), dataprevistapagamento: str(r.dataprevistapagamento),
    datavenda: str(r.datavenda), datatransacao: str(r.datatransacao), valorbruto: num(r.valorbruto), valorliquidopago: num(r.valorliquidopago),
    outroscreditos: num(r.outroscreditos), outrosdebitos: num(r.outrosdebitos), parcela: num(r.parcela), totparcelas: num(r.totparcelas),
    status: str(r.status), meiocaptura: str(r.meiocaptura), produto: str(r.produto), bandeira: str(r.bandeira), numterminal: str(r.numterminal),
    nsu: str(r.nsu), autorizacao: str(r.autorizacao), tid: str(r.tid), nossonumero: str(r.nossonumero), resultado: str(r.resultado),
    codlinhasarqcli: num(r.codlinhasarqcli), desconsiderado: r.desconsiderado === true,
    sellerId: str(r.mktvendedor), paymentId: str(r.mktpagamento), orderId: str(r.mktpedido), itemId: str(r.mktitem),
  };
}

const ids = (rows: Record<string, unknown>[], key: string) => [...new Set(rows.map((r) => Number(r[key])).filter((n) => Number.isFinite(n) && n > 0))];
const idArray = (list: number[]) => sql`${`{${list.join(',')}}`}::bigint[]`;

/** Key conditions on a line (alias l) as the trace keys give them: only the keys that are given restrict. */
function keyConditions(k: TicketKeys, side: 'o' | 'c'): SQL[] {
  const parts: SQL[] = [];
  if (k.nsu?.trim()) parts.push(sql`ltrim(l.nsu, '0') = ltrim(${k.nsu.trim()}, '0')`);
  if (k.autorizacao?.trim()) parts.push(sql`ltrim(l.autorizacao, '0') = ltrim(${k.autorizacao.trim()}, '0')`);
  if (k.tid?.trim()) parts.push(sql`l.tid = ${k.tid.trim()}`);
  if (k.datavenda?.trim()) parts.push(side === 'o' ? sql`l.data = ${k.datavenda}::date` : sql`l.datavenda = ${k.datavenda}::date`);
  if (isGiven(k.codoperadora)) parts.push(sql`l.codoperadora = ${k.codoperadora}`);
  if (isGiven(k.codpessoa)) parts.push(sql`l.codpessoa IN ${subtreeOf(k.codpessoa)}`);
  if (side === 'c' && k.nossonumero?.trim()) parts.push(sql`l.nossonumero = ${k.nossonumero.trim()}`);
  if (k.codexterno?.trim()) parts.push(side === 'o' ? sql`l.estabelecimento = ${k.codexterno.trim()}` : sql`l.codexterno = ${k.codexterno.trim()}`);
  return parts;
}

/** Operator lines (any kind) as trace rows. */
function operatorLines(where: SQL): SQL {
  return sql`
    SELECT 'A-' || l.codlinha AS id, l.codlinha, NULL::bigint AS codlinhasarqcli, l.tipo AS tipolinha, l.codarquivo, a.tipo, a.nomearquivo,
           a.status AS statusarquivo, a.datarecebimento,
           CASE WHEN l.tipo IN ('settlement', 'anticipation', 'pix') THEN l.data::text END AS datapagamento,
           l.dataprevista::text AS dataprevistapagamento, coalesce(l.datavenda, l.data)::text AS datavenda, l.data::text AS datatransacao,
           l.valorbruto, l.valorliquido AS valorliquidopago,
           CASE WHEN l.tipo = 'adjustment' AND l.valorliquido > 0 THEN l.valorliquido END AS outroscreditos,
           CASE WHEN l.tipo IN ('adjustment', 'cancellation', 'chargeback') AND l.valorliquido < 0 THEN -l.valorliquido END AS outrosdebitos,
           l.parcela, l.totparcelas, coalesce(l.motivonome, l.status) AS status, l.captura AS meiocaptura,
           coalesce(l.produtonome, l.produto) AS produto, coalesce(l.bandeiranome, l.bandeira) AS bandeira, l.terminal AS numterminal,
           l.nsu, l.autorizacao, l.tid, NULL::text AS nossonumero, r.resultado, false AS desconsiderado, l.estabelecimento, l.codoperadora,
           l.mktvendedor, l.mktpagamento, l.mktpedido, l.mktitem
    FROM linhas_operadora l JOIN arquivos a ON a.codarquivo = l.codarquivo
      LEFT JOIN resultado_venda_operadora r ON r.codlinha = l.codlinha
    WHERE ${where}`;
}

function customerLines(where: SQL): SQL {
  return sql`
    SELECT 'C-' || l.codlinhasarqcli AS id, NULL::bigint AS codlinha, l.codlinhasarqcli, l.codarquivo, a.tipo, a.nomearquivo, a.origem,
           a.status AS statusarquivo, a.datarecebimento, NULL::text AS datapagamento, NULL::text AS dataprevistapagamento,
           l.datavenda::text AS datavenda, l.datavenda::text AS datatransacao, l.valor AS valorbruto, NULL::bigint AS valorliquidopago,
           NULL::bigint AS outroscreditos, NULL::bigint AS outrosdebitos, NULL::int AS parcela, l.totparcelas, NULL::text AS status,
           NULL::text AS meiocaptura, l.produto, l.bandeira, l.terminal AS numterminal, l.nsu, l.autorizacao, l.tid, l.nossonumero,
           r.resultado, l.desconsiderado, r.codlinha AS par
    FROM linhas_cliente l JOIN arquivos a ON a.codarquivo = l.codarquivo
      JOIN resultado_venda_cliente r ON r.codlinhasarqcli = l.codlinhasarqcli
    WHERE ${where}`;
}

function withLabels(r: Record<string, unknown>): Record<string, unknown> {
  const resultado = r.resultado as SaleResult | null;
  return { ...r, resultado: resultado ? SALE_RESULTS[resultado] ?? resultado : null };
}

export async function traceTicket(db: Executor, me: { codpessoa: number }, k: TicketKeys): Promise<TicketTrace> {
  const scope = sql`l.codpessoa IN ${subtreeOf(me.codpessoa)}`;
  const and = (parts: SQL[]) => sql.join([scope, ...parts], sql` AND `);
  const anchor = /^(A|C)-(\d+)$/.exec(k.id ?? '');
  const customerSide = anchor ? anchor[1] === 'C' : k.tipo === 'C' || k.tipo === 'CU';
  // 1. the ticket itself: by its row, else by its keys (a search without a date or a key would be the whole table)
  let sales: Record<string, unknown>[] = [];
  let customers: Record<string, unknown>[] = [];
  const keyed = keyConditions(k, customerSide ? 'c' : 'o');
  if (!anchor && (!k.datavenda || keyed.length < 2)) return emptyTrace();
  if (customerSide) {
    customers = await rowsOf(db, customerLines(and(anchor ? [sql`l.codlinhasarqcli = ${Number(anchor[2])}`] : keyed)));
  } else {
    sales = await rowsOf(db, operatorLines(and([sql`l.tipo = 'sale'`, ...(anchor ? [sql`l.codlinha = ${Number(anchor[2])}`] : keyed)])));
  }
  // 2. the other side: the pairs, and the customer lines of the same sale that have no pair (disregarded ones)
  const pairedSales = ids(customers, 'par').filter((id) => !ids(sales, 'codlinha').includes(id));
  if (pairedSales.length) sales = [...sales, ...await rowsOf(db, operatorLines(and([sql`l.codlinha = ANY(${idArray(pairedSales)})`])))];
  const saleIds = ids(sales, 'codlinha');
  if (saleIds.length) {
    const known = ids(customers, 'codlinhasarqcli');
    const more = await rowsOf(db, customerLines(and([
      sql`(r.codlinha = ANY(${idArray(saleIds)}) OR (r.codlinha IS NULL AND EXISTS (SELECT 1 FROM linhas_operadora o
        WHERE o.codlinha = ANY(${idArray(saleIds)}) AND o.data = l.datavenda
          AND (ltrim(o.nsu, '0') = ltrim(l.nsu, '0') OR ltrim(o.autorizacao, '0') = ltrim(l.autorizacao, '0')))))`,
      sql`NOT (l.codlinhasarqcli = ANY(${idArray(known)}))`,
    ])));
    customers = [...customers, ...more];
  }
  // 3. what the payment reconciliation tied to the sales
  const payments = saleIds.length ? await rowsOf(db, sql`
    SELECT 'P-' || pp.codpagamento AS id, coalesce(lp.codarquivo, lv.codarquivo) AS codarquivo, a.tipo, a.nomearquivo, a.status AS statusarquivo,
           a.datarecebimento, pp.datapagamento::text AS datapagamento, pp.dataprevista::text AS dataprevistapagamento, pp.datavenda::text AS datavenda,
           pp.datapagamento::text AS datatransacao, pp.valorbrutoprevisto AS valorbruto, pp.valorpago AS valorliquidopago,
           NULL::bigint AS outroscreditos, pp.custoantecipacao AS outrosdebitos, pp.parcela, pp.totparcelas, pp.situacao,
           lv.captura AS meiocaptura, coalesce(lv.produtonome, pp.produto) AS produto, coalesce(lv.bandeiranome, pp.bandeira) AS bandeira,
           lv.terminal AS numterminal, pp.nsu, lv.autorizacao, lv.tid, NULL::text AS nossonumero, pp.codlinhaprevisao, pp.codlinhapagamento,
           pp.codlinhaajuste, false AS desconsiderado
    FROM pagamentos_previstos pp JOIN linhas_operadora lv ON lv.codlinha = pp.codlinha
      LEFT JOIN linhas_operadora lp ON lp.codlinha = pp.codlinhapagamento
      JOIN arquivos a ON a.codarquivo = coalesce(lp.codarquivo, lv.codarquivo)
    WHERE pp.codlinha = ANY(${idArray(saleIds)}) AND pp.codpessoa IN ${subtreeOf(me.codpessoa)}
    ORDER BY pp.parcela`) : [];
  const linked = [...ids(payments, 'codlinhaprevisao'), ...ids(payments, 'codlinhapagamento'), ...ids(payments, 'codlinhaajuste')];
  // forecasts and corrections also name their sale by establishment, NSU and sale date
  const related = saleIds.length ? await rowsOf(db, operatorLines(and([
    sql`l.tipo <> 'sale'`,
    sql`(l.codlinha = ANY(${idArray(linked)}) OR EXISTS (SELECT 1 FROM linhas_operadora s WHERE s.codlinha = ANY(${idArray(saleIds)})
      AND s.codoperadora = l.codoperadora AND s.estabelecimento = l.estabelecimento AND s.nsu = l.nsu AND s.data = l.datavenda
      AND l.tipo IN ('installmentForecast', 'cancellation', 'chargeback')))`,
  ]))) : [];

  // 4. marketplace: the sale's own lines with platform ids, and other lines naming the same payment of the same operator
  const marketIds = [...new Set(sales.map((r) => str(r.mktpagamento)).filter((v): v is string => v !== null))];
  const known = new Set([...saleIds, ...ids(related, 'codlinha')]);
  const samePayment = marketIds.length ? (await rowsOf(db, operatorLines(and([
    sql`l.mktpagamento IN (${sql.join(marketIds.map((v) => sql`${v}`), sql`, `)})`,
    sql`l.codoperadora IN (SELECT s.codoperadora FROM linhas_operadora s WHERE s.codlinha = ANY(${idArray(saleIds)}))`,
  ])))).filter((r) => !known.has(Number(r.codlinha))) : [];
  const marketplace = [...sales, ...related, ...samePayment].filter((r) => r.mktpagamento !== null || r.mktpedido !== null || r.mktvendedor !== null);

  const lines = (rows: Record<string, unknown>[]) => rows.map((r) => toLine(withLabels(r)));
  const ofKind = (...kinds: string[]) => related.filter((r) => kinds.includes(String(r.tipolinha)));
  const cancelled = (r: Record<string, unknown>) => r.resultado === 'cancelado' || r.resultado === 'chargeback';
  return {
    pagamento: payments.map((r) => toLine({ ...r, status: PAYMENT_RESULTS[r.situacao as PaymentResult] ?? r.situacao, resultado: null })),
    liquidacao: lines(ofKind('settlement', 'pix', 'adjustment')),
    venda: lines(sales),
    previsao: lines(ofKind('installmentForecast')),
    antecipado: lines(ofKind('anticipation')),
    cliente: lines(customers.filter((r) => !r.desconsiderado && !cancelled(r) && r.origem !== 'INTEGRACAO')),
    clienteIntegrador: lines(customers.filter((r) => !r.desconsiderado && !cancelled(r) && r.origem === 'INTEGRACAO')),
    desconsiderado: lines(customers.filter((r) => r.desconsiderado)),
    cancelado: [...lines(customers.filter((r) => !r.desconsiderado && cancelled(r))), ...lines(ofKind('cancellation', 'chargeback'))],
    marketplace: lines(marketplace),
  };
}

function emptyTrace(): TicketTrace {
  return {
    pagamento: [], liquidacao: [], venda: [], previsao: [], antecipado: [], cliente: [], clienteIntegrador: [], desconsiderado: [],
    cancelado: [], marketplace: [],
  };
}
