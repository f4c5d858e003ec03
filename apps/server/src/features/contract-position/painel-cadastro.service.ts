import {
  cadastros, type Db, documentosEstabelecimento, estabelecimentos, operadoras, pessoas, planosConciliadores, planosConciliadoresContrato,
  planosConciliadoresContratoUnidades, planosConciliadoresTaxas, produtos, subtreeOf, type TaxasDeclaradas,
} from '@concilia/db';
import { addDays, addMonths, MSG, posicaoStatusLabel, todayBusiness } from '@concilia/domain';
import { and, asc, desc, eq, inArray, isNull, lte, gte, sql } from 'drizzle-orm';
import { audit } from '../../audit';
import type { Ctx } from '../../graphql/context';
import { AppError } from '../../graphql/errors';
import { queueFeeReaudit } from '../../reconcile/fee-reaudit';
import { createQuickPlan, QUICK_TIERS, quickRates } from '../../registers/planos-conciliadores.hooks';
import type { SessionUser } from '../auth/session.service';
import { positionsOf, recordContractPositions } from './contract-position.service';

/**
 * The registration panel (spec part 2 §7 getPainelCadastro, savePainelCadastroTaxa): where a client's registration
 * stands — each establishment's position and documents — and, per operator, the rates of the client's own plan
 * beside those it declared at sign-up, which the back office turns into plan rates.
 */

/** The five quick tiers in the panel's words (percent; null: no rate). */
export type TaxasCadastro = TaxasDeclaradas;

export type PainelCadastro = {
  codpessoa: number;
  nome: string;
  cnpj: string | null;
  /** the sign-up's state in words, or null for a client registered by hand */
  cadastro: string | null;
  criadoem: string | null;
  taxasDeclaradas: TaxasCadastro | null;
  operadoras: { codoperadora: number; operadora: string; taxasPlano: TaxasCadastro }[];
  estabelecimentos: {
    codestabelecimento: number; codoperadora: number; operadora: string; codexterno: string; unidade: string;
    status: string; statusDescricao: string; documentos: number; pendentes: number;
  }[];
};

/** panel field → quick-insert value (createQuickPlan / quickRates) */
const TIER_OF = { debito: 'taxaDebito', credito: 'taxaCredito', parceladoA: 'taxaCredito0a6', parceladoB: 'taxaCredito7a12', ticket: 'taxaTicket' } as const;
const EMPTY: TaxasCadastro = { debito: null, credito: null, parceladoA: null, parceladoB: null, ticket: null };

async function visibleClient(db: Db, me: SessionUser, codpessoa: number) {
  const [cliente] = await db.select({ codpessoa: pessoas.codpessoa, nome: pessoas.nome, cnpj: pessoas.cnpj }).from(pessoas)
    .where(and(eq(pessoas.codpessoa, codpessoa), eq(pessoas.tipo, 'CLIENTE'), sql`${pessoas.codpessoa} IN ${subtreeOf(me.codpessoa)}`));
  if (!cliente) throw new AppError('FORBIDDEN', MSG.registroNaoEncontrado);
  return cliente;
}

/** The client's own plan for the operator: the newest plan it owns with rates of that operator. */
async function ownPlan(db: Db, codpessoa: number, codoperadora: number): Promise<number | null> {
  const [plano] = await db.selectDistinct({ id: planosConciliadores.codplanosconciliadores }).from(planosConciliadores)
    .innerJoin(planosConciliadoresTaxas, eq(planosConciliadoresTaxas.codplanosconciliadores, planosConciliadores.codplanosconciliadores))
    .where(and(eq(planosConciliadores.codpessoapai, codpessoa), eq(planosConciliadoresTaxas.codoperadora, codoperadora)))
    .orderBy(desc(planosConciliadores.codplanosconciliadores)).limit(1);
  return plano?.id ?? null;
}

