import { caixaSaida, sessoes, tokensAcesso } from '@concilia/db';
import { MSG } from '@concilia/domain';
import { desc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetSessions } from '../../apps/server/src/features/auth/session.service';
import { openBrowser, type Browser } from '../support/browser';
import { expectText, field, loginPage, signIn, signOut } from '../support/app-pages';
import { startServer, type TestServer } from '../support/test-server';

describe('session expiry and passwords', () => {
  let server: TestServer;
  let b: Browser;
  beforeAll(async () => {
    server = await startServer('pglite');
    b = await openBrowser();
  });
  afterAll(async () => {
    await b?.close();
    await server?.close();
  });

  /** 'Esqueci minha senha' on the login page, then the link of the e-mail it sends. */
  async function requestResetLink(login: string): Promise<URL> {
    const { page } = b;
    await page.goto(`${server.url}/`);
    await page.getByRole('button', { name: MSG.loginEsqueciSenha }).or(page.getByRole('link', { name: MSG.loginEsqueciSenha })).first().click();
    const dialog = page.getByRole('dialog');
    await field(dialog, MSG.campoUsuario).fill(login);
    await field(dialog, MSG.campoEmail).fill(`${login}@demo.concilia.local`);
    await dialog.getByRole('button', { name: MSG.esqueciSenhaEnviar }).click();
    await expectText(page, MSG.esqueciSenhaEnviado);
    // No SMTP here: the message waits in the outbox, as the README says.
    const [mail] = await server.db.db.select().from(caixaSaida).orderBy(desc(caixaSaida.codemail)).limit(1);
    return new URL(/https?:\/\/\S+\/resetar-senha\?idTrocaSenha=\S+/.exec(mail!.texto)![0]);
  }

  it('forces a logout when the session expires on the server', async () => {
    const { page } = b;
    await signIn(page, server.url, 'CLIENTE2');
    await page.getByTestId('home-greeting').waitFor();
    await server.db.db.update(sessoes).set({ expiraem: sql`now() - interval '1 minute'` });
    // ended from outside the server, as another process would: this one would answer the session from memory for up
    // to SESSION_CACHE_MS (2 s) more
    forgetSessions();
    // The next call (the shell asks who is signed in when the page loads) answers 'Usuário não logado'
    // and the client clears everything.
    await page.reload();
    await page.waitForURL(`${server.url}/`, { timeout: 15_000 });
    await loginPage(page).submit.waitFor();
    expect(await page.evaluate(() => localStorage.getItem('concilia:state'))).not.toContain('"AUTHENTICATED"');
  });

  it('changes the password on /app/alterasenha and signs in with the new one', async () => {
    const { page } = b;
    await signIn(page, server.url, 'MESTRE');
    await page.goto(`${server.url}/app/alterasenha`);
    await field(page, MSG.campoSenhaAtual).fill('demo123');
    await field(page, MSG.campoNovaSenha).fill('nova#senha');
    await field(page, MSG.campoConfirmacaoSenha).fill('nova#senha');
    await page.getByRole('button', { name: MSG.alteraSenhaSalvar }).click();
    await expectText(page, MSG.senhaCaracteres);

    await field(page, MSG.campoNovaSenha).fill('Nova_Senha1');
    await field(page, MSG.campoConfirmacaoSenha).fill('Nova_Senha1');
    await expectText(page, 'Muito Forte');
    await page.getByRole('button', { name: MSG.alteraSenhaSalvar }).click();
    await expectText(page, MSG.senhaAlterada);

    await signOut(page, `${server.url}/`);
    await signIn(page, server.url, 'MESTRE', { password: 'Nova_Senha1' });
    await signOut(page, `${server.url}/`);
  });

  it('resets a forgotten password through the e-mailed link', async () => {
    const { page } = b;
    const link = await requestResetLink('revenda');
    await page.goto(`${server.url}${link.pathname}${link.search}`);
    await field(page, MSG.campoNovaSenha).fill('Outra_123');
    await field(page, MSG.campoConfirmacaoSenha).fill('Outra_123');
    await page.getByRole('button', { name: MSG.trocaSenhaSalvar }).click();
    await expectText(page, MSG.senhaAlterada);
    await page.waitForURL(`${server.url}/`);
    await signIn(page, server.url, 'REVENDA', { password: 'Outra_123' });
    expect(new URL(page.url()).pathname).toBe('/app/home');
  });

  it('a bad or expired reset link says so and offers "Esqueci minha senha", on the page and over the login', async () => {
    const { page } = b;
    const expectBadLink = async (message: string) => {
      await expectText(page, message);
      await page.getByRole('button', { name: MSG.loginEsqueciSenha }).click();
      const forgot = page.getByRole('dialog', { name: MSG.loginEsqueciSenha });
      await field(forgot, MSG.campoUsuario).waitFor();
      await forgot.getByRole('button', { name: MSG.dialogoCancelar }).click();
      await forgot.waitFor({ state: 'detached' });
    };
    await signOut(page, `${server.url}/`);
    // a token we never issued, on the page the e-mail links to and on the login's own link
    await page.goto(`${server.url}/resetar-senha?idTrocaSenha=nao-existe-123`);
    await expectBadLink(MSG.linkTrocaSenhaInvalido);
    expect(new URL(page.url()).pathname).toBe('/resetar-senha');
    await page.goto(`${server.url}/?idTrocaSenha=nao-existe-123`);
    await expectBadLink(MSG.linkTrocaSenhaInvalido);
    // a link cut before its token
    await page.goto(`${server.url}/resetar-senha`);
    await expectBadLink(MSG.linkTrocaSenhaInvalido);
    await page.goto(`${server.url}/?idTrocaSenha=`);
    await expectBadLink(MSG.linkTrocaSenhaInvalido);

    // a real link whose time ran out
    const link = await requestResetLink('cliente2');
    await server.db.db.update(tokensAcesso).set({ expiraem: sql`now() - interval '1 minute'` });
    await page.goto(`${server.url}${link.pathname}${link.search}`);
    await expectBadLink(MSG.linkTrocaSenhaExpirado);
    await page.goto(`${server.url}/${link.search}`);
    await expectBadLink(MSG.linkTrocaSenhaExpirado);
  });
});
