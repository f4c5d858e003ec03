import { MSG } from '@concilia/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, engines, errorOf, type TestApp } from './harness';
import { LOGOUT, USER_INFO } from './ops';

/**
 * A process answers a session it read from memory for SESSION_CACHE_MS (session.service.ts, recentSessions). These
 * tests end sessions straight in the database, as another process would (t.db, not t.exec, which makes the app read
 * every session again), and hold the window's bounds: it closes at the configured time, at the session's own
 * expiry, and at once after any mutation of this process.
 */
describe.each(engines())('sessions held in memory (%s)', (engine) => {
  let longWindow: TestApp;
  let shortWindow: TestApp;
  beforeAll(async () => {
    [longWindow, shortWindow] = await Promise.all([
      createTestApp(engine, { SESSION_CACHE_MS: '600000' }),
      createTestApp(engine, { SESSION_CACHE_MS: '300' }),
    ]);
  });
  afterAll(async () => { await Promise.all([longWindow?.close(), shortWindow?.close()]); });

  const whoIs = (t: TestApp, cookie: string) => t.call(USER_INFO, {}, { cookie });
  const endFromOutside = (t: TestApp, sessionId: string) => t.db.execute(sql`UPDATE sessoes SET encerradaem = now() WHERE id = ${sessionId}`);

  it('a session another process ended is answered until this process runs a mutation, then no more', async () => {
    const s = await longWindow.signIn('CLIENTE');
    expect(dataOf(await whoIs(longWindow, s.cookie)).getUserInfo.login).toBe('CLIENTE');
    await endFromOutside(longWindow, s.sessionId);
    expect(dataOf(await whoIs(longWindow, s.cookie)).getUserInfo.login).toBe('CLIENTE');
    // any mutation: here another user signing out
    const other = await longWindow.login('REVENDA');
    await longWindow.call(LOGOUT, {}, { cookie: other });
    expect(errorOf(await whoIs(longWindow, s.cookie))).toEqual({ message: MSG.usuarioNaoLogado, code: 'UNAUTHENTICATED' });
  });

  it('a session is not answered from memory past its own absolute expiry', async () => {
    const s = await longWindow.signIn('CLIENTE');
    const { rows: [row] } = (await longWindow.db.execute(
      sql`UPDATE sessoes SET expiraem = now() + interval '1 second' WHERE id = ${s.sessionId} RETURNING extract(epoch FROM expiraem) * 1000 AS ate`,
    )) as unknown as { rows: { ate: string | number }[] };
    expect(dataOf(await whoIs(longWindow, s.cookie)).getUserInfo.login).toBe('CLIENTE');
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(row!.ate) - Date.now()) + 100));
    expect(errorOf(await whoIs(longWindow, s.cookie)).message).toBe(MSG.usuarioNaoLogado);
  });

  it('past SESSION_CACHE_MS the session is read again', async () => {
    const s = await shortWindow.signIn('CLIENTE');
    expect(dataOf(await whoIs(shortWindow, s.cookie)).getUserInfo.login).toBe('CLIENTE');
    await endFromOutside(shortWindow, s.sessionId);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(errorOf(await whoIs(shortWindow, s.cookie)).message).toBe(MSG.usuarioNaoLogado);
  });
});
