import { chavesApiIntegrador, pessoas, subtreeOf } from '@concilia/db';
import { INTEGRACAO_PAGE, INTEGRADOR_CHAVE_NOME_MAX, MSG } from '@concilia/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { audit } from '../../audit';
import { builder } from '../../graphql/builder';
import { AppError } from '../../graphql/errors';
import { fieldError } from '../../register-kit/field-error';
import { requirePage } from '../auth/require-page';
import { type ChaveApi, newKey, visibleKeys } from './api-keys.service';

/**
 * Integrações › API do integrador: the keys a client's integrator sends sales with (POST /api/integrador/v1/vendas,
 * integrador-route.ts). The client's own administrator and anyone above the client holding the same screen list,
 * create and revoke them; the clear key is answered once, by the call that creates it.
 */

const iso = (d: Date | null) => (d == null ? null : new Date(d).toISOString());

const ChaveRef = builder.objectRef<ChaveApi>('ChaveApiIntegrador').implement({
  description: 'An integrator API key of a client: never the key itself, only its first characters (prefixo).',
  fields: (t) => ({
    codchave: t.exposeInt('codchave'),
    codpessoa: t.exposeInt('codpessoa', { description: 'the client whose sales the key sends' }),
    cliente: t.exposeString('cliente', { description: "the client's name" }),
    nome: t.exposeString('nome'),
    prefixo: t.exposeString('prefixo', { description: "the key's first characters, to tell keys apart" }),
    criadoem: t.string({ resolve: (c) => iso(c.criadoem)! }),
    criadopor: t.exposeString('criadopor', { nullable: true, description: "the name of the user who created it" }),
    revogadaem: t.string({ nullable: true, resolve: (c) => iso(c.revogadaem) }),
    ultimousoem: t.string({ nullable: true, resolve: (c) => iso(c.ultimousoem), description: 'the last request the key was accepted in' }),
  }),
});

const CriadaRef = builder.objectRef<{ chave: string; registro: ChaveApi }>('ChaveApiIntegradorCriada').implement({
  fields: (t) => ({
    chave: t.exposeString('chave', { description: 'the key itself, shown this once: only its hash is kept' }),
    registro: t.field({ type: ChaveRef, resolve: (c) => c.registro }),
  }),
});

builder.queryField('listarChavesApiIntegrador', (t) =>
  t.field({
    type: [ChaveRef],
    description: "The keys of the clients below the caller (of one client's, or one unit's, subtree with codpessoa), revoked ones included, newest first.",
    args: { codpessoa: t.arg.int() },
    resolve: async (_r, { codpessoa }, ctx) => {
      const me = await requirePage(ctx, INTEGRACAO_PAGE);
      return visibleKeys(ctx.db, me.codpessoa, { codpessoa });
    },
  }),
);

builder.mutationField('criarChaveApiIntegrador', (t) =>
  t.field({
    type: CriadaRef,
    description: 'Creates a key for a client in the caller’s part of the hierarchy; the answer carries the key itself, the only time it is shown.',
    args: { codpessoa: t.arg.int({ required: true }), nome: t.arg.string({ required: true }) },
    resolve: async (_r, args, ctx) => {
      const me = await requirePage(ctx, INTEGRACAO_PAGE);
      const nome = args.nome.trim();
      if (!nome) throw fieldError('nome', MSG.integradorChaveNomeObrigatorio);
      if (nome.length > INTEGRADOR_CHAVE_NOME_MAX) throw fieldError('nome', MSG.integradorChaveNomeLongo.replace('{max}', String(INTEGRADOR_CHAVE_NOME_MAX)));
      const [pessoa] = await ctx.db.select({ tipo: pessoas.tipo }).from(pessoas)
        .where(and(eq(pessoas.codpessoa, args.codpessoa), sql`${pessoas.codpessoa} IN ${subtreeOf(me.codpessoa)}`));
      // a person outside the caller's subtree answers like one that does not exist
      if (!pessoa) throw new AppError('FORBIDDEN', MSG.registroNaoEncontrado);
      if (pessoa.tipo !== 'CLIENTE') throw fieldError('codpessoa', MSG.integradorChaveSomenteCliente);
      const key = newKey();
      const [row] = await ctx.db.insert(chavesApiIntegrador)
        .values({ codpessoa: args.codpessoa, nome, prefixo: key.prefixo, hash: key.hash, criadopor: me.codusuario })
        .returning({ codchave: chavesApiIntegrador.codchave });
      await audit(ctx.db, { codusuario: me.codusuario, acao: 'INSERIR', entidade: 'chaves_api_integrador', chave: row!.codchave, dados: { codpessoa: args.codpessoa, nome, prefixo: key.prefixo } });
      const [registro] = await visibleKeys(ctx.db, me.codpessoa, { codchave: row!.codchave });
      return { chave: key.chave, registro: registro! };
    },
  }),
);

builder.mutationField('revogarChaveApiIntegrador', (t) =>
  t.boolean({
    description: 'Revokes a key of a client below the caller: its requests are refused from now on. False when it was already revoked.',
    args: { codchave: t.arg.int({ required: true }) },
    resolve: async (_r, { codchave }, ctx) => {
      const me = await requirePage(ctx, INTEGRACAO_PAGE);
      const [chave] = await visibleKeys(ctx.db, me.codpessoa, { codchave });
      if (!chave) throw new AppError('FORBIDDEN', MSG.registroNaoEncontrado);
      const revoked = await ctx.db.update(chavesApiIntegrador)
        .set({ revogadaem: sql`now()`, revogadapor: me.codusuario })
        .where(and(eq(chavesApiIntegrador.codchave, codchave), isNull(chavesApiIntegrador.revogadaem)))
        .returning({ codchave: chavesApiIntegrador.codchave });
      if (!revoked.length) return false;
      await audit(ctx.db, { codusuario: me.codusuario, acao: 'REVOGAR', entidade: 'chaves_api_integrador', chave: codchave, dados: { codpessoa: chave.codpessoa, nome: chave.nome, prefixo: chave.prefixo } });
      return true;
    },
  }),
);
