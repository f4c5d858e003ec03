import { LOGIN_RESULT, MSG, TROCA_SENHA_RESULT } from '@concilia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, createTestApp, dataOf, DEMO_PASSWORD, engines, errorOf, type TestApp, withApp } from './harness';
import { ESQUECI_SENHA, INFO_TROCAR_SENHA, LOGIN, TROCAR_SENHA, USER_INFO } from './ops';
import { startSmtp } from './smtp';

const LINK = /(https?:\/\/\S+\/resetar-senha\?idTrocaSenha=([^\s&]+))/;

/** The reset token of the last message in the outbox, as the user would click it. */
async function tokenFromOutbox(t: TestApp): Promise<string> {
  const [mail] = await t.exec('SELECT texto FROM caixa_saida ORDER BY codemail DESC LIMIT 1');
  const m = LINK.exec(String(mail?.texto));
  if (!m) throw new Error('no reset link in the outbox');
  return decodeURIComponent(m[2]!);
}

describe.each(engines())('forgot password: the reset e-mail (%s)', (engine) => {
  it('goes out through SMTP with a link to /resetar-senha; the answer is the same whether or not the data match', async () => {
    const smtp = await startSmtp();
    try {
      await withApp(engine, { SMTP_URL: smtp.url, MAIL_FROM: 'Concilia <nao-responda@concilia.test>' }, async (t) => {
        const ask = (usuario: string, email: string) => t.call(ESQUECI_SENHA, { usuario, email });

        expect(dataOf(await ask('cliente', 'CLIENTE@demo.concilia.local')).alterarSenha).toBe(MSG.esqueciSenhaEnviado);
        // Delivery runs after the answer (so its timing tells nothing); wait for it to end.
        await t.app.services.mailer.idle();
        expect(smtp.mails).toHaveLength(1);
        const mail = smtp.mails[0]!;
        expect(mail.to).toEqual(['cliente@demo.concilia.local']);
        expect(mail.from).toBe('nao-responda@concilia.test');
        const link = LINK.exec(mail.text);
        expect(link?.[1]).toMatch(new RegExp(`^${BASE_URL}/resetar-senha\\?idTrocaSenha=`));
        expect(mail.text).toContain('Carlos Pereira');
        expect(mail.text).not.toContain(DEMO_PASSWORD);
        const [sent] = await t.exec('SELECT enviadoem IS NOT NULL AS enviado, viasmtp FROM caixa_saida');
        expect(sent).toEqual({ enviado: true, viasmtp: true });

        // Neither a wrong e-mail nor an unknown login may be told apart from a match.
        expect(dataOf(await ask('CLIENTE', 'outra.pessoa@example.com')).alterarSenha).toBe(MSG.esqueciSenhaEnviado);
        expect(dataOf(await ask('NINGUEM', 'cliente@demo.concilia.local')).alterarSenha).toBe(MSG.esqueciSenhaEnviado);
        await t.app.services.mailer.idle();
        expect(smtp.mails).toHaveLength(1);

        // The link in the e-mail is a working reset link.
        const info = dataOf(await t.call(INFO_TROCAR_SENHA, { param: decodeURIComponent(link![2]!) })).getInfoUsuarrioTrocarSenha;
        expect(info).toMatchObject({ goLogin: false, senhaDefinida: true, expirado: false, login: 'CLIENTE' });
      });
    } finally {
      await smtp.close();
    }
  });
});

