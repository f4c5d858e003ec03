import type { AddressInfo } from 'node:net';
import { MSG } from '@concilia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpServer } from '../src/http/server';
import { createTestApp, dataOf, engines, errorOf, type TestApp, withApp } from './harness';
import { USER_INFO } from './ops';

/**
 * Abuse of the GraphQL endpoint (issue 12, items 2 and 5): requests past a limit are refused at once with the
 * catalogue's pt-BR message, while another signed-in user's request on the same real HTTP server is answered
 * as usual. Before the limits, 1,000 aliased ticket searches held the server ~98 s and 100 stalled everyone ~9 s.
 */
const WINDOW = { datavenda: '2026-10-01', datavendaate: '2026-10-31' };
const SEARCH = 'pesquisarTickets(values: $v) { id nsu valor resultado }';
const aliases = (n: number) => `query($v: TicketFiltroInput!) { ${Array.from({ length: n }, (_, i) => `a${i}: ${SEARCH}`).join(' ')} }`;
const withN = (message: string, n: number) => message.replace('{n}', String(n));

type Answer = { status: number; body: { data?: Record<string, unknown>; errors?: { message: string; extensions?: { code?: string } }[] }; ms: number };

describe.each(engines())('request limits on %s', (engine) => {
  let t: TestApp;
  let base: string;
  let server: ReturnType<typeof createHttpServer>;
  let abuser: string;
  let other: string;
  const limits = () => t.config.graphqlLimits;

  /** One POST /graphql over the socket, as a browser sends it, timed. */
  async function post(cookie: string, query: string, variables: Record<string, unknown> = {}): Promise<Answer> {
    const t0 = performance.now();
    const res = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-graphql-yoga-csrf': '1', origin: t.config.publicUrl, cookie },
      body: JSON.stringify({ query, variables }),
    });
    const body = await res.json();
    return { status: res.status, body, ms: performance.now() - t0 };
  }

  /** The abuse, and meanwhile the other user's ordinary request: both answers with their times. */
  async function abuseWhileOtherWorks(query: string, variables: Record<string, unknown> = {}) {
    const [abuse, normal] = await Promise.all([
      post(abuser, query, variables),
      (async () => {
        await new Promise((r) => setTimeout(r, 5));
        return post(other, USER_INFO);
      })(),
    ]);
    expect(normal.body.errors).toBeUndefined();
    expect((normal.body.data?.getUserInfo as { login: string }).login).toBe('CLIENTE2');
    // generous: an ordinary call on an idle server answers in milliseconds; the 100-alias request once held it ~9 s
    expect(normal.ms).toBeLessThan(2000);
    return { abuse, normal };
  }

  function expectRefused(a: Answer, message: string) {
    expect(a.status).toBe(400);
    expect(a.body.data ?? null).toBeNull();
    expect(a.body.errors?.[0]?.message).toBe(message);
    expect(a.body.errors?.[0]?.extensions?.code).toBe('REQUEST_LIMIT');
    expect(a.ms).toBeLessThan(1000);
  }

  const measured: Record<string, { refusedMs: number; otherUserMs: number }> = {};

  beforeAll(async () => {
    t = await createTestApp(engine);
    server = createHttpServer(t.app);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    abuser = await t.login('CLIENTE');
    other = await t.login('CLIENTE2');
  });
  afterAll(async () => {
    console.info(`request limits (${engine}): ${JSON.stringify(measured)}`);
    await new Promise((r) => server.close(r));
    await t.close();
  });

  it('refuses 1,000 aliased ticket searches at once, and the other user is answered meanwhile', async () => {
    const { abuse, normal } = await abuseWhileOtherWorks(aliases(1000), { v: WINDOW });
    // a thousand aliases are first of all a document too long to read: the token limit stops it while parsing
    expectRefused(abuse, withN(MSG.limiteTamanho, limits().maxTokens));
    measured.aliases1000 = { refusedMs: Math.round(abuse.ms), otherUserMs: Math.round(normal.ms) };
  });

  it('refuses 100 aliased ticket searches by the alias limit; the web app\'s own count passes', async () => {
    const { abuse, normal } = await abuseWhileOtherWorks(aliases(100), { v: WINDOW });
    expectRefused(abuse, withN(MSG.limiteApelidos, limits().maxAliases));
    measured.aliases100 = { refusedMs: Math.round(abuse.ms), otherUserMs: Math.round(normal.ms) };
    // at the limit the same search runs
    const ok = await post(abuser, aliases(limits().maxAliases), { v: WINDOW });
    expect(ok.body.errors).toBeUndefined();
    expect(Object.keys(ok.body.data ?? {})).toHaveLength(limits().maxAliases);
  });

  it('refuses deep nesting', async () => {
    // 12 levels: past the depth limit while the cost (× 1.5 a level) stays under its own
    const depth = 12;
    const deep = `query { getUserInfo ${'{ login '.repeat(depth)}${'}'.repeat(depth)} }`;
    const { abuse, normal } = await abuseWhileOtherWorks(deep);
    expectRefused(abuse, withN(MSG.limiteProfundidade, limits().maxDepth));
    measured.depth12 = { refusedMs: Math.round(abuse.ms), otherUserMs: Math.round(normal.ms) };
  });

  it('refuses a huge token count', async () => {
    const { abuse, normal } = await abuseWhileOtherWorks(`query { getUserInfo { ${'login '.repeat(100_000)} } }`);
    expectRefused(abuse, withN(MSG.limiteTamanho, limits().maxTokens));
    measured.tokens100k = { refusedMs: Math.round(abuse.ms), otherUserMs: Math.round(normal.ms) };
  });

  it('refuses a huge list argument, written in the document or sent in the variables', async () => {
    const line = { codBandeira: 1, autorizacao: '1', quantidadeParcelas: 1, datavenda: '2026-10-05', valor: 100 };
    const header = { codpessoa: 1, codoperadora: 1, codexterno: '1' };
    const inline = `mutation { incluirTicket(values: { codpessoa: 1, codoperadora: 1, codexterno: "1" }, tickets: [${
      Array.from({ length: 5_000 }, () => '{ codBandeira: 1, autorizacao: "1", quantidadeParcelas: 1, datavenda: "2026-10-05", valor: 100 }').join(', ')
    }]) }`;
    const inlined = await abuseWhileOtherWorks(inline);
    expectRefused(inlined.abuse, withN(MSG.limiteTamanho, limits().maxTokens));
    const incluir = 'mutation($values: TicketCabecalhoInput!, $tickets: [TicketLinhaInput!]!) { incluirTicket(values: $values, tickets: $tickets) }';
    const { abuse, normal } = await abuseWhileOtherWorks(incluir, { values: header, tickets: Array.from({ length: 2_000 }, () => line) });
    expectRefused(abuse, withN(MSG.limiteItensLista, limits().maxListItems));
    measured.list2000 = { refusedMs: Math.round(abuse.ms), otherUserMs: Math.round(normal.ms) };
    // nothing was saved: the refusal comes before any resolver
    expect(await t.exec(`SELECT 1 FROM arquivos WHERE origem = 'MANUAL'`)).toEqual([]);
  });

  it('refuses a query whose cost is over the limit even within the other limits', async () => {
    // six ticket traces with every group and every column: a short document (one fragment) that asks a lot
    const LINE = 'codarquivo tipo nomearquivo statusArquivo datarecebimento datapagamento dataprevistapagamento datavenda datatransacao valorbruto valorliquidopago outroscreditos outrosdebitos parcela totparcelas status meiocaptura produto bandeira numterminal nsu autorizacao tid nossonumero resultado';
    const groups = ['pagamento', 'liquidacao', 'venda', 'previsao', 'antecipado', 'cliente', 'clienteIntegrador', 'desconsiderado', 'cancelado', 'marketplace'];
    const trace = (i: number) => `d${i}: detalharTicket(nsu: "1") { ${groups.map((g) => `${g} { ...L }`).join(' ')} }`;
    const query = `query { ${Array.from({ length: 6 }, (_, i) => trace(i)).join(' ')} } fragment L on TicketLinha { ${LINE} }`;
    const r = await post(abuser, query);
    expectRefused(r, withN(MSG.limiteCusto, limits().maxCost));
  });

  it('keeps introspection and field suggestions on outside production', async () => {
    const schema = dataOf(await t.call('query { __schema { queryType { name } } }'));
    expect(schema.__schema.queryType.name).toBe('Query');
    const typo = errorOf(await t.call('query { getUserInf { login } }', {}, { cookie: abuser }));
    expect(typo.message).toContain('Did you mean "getUserInfo"');
  });
});

describe.each(engines())('with NODE_ENV=production (%s)', (engine) => {
  it('refuses introspection and gives no field suggestions; ordinary calls answer', async () => {
    await withApp(engine, { NODE_ENV: 'production' }, async (t) => {
      expect(t.config.graphqlIntrospection).toBe(false);
      const schema = await t.call('query { __schema { types { name } } }');
      expect(schema.body.data ?? null).toBeNull();
      expect(errorOf(schema).message).toMatch(/introspection has been disabled/);
      const type = await t.call('query { __type(name: "Query") { fields { name } } }');
      expect(errorOf(type).message).toMatch(/introspection has been disabled/);
      const cookie = await t.login('CLIENTE');
      const typo = errorOf(await t.call('query { getUserInf { login } }', {}, { cookie }));
      expect(typo.message).toBe('Cannot query field "getUserInf" on type "Query".');
      expect(typo.message).not.toContain('Did you mean');
      // __typename is not introspection of the schema: clients may still ask it
      expect(dataOf(await t.call(`query { getUserInfo { __typename login } }`, {}, { cookie })).getUserInfo.login).toBe('CLIENTE');
    });
  });
});