/** A plan's rates of the quick tiers (rates of any card, any value, in percent). */
async function tierRates(db: Db, codplanosconciliadores: number | null, codoperadora: number): Promise<TaxasCadastro> {
  if (codplanosconciliadores === null) return { ...EMPTY };
  const rows = await db.select({ nome: produtos.nome, tipo: produtos.tipo, de: planosConciliadoresTaxas.de, ate: planosConciliadoresTaxas.ate, taxa: planosConciliadoresTaxas.taxa })
    .from(planosConciliadoresTaxas).innerJoin(produtos, eq(produtos.codprodutos, planosConciliadoresTaxas.codprodutos))
    .where(and(
      eq(planosConciliadoresTaxas.codplanosconciliadores, codplanosconciliadores), eq(planosConciliadoresTaxas.codoperadora, codoperadora),
      isNull(planosConciliadoresTaxas.bincartao), isNull(planosConciliadoresTaxas.valorde), eq(planosConciliadoresTaxas.tipotaxa, 'P'),
    )).orderBy(asc(planosConciliadoresTaxas.codplanosconciliadorestaxas));
  const find = (tier: (typeof QUICK_TIERS)[number]) => rows.find((r) => r.nome === tier.produto && r.de === tier.de && r.ate === tier.ate);
  const pct = (r: { taxa: string | null } | undefined) => (r?.taxa == null ? null : Number(r.taxa));
  const tier = (value: string) => QUICK_TIERS.find((t) => t.value === value)!;
  return {
    debito: pct(find(tier('taxaDebito'))),
    credito: pct(find(tier('taxaCredito'))),
    parceladoA: pct(find(tier('taxaCredito0a6'))),
    parceladoB: pct(find(tier('taxaCredito7a12'))),
    ticket: pct(rows.find((r) => r.tipo === 'VOUCHER' && r.de === 1 && r.ate === 1)),
  };
}

export async function painelCadastro(db: Db, me: SessionUser, codpessoa: number): Promise<PainelCadastro> {
  const cliente = await visibleClient(db, me, codpessoa);
  const [cad] = await db.select({ status: cadastros.status, criadoem: cadastros.criadoem, taxas: cadastros.taxas }).from(cadastros)
    .where(eq(cadastros.codpessoa, codpessoa));
  const ests = await db.select({
    codestabelecimento: estabelecimentos.codestabelecimento, codoperadora: estabelecimentos.codoperadora, operadora: operadoras.nome,
    codexterno: estabelecimentos.codexterno, unidade: pessoas.nome,
    documentos: sql<number>`(SELECT count(*)::int FROM ${documentosEstabelecimento} d WHERE d.codestabelecimento = ${estabelecimentos.codestabelecimento})`,
    pendentes: sql<number>`(SELECT count(*)::int FROM ${documentosEstabelecimento} d WHERE d.codestabelecimento = ${estabelecimentos.codestabelecimento} AND d.status = 'PENDENTE')`,
  }).from(estabelecimentos)
    .innerJoin(pessoas, eq(pessoas.codpessoa, estabelecimentos.codpessoa))
    .innerJoin(operadoras, eq(operadoras.codoperadora, estabelecimentos.codoperadora))
    .where(sql`${estabelecimentos.codpessoa} IN ${subtreeOf(codpessoa)}`)
    .orderBy(asc(operadoras.nome), asc(estabelecimentos.codexterno));
  const status = await positionsOf(db, ests.map((e) => e.codestabelecimento));
  const ops = new Map(ests.map((e) => [e.codoperadora, e.operadora]));
  return {
    codpessoa, nome: cliente.nome, cnpj: cliente.cnpj,
    cadastro: cad ? (cad.status === 'APROVADO' ? MSG.cadastroStatusAprovado : MSG.cadastroStatusPendente) : null,
    criadoem: cad ? cad.criadoem.toISOString() : null,
    taxasDeclaradas: cad?.taxas ?? null,
    operadoras: await Promise.all([...ops].map(async ([codoperadora, operadora]) => ({
      codoperadora, operadora, taxasPlano: await tierRates(db, await ownPlan(db, codpessoa, codoperadora), codoperadora),
    }))),
    estabelecimentos: ests.map((e) => {
      const st = status.get(e.codestabelecimento) ?? 'NN';
      return { ...e, documentos: Number(e.documentos), pendentes: Number(e.pendentes), status: st, statusDescricao: posicaoStatusLabel(st) };
    }),
  };
}

/**
 * savePainelCadastroTaxa: the typed rates become the quick tiers of the client's own plan for the operator — its
 * tier rows replaced (rates by card BIN or value range typed on Planos & Taxas are left alone) — or, without one, a
 * new plan under contract for a year on the client's units registered at the operator. The days the plan prices
 * are audited again.
 */
