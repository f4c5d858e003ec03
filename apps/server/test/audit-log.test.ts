import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, engines, type TestApp } from './harness';
import { LOGIN, REDEFINIR_SENHA } from './ops';

describe.each(engines())('audit log (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(engine); });
  afterAll(() => t?.close());

  it('records sign-ins, refused ones too, with who, what and the request; never a password', async () => {
    const s = await t.signIn('CLIENTE');
    const refused = await t.call(LOGIN, { username: 'cliente', password: 'Errada_123' });
    await t.call(REDEFINIR_SENHA, { senhaAtual: DEMO_PASSWORD, senha: 'Nova_Senha_1', confirmaSenha: 'Nova_Senha_1' }, { cookie: s.cookie });

    const rows = await t.exec('SELECT codusuario, acao, entidade, chave, dados, requestid FROM auditoria ORDER BY id');
    const codusuario = await t.userId('CLIENTE');
    expect(rows.find((r) => r.acao === 'LOGIN')).toMatchObject({ codusuario, entidade: 'sessoes', chave: s.sessionId });
    expect(rows.find((r) => r.acao === 'LOGIN_RECUSADO')).toMatchObject({ codusuario, requestid: refused.requestId });
    expect(rows.find((r) => r.acao === 'SENHA_ALTERADA')).toMatchObject({ codusuario });
    expect(rows.every((r) => r.requestid)).toBe(true);
    expect(JSON.stringify(rows)).not.toMatch(/demo123|Errada_123|Nova_Senha_1/);
  });

  it('is append-only: UPDATE, DELETE and TRUNCATE are refused by the database itself', async () => {
    await t.login('ADMIN');
    const before = await t.exec('SELECT * FROM auditoria ORDER BY id');
    expect(before.length).toBeGreaterThan(0);
    // Drizzle wraps the database error; the trigger's own words are in the cause.
    const refusal = (query: string) => t.exec(query).then(() => 'aceito', (e: Error) => String((e.cause as Error | undefined)?.message ?? e.message));
    expect(await refusal("UPDATE auditoria SET acao = 'NADA'")).toMatch(/somente inserção \(UPDATE recusado\)/);
    expect(await refusal('DELETE FROM auditoria')).toMatch(/somente inserção \(DELETE recusado\)/);
    expect(await refusal('TRUNCATE auditoria')).toMatch(/somente inserção \(TRUNCATE recusado\)/);
    expect(await t.exec('SELECT * FROM auditoria ORDER BY id')).toEqual(before);
  });
});
