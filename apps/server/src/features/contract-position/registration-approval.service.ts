import { type Db, documentosEstabelecimento, estabelecimentos, subtreeOf } from '@concilia/db';
import { MSG, POSICAO_CONTRATO_PAGE } from '@concilia/domain';
import { and, eq, sql } from 'drizzle-orm';
import { audit } from '../../audit';
import type { Ctx } from '../../graphql/context';
import { AppError } from '../../graphql/errors';
import { requirePage } from '../auth/require-page';
import type { SessionUser } from '../auth/session.service';
import { positionsOf, recordContractPositions } from './contract-position.service';

/**
 * The two approvals of an establishment's registration (spec part 2 §7 aprovarUrl, validarPendenciaCadastroOperadora).
 * Both act on what the derived position says the registration waits for, so a stale screen cannot approve a step
 * that is already past; each writes under the establishment's row lock and records the new position.
 */

type Estab = { codestabelecimento: number; codoperadora: number; codexterno: string };

/** The establishment locked for this change, when `me` sees it. */
async function lockVisible(tx: Db, me: SessionUser, codestabelecimento: number): Promise<Estab> {
  const [row] = await tx.select({
    codestabelecimento: estabelecimentos.codestabelecimento, codoperadora: estabelecimentos.codoperadora, codexterno: estabelecimentos.codexterno,
  }).from(estabelecimentos)
    .where(and(eq(estabelecimentos.codestabelecimento, codestabelecimento), sql`${estabelecimentos.codpessoa} IN ${subtreeOf(me.codpessoa)}`))
    .for('update');
  if (!row) throw new AppError('FORBIDDEN', MSG.registroNaoEncontrado);
  return row;
}

/**
 * aprovarUrl: the merchant (EC) agrees to the operator sending its statement here. Offered while the position is
 * AGUARDANDO_EC; anyone who sees the establishment may record it (the merchant itself, or its reseller on its word).
 */
export async function approveAsMerchant(ctx: Ctx, codestabelecimento: number, me: SessionUser): Promise<void> {
  await ctx.db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const e = await lockVisible(tx, me, codestabelecimento);
    if ((await positionsOf(tx, [e.codestabelecimento])).get(e.codestabelecimento) !== 'AGUARDANDO_EC') {
      throw new AppError('BAD_USER_INPUT', MSG.aprovarEcInexistente);
    }
    await tx.update(estabelecimentos).set({ aprovadoecem: new Date(), aprovadoecpor: me.codusuario })
      .where(eq(estabelecimentos.codestabelecimento, e.codestabelecimento));
    await recordContractPositions(tx, [e]);
  });
}

/**
 * validarPendenciaCadastroOperadora: the back office's answer to what the registration waits for.
 * - P (documents awaiting the check): the pending documents are approved, or refused with the reason;
 * - A (the operator's approval): approved; or refused — the documents it approved are refused with the
 *   operator's reason and the merchant's agreement is asked again, since the request goes back to it.
 * A refusal's reason is kept on the establishment and the documents, for the merchant to read.
 */
export async function validatePending(ctx: Ctx, v: { codestabelecimento: number; aprovado: boolean; motivo: string | null }, me: SessionUser): Promise<void> {
  await requirePage(ctx, POSICAO_CONTRATO_PAGE);
  const motivo = v.motivo?.trim() || null;
  if (!v.aprovado && !motivo) throw new AppError('BAD_USER_INPUT', MSG.pendenciaMotivoObrigatorio);
  await ctx.db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const e = await lockVisible(tx, me, v.codestabelecimento);
    const status = (await positionsOf(tx, [e.codestabelecimento])).get(e.codestabelecimento);
    const now = new Date();
    const docs = (from: 'PENDENTE' | 'APROVADO', to: 'APROVADO' | 'REJEITADO') => tx.update(documentosEstabelecimento)
      .set({ status: to, motivo: to === 'REJEITADO' ? motivo : null, avaliadoem: now, avaliadopor: me.codusuario })
      .where(and(eq(documentosEstabelecimento.codestabelecimento, e.codestabelecimento), eq(documentosEstabelecimento.status, from)));
    const refused = { recusadoem: now, motivorecusa: motivo };
    if (status === 'P') {
      await docs('PENDENTE', v.aprovado ? 'APROVADO' : 'REJEITADO');
      if (!v.aprovado) await tx.update(estabelecimentos).set(refused).where(eq(estabelecimentos.codestabelecimento, e.codestabelecimento));
    } else if (status === 'A') {
      if (v.aprovado) {
        await tx.update(estabelecimentos).set({ aprovadooperadoraem: now, aprovadooperadorapor: me.codusuario })
          .where(eq(estabelecimentos.codestabelecimento, e.codestabelecimento));
      } else {
        await docs('APROVADO', 'REJEITADO');
        await tx.update(estabelecimentos).set({ ...refused, aprovadoecem: null, aprovadoecpor: null })
          .where(eq(estabelecimentos.codestabelecimento, e.codestabelecimento));
      }
    } else {
      throw new AppError('BAD_USER_INPUT', MSG.pendenciaInexistente);
    }
    await audit(tx, {
      codusuario: me.codusuario, acao: v.aprovado ? 'PENDENCIA_APROVADA' : 'PENDENCIA_RECUSADA', entidade: 'estabelecimentos',
      chave: String(e.codestabelecimento), dados: { etapa: status, motivo },
    });
    await recordContractPositions(tx, [e]);
  });
}
