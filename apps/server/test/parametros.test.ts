import { MSG, PARAMETROS_MAX } from '@concilia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, engines, errorOf, type TestApp } from './harness';

const LISTAR = 'query { listarParametros { codpessoa texto } }';
const SALVAR = 'mutation($values: ParametrosInput!) { salvarParametros(values: $values) { codpessoa texto } }';

describe.each(engines())('parâmetros (%s)', (engine) => {
  let t: TestApp;
  let revenda: string;
  const listar = async (cookie = revenda) => dataOf(await t.call(LISTAR, {}, { cookie })).listarParametros;
  const salvar = (values: Record<string, unknown>, cookie = revenda) => t.call(SALVAR, { values }, { cookie });

  beforeAll(async () => {
    t = await createTestApp(engine);
    revenda = await t.login('REVENDA');
  });
  afterAll(() => t?.close());

  it('is closed to a profile without the Parâmetros screen', async () => {
    const cliente = await t.login('CLIENTE');
    expect(errorOf(await t.call(LISTAR, {}, { cookie: cliente }))).toEqual({ message: MSG.semPermissao, code: 'FORBIDDEN' });
    expect(errorOf(await salvar({ texto: 'x', insert: true }, cliente)).code).toBe('FORBIDDEN');
  });

  it("answers nothing before the first save, then the person's one row; a second insert does not fail", async () => {
    expect(await listar()).toEqual([]);
    const codpessoa = Number((await t.exec("SELECT codpessoa FROM usuarios WHERE login = 'REVENDA'"))[0]!.codpessoa);
    expect(dataOf(await salvar({ texto: 'Grupo Sul', insert: true })).salvarParametros).toEqual({ codpessoa, texto: 'Grupo Sul' });
    expect(await listar()).toEqual([{ codpessoa, texto: 'Grupo Sul' }]);
    const full = 'x'.repeat(PARAMETROS_MAX);
    dataOf(await salvar({ texto: full, insert: true }));
    expect(await listar()).toEqual([{ codpessoa, texto: full }]);
  });

  it('refuses more than 500 characters and keeps the saved text', async () => {
    const r = await salvar({ texto: 'x'.repeat(PARAMETROS_MAX + 1), insert: false });
    expect(errorOf(r)).toEqual({ message: 'Fecha Movimento não pode exceder 500 caracteres', code: 'BAD_USER_INPUT' });
    expect((await listar())[0].texto).toHaveLength(PARAMETROS_MAX);
  });

  it("each person has its own: a colleague elsewhere sees none of the reseller's", async () => {
    // a second maintainer of the reseller's person: same row. ADMIN (platform) has its own, still empty.
    await t.exec(`INSERT INTO usuarios (login, nome, codperfil, codpessoa, senhahash)
      SELECT 'REVENDA2', 'Rui Revenda', codperfil, codpessoa, senhahash FROM usuarios WHERE login = 'REVENDA'`);
    expect(await listar(await t.login('REVENDA2'))).toHaveLength(1);
    expect(await listar(await t.login('ADMIN'))).toEqual([]);
  });
});
