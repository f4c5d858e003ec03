import { MSG } from '@concilia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, engines, errorOf, type TestApp, withApp } from './harness';
import { ATENDIMENTO, BANNER, MENUS, NOTICIAS } from './ops';

type Menu = { id: string; label: string; page: string | null; pai: string | null; icon: string | null };
/** The menu as the drawer shows it: section / entry → page. */
const outline = (menus: Menu[]) => menus.map((m) => (m.pai ? `${m.pai} / ${m.label} → ${m.page}` : m.label));

describe.each(engines())('menu (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(engine); });
  afterAll(() => t?.close());
  const menuOf = async (login: string): Promise<Menu[]> => dataOf(await t.call(MENUS, {}, { cookie: await t.login(login) })).getMenus;

  it('lists the sections and the entries of the profile, each entry naming its section in pai', async () => {
    const menus = await menuOf('CLIENTE');
    expect(outline(menus)).toEqual([
      'Início', 'Início / Home → home', 'Início / Dashboard → dashboard',
      'Arquivos', 'Arquivos / Arquivos em Aberto → manutencaoarquivosconciliacaoaberto',
      'Arquivos / Extratos Originais → manutencaoarquivosextratosoriginais', 'Arquivos / Manutenção de Arquivos Único → manutencaoarquivos',
      'Cadastros', 'Cadastros / Estabelecimentos → estabelecimentos', 'Cadastros / Contas Bancárias → contasbancarias',
      'Tickets', 'Tickets / Pesquisar Ticket → pesquisaticket', 'Tickets / Importar Ticket → pesquisaimportacaoticket',
      'Tickets / Incluir Ticket → inclusaoticket',
      'Conciliação', 'Conciliação / Auditoria de Taxas → auditoriataxas', 'Conciliação / Taxas não cadastradas → taxasnaocadastradas',
      'Conciliação / Unidades não encontradas → unidadesnaoencontradas', 'Conciliação / Conferência Bancária → conferenciabancaria',
      'Relatórios',
      'Integração',
      'Ajuda', 'Ajuda / Manual → ajuda',
      'Minha Conta', 'Minha Conta / Altera Senha → alterasenha',
    ]);
    expect(new Set(menus.map((m) => m.id)).size).toBe(menus.length);
    expect(menus.every((m) => m.icon)).toBe(true);
    // Sections have no page of their own; entries do, and Relatórios and Integração are entries at the top.
    expect(menus.filter((m) => !m.pai && m.label !== 'Relatórios' && m.label !== 'Integração').every((m) => m.page === null)).toBe(true);
  });

  it("the masters' menus are their own: the product's screens and their master lists, not the administrator's registers", async () => {
    const sections = (menus: Menu[]) => menus.filter((m) => !m.pai).map((m) => m.label);
    const pages = (menus: Menu[]) => menus.filter((m) => m.pai).map((m) => m.page);
    const mestre = await menuOf('MESTRE');
    const mestreRevenda = await menuOf('MESTREREVENDA');
    const admin = await menuOf('ADMIN');
    expect(sections(mestre)).toEqual(['Início', 'Arquivos', 'Tickets', 'Conciliação', 'Relatórios', 'Ajuda', 'Minha Conta', 'Usuários Mestres']);
    expect(pages(mestre).filter((p) => p?.startsWith('buscamestres'))).toEqual(['buscamestres', 'buscamestresoperadora']);
    expect(pages(mestreRevenda).filter((p) => p?.startsWith('buscamestres'))).toEqual(['buscamestresrevenda']);
    expect(sections(mestreRevenda)).not.toContain('Cadastros');
    expect(sections(admin)).toContain('Cadastros');
    expect(sections(admin)).not.toContain('Usuários Mestres');
  });

  it('an entry whose resource the profile lacks is hidden, and a section left empty disappears', async () => {
    // A profile of its own for one user, so the rest of the demo keeps the full menu.
    // It holds the home and help screens only: no 'Altera Senha', so 'Minha Conta' has nothing to show.
    await t.exec(`INSERT INTO perfis (nome) VALUES ('Sem Minha Conta')`);
    await t.exec(`INSERT INTO perfil_recursos (codperfil, codrecurso)
      SELECT (SELECT codperfil FROM perfis WHERE nome = 'Sem Minha Conta'), codrecurso FROM recursos WHERE recurso IN ('home', 'ajuda')`);
    await t.exec(`UPDATE usuarios SET codperfil = (SELECT codperfil FROM perfis WHERE nome = 'Sem Minha Conta') WHERE login = 'MESTRE'`);
    expect(outline(await menuOf('MESTRE'))).toEqual(['Início', 'Início / Home → home', 'Ajuda', 'Ajuda / Manual → ajuda']);
    expect(outline(await menuOf('ADMIN'))).toContain('Minha Conta / Altera Senha → alterasenha');
  });

  it('offers Atendimento and Treinamento only where the environment configures them', async () => {
    const env = {
      ATENDIMENTO_URL: 'https://atendimento.example/login', ATENDIMENTO_LOGIN: 'suporte', ATENDIMENTO_SENHA: 's3gr3d0',
      TREINAMENTO_URL: 'https://videos.example/lista',
    };
    await withApp(engine, env, async (t2) => {
      const cookie = await t2.login('CLIENTE');
      const menus: Menu[] = dataOf(await t2.call(MENUS, {}, { cookie })).getMenus;
      expect(outline(menus).filter((l) => l.startsWith('Ajuda'))).toEqual([
        'Ajuda', 'Ajuda / Manual → ajuda', 'Ajuda / Atendimento → atendimento', 'Ajuda / Treinamento → treinamento',
      ]);
      // The Atendimento page then gets the support desk's address and credentials to post.
      expect(dataOf(await t2.call(ATENDIMENTO, {}, { cookie })).getLoginSenhaAtendimento).toEqual({
        url: 'https://atendimento.example/login', login: 'suporte', senha: 's3gr3d0',
      });
    });
  });

  it('support-desk credentials: refused with a clear message when the environment has none', async () => {
    expect(errorOf(await t.call(ATENDIMENTO, {}, { cookie: await t.login('CLIENTE') }))).toEqual({
      message: MSG.atendimentoIndisponivel, code: 'FORBIDDEN',
    });
  });
});

