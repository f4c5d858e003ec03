import { ancestorsOf, banners, menus, noticias, perfilRecursos, pessoas, usuarios } from '@concilia/db';
import {
  APP_VERSION, MSG, type AppConfig, type Banner, type LoginSenhaAtendimento, type MenuItem, type Noticia, type UserInfo,
} from '@concilia/domain';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { builder } from '../../graphql/builder';
import type { Ctx } from '../../graphql/context';
import { AppError } from '../../graphql/errors';

const UserInfoRef = builder.objectRef<UserInfo>('UserInfo').implement({
  fields: (t) => ({
    nomeAbreviado: t.exposeString('nomeAbreviado'),
    uscodigo: t.exposeInt('uscodigo'),
    logoMarcarRevenda: t.exposeString('logoMarcarRevenda', { nullable: true }),
    simulado: t.exposeBoolean('simulado'),
    fullName: t.exposeString('fullName'),
    codPessoa: t.exposeInt('codPessoa'),
    codPessoaPai: t.exposeInt('codPessoaPai', { nullable: true }),
    codPerfil: t.exposeInt('codPerfil'),
    login: t.exposeString('login'),
    permitido: t.exposeBoolean('permitido'),
    versaoAntiga: t.exposeBoolean('versaoAntiga'),
  }),
});

const MenuRef = builder.objectRef<MenuItem>('Menu').implement({
  fields: (t) => ({
    id: t.exposeString('id'),
    label: t.exposeString('label'),
    page: t.exposeString('page', { nullable: true }),
    pai: t.exposeString('pai', { nullable: true }),
    icon: t.exposeString('icon', { nullable: true }),
  }),
});

const NoticiaRef = builder.objectRef<Noticia>('Noticia').implement({
  fields: (t) => ({
    codnoticia: t.exposeInt('codnoticia'),
    titulo: t.exposeString('titulo'),
    texto: t.exposeString('texto', { description: 'HTML; the client sanitises it before rendering' }),
    data: t.exposeString('data'),
  }),
});

const BannerRef = builder.objectRef<Banner>('Banner').implement({
  fields: (t) => ({
    codbanner: t.exposeInt('codbanner'),
    titulo: t.exposeString('titulo'),
    texto: t.exposeString('texto'),
    link: t.exposeString('link', { nullable: true }),
  }),
});

const AtendimentoRef = builder.objectRef<LoginSenhaAtendimento>('LoginSenhaAtendimento').implement({
  fields: (t) => ({ url: t.exposeString('url'), login: t.exposeString('login'), senha: t.exposeString('senha') }),
});

// An enum rather than a String: the web client's types come from the schema (gql.tada), so the login page
// gets the three modes it draws instead of any string.
const BotCheckRef = builder.enumType('BotCheck', { values: ['altcha', 'recaptcha', 'off'] as const satisfies readonly AppConfig['botCheck'][] });

const AppConfigRef = builder.objectRef<AppConfig>('AppConfig').implement({
  fields: (t) => ({
    botCheck: t.expose('botCheck', { type: BotCheckRef }),
    recaptchaSiteKey: t.exposeString('recaptchaSiteKey', { nullable: true }),
    treinamentoUrl: t.exposeString('treinamentoUrl', { nullable: true }),
    atendimento: t.exposeBoolean('atendimento'),
    versao: t.exposeString('versao'),
  }),
});

/** Public: what the login page needs before anyone signs in. */
builder.queryField('getAppConfig', (t) =>
  t.field({
    type: AppConfigRef,
    resolve: (_r, _a, ctx) => ({
      botCheck: ctx.config.botCheck,
      recaptchaSiteKey: ctx.config.botCheck === 'recaptcha' ? ctx.config.recaptchaSiteKey : null,
      treinamentoUrl: ctx.config.treinamentoUrl,
      atendimento: !!ctx.config.atendimento,
      versao: APP_VERSION,
    }),
  }),
);

