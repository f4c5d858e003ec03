import { usuarios } from '@concilia/db';
import {
  esqueciSenhaSchema, MSG, ROUTES, novaSenhaSchema, redefinirSenhaSchema, responsavelSchema, TROCA_SENHA_RESULT, type InfoTrocarSenha,
} from '@concilia/domain';
import { hash, verify } from '@node-rs/argon2';
import { and, eq, sql } from 'drizzle-orm';
import { audit } from '../../audit';
import { builder } from '../../graphql/builder';
import { AppError, fromZod } from '../../graphql/errors';
import { advanceToken, inspectToken, issueToken } from '../auth/access-tokens';
import { loginLimiter } from '../auth/rate-limit';
import { endUserSessions } from '../auth/session.service';
import { publicLink } from '../../http/public-link';
import { fieldError } from '../../register-kit/field-error';

const InfoTrocarSenhaRef = builder.objectRef<InfoTrocarSenha>('InfoTrocarSenha').implement({
  fields: (t) => ({
    goLogin: t.exposeBoolean('goLogin'),
    senhaDefinida: t.exposeBoolean('senhaDefinida'),
    expirado: t.exposeBoolean('expirado'),
    mensagemSolicitaSenha: t.exposeString('mensagemSolicitaSenha', { nullable: true }),
    login: t.exposeString('login', { nullable: true }),
  }),
});

/**
 * Forgot password: sends a reset link when the login and e-mail match. The answer is the same either
 * way, so the call cannot be used to find out which logins or e-mails exist. Wrong e-mails never block a
 * login's reset (no lock anyone could set off); the mails sent to one login are limited per window — past
 * the limit the answer is still the same and nothing is sent.
 */
builder.mutationField('alterarSenha', (t) =>
  t.string({
    args: { usuario: t.arg.string({ required: true }), email: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const parsed = esqueciSenhaSchema.safeParse(args);
      if (!parsed.success) throw fromZod(parsed.error);
      const limiter = loginLimiter(ctx.db, ctx.config, 'esqueci');
      const sentToLogin = await limiter.admit(ctx.ip, parsed.data.usuario);
      const [user] = await ctx.db
        .select()
        .from(usuarios)
        .where(and(sql`upper(${usuarios.login}) = ${parsed.data.usuario.toUpperCase()}`, sql`lower(${usuarios.email}) = ${parsed.data.email.toLowerCase()}`));
      if (user && user.email && sentToLogin >= ctx.config.loginMaxFailuresPerUser) {
        ctx.log.info({ requestId: ctx.requestId }, 'reset e-mail not sent: this login had too many in the window');
      } else if (user && user.email) {
        await limiter.failed(parsed.data.usuario);
        // A user with no password yet names the person responsible first: the link starts at that step.
        const token = await issueToken(ctx.db, 'TROCA_SENHA', user.codusuario, null, user.senhahash ? 'SENHA' : 'RESPONSAVEL');
        const link = publicLink(ctx.config, ROUTES.resetarSenha.path, { idTrocaSenha: token });
        await ctx.mailer.send({
          to: user.email,
          subject: 'Concilia - redefinição de senha',
          text: `Olá, ${user.nome}.\n\nRecebemos um pedido para redefinir a senha do usuário ${user.login}.\nPara criar uma nova senha, abra o link abaixo (válido por 24 horas, uma única vez):\n\n${link}\n\nSe você não fez este pedido, ignore este e-mail; sua senha continua a mesma.`,
        });
        await audit(ctx.db, { codusuario: user.codusuario, acao: 'TROCA_SENHA_SOLICITADA', entidade: 'usuarios', chave: user.codusuario });
      }
      return MSG.esqueciSenhaEnviado;
    },
  }),
);

builder.queryField('getInfoUsuarrioTrocarSenha', (t) =>
  t.field({
    type: InfoTrocarSenhaRef,
    args: { param: t.arg.string({ required: true }) },
    resolve: async (_root, { param }, ctx) => {
      const tk = await inspectToken(ctx.db, 'TROCA_SENHA', param);
      // A link we never issued (mistyped, cut by the mail client) gets the same answer as an expired one: the
      // user learns the link will not work and where to ask for a new one, instead of landing on the login.
      if (tk.state === 'unknown') {
        return { goLogin: false, senhaDefinida: false, expirado: true, mensagemSolicitaSenha: MSG.linkTrocaSenhaInvalido, login: null };
      }
      if (tk.state !== 'valid') {
        return { goLogin: false, senhaDefinida: false, expirado: true, mensagemSolicitaSenha: MSG.linkTrocaSenhaExpirado, login: null };
      }
      const [user] = await ctx.db.select().from(usuarios).where(eq(usuarios.codusuario, tk.codusuario));
      // The page asks for the responsável while senhaDefinida is false; the link's own step decides it, so a
      // link whose responsável step is done opens straight at the password (and that step cannot be replayed).
      const senhaDefinida = tk.etapa !== 'RESPONSAVEL';
      return {
        goLogin: false, senhaDefinida, expirado: false,
        mensagemSolicitaSenha: senhaDefinida ? MSG.solicitaSenha : MSG.solicitaResponsavel,
        login: user?.login ?? null,
      };
    },
  }),
);

