import { setTimeout as sleep } from 'node:timers/promises';
import { perfilRecursos, pessoas, recursos, subtreeOf, usuarios } from '@concilia/db';
import { LOGIN_RESULT, MASTER_USER_SCREENS, MSG, ROUTES, todayBusiness } from '@concilia/domain';
import { hash, verify } from '@node-rs/argon2';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { audit } from '../../audit';
import { builder } from '../../graphql/builder';
import type { Ctx } from '../../graphql/context';
import { AppError } from '../../graphql/errors';
import { clearCookieHeader, cookieHeader, LEGACY_COOKIE, SESSION_COOKIE } from '../../http/cookies';
import { consumeToken, issueToken, TOKEN_TTL_MS } from './access-tokens';
import { altchaCostFor, assertBotCheck } from './bot-check';
import { loginDelayMs, loginLimiter } from './rate-limit';
import { createSession, endSession, endSessionOfCookie } from './session.service';
import { publicLink } from '../../http/public-link';

// Verifying against a fixed hash when the login is unknown keeps both paths equally slow, so response
// time does not tell which logins exist.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hash('senha-inexistente'));

/**
 * Every sign-in that succeeds first ends the session the browser was still carrying (its cookie), so a
 * browser holds one session at a time and the one it moved away from cannot be picked up again.
 */
async function replaceBrowserSession(ctx: Ctx): Promise<string | null> {
  return endSessionOfCookie(ctx.db, ctx.cookies.get(SESSION_COOKIE));
}

/** Opens a session for the user in this browser (its cookie), ending the one the browser carried. */
export async function startSession(ctx: Ctx, codusuario: number, simuladopor: number | null = null): Promise<{ id: string; anterior: string | null }> {
  const anterior = await replaceBrowserSession(ctx);
  const s = await createSession(ctx.db, ctx.config, codusuario, ctx.ip, simuladopor);
  ctx.setCookie(cookieHeader(SESSION_COOKIE, s.secret, { secure: ctx.secure }));
  return { id: s.id, anterior };
}

const LoginValues = builder.inputType('LoginValues', {
  fields: (t) => ({ recaptcha: t.string({ required: false }) }),
});

builder.mutationField('login', (t) =>
  t.string({
    description: "LOGGEDOUT for bad credentials, 'jsf' for a legacy user when LEGACY_URL is set, else the session id.",
    args: {
      username: t.arg.string({ required: true }),
      password: t.arg.string({ required: true }),
      values: t.arg({ type: LoginValues, required: false }),
    },
    resolve: async (_root, args, ctx) => {
      const username = args.username.trim().toUpperCase();
      if (!username || !args.password) return LOGIN_RESULT.LOGGEDOUT;
      // Failures for a username never lock it (that would let anyone lock out any known login): past the
      // limit they call for a harder bot check, and every attempt waits a little longer, up to a bound.
      const limiter = loginLimiter(ctx.db, ctx.config);
      const failures = await limiter.admit(ctx.ip, username);
      await assertBotCheck(ctx.db, ctx.config, args.values?.recaptcha, ctx.ip, { login: username, cost: altchaCostFor(failures, ctx.config) });
      const delayMs = loginDelayMs(failures, ctx.config);
      if (delayMs > 0) {
        ctx.log.info({ requestId: ctx.requestId, falhas: failures, atrasoMs: delayMs }, 'sign-in slowed down after failed attempts');
        await sleep(delayMs);
      }

      const [user] = await ctx.db.select().from(usuarios).where(sql`upper(${usuarios.login}) = ${username}`);
      const ok = await verify(user?.senhahash ?? (await getDummyHash()), args.password).catch(() => false);
      if (!user || !user.senhahash || !ok) {
        await limiter.failed(username);
        await audit(ctx.db, { codusuario: user?.codusuario ?? null, acao: 'LOGIN_RECUSADO', entidade: 'usuarios', chave: username });
        return LOGIN_RESULT.LOGGEDOUT;
      }
      await limiter.succeeded(username);
      if (user.validade && user.validade < todayBusiness()) {
        throw new AppError('USER_EXPIRED', MSG.usuarioExpirado);
      }
      if (user.legado && ctx.config.legacyUrl) {
        await replaceBrowserSession(ctx);
        const token = await issueToken(ctx.db, 'LEGADO', user.codusuario);
        ctx.setCookie(cookieHeader(LEGACY_COOKIE, token, { secure: ctx.secure, maxAgeSeconds: TOKEN_TTL_MS.LEGADO / 1000 }));
        await audit(ctx.db, { codusuario: user.codusuario, acao: 'LOGIN_LEGADO', entidade: 'usuarios', chave: user.codusuario });
        return LOGIN_RESULT.JSF;
      }
      const { id, anterior } = await startSession(ctx, user.codusuario);
      await audit(ctx.db, { codusuario: user.codusuario, acao: 'LOGIN', entidade: 'sessoes', chave: id, dados: anterior ? { sessaoencerrada: anterior } : null });
      return id;
    },
  }),
);

