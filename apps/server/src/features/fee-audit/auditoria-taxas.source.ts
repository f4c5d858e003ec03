import { isUnder, subtreeOf } from '@concilia/db';
import { auditoriaTaxasScreen, type Bucket, isGiven, rateText, SITUACOES_AUDITORIA } from '@concilia/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../auth/session.service';
import { offerDownload } from '../../downloads/download-store';
import { writeXlsx, XLSX_CONTENT_TYPE, type XlsxColumn } from '../../downloads/xlsx-writer';
import type { Ctx } from '../../graphql/context';
import { DEFAULT_FEE_TOLERANCE_CENTAVOS } from '../../reconcile/fee-audit';
import { overchargeTotals } from '../../reconcile/fee-audit.report';
import type { RowWindow } from '../../register-kit/list-page';
import type { RegisterEntry, Row } from '../../register-kit/register-entry';

/**
 * Auditoria de Taxas: the fee audit's rows (auditoria_taxas, rebuilt by the reconciliation and by every change
 * of a plan) with the sale and the rate that priced it, in the caller's part of the hierarchy. The window is the
 * sale date (the kit has checked it: both ends, at most one month).
 */

type Db = Ctx['db'];

function whereOf(me: SessionUser, f: Row): SQL {
  const parts: SQL[] = [
    sql`a.codpessoa IN ${subtreeOf(me.codpessoa)}`,
    sql`a.datavenda BETWEEN ${String(f.de)}::date AND ${String(f.ate)}::date`,
  ];
  // a client narrows to its units, a unit to itself
  if (isGiven(f.codpessoa)) parts.push(sql`a.codpessoa IN ${subtreeOf(Number(f.codpessoa))}`);
  if (isGiven(f.codoperadora)) parts.push(sql`a.codoperadora = ${Number(f.codoperadora)}`);
  if (isGiven(f.situacao)) parts.push(sql`a.situacao = ${String(f.situacao)}`);
  return sql.join(parts, sql` AND `);
}

const ROWS = (where: SQL) => sql`
  SELECT a.codlinha, to_char(a.datavenda, 'YYYY-MM-DD') AS datavenda, p.nome AS unidade, a.codoperadora, o.nome AS operadora,
         l.estabelecimento, l.nsu, coalesce(pr.nome, l.produtonome, l.produto) AS produto,
         greatest(coalesce(l.totparcelas, 1), 1)::int AS parcelas, l.valorbruto::text AS valorbruto,
         a.taxacobrada::text AS taxacobrada, a.taxacontratada::text AS taxacontratada, a.diferenca::text AS diferenca, a.situacao,
         CASE WHEN l.valorbruto > 0 THEN round(a.taxacobrada * 100.0 / l.valorbruto, 4)::text END AS percentualcobrado,
         CASE WHEN l.valorbruto > 0 AND a.taxacontratada IS NOT NULL THEN round(a.taxacontratada * 100.0 / l.valorbruto, 4)::text END AS percentualcontratado,
         pl.nome AS plano, t.tipotaxa, t.taxa::text AS taxa, t.valortaxa::text AS valortaxa, t.de, t.ate,
         t.valorde::text AS valorde, t.valorate::text AS valorate, t.taxabndes, t.bincartao
  FROM auditoria_taxas a
  JOIN linhas_operadora l ON l.codlinha = a.codlinha
  JOIN operadoras o ON o.codoperadora = a.codoperadora
  LEFT JOIN pessoas p ON p.codpessoa = a.codpessoa
  LEFT JOIN produtos pr ON pr.codprodutos = a.codprodutos
  LEFT JOIN planos_conciliadores_taxas t ON t.codplanosconciliadorestaxas = a.codplanosconciliadorestaxas
  LEFT JOIN planos_conciliadores pl ON pl.codplanosconciliadores = t.codplanosconciliadores
  WHERE ${where}`;

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** A row as the screen shows it: amounts in centavos, rates in percent, the rate that applied in words. */
function asRow(r: Row): Row {
  const regra = r.plano == null ? null : `${String(r.plano)}: ${rateText({
    tipotaxa: String(r.tipotaxa), taxa: num(r.taxa), valortaxa: num(r.valortaxa), de: Number(r.de), ate: Number(r.ate),
    valorde: num(r.valorde), valorate: num(r.valorate), taxabndes: r.taxabndes as boolean,
  })}${r.bincartao ? ` · BIN ${String(r.bincartao)}` : ''}`;
  return {
    codlinha: Number(r.codlinha), datavenda: r.datavenda, unidade: r.unidade, codoperadora: Number(r.codoperadora), operadora: r.operadora,
    estabelecimento: r.estabelecimento, nsu: r.nsu, produto: r.produto, parcelas: Number(r.parcelas), valorbruto: num(r.valorbruto),
    taxacobrada: num(r.taxacobrada), percentualcobrado: num(r.percentualcobrado), taxacontratada: num(r.taxacontratada),
    percentualcontratado: num(r.percentualcontratado), diferenca: num(r.diferenca), situacao: r.situacao, regra,
  };
}

async function rowsOf(db: Db, me: SessionUser, f: Row, window?: RowWindow): Promise<Row[]> {
  const page = window ? sql` OFFSET ${window.offset} LIMIT ${window.limit}` : sql``;
  const res = (await db.execute(sql`${ROWS(whereOf(me, f))} ORDER BY a.datavenda, a.codlinha${page}`)) as unknown as { rows: Row[] };
  return res.rows.map(asRow);
}