/**
 * Reset through the e-mailed link. A user with no password yet first names the person responsible
 * (answer CRIAR_SENHA), then sets the password (answer LOGGEDOUT: go and sign in). The link is one token
 * state machine (RESPONSAVEL → SENHA → spent): each step is accepted once and only in order, so a used,
 * expired or out-of-order step is refused with the same message.
 */
builder.mutationField('usuarioTrocarSenha', (t) =>
  t.string({
    args: {
      idTrocaSenha: t.arg.string({ required: true }),
      gravarResponsavel: t.arg.boolean({ required: false }),
      responsavel: t.arg.string({ required: false }),
      senha: t.arg.string({ required: false }),
      confirmaSenha: t.arg.string({ required: false }),
    },
    resolve: async (_root, args, ctx) => {
      const expired = () => new AppError('BAD_USER_INPUT', MSG.linkTrocaSenhaExpirado);
      const tk = await inspectToken(ctx.db, 'TROCA_SENHA', args.idTrocaSenha);
      if (tk.state !== 'valid') throw expired();
      if (args.gravarResponsavel) {
        const r = responsavelSchema.safeParse({ responsavel: args.responsavel ?? '' });
        if (!r.success) throw fromZod(r.error);
        // The step moves before the write: of two concurrent or replayed sends only one gets past it.
        const step = await advanceToken(ctx.db, 'TROCA_SENHA', args.idTrocaSenha, 'RESPONSAVEL', 'SENHA');
        if (!step) throw expired();
        await ctx.db.update(usuarios).set({ responsavel: r.data.responsavel }).where(eq(usuarios.codusuario, step.codusuario));
        await audit(ctx.db, { codusuario: step.codusuario, acao: 'RESPONSAVEL_DEFINIDO', entidade: 'usuarios', chave: step.codusuario, dados: { responsavel: r.data.responsavel } });
        return TROCA_SENHA_RESULT.CRIAR_SENHA;
      }
      const p = novaSenhaSchema.safeParse({ senha: args.senha ?? '', confirmaSenha: args.confirmaSenha ?? '' });
      if (!p.success) throw fromZod(p.error);
      const spent = await advanceToken(ctx.db, 'TROCA_SENHA', args.idTrocaSenha, 'SENHA', 'USADO');
      if (!spent) throw expired();
      await ctx.db.update(usuarios).set({ senhahash: await hash(p.data.senha) }).where(eq(usuarios.codusuario, spent.codusuario));
      await endUserSessions(ctx.db, spent.codusuario);
      await audit(ctx.db, { codusuario: spent.codusuario, acao: 'SENHA_REDEFINIDA_LINK', entidade: 'usuarios', chave: spent.codusuario });
      return TROCA_SENHA_RESULT.LOGGEDOUT;
    },
  }),
);

/** Signed-in password change (/app/alterasenha); other sessions of the user end. */
builder.mutationField('redefinirSenha', (t) =>
  t.string({
    args: {
      senhaAtual: t.arg.string({ required: true }),
      senha: t.arg.string({ required: true }),
      confirmaSenha: t.arg.string({ required: true }),
    },
    resolve: async (_root, args, ctx) => {
      const me = await ctx.requireUser();
      // a master signed in as this user does not choose the user's password
      if (me.simuladoPor !== null) throw new AppError('FORBIDDEN', MSG.semPermissao);
      const p = redefinirSenhaSchema.safeParse(args);
      if (!p.success) throw fromZod(p.error);
      const [user] = await ctx.db.select().from(usuarios).where(eq(usuarios.codusuario, me.codusuario));
      const ok = user?.senhahash ? await verify(user.senhahash, p.data.senhaAtual).catch(() => false) : false;
      if (!ok) throw fieldError('senhaAtual', MSG.senhaAtualInvalida);
      await ctx.db.update(usuarios).set({ senhahash: await hash(p.data.senha) }).where(eq(usuarios.codusuario, me.codusuario));
      await endUserSessions(ctx.db, me.codusuario, me.sessionId);
      await audit(ctx.db, { codusuario: me.codusuario, acao: 'SENHA_ALTERADA', entidade: 'usuarios', chave: me.codusuario });
      return MSG.senhaAlterada;
    },
  }),
);