builder.mutationField('logout', (t) =>
  t.string({
    resolve: async (_root, _args, ctx) => {
      const user = await ctx.currentUser();
      if (user) {
        await endSession(ctx.db, user.sessionId);
        await audit(ctx.db, { codusuario: user.codusuario, acao: 'LOGOUT', entidade: 'sessoes', chave: user.sessionId });
      }
      ctx.setCookie(clearCookieHeader(SESSION_COOKIE, ctx.secure));
      return LOGIN_RESULT.LOGGEDOUT;
    },
  }),
);

/**
 * Auto sign-in from a link (?idsession=…). The link carries a short-lived, single-use token issued by
 * the server — never a login or a password.
 */
builder.mutationField('loginIdSession', (t) =>
  t.string({
    args: { idsession: t.arg.string({ required: true }) },
    resolve: async (_root, { idsession }, ctx) => {
      const limiter = loginLimiter(ctx.db, ctx.config, 'idsession');
      await limiter.admit(ctx.ip, 'link');
      const used = await consumeToken(ctx.db, 'IDSESSION', idsession);
      if (!used) throw new AppError('UNAUTHENTICATED', MSG.linkAcessoInvalido);
      const { id, anterior } = await startSession(ctx, used.codusuario, used.emitidopor);
      await audit(ctx.db, {
        codusuario: used.codusuario, acao: 'LOGIN_LINK', entidade: 'sessoes', chave: id,
        dados: { emitidopor: used.emitidopor, ...(anterior ? { sessaoencerrada: anterior } : {}) },
      });
      return id;
    },
  }),
);

/** Whether the user's profile holds one of the master-user screens (spec part 2 §6: they may impersonate). */
async function holdsMasterUserScreen(ctx: Ctx, codperfil: number): Promise<boolean> {
  const [granted] = await ctx.db
    .select({ r: recursos.codrecurso })
    .from(perfilRecursos)
    .innerJoin(recursos, eq(recursos.codrecurso, perfilRecursos.codrecurso))
    .where(and(eq(perfilRecursos.codperfil, codperfil), inArray(recursos.recurso, MASTER_USER_SCREENS.map((m) => m.page))));
  return !!granted;
}

/**
 * Issues a sign-in link for a user of a person strictly below the caller's in the hierarchy (support
 * desk, impersonation hand-off) — never for a colleague of the same company. Only master users (a
 * profile holding a master-user screen) may, and every link is audited: who, as whom, when. The session
 * it opens is marked as simulated by the issuer.
 */
builder.mutationField('gerarLinkAcesso', (t) =>
  t.string({
    args: { login: t.arg.string({ required: true }) },
    resolve: async (_root, { login }, ctx) => {
      const me = await ctx.requireUser();
      if (!(await holdsMasterUserScreen(ctx, me.codperfil))) throw new AppError('FORBIDDEN', MSG.semPermissao);
      const [target] = await ctx.db
        .select({ codusuario: usuarios.codusuario, codpessoa: usuarios.codpessoa, login: usuarios.login })
        .from(usuarios)
        .innerJoin(pessoas, eq(pessoas.codpessoa, usuarios.codpessoa))
        .where(and(sql`upper(${usuarios.login}) = ${login.trim().toUpperCase()}`, sql`${usuarios.codpessoa} IN ${subtreeOf(me.codpessoa)}`, sql`${usuarios.codpessoa} <> ${me.codpessoa}`));
      if (!target) throw new AppError('FORBIDDEN', MSG.semPermissao);
      const token = await issueToken(ctx.db, 'IDSESSION', target.codusuario, me.codusuario);
      await audit(ctx.db, {
        codusuario: me.codusuario, acao: 'LINK_ACESSO_EMITIDO', entidade: 'usuarios', chave: target.codusuario,
        dados: { emitidopor: me.login, comousuario: target.login, codusuariodestino: target.codusuario },
      });
      return publicLink(ctx.config, ROUTES.login.path, { idsession: token });
    },
  }),
);

/**
 * Address of the old application for a hand-off: after a 'jsf' sign-in (pending legacy cookie) or from
 * the user menu's 'Versão Antiga'. The token in it is single-use and expires in two minutes.
 */
builder.mutationField('urlVersaoAntiga', (t) =>
  t.string({
    resolve: async (_root, _args, ctx) => {
      const base = ctx.config.legacyUrl;
      if (!base) throw new AppError('FORBIDDEN', MSG.semPermissao);
      let token = ctx.cookies.get(LEGACY_COOKIE);
      if (token) {
        ctx.setCookie(clearCookieHeader(LEGACY_COOKIE, ctx.secure));
      } else {
        const me = await ctx.requireUser();
        token = await issueToken(ctx.db, 'LEGADO', me.codusuario);
      }
      return `${base}/Conciliador/login/loginPass.jsf?pass=${encodeURIComponent(token)}`;
    },
  }),
);
