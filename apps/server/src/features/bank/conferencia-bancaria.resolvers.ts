import { subtreeOf } from '@concilia/db';
import { CONTAS_CONFERENCIA_OPTIONS, conferenciaBancariaScreen, isGiven, MSG, RESULTADOS_CONFERENCIA } from '@concilia/domain';
import { type SQL, sql } from 'drizzle-orm';
import { builder } from '../../graphql/builder';
import type { Ctx } from '../../graphql/context';
import { CentavosScalar } from '../../register-kit/centavos-scalar';
import { requirePage } from '../auth/require-page';
import { OptionItemRef, toOptions } from '../options/option-item';
import { conferenciaScope } from './conferencia-bancaria.source';

/**
 * Conferência Bancária's calls beyond the kit's list screen (conferencia-bancaria.source.ts): the Conta filter's
 * option list and the trace of a settlement ('Rastrear'): the sales it paid → their forecasts → the settlement →
 * the bank posting that credited it. Both answer only the caller's part of the hierarchy.
 */

void CentavosScalar;

/** The steps of a trace, in the order money travels. */
export const ETAPAS_RASTREIO = ['VENDA', 'PREVISAO', 'LIQUIDACAO', 'BANCO'] as const;
export type RastreioPasso = {
  id: string;
  etapa: (typeof ETAPAS_RASTREIO)[number];
  titulo: string;
  data: string | null;
  valor: number | null;
  arquivo: string | null;
  detalhe: string | null;
};
export type RastreioBancario = { resultado: string | null; resultadoLabel: string | null; diferenca: number | null; passos: RastreioPasso[] };

/** Sales shown of one settlement at most (a settlement may pay a month of a busy shop's sales). */
export const RASTREIO_MAX_VENDAS = 500;

type Row = Record<string, unknown>;
const rowsOf = async (ctx: Ctx, q: SQL) => ((await ctx.db.execute(q)) as unknown as { rows: Row[] }).rows;
const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const ids = (rows: Row[], key: string) => [...new Set(rows.map((r) => Number(r[key])).filter((n) => Number.isFinite(n) && n > 0))];
const idArray = (list: number[]) => sql`${`{${list.join(',')}}`}::bigint[]`;

const passo = (etapa: RastreioPasso['etapa'], titulo: string) => (r: Row): RastreioPasso => ({
  id: `${etapa}-${String(r.id)}`, etapa, titulo, data: str(r.data), valor: num(r.valor), arquivo: str(r.arquivo), detalhe: str(r.detalhe),
});

export async function rastrear(ctx: Ctx, me: { codpessoa: number }, key: { codlinha?: number | null; codlinhabanco?: number | null }): Promise<RastreioBancario> {
  const empty: RastreioBancario = { resultado: null, resultadoLabel: null, diferenca: null, passos: [] };
  const by = isGiven(key.codlinha) ? sql`cb.codlinha = ${Number(key.codlinha)}` : isGiven(key.codlinhabanco) ? sql`cb.codlinhabanco = ${Number(key.codlinhabanco)}` : null;
  if (!by) return empty;
  // the pair asked for, then every row of its group the caller may see (a credit for several settlements)
  const group = await rowsOf(ctx, sql`
    SELECT cb.codlinha, cb.codlinhabanco, cb.resultado, cb.diferenca
    FROM conciliacoes_bancarias cb LEFT JOIN linhas_operadora l ON l.codlinha = cb.codlinha LEFT JOIN linhas_banco b ON b.codlinhabanco = cb.codlinhabanco
    WHERE ${conferenciaScope(me)} AND cb.grupo IN (
      SELECT cb.grupo FROM conciliacoes_bancarias cb LEFT JOIN linhas_operadora l ON l.codlinha = cb.codlinha
        LEFT JOIN linhas_banco b ON b.codlinhabanco = cb.codlinhabanco
      WHERE ${by} AND ${conferenciaScope(me)})
    ORDER BY cb.codconciliacaobancaria`);
  if (!group.length) return empty;
  const settlements = ids(group, 'codlinha');
  const postings = ids(group, 'codlinhabanco');
  const scope = sql`IN ${subtreeOf(me.codpessoa)}`;
  const sales = settlements.length ? await rowsOf(ctx, sql`
    SELECT pp.codpagamento AS id, to_char(coalesce(lv.datavenda, lv.data), 'YYYY-MM-DD') AS data, lv.valorbruto AS valor, av.nomearquivo AS arquivo,
           concat_ws(' · ', 'NSU ' || lv.nsu, pp.parcela || '/' || pp.totparcelas) AS detalhe,
           to_char(pp.dataprevista, 'YYYY-MM-DD') AS dataprevista, pp.valorprevisto, af.nomearquivo AS arquivoprevisao
    FROM pagamentos_previstos pp JOIN linhas_operadora lv ON lv.codlinha = pp.codlinha
      LEFT JOIN arquivos av ON av.codarquivo = lv.codarquivo
      LEFT JOIN linhas_operadora lf ON lf.codlinha = pp.codlinhaprevisao
      LEFT JOIN arquivos af ON af.codarquivo = lf.codarquivo
    WHERE pp.codlinhapagamento = ANY(${idArray(settlements)}) AND pp.codpessoa ${scope}
    ORDER BY lv.data, pp.codpagamento LIMIT ${RASTREIO_MAX_VENDAS}`) : [];
  const paid = settlements.length ? await rowsOf(ctx, sql`
    SELECT l.codlinha AS id, to_char(l.data, 'YYYY-MM-DD') AS data, l.valorliquido AS valor, a.nomearquivo AS arquivo,
           concat_ws(' · ', o.nome, l.estabelecimento) AS detalhe
    FROM linhas_operadora l LEFT JOIN arquivos a ON a.codarquivo = l.codarquivo LEFT JOIN operadoras o ON o.codoperadora = l.codoperadora
    WHERE l.codlinha = ANY(${idArray(settlements)}) ORDER BY l.data, l.codlinha`) : [];
  const bank = postings.length ? await rowsOf(ctx, sql`
    SELECT b.codlinhabanco AS id, to_char(b.data, 'YYYY-MM-DD') AS data, CASE WHEN b.natureza = 'D' THEN -b.valor ELSE b.valor END AS valor,
           a.nomearquivo AS arquivo, concat_ws(' · ', c.banco || ' / ' || c.agencia || ' / ' || c.conta, b.historico) AS detalhe
    FROM linhas_banco b LEFT JOIN arquivos a ON a.codarquivo = b.codarquivo LEFT JOIN contas_bancarias c ON c.codcontabancaria = b.codcontabancaria
    WHERE b.codlinhabanco = ANY(${idArray(postings)}) ORDER BY b.data, b.codlinhabanco`) : [];
  const first = group.find((r) => (isGiven(key.codlinha) ? Number(r.codlinha) === Number(key.codlinha) : Number(r.codlinhabanco) === Number(key.codlinhabanco))) ?? group[0]!;
  const resultado = String(first.resultado);
  return {
    resultado,
    resultadoLabel: RESULTADOS_CONFERENCIA.find((r) => r.valor === resultado)?.label ?? resultado,
    diferenca: num(first.diferenca),
    passos: [
      ...sales.map(passo('VENDA', MSG.conferenciaPassoVenda)),
      ...sales.map((r) => passo('PREVISAO', MSG.conferenciaPassoPrevisao)({
        id: r.id, data: r.dataprevista, valor: r.valorprevisto, arquivo: r.arquivoprevisao, detalhe: r.detalhe,
      })),
      ...paid.map(passo('LIQUIDACAO', MSG.conferenciaPassoLiquidacao)),
      ...bank.map(passo('BANCO', MSG.conferenciaPassoBanco)),
    ],
  };
}

