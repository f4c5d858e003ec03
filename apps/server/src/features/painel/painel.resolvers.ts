import { MSG, ROUTES } from '@concilia/domain';
import { audit } from '../../audit';
import { builder } from '../../graphql/builder';
import { AppError } from '../../graphql/errors';
import { requirePage } from '../auth/require-page';
import { DashboardRef, DashboardRegistroRef } from '../dashboard/dashboard.resolvers';
import { endPainelTokens, issuePainelToken, type Painel, PAINEL_PAGE, painelOfToken } from './painel.service';
import { publicLink } from '../../http/public-link';

/**
 * The Painel's calls (spec part 2 §7 "Support and training"; design in painel.service.ts):
 * - getUrlPainel (signed in, Dashboard screen): a new link to the caller's panel, valid 24 hours. A mutation, not a
 *   query, although the old API named it get…: it writes a token (and an audit line) on every call.
 * - getAutenticacaoPainel(token) (public): the panel a link opens — the creator's figures, read only.
 * - encerrarUrlsPainel (signed in): ends every live link the caller made; answers how many.
 */

const PainelRef = builder.objectRef<Painel>('Painel').implement({
  description: "A read-only panel: the dashboard's key figures and charts of one user's part of the hierarchy over the dashboard's opening window.",
  fields: (t) => ({
    nome: t.exposeString('nome', { description: "Name of the creating user's company (the panel's scope)" }),
    registro: t.expose('registro', { type: DashboardRegistroRef }),
    de: t.exposeString('de', { description: 'YYYY-MM-DD' }),
    ate: t.exposeString('ate', { description: 'YYYY-MM-DD' }),
    atualizadoem: t.string({ description: 'When these figures were read (ISO 8601)', resolve: (p) => p.atualizadoem.toISOString() }),
    expiraem: t.string({ nullable: true, description: 'When the link expires (ISO 8601)', resolve: (p) => p.expiraem?.toISOString() ?? null }),
    dashboard: t.expose('dashboard', { type: DashboardRef }),
  }),
});

type PainelUrl = { url: string; expiraem: Date };
const PainelUrlRef = builder.objectRef<PainelUrl>('PainelUrl').implement({
  description: 'A link that opens the panel without a password: read only, until it expires or its creator ends it.',
  fields: (t) => ({
    url: t.exposeString('url'),
    expiraem: t.string({ description: 'ISO 8601', resolve: (u) => u.expiraem.toISOString() }),
  }),
});

builder.mutationField('getUrlPainel', (t) =>
  t.field({
    type: PainelUrlRef,
    description: "A new link (valid 24 hours) to the caller's panel: its part of the hierarchy, read only, without a password.",
    resolve: async (_root, _args, ctx) => {
      const me = await requirePage(ctx, PAINEL_PAGE);
      // a master in another user's name must not leave behind a day-long door into that user's figures
      if (me.simuladoPor !== null) throw new AppError('FORBIDDEN', MSG.painelLinkSimulado);
      const token = await issuePainelToken(ctx.db, me.codusuario);
      await audit(ctx.db, { codusuario: me.codusuario, acao: 'LINK_PAINEL_EMITIDO', entidade: 'tokens_acesso', chave: token.id, dados: { expiraem: token.expiraem.toISOString() } });
      return { url: publicLink(ctx.config, ROUTES.painelPublico.path, { token: token.secret }), expiraem: token.expiraem };
    },
  }),
);

builder.mutationField('encerrarUrlsPainel', (t) =>
  t.int({
    description: 'Ends every live panel link the caller made; answers how many were ended.',
    resolve: async (_root, _args, ctx) => {
      const me = await ctx.requireUser();
      const n = await endPainelTokens(ctx.db, me.codusuario);
      if (n) await audit(ctx.db, { codusuario: me.codusuario, acao: 'LINKS_PAINEL_ENCERRADOS', entidade: 'tokens_acesso', dados: { quantidade: n } });
      return n;
    },
  }),
);

builder.queryField('getAutenticacaoPainel', (t) =>
  t.field({
    type: PainelRef,
    description: 'The panel a link opens (public: the token is the credential). Unknown, expired or ended links: code PAINEL_LINK_INVALID.',
    args: { token: t.arg.string({ required: true }) },
    resolve: (_root, { token }, ctx) => painelOfToken(ctx.db, token),
  }),
);
