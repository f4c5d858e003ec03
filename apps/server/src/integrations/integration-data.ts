import { codigosOperadoraTotvs, type Db, integracoesSoftexpress, parametrosTotvs, subtreeOf } from '@concilia/db';
import type { IntegracaoTipo } from '@concilia/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../features/auth/session.service';
import type { CodigoOperadoraTotvs, LayoutInput, LinhaKind, LinhaMovimento, ParametrosTotvs } from './layouts/layout-types';

/**
 * The movement a schedule's file carries, read set-based: the operator lines of the period (linhas_operadora: sales,
 * payments, adjustments) of the schedule's client — and of its unit and operators when it names them — that the
 * schedule's user may see, with the client's own code of each sale through the reconciliation pair (a payment or an
 * adjustment reaches its sale through pagamentos_previstos). Amounts stay integer centavos.
 */

/** The operator line kinds (linhas_operadora.tipo) of each kind of file line. */
const KINDS: Record<LinhaKind, readonly string[]> = {
  VENDA: ['sale'],
  PAGAMENTO: ['settlement', 'anticipation'],
  AJUSTE: ['adjustment', 'cancellation', 'chargeback'],
};

/** What each layout reads: TOTVS posts money in and out, Ajustes only the corrections, the others everything. */
const LAYOUT_KINDS: Record<IntegracaoTipo, readonly LinhaKind[]> = {
  TOTVS_PROTHEUS: ['PAGAMENTO', 'AJUSTE'],
  AJUSTES: ['AJUSTE'],
  MOVIMENTO_CSV: ['VENDA', 'PAGAMENTO', 'AJUSTE'],
  SOFTEXPRESS: ['VENDA', 'PAGAMENTO', 'AJUSTE'],
};

export type Escopo = {
  tipo: IntegracaoTipo;
  codpessoa: number;
  unidadeconciliadora: number | null;
  codoperadora: number | null;
  conciliadores: readonly number[];
  somenteajuste: boolean;
};

const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? r : (r as { rows: T[] }).rows);

function operatorFilter(e: Escopo): SQL {
  if (e.conciliadores.length) return sql`AND l.codoperadora IN (${sql.join(e.conciliadores.map((c) => sql`${c}`), sql`, `)})`;
  return e.codoperadora == null ? sql`` : sql`AND l.codoperadora = ${e.codoperadora}`;
}

