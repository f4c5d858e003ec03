import { MSG } from '@concilia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, engines, errorOf, type TestApp } from './harness';

/**
 * Cadência de Arquivos (issue 19): every active operator with the cadence the late-file job applies — its own, or
 * the defaults (business days, LATE_FILE_HOUR, alarm on) —; the platform's administrator changes it, a reseller and
 * a merchant cannot.
 */
const LISTAR = 'query($v: CadenciaArquivosFilter) { listarCadenciaArquivos(values: $v) { codoperadora horalimite horaemvigor diasuteis monitorar } }';
const SALVAR = 'mutation($v: CadenciaArquivosEdicaoInput!) { salvarCadenciaArquivos(values: $v) }';

describe.each(engines())('late-file cadence (%s)', (engine) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(engine, { LATE_FILE_HOUR: '10:00' });
    admin = await t.login('ADMIN');
  });
  afterAll(() => t?.close());
  const cadencia = async (codoperadora: number) => dataOf(await t.call(LISTAR, { v: { codoperadora } }, { cookie: admin })).listarCadenciaArquivos;

  it('lists every active operator, with the default where it has no hour of its own', async () => {
    const all = dataOf(await t.call(LISTAR, {}, { cookie: admin })).listarCadenciaArquivos;
    const [operadoras] = await t.exec(`SELECT count(*)::int AS n FROM operadoras WHERE ativo`);
    expect(all).toHaveLength(operadoras!.n as number);
    expect(await cadencia(1)).toEqual([{ codoperadora: 1, horalimite: '', horaemvigor: '10:00 (padrão)', diasuteis: 'S', monitorar: 'S' }]);
  });

  it("the platform's administrator sets an operator's hour, days and alarm; a wrong hour is refused beside the field", async () => {
    expect(errorOf(await t.call(SALVAR, { v: { codoperadora: 1, horalimite: '25:00', diasuteis: 'S', monitorar: 'S' } }, { cookie: admin })).message)
      .toBe(MSG.cadenciaHoraInvalida);
    dataOf(await t.call(SALVAR, { v: { codoperadora: 1, horalimite: '09:30', diasuteis: 'N', monitorar: 'N' } }, { cookie: admin }));
    expect(await cadencia(1)).toEqual([{ codoperadora: 1, horalimite: '09:30', horaemvigor: '09:30', diasuteis: 'N', monitorar: 'N' }]);
    expect(await t.exec(`SELECT to_char(horalimite, 'HH24:MI') AS h, diasuteis, monitorar FROM cadencia_arquivos WHERE codoperadora = 1`))
      .toEqual([{ h: '09:30', diasuteis: false, monitorar: false }]);
    // an empty hour goes back to the product's
    dataOf(await t.call(SALVAR, { v: { codoperadora: 1, horalimite: '', diasuteis: 'S', monitorar: 'S' } }, { cookie: admin }));
    expect((await cadencia(1))[0]).toMatchObject({ horalimite: '', horaemvigor: '10:00 (padrão)' });
  });

  it('a reseller reads it but cannot change it; a merchant has no such screen', async () => {
    const revenda = await t.login('REVENDA');
    expect(dataOf(await t.call(LISTAR, { v: { codoperadora: 2 } }, { cookie: revenda })).listarCadenciaArquivos).toHaveLength(1);
    const r = await t.call(SALVAR, { v: { codoperadora: 2, horalimite: '08:00', diasuteis: 'S', monitorar: 'S' } }, { cookie: revenda });
    expect(errorOf(r)).toEqual({ message: MSG.cadenciaSomentePlataforma, code: 'FORBIDDEN' });
    const cliente = await t.login('CLIENTE');
    expect(errorOf(await t.call(LISTAR, {}, { cookie: cliente })).code).toBe('FORBIDDEN');
  });
});
