import { agendamentosIntegracao, bucketsS3, pessoas, subtreeOf } from '@concilia/db';
import { MSG } from '@concilia/domain';
import { and, eq, sql } from 'drizzle-orm';
import { fieldError } from '../register-kit/field-error';
import type { RegisterEntry } from '../register-kit/register-entry';
import { enqueueIntegrationRun, nextIntegrationRun } from './integration-schedules';

/**
 * Agendamentos de integração: a schedule hangs from its client (codpessoa), seen and changed by the users of that
 * client and of everyone above it. What it names must be the client's: the unit one of its units, the bucket one
 * of its buckets. Whoever saves it last is the user its files are generated as (within that user's part of the
 * hierarchy), and saving moves its next look to the coming hour.
 */
export const agendamentoIntegracaoEntry: Omit<RegisterEntry, 'def'> = {
  table: agendamentosIntegracao,
  visible: (me) => sql`${agendamentosIntegracao.codpessoa} IN ${subtreeOf(me.codpessoa)}`,
  ownerColumn: 'codpessoa',
  hooks: {
    async beforeSave(ctx, values, { me, existing }) {
      const codpessoa = values.codpessoa as number;
      const [cliente] = await ctx.db.select({ id: pessoas.codpessoa }).from(pessoas).where(and(
        eq(pessoas.codpessoa, codpessoa), eq(pessoas.tipo, 'CLIENTE'), sql`${pessoas.codpessoa} IN ${subtreeOf(me.codpessoa)}`));
      if (!cliente) throw fieldError('codpessoa', MSG.integracaoCadastroClienteInvalido);
      if (values.unidadeconciliadora != null) {
        const [unidade] = await ctx.db.select({ id: pessoas.codpessoa }).from(pessoas).where(and(
          eq(pessoas.codpessoa, values.unidadeconciliadora as number), eq(pessoas.tipo, 'UNIDADE'), sql`${pessoas.codpessoa} IN ${subtreeOf(codpessoa)}`));
        if (!unidade) throw fieldError('unidadeconciliadora', MSG.integracaoUnidadeInvalida);
      }
      const out = { ...values };
      if (values.protocolo === 'S3') {
        const [bucket] = values.codbuckets3amazon == null ? [] : await ctx.db.select({ id: bucketsS3.codbuckets3amazon }).from(bucketsS3)
          .where(and(eq(bucketsS3.codbuckets3amazon, values.codbuckets3amazon as number), eq(bucketsS3.codpessoa, codpessoa)));
        if (!bucket) throw fieldError('codbuckets3amazon', MSG.integracaoBucketInvalido);
        // the bucket keeps its own key: a server's login and password left from before are not kept for nothing
        Object.assign(out, { host: null, porta: null, login: null, senha: null, diretorioftp: null });
      } else {
        // a password typed now, or the one stored (the kit leaves an empty one out of the values)
        if (typeof values.senha !== 'string' && !existing?.senha) throw fieldError('senha', MSG.integracaoSenhaObrigatoria);
        out.codbuckets3amazon = null;
      }
      // a host key belongs to one server: another protocol has none, and another address without a key typed for it
      // is trusted afresh at its first delivery instead of being refused for the old server's key
      const movedTo = existing && (existing.host !== values.host || (existing.porta ?? null) !== (values.porta ?? null));
      if (values.protocolo !== 'SFTP' || (movedTo && values.chaveservidor === existing.chaveservidor)) out.chaveservidor = null;
      out.conciliadores = [...new Set(((values.conciliadores as number[] | null) ?? []).map(Number))].sort((a, b) => a - b);
      out.codusuario = me.codusuario;
      out.proximaexecucao = nextIntegrationRun({ hora: String(values.hora), status: String(values.status) }, new Date());
      return out;
    },
    // the operators are an array column, written by the hook: the kit keeps a 'references' field out of its own write
    async afterSave(ctx, row, values) {
      await ctx.db.update(agendamentosIntegracao).set({ conciliadores: values.conciliadores as number[] })
        .where(eq(agendamentosIntegracao.codagendamentointegracao, row.codagendamentointegracao as number));
      row.conciliadores = values.conciliadores;
    },
    actions: {
      // the workers poll the queue: the run starts within a second
      executarAgora: async (ctx, row) => {
        await enqueueIntegrationRun(ctx.db, row.codagendamentointegracao as number);
      },
    },
  },
};