builder.queryField('getUserInfo', (t) =>
  t.field({
    type: UserInfoRef,
    resolve: async (_r, _a, ctx) => {
      // the 'Cadastro Pendente' page reads it (and learns permitido from it)
      const me = await ctx.requireUser({ pendingPage: true });
      const [row] = await ctx.db
        .select({ nome: usuarios.nome, pessoaNome: pessoas.nomeabreviado, pessoaNomeCompleto: pessoas.nome })
        .from(usuarios)
        .innerJoin(pessoas, eq(pessoas.codpessoa, usuarios.codpessoa))
        .where(eq(usuarios.codusuario, me.codusuario));
      // The reseller's logo brands the shell for everyone below it.
      const [logo] = await ctx.db
        .select({ logo: pessoas.logo })
        .from(pessoas)
        .where(and(sql`${pessoas.codpessoa} IN ${ancestorsOf(me.codpessoa)}`, eq(pessoas.tipo, 'REVENDA'), sql`${pessoas.logo} IS NOT NULL`));
      return {
        nomeAbreviado: row?.nome.split(/\s+/)[0] ?? me.login,
        uscodigo: me.codusuario,
        logoMarcarRevenda: logo?.logo ?? null,
        simulado: me.simuladoPor !== null,
        fullName: row?.nome ?? me.login,
        codPessoa: me.codpessoa,
        codPessoaPai: me.codpessoapai,
        codPerfil: me.codperfil,
        login: me.login,
        permitido: me.permitido,
        versaoAntiga: !!ctx.config.legacyUrl,
      };
    },
  }),
);

/** Pages whose menu entry only makes sense when the environment configures them. */
function pageAvailable(ctx: Ctx, page: string | null): boolean {
  if (page === 'atendimento') return !!ctx.config.atendimento;
  if (page === 'treinamento') return !!ctx.config.treinamentoUrl;
  return true;
}

/** The menu from the signed-in user's profile: entries for its resources, and the sections holding them. */
builder.queryField('getMenus', (t) =>
  t.field({
    type: [MenuRef],
    resolve: async (_r, _a, ctx) => {
      // the shell around the 'Cadastro Pendente' page reads it too
      const me = await ctx.requireUser({ pendingPage: true });
      const all = await ctx.db.select().from(menus).orderBy(asc(menus.ordem), asc(menus.codmenu));
      const allowed = new Set(
        (await ctx.db.select({ r: perfilRecursos.codrecurso }).from(perfilRecursos).where(eq(perfilRecursos.codperfil, me.codperfil))).map((x) => x.r),
      );
      const byId = new Map(all.map((m) => [m.codmenu, m]));
      const visible = new Set<number>();
      for (const m of all) {
        if (m.codrecurso === null || !allowed.has(m.codrecurso) || !pageAvailable(ctx, m.page)) continue;
        // An entry makes its whole chain of sections visible.
        for (let cur: typeof m | undefined = m; cur && !visible.has(cur.codmenu); cur = cur.codmenupai ? byId.get(cur.codmenupai) : undefined) {
          visible.add(cur.codmenu);
        }
      }
      return all
        .filter((m) => visible.has(m.codmenu))
        .map((m) => ({
          id: String(m.codmenu),
          label: m.label,
          page: m.page,
          pai: m.codmenupai ? (byId.get(m.codmenupai)?.label ?? null) : null,
          icon: m.icon,
        }));
    },
  }),
);

/** News reach a user from every person above (and including) the user's own. */
builder.queryField('getNoticias', (t) =>
  t.field({
    type: [NoticiaRef],
    resolve: async (_r, _a, ctx) => {
      // the shell around the 'Cadastro Pendente' page reads it too
      const me = await ctx.requireUser({ pendingPage: true });
      return ctx.db
        .select({ codnoticia: noticias.codnoticia, titulo: noticias.titulo, texto: noticias.texto, data: noticias.data })
        .from(noticias)
        .where(and(eq(noticias.ativo, true), sql`${noticias.codpessoa} IN ${ancestorsOf(me.codpessoa)}`))
        .orderBy(desc(noticias.data), desc(noticias.codnoticia));
    },
  }),
);

builder.queryField('getBanner', (t) =>
  t.field({
    type: BannerRef,
    nullable: true,
    resolve: async (_r, _a, ctx) => {
      const me = await ctx.requireUser();
      const [b] = await ctx.db
        .select({ codbanner: banners.codbanner, titulo: banners.titulo, texto: banners.texto, link: banners.link })
        .from(banners)
        .where(and(eq(banners.ativo, true), sql`${banners.codpessoa} IN ${ancestorsOf(me.codpessoa)}`))
        .orderBy(desc(banners.criadoem))
        .limit(1);
      return b ?? null;
    },
  }),
);

/** Support-desk credentials for the auto-submitting Atendimento page (posted, never put in a URL). */
builder.queryField('getLoginSenhaAtendimento', (t) =>
  t.field({
    type: AtendimentoRef,
    resolve: async (_r, _a, ctx) => {
      await ctx.requireUser();
      if (!ctx.config.atendimento) throw new AppError('FORBIDDEN', MSG.atendimentoIndisponivel);
      return ctx.config.atendimento;
    },
  }),
);
