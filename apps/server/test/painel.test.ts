import { addDays, addMonths, MSG, todayBusiness } from '@concilia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../src/http/cookies';
import { BASE_URL, createTestApp, dataOf, engines, errorOf, type TestApp } from './harness';

const URL_PAINEL = 'mutation { getUrlPainel { url expiraem } }';
const ENCERRAR = 'mutation { encerrarUrlsPainel }';
const PAINEL = `query($token: String!) { getAutenticacaoPainel(token: $token) {
  nome registro de ate atualizadoem expiraem
  dashboard { seriesVendaOperadora { name y } categoriaVendaDia seriesVendaDia indicadores { quantidade bruto liquido taxa } }
} }`;
const LOGAR = 'mutation($values: LogarUsuarioMestreValues!) { logarUsuarioMestre(values: $values) }';

/** The daily sales summaries the panel reads: one row per unit, made up here so each tenant's figures are known. */
const SALES = [
  { unidade: 'Pão Quente - Centro', codoperadora: 1, dias: 1, quantidade: 10, bruto: 123_456, taxa: 2_469 },
  { unidade: 'Pão Quente - Savassi', codoperadora: 2, dias: 2, quantidade: 4, bruto: 40_000, taxa: 800 },
  { unidade: 'Bom Preço - Matriz', codoperadora: 3, dias: 1, quantidade: 7, bruto: 999_999, taxa: 20_000 },
];

/**
 * The Painel (spec part 2 §7 getUrlPainel / getAutenticacaoPainel): a signed-in user's link opens the panel of
 * that user's part of the hierarchy without a session, read only; expired, tampered and ended links are refused
 * with the catalogue's message; a link never reaches another call.
 */
