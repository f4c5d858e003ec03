import { MSG } from '@concilia/domain';
import { describe, expect, it } from 'vitest';
import { dataOf, DEMO_PASSWORD, engines, withApp } from './harness';
import { LOGIN, LOGOUT, REDEFINIR_SENHA, USER_INFO } from './ops';

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
});