async function buckets(db: Db, me: SessionUser, f: Row): Promise<Bucket[]> {
  const { situacao: _card, ...rest } = f;
  const res = (await db.execute(sql`
    SELECT a.situacao, count(*)::int AS n, coalesce(sum(a.diferenca), 0)::text AS total
    FROM auditoria_taxas a WHERE ${whereOf(me, rest)} GROUP BY a.situacao`)) as unknown as { rows: { situacao: string; n: number; total: string }[] };
  return SITUACOES_AUDITORIA.map((s) => {
    const r = res.rows.find((x) => x.situacao === s.valor);
    return { valor: s.valor, label: s.label, quantidade: Number(r?.n ?? 0), total: Number(r?.total ?? 0) };
  });
}

const F = auditoriaTaxasScreen.fields;
const col = (key: keyof typeof F, kind: XlsxColumn['kind'], width?: number): XlsxColumn => ({ key, header: F[key].label, kind, width });

/** The sales sheet: every row of the filter; the totals sheet: what can be claimed per operator, unit and month. */
async function spreadsheet(ctx: Ctx, f: Row, me: SessionUser): Promise<string> {
  const rows: Row[] = (await rowsOf(ctx.db, me, f)).map((r) => ({ ...r, codoperadora: r.operadora }));
  // the totals of the unit or client filtered, when the caller may see it (never a person outside its part)
  const under = isGiven(f.codpessoa) ? Number(f.codpessoa) : me.codpessoa;
  const seen = (await ctx.db.execute(sql`SELECT 1 AS ok WHERE ${isUnder(under, me.codpessoa)}`)) as unknown as { rows: unknown[] };
  const totals = seen.rows.length
    ? (await overchargeTotals(ctx.db, under, { de: String(f.de), ate: String(f.ate) }, DEFAULT_FEE_TOLERANCE_CENTAVOS))
      .filter((r) => !isGiven(f.codoperadora) || r.codoperadora === Number(f.codoperadora))
    : [];
  const label = (v: unknown) => SITUACOES_AUDITORIA.find((s) => s.valor === v)?.label ?? v;
  const body = await writeXlsx([
    {
      name: 'Vendas',
      columns: [
        col('datavenda', 'date', 12), col('unidade', 'text', 28), col('codoperadora', 'text', 14), col('estabelecimento', 'text', 18),
        col('nsu', 'text', 14), col('produto', 'text', 24), col('parcelas', 'number', 10), col('valorbruto', 'money', 16),
        col('taxacobrada', 'money', 15), col('percentualcobrado', 'percent', 12), col('taxacontratada', 'money', 16),
        col('percentualcontratado', 'percent', 13), col('diferenca', 'money', 14), col('situacao', 'text', 20), col('regra', 'text', 60),
      ],
      rows: rows.map((r) => ({ ...r, situacao: label(r.situacao) })),
      totals: { label: 'Total', keys: ['valorbruto', 'taxacobrada', 'taxacontratada', 'diferenca'] },
    },
    {
      name: 'A recuperar',
      columns: [
        { key: 'mes', header: 'Mês', kind: 'text', width: 10 }, { key: 'operadora', header: 'Operadora', kind: 'text', width: 16 },
        { key: 'unidade', header: 'Unidade', kind: 'text', width: 28 }, { key: 'vendas', header: 'Vendas cobradas a mais', kind: 'number', width: 22 },
        { key: 'valorvendas', header: 'Cobrado a mais em vendas', kind: 'money', width: 24 },
        { key: 'antecipacoes', header: 'Antecipações cobradas a mais', kind: 'number', width: 26 },
        { key: 'valorantecipacoes', header: 'Cobrado a mais em antecipações', kind: 'money', width: 28 },
      ],
      rows: totals,
      totals: { label: 'Total', keys: ['vendas', 'valorvendas', 'antecipacoes', 'valorantecipacoes'] },
    },
  ]);
  return offerDownload(ctx, { fileName: `auditoria-taxas-${String(f.de)}-a-${String(f.ate)}.xlsx`, contentType: XLSX_CONTENT_TYPE, body });
}

export const auditoriaTaxasEntry: RegisterEntry = {
  def: auditoriaTaxasScreen,
  source: {
    list: (ctx, me, f, window) => rowsOf(ctx.db, me, f, window),
    count: async (ctx, me, f) => {
      const res = (await ctx.db.execute(sql`SELECT count(*)::int AS n FROM auditoria_taxas a WHERE ${whereOf(me, f)}`)) as unknown as { rows: { n: number }[] };
      return Number(res.rows[0]?.n ?? 0);
    },
    find: async (ctx, me, key) => {
      const res = (await ctx.db.execute(sql`${ROWS(sql`a.codlinha = ${Number(key.codlinha)} AND a.codpessoa IN ${subtreeOf(me.codpessoa)}`)}`)) as unknown as { rows: Row[] };
      return res.rows[0] ? asRow(res.rows[0]) : null;
    },
  },
  hooks: {
    buckets: (ctx, me, f) => buckets(ctx.db, me, f),
    exportActions: { planilha: spreadsheet },
  },
};
