import { MSG } from '@concilia/domain';
import { createLogger } from '../src/logger';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { dataOf, DEMO_PASSWORD, engines, type TestApp, withApp } from './harness';
import {
  ESQUECI_SENHA, GERAR_LINK, INFO_TROCAR_SENHA, LOGIN, LOGIN_LINK, LOGOUT, REDEFINIR_SENHA, TROCAR_SENHA, URL_VERSAO_ANTIGA, USER_INFO,
} from './ops';

/** The reset link of the last message in the outbox and its token, as the user would click it. */
async function resetLink(t: TestApp): Promise<{ link: string; token: string }> {
  const [mail] = await t.exec('SELECT texto FROM caixa_saida ORDER BY codemail DESC LIMIT 1');
  const m = /(https?:\/\/\S+\/resetar-senha\?idTrocaSenha=([^\s&]+))/.exec(String(mail?.texto));
  if (!m) throw new Error('no reset link in the outbox');
  return { link: m[1]!, token: decodeURIComponent(m[2]!) };
}

/** Every way a secret can be written into a log line: as is, URL-encoded, JSON-escaped. */
function expectAbsent(logs: string[], secrets: string[]) {
  const all = logs.join('\n');
  for (const secret of secrets) {
    for (const form of new Set([secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)])) {
      expect(all, `a log line holds ${form}`).not.toContain(form);
    }
  }
}