const PassoRef = builder.objectRef<RastreioPasso>('RastreioBancarioPasso').implement({
  description: 'One step of a settlement trace: a sale, its forecast, the settlement, or the bank posting.',
  fields: (t) => ({
    id: t.exposeString('id'),
    etapa: t.exposeString('etapa', { description: 'VENDA, PREVISAO, LIQUIDACAO or BANCO' }),
    titulo: t.exposeString('titulo'),
    data: t.exposeString('data', { nullable: true, description: 'YYYY-MM-DD: sale date, expected date, settlement date, posting date' }),
    valor: t.expose('valor', { type: 'Centavos', nullable: true, description: 'Gross of a sale, expected net, settled net, posted amount (debits negative)' }),
    arquivo: t.exposeString('arquivo', { nullable: true, description: 'The name of the file the step came in' }),
    detalhe: t.exposeString('detalhe', { nullable: true }),
  }),
});

const RastreioRef = builder.objectRef<RastreioBancario>('RastreioBancario').implement({
  description: "A settlement's (or a bank posting's) trace: sales → forecasts → settlement → bank posting, and what the bank check concluded.",
  fields: (t) => ({
    resultado: t.exposeString('resultado', { nullable: true }),
    resultadoLabel: t.exposeString('resultadoLabel', { nullable: true }),
    diferenca: t.expose('diferenca', { type: 'Centavos', nullable: true, description: "Bank less operator of the pair's group, centavos" }),
    passos: t.field({ type: [PassoRef], resolve: (r) => r.passos }),
  }),
});

builder.queryField('getRastreioConferenciaBancaria', (t) =>
  t.field({
    type: RastreioRef,
    description: "Rastrear (Conferência Bancária): the trace of an operator settlement (codlinha) or a bank posting (codlinhabanco) in the caller's part of the hierarchy; empty when it is not the caller's.",
    args: { codlinha: t.arg.int(), codlinhabanco: t.arg.int() },
    resolve: async (_r, args, ctx) => {
      const me = await requirePage(ctx, conferenciaBancariaScreen.page);
      return rastrear(ctx, me, args);
    },
  }));

builder.queryField(CONTAS_CONFERENCIA_OPTIONS, (t) =>
  t.field({
    type: [OptionItemRef],
    description: "The bank accounts of the caller's part of the hierarchy (Conferência Bancária's Conta filter): valor = codcontabancaria.",
    resolve: async (_r, _a, ctx) => {
      const me = await ctx.requireUser();
      const rows = await rowsOf(ctx, sql`SELECT codcontabancaria, banco, agencia, conta, digito, descricao FROM contas_bancarias
        WHERE codpessoa IN ${subtreeOf(me.codpessoa)}`);
      return toOptions(rows, (r) => Number(r.codcontabancaria), (r) =>
        `${String(r.banco)} / ${String(r.agencia)} / ${String(r.conta)}${r.digito ? `-${String(r.digito)}` : ''}${r.descricao ? ` · ${String(r.descricao)}` : ''}`);
    },
  }));