describe.each(engines())('painel links (%s)', (engine) => {
  let t: TestApp;
  let cliente: string;
  let cliente2: string;
  const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;
  const painel = (token: string, cookie?: string) => t.call(PAINEL, { token }, { cookie });
  const newLink = async (cookie: string) => dataOf(await t.call(URL_PAINEL, {}, { cookie })).getUrlPainel as { url: string; expiraem: string };

  beforeAll(async () => {
    t = await createTestApp(engine);
    const hoje = todayBusiness();
    for (const s of SALES) {
      await t.exec(`INSERT INTO resumo_vendas_dia (data, codpessoa, codcliente, codoperadora, bandeira, produto, hora, quantidade, bruto, taxa, liquido, conciliadas, tipo)
        SELECT '${addDays(hoje, -s.dias)}', codpessoa, cliente_raiz(codpessoa), ${s.codoperadora}, 'VISA', 'Crédito à vista', 10, ${s.quantidade}, ${s.bruto}, ${s.taxa}, ${s.bruto - s.taxa}, ${s.quantidade}, 'CREDITO'
        FROM pessoas WHERE nome = '${s.unidade}'`);
    }
    cliente = await t.login('CLIENTE');
    cliente2 = await t.login('CLIENTE2');
  });
  afterAll(() => t?.close());

  let link: string;
  it('getUrlPainel answers a link to /painel with a token, valid for 24 hours, and audits it without the secret', async () => {
    const r = await newLink(cliente);
    link = r.url;
    expect(link).toMatch(new RegExp(`^${BASE_URL}/painel\\?token=[A-Za-z0-9_-]{43}$`));
    const horas = (Date.parse(r.expiraem) - Date.now()) / 3_600_000;
    expect(horas).toBeGreaterThan(23.9);
    expect(horas).toBeLessThanOrEqual(24);
    const [line] = await t.exec(`SELECT a.dados::text AS dados FROM auditoria a JOIN usuarios u ON u.codusuario = a.codusuario
      WHERE u.login = 'CLIENTE' AND a.acao = 'LINK_PAINEL_EMITIDO'`);
    expect(line).toBeDefined();
    expect(String(line!.dados)).not.toContain(tokenOf(link));
    // only the hash is kept
    expect(await t.exec(`SELECT 1 FROM tokens_acesso WHERE tokenhash = '${tokenOf(link)}'`)).toEqual([]);
  });

  it("the link opens the creator's panel without a session: its company's figures, none of another tenant's", async () => {
    const r = await painel(tokenOf(link));
    const p = dataOf(r).getAutenticacaoPainel;
    const hoje = todayBusiness();
    expect(p).toMatchObject({ nome: 'Padaria Pão Quente Ltda', registro: 'VENDA', de: addMonths(hoje, -1), ate: hoje });
    expect(p.dashboard.indicadores).toEqual({ quantidade: 14, bruto: 163_456, taxa: 3_269, liquido: 160_187 });
    expect(p.dashboard.seriesVendaOperadora.map((o: { name: string }) => o.name).sort()).toEqual(['Cielo', 'Rede']);
    expect(JSON.stringify(p)).not.toContain('Bom Preço');
    expect(Date.parse(p.expiraem)).toBeGreaterThan(Date.now());
    // no session is opened: the answer sets no cookie
    expect(r.setCookies).toEqual([]);
  });

  it("another client's link shows that client's figures only", async () => {
    const p = dataOf(await painel(tokenOf((await newLink(cliente2)).url))).getAutenticacaoPainel;
    expect(p.nome).toBe('Mercado Bom Preço Ltda');
    expect(p.dashboard.indicadores).toMatchObject({ quantidade: 7, bruto: 999_999 });
    expect(p.dashboard.seriesVendaOperadora.map((o: { name: string }) => o.name)).toEqual(['Getnet']);
  });

  it('is read only: the token is no session, so no other call answers to it', async () => {
    const asCookie = `${SESSION_COOKIE}=${tokenOf(link)}`;
    for (const q of [URL_PAINEL, ENCERRAR, 'query { getUserInfo { login } }']) {
      expect(errorOf(await t.call(q, {}, { cookie: asCookie }))).toEqual({ code: 'UNAUTHENTICATED', message: MSG.usuarioNaoLogado });
    }
    const dash = `query($values: DashboardValues!) { getDashBoard(values: $values) { indicadores { bruto } } }`;
    const values = { registro: 'VENDA', de: addMonths(todayBusiness(), -1), ate: todayBusiness() };
    expect(errorOf(await t.call(dash, { values }, { cookie: asCookie })).code).toBe('UNAUTHENTICATED');
    // and reading it spends nothing: the wall display reads it again at every refresh
    for (let i = 0; i < 3; i++) expect(dataOf(await painel(tokenOf(link))).getAutenticacaoPainel.nome).toBe('Padaria Pão Quente Ltda');
  });

  it('a tampered or unknown token is refused with the catalogue message', async () => {
    const token = tokenOf(link);
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [tampered, 'x', '', `${token}x`, token.toUpperCase()]) {
      const r = await painel(bad);
      expect(errorOf(r)).toEqual({ code: 'PAINEL_LINK_INVALID', message: MSG.painelLinkInvalido });
      expect(r.body.data).toBeNull();
    }
  });

  it('an expired link is refused with its message', async () => {
    const token = tokenOf((await newLink(cliente)).url);
    const id = (await t.exec(`SELECT id FROM tokens_acesso WHERE tipo = 'PAINEL' ORDER BY criadoem DESC LIMIT 1`))[0]!.id;
    await t.exec(`UPDATE tokens_acesso SET expiraem = now() - interval '1 minute' WHERE id = '${String(id)}'`);
    expect(errorOf(await painel(token))).toEqual({ code: 'PAINEL_LINK_INVALID', message: MSG.painelLinkExpirado });
  });

  it('Encerrar links ends every live link of the caller, and no one else\'s', async () => {
    const outro = tokenOf((await newLink(cliente2)).url);
    const r = dataOf(await t.call(ENCERRAR, {}, { cookie: cliente })).encerrarUrlsPainel;
    expect(r).toBe(1); // the first link; the second one had expired already
    expect(errorOf(await painel(tokenOf(link)))).toEqual({ code: 'PAINEL_LINK_INVALID', message: MSG.painelLinkEncerrado });
    expect(dataOf(await painel(outro)).getAutenticacaoPainel.nome).toBe('Mercado Bom Preço Ltda');
    expect(dataOf(await t.call(ENCERRAR, {}, { cookie: cliente })).encerrarUrlsPainel).toBe(0);
    // a new link works again
    expect(dataOf(await painel(tokenOf((await newLink(cliente)).url))).getAutenticacaoPainel.nome).toBe('Padaria Pão Quente Ltda');
  });

  it('needs a signed-in user with the panel, in its own name', async () => {
    expect(errorOf(await t.call(URL_PAINEL))).toEqual({ code: 'UNAUTHENTICATED', message: MSG.usuarioNaoLogado });
    expect(errorOf(await t.call(ENCERRAR))).toEqual({ code: 'UNAUTHENTICATED', message: MSG.usuarioNaoLogado });
    expect(errorOf(await t.call(URL_PAINEL, {}, { cookie: await t.login('PENDENTE') })).code).toBe('REGISTRATION_PENDING');
    const comoCliente = (await t.call(LOGAR, { values: { searchValues: { login: 'CLIENTE' } } }, { cookie: await t.login('MESTRE') })).cookie;
    expect(errorOf(await t.call(URL_PAINEL, {}, { cookie: comoCliente }))).toEqual({ code: 'FORBIDDEN', message: MSG.painelLinkSimulado });
  });

  it("a link stops working when its creator can no longer see the panel", async () => {
    const token = tokenOf((await newLink(cliente2)).url);
    await t.exec(`UPDATE usuarios SET validade = '${addDays(todayBusiness(), -1)}' WHERE login = 'CLIENTE2'`);
    expect(errorOf(await painel(token))).toEqual({ code: 'PAINEL_LINK_INVALID', message: MSG.painelLinkSemAcesso });
  });
});