describe.each(engines())('reset through the link (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(engine); });
  afterAll(() => t?.close());

  const info = async (param: string) => dataOf(await t.call(INFO_TROCAR_SENHA, { param })).getInfoUsuarrioTrocarSenha;
  const trocar = (idTrocaSenha: string, senha: string, confirmaSenha = senha) => t.call(TROCAR_SENHA, { idTrocaSenha, senha, confirmaSenha });
  const loginResult = async (username: string, password: string) => dataOf(await t.call(LOGIN, { username, password })).login;

  it('without SMTP the message waits in the outbox; the log says only that it was queued, never the link', async () => {
    expect(dataOf(await t.call(ESQUECI_SENHA, { usuario: 'REVENDA', email: 'revenda@demo.concilia.local' })).alterarSenha)
      .toBe(MSG.esqueciSenhaEnviado);
    const [row] = await t.exec('SELECT para, texto, enviadoem, viasmtp FROM caixa_saida ORDER BY codemail DESC LIMIT 1');
    expect(row).toMatchObject({ para: 'revenda@demo.concilia.local', enviadoem: null, viasmtp: false });
    expect(String(row!.texto)).toMatch(LINK);
    expect(t.logs.some((l) => l.includes('/resetar-senha'))).toBe(false);
    const queued = t.logs.map((l) => JSON.parse(l)).find((l) => l.outbox !== undefined);
    expect(queued).toMatchObject({ toDomain: 'demo.concilia.local' });
    expect(JSON.stringify(queued)).not.toContain('revenda@');
  });

  it('asks for a valid e-mail before anything else, and sends nothing', async () => {
    const outbox = async () => (await t.exec('SELECT count(*)::int AS n FROM caixa_saida'))[0]!.n;
    const before = await outbox();
    expect(errorOf(await t.call(ESQUECI_SENHA, { usuario: 'CLIENTE', email: 'nao-e-email' }))).toMatchObject({ message: MSG.emailInvalido });
    expect(errorOf(await t.call(ESQUECI_SENHA, { usuario: '', email: 'a@b.com' }))).toMatchObject({ message: MSG.usuarioObrigatorio });
    expect(await outbox()).toBe(before);
  });

  it('an unknown link says it is invalid or expired, where a new one comes from', async () => {
    expect(await info('link-que-nao-existe')).toEqual({
      goLogin: false, senhaDefinida: false, expirado: true, mensagemSolicitaSenha: MSG.linkTrocaSenhaInvalido, login: null,
    });
  });

  it('sets a new password once: rules first, then the old password and other sessions stop working', async () => {
    const oldSession = await t.login('CLIENTE');
    await t.call(ESQUECI_SENHA, { usuario: 'CLIENTE', email: 'cliente@demo.concilia.local' });
    const token = await tokenFromOutbox(t);
    expect(await info(token)).toEqual({
      goLogin: false, senhaDefinida: true, expirado: false, mensagemSolicitaSenha: MSG.solicitaSenha, login: 'CLIENTE',
    });

    expect(errorOf(await trocar(token, 'abc12'))).toMatchObject({ message: MSG.novaSenhaMinimo, code: 'BAD_USER_INPUT' });
    expect(errorOf(await trocar(token, 'abc#def1'))).toMatchObject({ message: MSG.senhaCaracteres });
    expect(errorOf(await trocar(token, 'nova_senha1', 'nova_senha2'))).toMatchObject({ message: MSG.senhasNaoConferem });
    // A refused attempt does not spend the link.
    expect((await info(token)).expirado).toBe(false);

    expect(dataOf(await trocar(token, 'nova_senha1')).usuarioTrocarSenha).toBe(TROCA_SENHA_RESULT.LOGGEDOUT);
    expect(await loginResult('CLIENTE', DEMO_PASSWORD)).toBe(LOGIN_RESULT.LOGGEDOUT);
    expect(await loginResult('CLIENTE', 'nova_senha1')).not.toBe(LOGIN_RESULT.LOGGEDOUT);
    expect(errorOf(await t.call(USER_INFO, {}, { cookie: oldSession })).message).toBe(MSG.usuarioNaoLogado);

    expect(await info(token)).toMatchObject({ goLogin: false, expirado: true, mensagemSolicitaSenha: MSG.linkTrocaSenhaExpirado });
    expect(errorOf(await trocar(token, 'outra_senha2'))).toMatchObject({ message: MSG.linkTrocaSenhaExpirado });
    expect(await loginResult('CLIENTE', 'outra_senha2')).toBe(LOGIN_RESULT.LOGGEDOUT);
  });

  it('a link past its lifetime is reported as expired and cannot be used', async () => {
    await t.call(ESQUECI_SENHA, { usuario: 'MESTRE', email: 'mestre@demo.concilia.local' });
    const token = await tokenFromOutbox(t);
    await t.exec(`UPDATE tokens_acesso SET expiraem = now() - interval '1 minute' WHERE tipo = 'TROCA_SENHA' AND usadoem IS NULL`);
    expect((await info(token)).expirado).toBe(true);
    expect(errorOf(await trocar(token, 'nova_senha1')).message).toBe(MSG.linkTrocaSenhaExpirado);
    expect(await loginResult('MESTRE', DEMO_PASSWORD)).not.toBe(LOGIN_RESULT.LOGGEDOUT);
  });

  it('a user with no password yet names the person responsible first, then creates the password', async () => {
    await t.exec("UPDATE usuarios SET senhahash = NULL, responsavel = NULL WHERE login = 'CLIENTE2'");
    expect(await loginResult('CLIENTE2', DEMO_PASSWORD)).toBe(LOGIN_RESULT.LOGGEDOUT);
    await t.call(ESQUECI_SENHA, { usuario: 'CLIENTE2', email: 'cliente2@demo.concilia.local' });
    const token = await tokenFromOutbox(t);
    expect(await info(token)).toMatchObject({ senhaDefinida: false, expirado: false, mensagemSolicitaSenha: MSG.solicitaResponsavel });

    const gravar = (responsavel: string) => t.call(TROCAR_SENHA, { idTrocaSenha: token, gravarResponsavel: true, responsavel });
    expect(errorOf(await gravar('   '))).toMatchObject({ message: MSG.responsavelObrigatorio });
    expect(dataOf(await gravar(' Marina de Lima ')).usuarioTrocarSenha).toBe(TROCA_SENHA_RESULT.CRIAR_SENHA);
    const [u] = await t.exec("SELECT responsavel FROM usuarios WHERE login = 'CLIENTE2'");
    expect(u!.responsavel).toBe('MARINA DE LIMA');

    expect(dataOf(await trocar(token, 'Primeira_1')).usuarioTrocarSenha).toBe(TROCA_SENHA_RESULT.LOGGEDOUT);
    expect(await loginResult('cliente2', 'Primeira_1')).not.toBe(LOGIN_RESULT.LOGGEDOUT);
  });
});