describe.each(engines())('news and banner reach a user from above, never sideways (%s)', (engine) => {
  let t: TestApp;
  const titles = async (login: string) =>
    (dataOf(await t.call(NOTICIAS, {}, { cookie: await t.login(login) })).getNoticias as { titulo: string }[]).map((n) => n.titulo);

  beforeAll(async () => {
    t = await createTestApp(engine);
    const codpessoa = "(SELECT codpessoa FROM pessoas WHERE nome = 'Mercado Bom Preço Ltda')";
    await t.exec(`INSERT INTO noticias (titulo, texto, data, codpessoa) VALUES ('Aviso do Mercado', '<p>interno</p>', '2026-11-20', ${codpessoa})`);
    await t.exec(`INSERT INTO noticias (titulo, texto, data, codpessoa, ativo)
      VALUES ('Notícia retirada', '<p>x</p>', '2026-11-21', (SELECT codpessoa FROM pessoas WHERE tipo = 'PLATAFORMA'), false)`);
  });
  afterAll(() => t?.close());

  it("a client sees the platform's and its reseller's news, newest first", async () => {
    expect(await titles('CLIENTE')).toEqual(['Atendimento Revenda Sul', 'Novos temas de cores', 'Bem-vindo ao Concilia']);
  });

  it("a client never sees another client's news", async () => {
    expect(await titles('CLIENTE')).not.toContain('Aviso do Mercado');
    expect(await titles('CLIENTE2')).toContain('Aviso do Mercado');
    expect(await titles('PENDENTE')).toContain('Aviso do Mercado');
  });

  it('news flow down only: the reseller and the platform do not receive what was published below them', async () => {
    expect(await titles('REVENDA')).toEqual(['Atendimento Revenda Sul', 'Novos temas de cores', 'Bem-vindo ao Concilia']);
    expect(await titles('ADMIN')).toEqual(['Novos temas de cores', 'Bem-vindo ao Concilia']);
  });

  it('news carry their HTML and date as published', async () => {
    const [first] = dataOf(await t.call(NOTICIAS, {}, { cookie: await t.login('ADMIN') })).getNoticias;
    expect(first).toMatchObject({ titulo: 'Novos temas de cores', data: '2026-11-10' });
    expect(first.texto).toMatch(/^<p>/);
  });

  it("the banner follows the same scope: a client's banner is invisible to its neighbour", async () => {
    const cliente = await t.login('CLIENTE');
    expect(dataOf(await t.call(BANNER, {}, { cookie: cliente })).getBanner).toBeNull();
    await t.exec(`INSERT INTO banners (titulo, texto, codpessoa) VALUES ('Promoção Mercado', 'só para o mercado',
      (SELECT codpessoa FROM pessoas WHERE nome = 'Mercado Bom Preço Ltda'))`);
    expect(dataOf(await t.call(BANNER, {}, { cookie: cliente })).getBanner).toBeNull();
    expect(dataOf(await t.call(BANNER, {}, { cookie: await t.login('CLIENTE2') })).getBanner.titulo).toBe('Promoção Mercado');
    await t.exec(`INSERT INTO banners (titulo, texto, link, codpessoa) VALUES ('Manutenção programada', 'domingo', '/app/ajuda',
      (SELECT codpessoa FROM pessoas WHERE tipo = 'PLATAFORMA'))`);
    expect(dataOf(await t.call(BANNER, {}, { cookie: cliente })).getBanner).toMatchObject({ titulo: 'Manutenção programada', link: '/app/ajuda' });
  });
});
