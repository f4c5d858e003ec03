import { LOGIN_RESULT, MSG } from '@concilia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, createTestApp, dataOf, engines, errorOf, type TestApp } from './harness';
import { LOGOUT, MENUS, NOTICIAS, USER_INFO } from './ops';

/**
 * 'Cadastro Pendente' held by the server: the demo's PENDENTE (permitido = false) belongs to the company of
 * CLIENTE2. Signed in, it reaches the calls of the pending page and sign-out, and nothing of its company.
 */
const ENVIAR = `mutation($arquivo: File!) { enviarArquivo(arquivo: $arquivo) { codarquivo } }`;
const WINDOW = { de: '2026-10-01', ate: '2026-10-31' };
// __typename: the refusal is what is checked, whatever shape a list answers in
const TENANT_READS: [string, string, Record<string, unknown>][] = [
  ['tickets', 'query($v: TicketFiltroInput!) { pesquisarTickets(values: $v) { __typename } }', { v: { datavenda: WINDOW.de, datavendaate: WINDOW.ate } }],
  ['files', 'query($v: ArquivoManutencaoFilter) { listarManutencaoArquivos(values: $v) { __typename } }', { v: WINDOW }],
  ['original statements', 'query($v: ExtratoOriginalFilter) { listarExtratosOriginais(values: $v) { __typename } }', { v: WINDOW }],
  ['dashboard', 'query($v: DashboardValues!) { getDashBoard(values: $v) { indicadores { quantidade } } }', { v: { ...WINDOW, registro: 'VENDA' } }],
  ['option lists', 'query { listarOperadoras { valor label } }', {}],
  ['banner', 'query { getBanner { codbanner } }', {}],
];
const BAIXAR = 'mutation($v: ArquivoManutencaoKeyValues!) { baixarManutencaoArquivos(values: $v) }';
const pending = { message: MSG.cadastroPendente, code: 'REGISTRATION_PENDING' };

describe.each(engines())('a user whose registration is pending (%s)', (engine) => {
  let t: TestApp;
  let pendente: string;
  let cliente2: string;
  let codarquivo: number;
  const setPermitido = (v: boolean) => t.exec(`UPDATE usuarios SET permitido = ${v} WHERE login = 'PENDENTE'`);

  function upload(cookie: string) {
    const form = new FormData();
    form.set('operations', JSON.stringify({ query: ENVIAR, variables: { arquivo: null } }));
    form.set('map', JSON.stringify({ 0: ['variables.arquivo'] }));
    form.set('0', new File(['codigo;data;valor\n1;01/10/2026;10,00\n'], 'vendas-outubro.csv'));
    return t.fetch({ method: 'POST', headers: { cookie, 'x-graphql-yoga-csrf': '1' }, body: form });
  }

  beforeAll(async () => {
    t = await createTestApp(engine);
    pendente = await t.login('PENDENTE');
    cliente2 = await t.login('CLIENTE2');
    // a file of the company, received (no load workers here: it waits in the queue, listed and downloadable)
    codarquivo = dataOf(await upload(cliente2)).enviarArquivo.codarquivo;
  });
  afterAll(() => t?.close());

  it.each(TENANT_READS)('is refused %s with the Cadastro Pendente message', async (_what, query, variables) => {
    const r = await t.call(query, variables, { cookie: pendente });
    expect(errorOf(r)).toEqual(pending);
    expect(Object.values(r.body.data ?? {}).filter((v) => v !== null)).toEqual([]);
  });

  it('sees none of the files its colleague sees, and can neither download nor send one', async () => {
    const files = dataOf(await t.call(TENANT_READS[1]![1], { v: { de: '2000-01-01', ate: '2099-12-31' } }, { cookie: cliente2 })).listarManutencaoArquivos;
    expect(files.length).toBeGreaterThan(0);
    const r = await t.call(BAIXAR, { v: { editValues: { codarquivo } } }, { cookie: pendente });
    expect(errorOf(r)).toEqual(pending);
    expect(r.body.data).toBeNull();
    expect(errorOf(await upload(pendente))).toEqual(pending);
  });

  it('a download offered before the registration was set back to pending is not served', async () => {
    await setPermitido(true);
    const offered = await t.call(BAIXAR, { v: { editValues: { codarquivo } } }, { cookie: pendente });
    await setPermitido(false);
    const where: string = dataOf(offered).baixarManutencaoArquivos;
    const res = await t.app.fetch(`${BASE_URL}${where}`, { headers: { cookie: pendente } });
    expect(res.status).toBe(403);
    expect(await res.text()).toBe(MSG.cadastroPendente);
    // the offer was not taken: once the registration is complete again, it is there
    await setPermitido(true);
    try {
      expect((await t.app.fetch(`${BASE_URL}${where}`, { headers: { cookie: pendente } })).status).toBe(200);
    } finally {
      await setPermitido(false);
    }
  });

  it("gets what the 'Cadastro Pendente' page and its shell ask for, and signs out", async () => {
    const me = dataOf(await t.call(USER_INFO, {}, { cookie: pendente })).getUserInfo;
    expect(me).toMatchObject({ login: 'PENDENTE', permitido: false });
    expect(dataOf(await t.call(MENUS, {}, { cookie: pendente })).getMenus.length).toBeGreaterThan(0);
    expect(Array.isArray(dataOf(await t.call(NOTICIAS, {}, { cookie: pendente })).getNoticias)).toBe(true);
    const own = await t.login('PENDENTE');
    expect(dataOf(await t.call(LOGOUT, {}, { cookie: own })).logout).toBe(LOGIN_RESULT.LOGGEDOUT);
    expect(errorOf(await t.call(USER_INFO, {}, { cookie: own })).code).toBe('UNAUTHENTICATED');
  });

  it('a user whose registration is complete is not touched by the gate', async () => {
    expect(dataOf(await t.call(TENANT_READS[0]![1], TENANT_READS[0]![2], { cookie: cliente2 })).pesquisarTickets).toBeDefined();
    expect(dataOf(await t.call(TENANT_READS[3]![1], TENANT_READS[3]![2], { cookie: cliente2 })).getDashBoard.indicadores).toBeTruthy();
  });
});