/** The period's lines, in the order every layout writes them: day, operator, kind (sale, payment, adjustment), line. */
export async function readMovement(db: Db, me: SessionUser, e: Escopo, de: string, ate: string): Promise<LinhaMovimento[]> {
  const kinds = e.somenteajuste ? (['AJUSTE'] as const) : LAYOUT_KINDS[e.tipo];
  const tipos = kinds.flatMap((k) => KINDS[k]);
  const kindOf = sql.raw(`CASE ${(Object.entries(KINDS) as [LinhaKind, readonly string[]][])
    .map(([k, ts]) => `WHEN d.tipo IN (${ts.map((x) => `'${x}'`).join(', ')}) THEN '${k}'`).join(' ')} END`);
  const rows = rowsOf<Record<string, unknown>>(await db.execute(sql`
    WITH dia AS (
      SELECT l.* FROM linhas_operadora l
      WHERE l.data BETWEEN ${de}::date AND ${ate}::date
        AND l.tipo IN (${sql.join(tipos.map((x) => sql`${x}`), sql`, `)})
        AND l.codpessoa IN ${subtreeOf(e.codpessoa)}
        AND l.codpessoa IN ${subtreeOf(me.codpessoa)}
        ${e.unidadeconciliadora == null ? sql`` : sql`AND l.codpessoa IN ${subtreeOf(e.unidadeconciliadora)}`}
        ${operatorFilter(e)}
    ),
    ref AS (
      SELECT DISTINCT ON (x.linha) x.linha, x.venda FROM (
        SELECT d.codlinha AS linha, p.codlinha AS venda, p.codpagamento FROM dia d JOIN pagamentos_previstos p ON p.codlinhapagamento = d.codlinha
        UNION ALL
        SELECT d.codlinha, p.codlinha, p.codpagamento FROM dia d JOIN pagamentos_previstos p ON p.codlinhaajuste = d.codlinha
      ) x
      ORDER BY x.linha, x.codpagamento
    )
    SELECT ${kindOf} AS kind, d.tipo, d.data::text AS data, d.codoperadora, o.nome AS operadora, d.estabelecimento, d.codpessoa, u.nome AS unidade,
      d.nsu, d.autorizacao, d.datavenda::text AS datavenda, d.parcela, d.totparcelas, coalesce(d.bandeiranome, d.bandeira) AS bandeira,
      coalesce(d.produtonome, d.produto) AS produto, coalesce(d.valorbruto, d.valorliquido) AS valorbruto, coalesce(d.valortaxa, 0) AS valortaxa,
      d.valorliquido, coalesce(d.motivonome, d.motivo) AS motivo, lc.codexterno AS codexternocliente, (cv.codconciliacao IS NOT NULL) AS conciliada
    FROM dia d
    JOIN operadoras o ON o.codoperadora = d.codoperadora
    LEFT JOIN pessoas u ON u.codpessoa = d.codpessoa
    LEFT JOIN ref ON ref.linha = d.codlinha
    LEFT JOIN conciliacoes_venda cv ON cv.codlinha = coalesce(ref.venda, d.codlinha)
    LEFT JOIN linhas_cliente lc ON lc.codlinhasarqcli = cv.codlinhasarqcli
    ORDER BY d.data, o.nome, d.codoperadora, CASE ${kindOf} WHEN 'VENDA' THEN 0 WHEN 'PAGAMENTO' THEN 1 ELSE 2 END,
      d.estabelecimento, d.nsu NULLS LAST, d.parcela NULLS FIRST, d.codlinha`));
  const num = (v: unknown) => (v == null ? null : Number(v));
  return rows.map((r) => ({
    kind: r.kind as LinhaKind, tipo: String(r.tipo), data: String(r.data), codoperadora: Number(r.codoperadora), operadora: String(r.operadora),
    estabelecimento: String(r.estabelecimento ?? ''), codpessoa: num(r.codpessoa), unidade: (r.unidade as string | null) ?? null,
    nsu: (r.nsu as string | null) ?? null, autorizacao: (r.autorizacao as string | null) ?? null, datavenda: (r.datavenda as string | null) ?? null,
    parcela: num(r.parcela), totparcelas: num(r.totparcelas), bandeira: (r.bandeira as string | null) ?? null, produto: (r.produto as string | null) ?? null,
    valorbruto: Number(r.valorbruto), valortaxa: Number(r.valortaxa), valorliquido: Number(r.valorliquido), motivo: (r.motivo as string | null) ?? null,
    codexternocliente: (r.codexternocliente as string | null) ?? null, conciliada: r.conciliada === true,
  }));
}

/** The client's ERP codes a layout needs beside the movement: TOTVS parameters and operator codes, SiTef stores. */
export async function readCodes(db: Db, tipo: IntegracaoTipo, codcliente: number): Promise<Pick<LayoutInput, 'totvs' | 'lojas'>> {
  if (tipo === 'TOTVS_PROTHEUS') {
    const [p] = await db.select().from(parametrosTotvs).where(eq(parametrosTotvs.codpessoa, codcliente));
    const codes = await db.select().from(codigosOperadoraTotvs).where(eq(codigosOperadoraTotvs.codpessoa, codcliente));
    const parametros: ParametrosTotvs | null = p ? (({ codparametrototvs: _id, codpessoa: _p, ...rest }) => rest)(p) : null;
    return {
      totvs: {
        parametros,
        codigos: new Map<number, CodigoOperadoraTotvs>(codes.map((c) => [c.codoperadora, { codclifor: c.codclifor, loja: c.loja, natureza: c.natureza }])),
      },
    };
  }
  if (tipo === 'SOFTEXPRESS') {
    // a store registered to the client itself covers its units without one of their own
    const stores = await db.select({ codpessoa: integracoesSoftexpress.codpessoa, codigoloja: integracoesSoftexpress.codigoloja }).from(integracoesSoftexpress)
      .where(and(eq(integracoesSoftexpress.ativo, true), sql`${integracoesSoftexpress.codpessoa} IN ${subtreeOf(codcliente)}`))
      .orderBy(integracoesSoftexpress.codintegracaosoftexpress);
    const lojas = new Map<number, string>();
    for (const s of stores) if (!lojas.has(s.codpessoa)) lojas.set(s.codpessoa, s.codigoloja);
    const own = lojas.get(codcliente);
    if (own) {
      const units = rowsOf<{ codpessoa: number }>(await db.execute(sql`SELECT codpessoa FROM pessoas WHERE codpessoapai = ${codcliente}`));
      for (const u of units) if (!lojas.has(Number(u.codpessoa))) lojas.set(Number(u.codpessoa), own);
    }
    return { lojas };
  }
  return {};
}
