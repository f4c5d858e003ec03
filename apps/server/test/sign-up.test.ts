import { clientesRegister, MSG, TROCA_SENHA_RESULT } from '@concilia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionDocument } from '../../web/src/registers/register-operations';
import { openCredential, credentialsKey, readCredential } from '../src/features/credentials/credential-vault';
import { solvedAltcha } from './altcha';
import { BASE_URL, createTestApp, dataOf, engines, errorOf, type TestApp, withApp } from './harness';
import { TROCAR_SENHA, USER_INFO } from './ops';

const FINALIZAR = 'mutation($values: CadastroLojaInput!) { finalizarCadastro(values: $values) { codigo login email } }';
const CODIGO = 'query($code: String!) { getIdentificadorCodigo(code: $code) { codigo nome status emailConfirmado criadoem } }';
const APROVAR = actionDocument(clientesRegister, clientesRegister.actions!.find((a) => a.key === 'aprovarCadastro')!);
const LINK = /\/resetar-senha\?idTrocaSenha=([^\s&]+)/;

/** What a merchant types in the wizard, step by step (the CNPJ with its mask, as the field sends it). */
const lojaDaAna = {
  cpfCnpj: '27.386.541/0001-56', apelidoLoja: 'Empório da Ana', telefone: '(31) 98765-4321', email: 'ana@emporio.com.br',
  aceiteTermos: true, login: 'emporio-api', senha: 'S3gr3d0-da-Cielo!', codExterno: '2345678901',
  debito: 1.49, credito: 2.99, parceladoA: 3.49, parceladoB: 3.99, ticket: 5.5, formaPagamento: 'PIX',
};

const counts = async (t: TestApp): Promise<Record<'pessoas' | 'usuarios' | 'ecs' | 'planos' | 'cadastros' | 'credenciais' | 'emails', number>> => (await t.exec(`SELECT
  (SELECT count(*)::int FROM pessoas) AS pessoas, (SELECT count(*)::int FROM usuarios) AS usuarios,
  (SELECT count(*)::int FROM estabelecimentos) AS ecs, (SELECT count(*)::int FROM planos_conciliadores) AS planos,
  (SELECT count(*)::int FROM cadastros) AS cadastros, (SELECT count(*)::int FROM credenciais_operadora) AS credenciais,
  (SELECT count(*)::int FROM caixa_saida) AS emails`))[0] as never;

/**
 * The public sign-up (spec part 2 §2.2; issue 17): 'Finalizar Cadastro' creates exactly the pending records,
 * nothing on bad input, one sign-up per CNPJ, credentials sealed; the e-mailed link confirms the address and
 * creates the password; an administrator approves; the code page follows it.
 */