describe.each(engines())('what the log keeps (%s)', (engine) => {
  it('no password and no session secret ever reaches the log, even at debug level', async () => {
    await withApp(engine, { LOG_LEVEL: 'debug' }, async (t) => {
      const NEW = 'Outra_Senha_987';
      await t.call(LOGIN, { username: 'CLIENTE', password: 'Tentativa_Errada_55' });
      const s = await t.signIn('CLIENTE');
      expect(dataOf(await t.call(REDEFINIR_SENHA, { senhaAtual: DEMO_PASSWORD, senha: NEW, confirmaSenha: NEW }, { cookie: s.cookie }))
        .redefinirSenha).toBe(MSG.senhaAlterada);
      await t.call(USER_INFO, {}, { cookie: s.cookie });
      await t.call(LOGOUT, {}, { cookie: s.cookie });
      await t.login('CLIENTE', NEW);

      // The capture works: every request left debug lines tagged with its id.
      expect(t.logs.length).toBeGreaterThan(10);
      expect(t.logs.every((l) => JSON.parse(l).requestId)).toBe(true);
      const all = t.logs.join('\n');
      for (const secret of [DEMO_PASSWORD, NEW, 'Tentativa_Errada_55', s.cookie.split('=')[1]!]) {
        expect(all).not.toContain(secret);
      }
    });
  });

  it('after the reset, change-password and access-link flows no log line holds a token, a link or a password', async () => {
    await withApp(engine, { LOG_LEVEL: 'debug', LEGACY_URL: 'https://legado.example/' }, async (t) => {
      const secrets: string[] = [];
      const keep = <T extends string>(v: T): T => (secrets.push(v), v);

      // Forgot password, a user with a password: the e-mailed link, opened, used, replayed.
      await t.call(ESQUECI_SENHA, { usuario: 'REVENDA', email: 'revenda@demo.concilia.local' });
      const reset = await resetLink(t);
      keep(reset.link);
      keep(reset.token);
      dataOf(await t.call(INFO_TROCAR_SENHA, { param: reset.token }));
      const NOVA = keep('Nova_Senha_741');
      dataOf(await t.call(TROCAR_SENHA, { idTrocaSenha: reset.token, senha: NOVA, confirmaSenha: NOVA }));
      expect((await t.call(TROCAR_SENHA, { idTrocaSenha: reset.token, senha: NOVA, confirmaSenha: NOVA })).body.errors).toBeTruthy();
      await t.login('REVENDA', NOVA);

      // A user with no password yet: the responsável step, then the password (one refused for its rules first).
      await t.exec("UPDATE usuarios SET senhahash = NULL WHERE login = 'CLIENTE2'");
      await t.call(ESQUECI_SENHA, { usuario: 'CLIENTE2', email: 'cliente2@demo.concilia.local' });
      const first = await resetLink(t);
      keep(first.link);
      keep(first.token);
      dataOf(await t.call(TROCAR_SENHA, { idTrocaSenha: first.token, gravarResponsavel: true, responsavel: 'MARINA LIMA' }));
      expect((await t.call(TROCAR_SENHA, { idTrocaSenha: first.token, senha: keep('curta#1'), confirmaSenha: 'curta#1' })).body.errors).toBeTruthy();
      const CRIADA = keep('Criada_Senha_852');
      dataOf(await t.call(TROCAR_SENHA, { idTrocaSenha: first.token, senha: CRIADA, confirmaSenha: keep('Criada_Senha_852') }));

      // Signed-in change of password, one refused (wrong current password) and one accepted.
      const s = await t.signIn('CLIENTE');
      keep(s.cookie.split('=')[1]!);
      const TROCADA = keep('Trocada_Senha_963');
      expect((await t.call(REDEFINIR_SENHA, { senhaAtual: keep('Errada_Atual_1'), senha: TROCADA, confirmaSenha: TROCADA }, { cookie: s.cookie })).body.errors).toBeTruthy();
      dataOf(await t.call(REDEFINIR_SENHA, { senhaAtual: DEMO_PASSWORD, senha: TROCADA, confirmaSenha: TROCADA }, { cookie: s.cookie }));

      // A sign-in link issued by a master user, used, replayed; and the legacy hand-off's address.
      const mestre = await t.login('MESTREREVENDA');
      keep(mestre.split('=')[1]!);
      const url = keep(dataOf(await t.call(GERAR_LINK, { login: 'CLIENTE' }, { cookie: mestre })).gerarLinkAcesso as string);
      const idsession = keep(new URL(url).searchParams.get('idsession')!);
      const linked = await t.call(LOGIN_LINK, { idsession });
      keep(dataOf(linked).loginIdSession);
      keep(linked.cookie.split('=')[1]!);
      expect((await t.call(LOGIN_LINK, { idsession })).body.errors).toBeTruthy();
      const legacy = keep(dataOf(await t.call(URL_VERSAO_ANTIGA, {}, { cookie: linked.cookie })).urlVersaoAntiga as string);
      keep(new URL(legacy).searchParams.get('pass')!);

      // The same secrets written into the query text instead of variables, as a careless client might.
      await t.call(`mutation { usuarioTrocarSenha(idTrocaSenha: "${reset.token}", senha: "${NOVA}", confirmaSenha: "${NOVA}") }`);
      await t.call(`mutation { loginIdSession(idsession: "${idsession}") }`);
      await t.call(`mutation { login(username: "CLIENTE", password: "${TROCADA}") `);

      expect(t.logs.some((l) => JSON.parse(l).outbox !== undefined)).toBe(true);
      expect(t.logs.every((l) => JSON.parse(l).requestId)).toBe(true);
      expectAbsent(t.logs, secrets);
    });
  });
});

describe('the app logger', () => {
  it('an object logged by mistake keeps its secrets: variables, tokens by their argument names, an e-mail text', () => {
    const lines: string[] = [];
    const log = createLogger('debug');
    (log as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] = { write: (l: string) => void lines.push(l) };
    log.info({ variables: { idTrocaSenha: 'S1', senha: 'S2' }, args: { idTrocaSenha: 'S3', idsession: 'S4' }, mail: { to: 'a@b.c', text: 'abra S5' },
      headers: { authorization: 'Bearer S6', cookie: 'concilia_sid=S7' }, legado: { pass: 'S8' }, link: 'https://x/?idsession=S9' }, 'by mistake');
    expect(lines).toHaveLength(1);
    expectAbsent(lines, ['S1', 'S2', 'S3', 'S4', 'S5', 'S6', 'S7', 'S8', 'S9']);
    expect(JSON.parse(lines[0]!).mail.to).toBe('a@b.c');
  });
});
