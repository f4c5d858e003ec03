import { MASTER_SCREENS, MSG, usuariosMestresRevendaScreen, usuariosMestresScreen } from '@concilia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listDocument } from '../../web/src/registers/register-operations';
import { createTestApp, dataOf, engines, errorOf, type TestApp } from './harness';

type Row = Record<string, unknown>;

const LOGAR = 'mutation($values: LogarUsuarioMestreValues!) { logarUsuarioMestre(values: $values) }';
const LOGAR_REVENDA = 'mutation($values: LogarUsuarioMestreValues!) { logarUsuarioMestreRevenda(values: $values) }';
const VOLTAR = 'mutation { voltarUsuarioMestre }';
const QUEM = 'query { getUserInfo { login simulado } }';
const SENHA = 'mutation($a: String!, $s: String!) { redefinirSenha(senhaAtual: $a, senha: $s, confirmaSenha: $s) }';

/**
 * Master users (spec part 2 §2.1, §4, §6): the lists of users a master may sign in as, Logar and the way back,
 * through the calls the screens send — who may enter whom, what the session says, what the audit log keeps.
 */
describe.each(engines())('master users and impersonation (%s)', (engine) => {
  let t: TestApp;
  let mestre: string;
  let mestreRevenda: string;
  const logins = async (def: typeof usuariosMestresScreen, cookie: string, values: Row = {}) =>
    (dataOf(await t.call(listDocument(def), { values }, { cookie }))[def.ops.list] as Row[]).map((r) => r.login);
  const logar = (cookie: string, login: string, query = LOGAR) => t.call(query, { values: { searchValues: { login } } }, { cookie });
  const who = async (cookie: string) => dataOf(await t.call(QUEM, {}, { cookie })).getUserInfo;

  beforeAll(async () => {
    t = await createTestApp(engine);
    mestre = await t.login('MESTRE');
    mestreRevenda = await t.login('MESTREREVENDA');
  });
  afterAll(() => t?.close());

  it("lists the users below the master's company — never its colleagues or itself", async () => {
    // MESTRE sits at the platform: the reseller's and the clients' users; not ADMIN, not itself
    expect(await logins(usuariosMestresScreen, mestre)).toEqual(['CLIENTE', 'CLIENTE2', 'MESTREREVENDA', 'PENDENTE', 'REVENDA']);
    expect(await logins(usuariosMestresRevendaScreen, mestreRevenda)).toEqual(expect.arrayContaining(['CLIENTE', 'CLIENTE2']));
    expect(await logins(usuariosMestresRevendaScreen, mestreRevenda)).not.toContain('REVENDA');
    expect(await logins(usuariosMestresScreen, mestre, { login: 'cliente2' })).toEqual(['CLIENTE2']);
  });

  it('each list is closed to a profile without its screen', async () => {
    const revenda = await t.login('REVENDA');
    for (const def of MASTER_SCREENS) expect(errorOf(await t.call(listDocument(def), {}, { cookie: revenda })).code).toBe('FORBIDDEN');
    expect(errorOf(await t.call(listDocument(usuariosMestresScreen), {}, { cookie: mestreRevenda })).code).toBe('FORBIDDEN');
    expect(errorOf(await logar(revenda, 'CLIENTE')).code).toBe('FORBIDDEN');
  });

  it('a reseller master cannot enter a colleague, the platform, or a user it does not see', async () => {
    for (const login of ['REVENDA', 'ADMIN', 'MESTRE', 'NINGUEM']) {
      expect(errorOf(await logar(mestreRevenda, login, LOGAR_REVENDA))).toEqual({ code: 'FORBIDDEN', message: MSG.mestreErroLogar.replace('{login}', login) });
    }
  });

  let comoCliente: string;
  it('Logar opens a session as the user, marked as the master\'s; the master\'s session ends; the audit log says who as whom', async () => {
    const r = await logar(mestre, 'cliente');
    expect(dataOf(r).logarUsuarioMestre).toEqual(expect.any(String));
    comoCliente = r.cookie;
    expect(await who(comoCliente)).toEqual({ login: 'CLIENTE', simulado: true });
    expect(errorOf(await t.call(QUEM, {}, { cookie: mestre })).message).toBe(MSG.usuarioNaoLogado);
    const [line] = await t.exec(`SELECT a.acao, a.dados FROM auditoria a JOIN usuarios u ON u.codusuario = a.codusuario
      WHERE u.login = 'MESTRE' AND a.acao = 'SIMULACAO_INICIO'`);
    expect(line!.dados).toMatchObject({ mestre: 'MESTRE', comousuario: 'CLIENTE' });
  });

  it("the user's password cannot be changed from that session", async () => {
    expect(errorOf(await t.call(SENHA, { a: 'Demo@2026', s: 'Outra#Senha2026' }, { cookie: comoCliente })).code).toBe('FORBIDDEN');
  });

  it('Voltar ao meu usuário ends it and opens the master\'s own session, logging from when to when', async () => {
    const r = await t.call(VOLTAR, {}, { cookie: comoCliente });
    expect(dataOf(r).voltarUsuarioMestre).toEqual(expect.any(String));
    mestre = r.cookie;
    expect(await who(mestre)).toEqual({ login: 'MESTRE', simulado: false });
    expect(errorOf(await t.call(QUEM, {}, { cookie: comoCliente })).message).toBe(MSG.usuarioNaoLogado);
    const [line] = await t.exec(`SELECT a.dados FROM auditoria a WHERE a.acao = 'SIMULACAO_FIM'`);
    expect(line!.dados).toMatchObject({ mestre: 'MESTRE', comousuario: 'CLIENTE', de: expect.any(String), ate: expect.any(String) });
    expect(errorOf(await t.call(VOLTAR, {}, { cookie: mestre }))).toEqual({ code: 'FORBIDDEN', message: MSG.mestreNaoSimulado });
  });

  it('Trocar senha answers a new password once: it signs in, the old one does not, and neither the log nor the audit holds it', async () => {
    const TROCAR = 'mutation($values: TrocarSenhaValues!) { trocarSenha(values: $values) }';
    const [cliente2] = await t.exec("SELECT codpessoa FROM usuarios WHERE login = 'CLIENTE2'");
    const old = await t.login('CLIENTE2');
    const senha = dataOf(await t.call(TROCAR, { values: { codpessoa: cliente2!.codpessoa, login: 'cliente2' } }, { cookie: mestre })).trocarSenha as string;
    expect(senha).toMatch(/^[A-Za-z0-9]{12}$/);
    // the user's open sessions end with the old password
    expect(errorOf(await t.call(QUEM, {}, { cookie: old })).message).toBe(MSG.usuarioNaoLogado);
    expect(await who(await t.login('CLIENTE2', senha))).toEqual({ login: 'CLIENTE2', simulado: false });
    expect(t.logs.some((l) => l.includes(senha))).toBe(false);
    const audit = await t.exec(`SELECT dados::text AS d FROM auditoria WHERE acao = 'SENHA_TROCADA_MESTRE'`);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.d).not.toContain(senha);
    const [stored] = await t.exec("SELECT senhahash FROM usuarios WHERE login = 'CLIENTE2'");
    expect(String(stored!.senhahash)).toMatch(/^\$argon2id\$/);
    // only the plain master list offers it, and only over users below the master
    expect(errorOf(await t.call(TROCAR, { values: { codpessoa: cliente2!.codpessoa } }, { cookie: mestreRevenda })).code).toBe('FORBIDDEN');
    const [plataforma] = await t.exec("SELECT codpessoa FROM usuarios WHERE login = 'ADMIN'");
    expect(errorOf(await t.call(TROCAR, { values: { codpessoa: plataforma!.codpessoa, login: 'ADMIN' } }, { cookie: mestre })).code).toBe('FORBIDDEN');
  });

  it("Tefs: the catalogue, a company's TEFs ticked and one typed (whatever its case) — only of companies below the master", async () => {
    const TEFS = 'query($p: Int!) { listarAllTefsDAO { codtefs nome } getTefs(codpessoa: $p) { nome } }';
    const SALVAR = 'mutation($values: SalvarTefsValues!) { salvarTefs(values: $values) { nome } }';
    const [padaria] = await t.exec("SELECT codpessoa FROM pessoas WHERE nome = 'Padaria Pão Quente Ltda'");
    const p = Number(padaria!.codpessoa);
    const before = dataOf(await t.call(TEFS, { p }, { cookie: mestre }));
    expect(before.listarAllTefsDAO.map((x: Row) => x.nome)).toEqual(expect.arrayContaining(['PayGo', 'SiTef (Software Express)']));
    expect(before.getTefs).toEqual([]);
    const paygo = before.listarAllTefsDAO.find((x: Row) => x.nome === 'PayGo').codtefs;
    const saved = dataOf(await t.call(SALVAR, { values: { codpessoa: p, codtefs: [paygo], novo: 'TEF Caixa Própria' } }, { cookie: mestre })).salvarTefs;
    expect(saved.map((x: Row) => x.nome)).toEqual(['PayGo', 'TEF Caixa Própria']);
    // typed again in another case it is the same TEF, not a second one
    await t.call(SALVAR, { values: { codpessoa: p, codtefs: [], novo: 'tef caixa própria' } }, { cookie: mestre });
    expect(dataOf(await t.call(TEFS, { p }, { cookie: mestre })).getTefs).toEqual([{ nome: 'TEF Caixa Própria' }]);
    const [n] = await t.exec("SELECT count(*)::int AS n FROM tefs WHERE lower(nome) = 'tef caixa própria'");
    expect(Number(n!.n)).toBe(1);
    // the reseller master's list has no Tefs; the platform's own company is not below the master
    expect(errorOf(await t.call(TEFS, { p }, { cookie: mestreRevenda })).code).toBe('FORBIDDEN');
    const [plataforma] = await t.exec("SELECT codpessoa FROM pessoas WHERE tipo = 'PLATAFORMA'");
    expect(errorOf(await t.call(SALVAR, { values: { codpessoa: plataforma!.codpessoa, codtefs: [paygo] } }, { cookie: mestre })).code).toBe('FORBIDDEN');
    expect(errorOf(await t.call(SALVAR, { values: { codpessoa: p, codtefs: [], novo: 'x'.repeat(61) } }, { cookie: mestre })).message).toBe(MSG.tefsNomeLongo);
  });

  it("Plano R$: the POS plans in force today on the terminals of a company below the master, with fee and cut-off day", async () => {
    const PLANO = 'query($p: Int!) { getPlanoReais(codpessoa: $p) { nome cobramensalidade valormensalidade diacorte vigenciade vigenciaate terminais } }';
    const pessoa = async (nome: string) => Number((await t.exec(`SELECT codpessoa FROM pessoas WHERE nome = '${nome}'`))[0]!.codpessoa);
    const padaria = await pessoa('Padaria Pão Quente Ltda');
    expect(dataOf(await t.call(PLANO, { p: padaria }, { cookie: mestre })).getPlanoReais).toEqual([{
      nome: 'POS Revenda Sul', cobramensalidade: 'S', valormensalidade: 8990, diacorte: 10, vigenciade: '2026-01-01', vigenciaate: '2027-12-31',
      terminais: ['Pão Quente Caixa 1'],
    }]);
    // the reseller above holds the bakery's terminal too; the market has none under contract
    expect(dataOf(await t.call(PLANO, { p: await pessoa('Revenda Sul Conciliações Ltda') }, { cookie: mestre })).getPlanoReais).toHaveLength(1);
    expect(dataOf(await t.call(PLANO, { p: await pessoa('Mercado Bom Preço Ltda') }, { cookie: mestre })).getPlanoReais).toEqual([]);
    // the reseller master's list has no Plano R$; the platform is not below the master
    expect(errorOf(await t.call(PLANO, { p: padaria }, { cookie: mestreRevenda })).code).toBe('FORBIDDEN');
    const [plataforma] = await t.exec("SELECT codpessoa FROM pessoas WHERE tipo = 'PLATAFORMA'");
    expect(errorOf(await t.call(PLANO, { p: plataforma!.codpessoa }, { cookie: mestre })).code).toBe('FORBIDDEN');
  });

  it("Editar (reseller master list): a listed user's responsável and e-mail, both required, the e-mail valid — only users it lists", async () => {
    const SALVAR = 'mutation($values: MestreRevendaEdicaoInput!) { salvarMestreRevenda(values: $values) }';
    const codusuario = await t.userId('CLIENTE2');
    const salvar = (values: Row, cookie = mestreRevenda) => t.call(SALVAR, { values: { codusuario, ...values } }, { cookie });
    expect(dataOf(await salvar({ responsavel: 'Marina Lima', email: 'marina@bompreco.com.br' })).salvarMestreRevenda).toBe(true);
    const [row] = await t.exec(`SELECT responsavel, email FROM usuarios WHERE codusuario = ${codusuario}`);
    expect(row).toEqual({ responsavel: 'MARINA LIMA', email: 'marina@bompreco.com.br' });
    const listed = (dataOf(await t.call(listDocument(usuariosMestresRevendaScreen), { values: { login: 'CLIENTE2' } }, { cookie: mestreRevenda }))[usuariosMestresRevendaScreen.ops.list] as Row[])[0];
    expect(listed).toMatchObject({ responsavel: 'MARINA LIMA', email: 'marina@bompreco.com.br' });

    const bad = await salvar({ responsavel: ' ', email: 'marina@' });
    expect(bad.body.errors[0].extensions.issues).toEqual([
      { path: 'responsavel', message: 'Responsável é obrigatório.' }, { path: 'email', message: MSG.emailInvalido },
    ]);
    expect(errorOf(await salvar({ responsavel: 'X', email: '' })).message).toBe('Email é obrigatório.');
    // a colleague of the master's own company is not listed: not editable either; nor from the plain master's profile
    expect(errorOf(await t.call(SALVAR, { values: { codusuario: await t.userId('REVENDA'), responsavel: 'X', email: 'x@y.com' } }, { cookie: mestreRevenda })).code).toBe('FORBIDDEN');
    expect(errorOf(await salvar({ responsavel: 'X', email: 'x@y.com' }, mestre)).code).toBe('FORBIDDEN');
  });

  it('a session in another user\'s name cannot enter a third user, even when that user is a master', async () => {
    const comoMestreRevenda = (await logar(mestre, 'MESTREREVENDA')).cookie;
    expect(await who(comoMestreRevenda)).toEqual({ login: 'MESTREREVENDA', simulado: true });
    expect(errorOf(await logar(comoMestreRevenda, 'CLIENTE', LOGAR_REVENDA))).toEqual({ code: 'FORBIDDEN', message: MSG.mestreJaSimulado });
  });
});