describe.each(engines())('merchant sign-up (%s)', (engine) => {
  let t: TestApp;
  let codigo: string;
  const finalizar = (values: Record<string, unknown>) => t.call(FINALIZAR, { values });

  beforeAll(async () => { t = await createTestApp(engine); });
  afterAll(() => t?.close());

  it('creates the pending client, unit, Cielo establishment, plan, user and sign-up — and says so by e-mail', async () => {
    const before = await counts(t);
    const done = dataOf(await finalizar(lojaDaAna)).finalizarCadastro;
    expect(done).toEqual({ codigo: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/), login: '27386541000156', email: 'ana@emporio.com.br' });
    codigo = done.codigo;
    expect(await counts(t)).toEqual({ ...before, pessoas: before.pessoas + 2, usuarios: before.usuarios + 1, ecs: before.ecs + 1, planos: before.planos + 1, cadastros: 1, credenciais: 1, emails: before.emails + 1 });

    const [cliente] = await t.exec(`SELECT c.codpessoa, c.tipo, c.status, c.nome, c.cnpj, c.telefone, c.email, p.tipo AS pai
      FROM pessoas c JOIN pessoas p ON p.codpessoa = c.codpessoapai WHERE c.cnpj = '27386541000156' AND c.tipo = 'CLIENTE'`);
    expect(cliente).toMatchObject({ tipo: 'CLIENTE', status: 'P', nome: 'Empório da Ana', telefone: '31987654321', email: 'ana@emporio.com.br', pai: 'PLATAFORMA' });
    const [unidade] = await t.exec(`SELECT u.tipo, u.status, e.codexterno, o.nome AS operadora FROM pessoas u
      JOIN estabelecimentos e ON e.codpessoa = u.codpessoa JOIN operadoras o ON o.codoperadora = e.codoperadora WHERE u.codpessoapai = ${cliente!.codpessoa}`);
    expect(unidade).toEqual({ tipo: 'UNIDADE', status: 'P', codexterno: '2345678901', operadora: 'Cielo' });

    // the typed rates are the client's plan over Cielo's products, with a contract on the unit from today
    const taxas = await t.exec(`SELECT pr.nome AS produto, t.de, t.ate, t.taxa::text AS taxa FROM planos_conciliadores p
      JOIN planos_conciliadores_taxas t USING (codplanosconciliadores) JOIN produtos pr USING (codprodutos)
      WHERE p.codpessoapai = ${cliente!.codpessoa} AND pr.tipo <> 'VOUCHER' ORDER BY t.taxa`);
    expect(taxas).toEqual([
      { produto: 'Débito', de: 1, ate: 1, taxa: '1.4900' },
      { produto: 'Crédito à vista', de: 1, ate: 1, taxa: '2.9900' },
      { produto: 'Crédito parcelado loja', de: 2, ate: 6, taxa: '3.4900' },
      { produto: 'Crédito parcelado loja', de: 7, ate: 12, taxa: '3.9900' },
    ]);
    const [contrato] = await t.exec(`SELECT count(*)::int AS n FROM planos_conciliadores p JOIN planos_conciliadores_contrato c USING (codplanosconciliadores)
      JOIN planos_conciliadores_contrato_unidades u USING (codplanosconciliadorescontrato) WHERE p.codpessoapai = ${cliente!.codpessoa} AND c.vigenciade <= current_date`);
    expect(contrato!.n).toBe(1);

    const [user] = await t.exec(`SELECT login, permitido, senhahash, email FROM usuarios WHERE codpessoa = ${cliente!.codpessoa}`);
    expect(user).toEqual({ login: '27386541000156', permitido: false, senhahash: null, email: 'ana@emporio.com.br' });
    const [mail] = await t.exec('SELECT para, assunto, texto FROM caixa_saida ORDER BY codemail DESC LIMIT 1');
    expect(mail).toMatchObject({ para: 'ana@emporio.com.br', assunto: 'Concilia - confirme seu cadastro' });
    expect(String(mail!.texto)).toContain(`${BASE_URL}/identificador-code?code=${codigo}`);
    expect(String(mail!.texto)).toMatch(LINK);
    expect(String(mail!.texto)).not.toContain(lojaDaAna.senha);
  });

  it('keeps the Cielo credentials sealed: unreadable in the database and in the logs, opened only with the key and on their row', async () => {
    const [row] = await t.exec(`SELECT c.codpessoa, c.codoperadora, c.credencial FROM credenciais_operadora c JOIN pessoas p USING (codpessoa) WHERE p.cnpj = '27386541000156'`);
    const sealed = String(row!.credencial);
    expect(sealed).toMatch(/^v1\./);
    for (const plain of [lojaDaAna.senha, lojaDaAna.login, Buffer.from(lojaDaAna.senha).toString('base64')]) expect(sealed).not.toContain(plain);
    const dump = JSON.stringify(await t.exec('SELECT * FROM auditoria')) + t.logs.join('\n');
    expect(dump).not.toContain(lojaDaAna.senha);
    expect(await readCredential(t.db, t.config, Number(row!.codpessoa), Number(row!.codoperadora))).toEqual({ login: 'emporio-api', senha: 'S3gr3d0-da-Cielo!' });
    // copied onto another client's row it does not open; nor under another key
    expect(() => openCredential(credentialsKey(t.config), Number(row!.codpessoa) + 1, Number(row!.codoperadora), sealed)).toThrow();
    expect(() => openCredential(credentialsKey({ credentialsKey: Buffer.alloc(32, 7).toString('base64'), filesDir: '' }), Number(row!.codpessoa), Number(row!.codoperadora), sealed)).toThrow(/key/);
    expect(JSON.stringify(dataOf(await t.call(CODIGO, { code: codigo })))).not.toContain(lojaDaAna.login);
  });

  it('the code page finds the sign-up by its code, however it is typed; says when the code is missing or unknown', async () => {
    const found = dataOf(await t.call(CODIGO, { code: codigo })).getIdentificadorCodigo;
    expect(found).toMatchObject({ codigo, nome: 'Empório da Ana', status: MSG.cadastroStatusPendente, emailConfirmado: false });
    expect(dataOf(await t.call(CODIGO, { code: ` ${codigo.replace(/-/g, '').toLowerCase()} ` })).getIdentificadorCodigo.codigo).toBe(codigo);
    expect(errorOf(await t.call(CODIGO, { code: 'ABCD-EFGH-JKMN' }))).toEqual({ code: 'BAD_USER_INPUT', message: MSG.codigoNaoEncontrado });
    expect(errorOf(await t.call(CODIGO, { code: '  ' }))).toEqual({ code: 'BAD_USER_INPUT', message: MSG.codigoNaoInformado });
  });

  it("one sign-up per CNPJ: the same CNPJ again, or a registered client's, is refused and writes nothing", async () => {
    const before = await counts(t);
    for (const cpfCnpj of ['27386541000156', '45.723.174/0001-10']) {
      const r = await finalizar({ ...lojaDaAna, cpfCnpj, codExterno: '2345678902' });
      expect(errorOf(r)).toEqual({ code: 'BAD_USER_INPUT', message: MSG.cadastroCnpjJaCadastrado });
      expect(r.body.errors[0].extensions.issues).toEqual([{ path: 'cpfCnpj', message: MSG.cadastroCnpjJaCadastrado }]);
    }
    expect(await counts(t)).toEqual(before);
  });

  it('two sign-ups of one new CNPJ sent at once: one is received, the other is told the CNPJ is taken', async () => {
    const before = await counts(t);
    const values = { ...lojaDaAna, cpfCnpj: '60541289000188', codExterno: '4567890123', email: 'bia@armazem.com.br' };
    const answers = await Promise.all([finalizar(values), finalizar({ ...values, codExterno: '4567890124' })]);
    const received = answers.filter((r) => r.body?.data?.finalizarCadastro);
    const refused = answers.filter((r) => r.body?.errors);
    expect(received).toHaveLength(1);
    expect(refused.map((r) => errorOf(r))).toEqual([{ code: 'BAD_USER_INPUT', message: MSG.cadastroCnpjJaCadastrado }]);
    expect((await counts(t)).cadastros).toBe(before.cadastros + 1);
  });

  it('bad input is refused field by field and writes nothing; a Cielo EC already registered is refused', async () => {
    const before = await counts(t);
    const bad = await finalizar({ ...lojaDaAna, cpfCnpj: '38.475.926/0001-07', aceiteTermos: false, codExterno: '12345', email: 'ana@', debito: null });
    const issues = (bad.body.errors[0].extensions.issues as { path: string; message: string }[]).map((i) => [i.path, i.message]);
    expect(issues).toEqual(expect.arrayContaining([
      ['cpfCnpj', MSG.cnpjInvalido], ['aceiteTermos', MSG.cadastroAceiteObrigatorio], ['codExterno', MSG.cadastroEcInvalido],
      ['email', expect.any(String)], ['debito', 'Débito é obrigatório.'],
    ]));
    // the bakery's Cielo EC of the demo
    const taken = await finalizar({ ...lojaDaAna, cpfCnpj: '38475926000106', codExterno: '1023456789' });
    expect(errorOf(taken)).toEqual({ code: 'BAD_USER_INPUT', message: MSG.cadastroEcJaCadastrado });
    expect(await counts(t)).toEqual(before);
  });

  it('the e-mailed link confirms the address and creates the password; until approval the user meets the pending page', async () => {
    const [mail] = await t.exec(`SELECT texto FROM caixa_saida WHERE para = 'ana@emporio.com.br' ORDER BY codemail DESC LIMIT 1`);
    const token = decodeURIComponent(LINK.exec(String(mail!.texto))![1]!);
    expect(dataOf(await t.call(TROCAR_SENHA, { idTrocaSenha: token, gravarResponsavel: true, responsavel: 'Ana Souza' })).usuarioTrocarSenha).toBe(TROCA_SENHA_RESULT.CRIAR_SENHA);
    expect(dataOf(await t.call(TROCAR_SENHA, { idTrocaSenha: token, senha: 'Emporio2026Loja', confirmaSenha: 'Emporio2026Loja' })).usuarioTrocarSenha).toBe(TROCA_SENHA_RESULT.LOGGEDOUT);
    expect(dataOf(await t.call(CODIGO, { code: codigo })).getIdentificadorCodigo.emailConfirmado).toBe(true);
    const ana = await t.login('27386541000156', 'Emporio2026Loja');
    expect(dataOf(await t.call(USER_INFO, {}, { cookie: ana })).getUserInfo.permitido).toBe(false);
  });

  it('an administrator approves it from Clientes: active, the user may enter, told by e-mail; only once, and only who sees it', async () => {
    const [cliente] = await t.exec(`SELECT codpessoa, codpessoapai FROM pessoas WHERE cnpj = '27386541000156' AND tipo = 'CLIENTE'`);
    const editValues = { codpessoa: cliente!.codpessoa, codpessoapai: cliente!.codpessoapai };
    const revenda = await t.login('REVENDA');
    expect(errorOf(await t.call(APROVAR, { values: { editValues } }, { cookie: revenda })).code).toMatch(/FORBIDDEN|BAD_USER_INPUT/);
    const admin = await t.login('ADMIN');
    expect(dataOf(await t.call(APROVAR, { values: { editValues } }, { cookie: admin })).aprovarCadastro).toBe(true);
    const pessoas = await t.exec(`SELECT status FROM pessoas WHERE codpessoa = ${cliente!.codpessoa} OR codpessoapai = ${cliente!.codpessoa}`);
    expect(pessoas.map((p) => p.status)).toEqual(['A', 'A']);
    const ana = await t.login('27386541000156', 'Emporio2026Loja');
    expect(dataOf(await t.call(USER_INFO, {}, { cookie: ana })).getUserInfo.permitido).toBe(true);
    const [mail] = await t.exec('SELECT para, assunto, texto FROM caixa_saida ORDER BY codemail DESC LIMIT 1');
    expect(mail).toMatchObject({ para: 'ana@emporio.com.br', assunto: 'Concilia - cadastro aprovado' });
    // the sign-in page is the app's root
    expect(String(mail!.texto)).toContain(`entrar em ${BASE_URL}/ com o usuário 27386541000156`);
    expect(dataOf(await t.call(CODIGO, { code: codigo })).getIdentificadorCodigo.status).toBe(MSG.cadastroStatusAprovado);
    expect(errorOf(await t.call(APROVAR, { values: { editValues } }, { cookie: admin }))).toEqual({ code: 'BAD_USER_INPUT', message: MSG.cadastroNaoPendente });
    const [line] = await t.exec(`SELECT a.acao FROM auditoria a JOIN usuarios u USING (codusuario) WHERE u.login = 'ADMIN' AND a.acao = 'CADASTRO_APROVADO'`);
    expect(line).toBeTruthy();
  });
});

describe.each(engines())('merchant sign-up: bot check (%s)', (engine) => {
  it('needs a solved bot check, spent on first use', async () => {
    await withApp(engine, { BOT_CHECK: 'altcha' }, async (t) => {
      const values = { ...lojaDaAna, cpfCnpj: '60541289000188', codExterno: '3456789012' };
      expect(errorOf(await t.call(FINALIZAR, { values })).code).toBe('BOT_CHECK_FAILED');
      const recaptcha = await solvedAltcha(t.config);
      expect(dataOf(await t.call(FINALIZAR, { values: { ...values, recaptcha } })).finalizarCadastro.login).toBe('60541289000188');
      expect(errorOf(await t.call(FINALIZAR, { values: { ...values, cpfCnpj: '38475926000106', codExterno: '3456789013', recaptcha } })).code).toBe('BOT_CHECK_FAILED');
    });
  });
});