export async function savePainelTaxas(ctx: Ctx, me: SessionUser, codpessoa: number, codoperadora: number, taxas: TaxasCadastro): Promise<void> {
  const values = Object.fromEntries(Object.entries(TIER_OF).map(([k, v]) => [v, taxas[k as keyof TaxasCadastro] ?? null]));
  for (const v of Object.values(taxas)) {
    if (v != null && (!Number.isFinite(v) || v < 0 || v >= 100)) throw new AppError('BAD_USER_INPUT', MSG.painelCadastroTaxaInvalida);
  }
  const spans = await ctx.db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const cliente = await visibleClient(tx, me, codpessoa);
    const units = await tx.selectDistinct({ codpessoa: estabelecimentos.codpessoa }).from(estabelecimentos)
      .where(and(eq(estabelecimentos.codoperadora, codoperadora), sql`${estabelecimentos.codpessoa} IN ${subtreeOf(codpessoa)}`));
    if (!units.length) throw new AppError('FORBIDDEN', MSG.registroNaoEncontrado);
    const plano = await ownPlan(tx, codpessoa, codoperadora);
    const today = todayBusiness();
    if (plano === null) {
      const span = { de: today, ate: addDays(addMonths(today, 12), -1) };
      const created = await createQuickPlan(tx, { codoperadora, nome: `Plano ${cliente.nome}`.slice(0, 100), owner: codpessoa, rates: values, span, units: units.map((u) => u.codpessoa) });
      if (created === null) throw new AppError('BAD_USER_INPUT', MSG.inserirRapidoSemProdutos);
    } else {
      const rows = await quickRates(tx, codoperadora, { ...values, ...Object.fromEntries(Object.values(TIER_OF).map((k) => [k, 0])) });
      // every tier row the panel owns goes; those typed come back with their new rate
      for (const r of rows) {
        await tx.delete(planosConciliadoresTaxas).where(and(
          eq(planosConciliadoresTaxas.codplanosconciliadores, plano), eq(planosConciliadoresTaxas.codoperadora, codoperadora),
          eq(planosConciliadoresTaxas.codprodutos, r.codprodutos), eq(planosConciliadoresTaxas.de, r.de), eq(planosConciliadoresTaxas.ate, r.ate),
          isNull(planosConciliadoresTaxas.bincartao), isNull(planosConciliadoresTaxas.valorde), isNull(planosConciliadoresTaxas.valorate),
        ));
      }
      const typed = await quickRates(tx, codoperadora, values);
      if (typed.length) await tx.insert(planosConciliadoresTaxas).values(typed.map((r) => ({ ...r, codplanosconciliadores: plano })));
    }
    await audit(tx, { codusuario: me.codusuario, acao: 'PAINEL_CADASTRO_TAXAS', entidade: 'pessoas', chave: String(codpessoa), dados: { codoperadora, taxas } });
    const codes = await tx.select({ codoperadora: estabelecimentos.codoperadora, codexterno: estabelecimentos.codexterno }).from(estabelecimentos)
      .where(and(eq(estabelecimentos.codoperadora, codoperadora), sql`${estabelecimentos.codpessoa} IN ${subtreeOf(codpessoa)}`));
    await recordContractPositions(tx, codes);
    // the periods the client's contracts at the operator cover are priced again
    return tx.select({ de: planosConciliadoresContrato.vigenciade, ate: planosConciliadoresContrato.vigenciaate }).from(planosConciliadoresContrato)
      .innerJoin(planosConciliadoresContratoUnidades, eq(planosConciliadoresContratoUnidades.codplanosconciliadorescontrato, planosConciliadoresContrato.codplanosconciliadorescontrato))
      .where(and(
        eq(planosConciliadoresContratoUnidades.codoperadora, codoperadora), inArray(planosConciliadoresContratoUnidades.codpessoa, units.map((u) => u.codpessoa)),
        lte(planosConciliadoresContrato.vigenciade, today), gte(planosConciliadoresContrato.vigenciaate, addDays(today, -400)),
      ));
  });
  await queueFeeReaudit(ctx.db, spans.map((s) => ({ de: s.de, ate: s.ate < todayBusiness() ? s.ate : todayBusiness() })));
}
