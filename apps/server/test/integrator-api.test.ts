import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { INTEGRADOR_API_PATH, INTEGRADOR_MAX_BYTES, INTEGRADOR_REQUISICOES_POR_MINUTO, MSG } from '@concilia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeScenarioFiles } from '../src/ingest/synthetic-files';
import { BASE_URL, createTestApp, dataOf, engines, errorOf, type TestApp } from './harness';

/**
 * The integrator API (issue 20): keys managed over GraphQL by the client's administrator, sales sent to
 * POST /api/integrador/v1/vendas becoming customer lines of tickets CU, reconciled as a customer file's are.
 */

const EC_CENTRO = '1023456789';
const EC_MERCADO = '000000987654321';

const Q = {
  listar: `query($c: Int) { listarChavesApiIntegrador(codpessoa: $c) { codchave codpessoa cliente nome prefixo criadoem criadopor revogadaem ultimousoem } }`,
  criar: `mutation($c: Int!, $n: String!) { criarChaveApiIntegrador(codpessoa: $c, nome: $n) { chave registro { codchave codpessoa cliente nome prefixo criadopor revogadaem } } }`,
  revogar: `mutation($k: Int!) { revogarChaveApiIntegrador(codchave: $k) }`,
  tickets: `query($v: TicketFiltroInput!) { pesquisarTickets(values: $v) { id tipo codexterno resultado } }`,
};

describe.each(engines())('integrator API on %s', (engine) => {
  let t: TestApp;
  let cliente: string;
  let padaria: number;
  let centro: number;
  let chave: string;
  let codchave: number;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'concilia-integrador-'));

  const one = async (text: string) => Number(Object.values((await t.exec(text))[0]!)[0]);
  const post = (body: unknown, key: string | null = chave, raw?: string) =>
    t.fetch({
      url: `${BASE_URL}${INTEGRADOR_API_PATH}`,
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
      body: raw ?? JSON.stringify(body),
    });
  const novaChave = async (cookie: string, codpessoa: number, nome: string) =>
    dataOf(await t.call(Q.criar, { c: codpessoa, n: nome }, { cookie })).criarChaveApiIntegrador as { chave: string; registro: { codchave: number; prefixo: string } };

  beforeAll(async () => {
    t = await createTestApp(engine, { INGEST_WORKERS: '1' });
    // the Integrações screen: granted here to the client's, the reseller's and the platform's profiles, whatever the seed holds
    await t.exec(`INSERT INTO recursos (recurso, nometela) VALUES ('integracao', 'Integrações') ON CONFLICT (recurso) DO NOTHING`);
    await t.exec(`INSERT INTO perfil_recursos (codperfil, codrecurso) SELECT p.codperfil, r.codrecurso FROM perfis p, recursos r
      WHERE p.nome IN ('Cliente', 'Revenda', 'Administrador Plataforma') AND r.recurso = 'integracao' ON CONFLICT DO NOTHING`);
    padaria = await one(`SELECT codpessoa FROM pessoas WHERE nome = 'Padaria Pão Quente Ltda'`);
    centro = await one(`SELECT codpessoa FROM pessoas WHERE nome = 'Pão Quente - Centro'`);
    cliente = await t.login('CLIENTE');
    // the operator's side: a Cielo statement of the Centro unit, so a sale sent through the API has its pair
    const [f] = await writeScenarioFiles({
      dir, layouts: ['cielo-v15'], fileDate: '2026-05-12',
      scenario: { sales: 12, seed: 3, merchants: [EC_CENTRO], startDate: '2026-05-04', days: 5 },
    });
    await t.app.services.ingestion.receive({ source: new Uint8Array(fs.readFileSync(f!.path)), name: path.basename(f!.path), origem: 'UPLOAD', codpessoa: centro });
    await t.app.services.ingestion.drain();
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("the client's administrator creates a key: the key once, then only its prefix; the database holds its hash alone", async () => {
    const criada = await novaChave(cliente, padaria, 'ERP Matriz');
    chave = criada.chave;
    codchave = criada.registro.codchave;
    expect(chave).toMatch(/^ck_[A-Za-z0-9_-]{43}$/);
    expect(criada.registro).toMatchObject({ codpessoa: padaria, cliente: 'Padaria Pão Quente Ltda', nome: 'ERP Matriz', prefixo: chave.slice(0, 10), criadopor: 'Carlos Pereira', revogadaem: null });

    const lista = dataOf(await t.call(Q.listar, {}, { cookie: cliente })).listarChavesApiIntegrador;
    expect(lista).toHaveLength(1);
    expect(JSON.stringify(lista)).not.toContain(chave);
    const rows = await t.exec(`SELECT * FROM chaves_api_integrador`);
    expect(JSON.stringify(rows)).not.toContain(chave.slice(10));
    expect(rows[0]!.hash).toBe(crypto.createHash('sha256').update(chave).digest('hex'));

    // a key belongs to a client, not to one of its units; a name is required
    expect(errorOf(await t.call(Q.criar, { c: centro, n: 'Caixa' }, { cookie: cliente })).message).toBe(MSG.integradorChaveSomenteCliente);
    expect(errorOf(await t.call(Q.criar, { c: padaria, n: '  ' }, { cookie: cliente })).message).toBe(MSG.integradorChaveNomeObrigatorio);
  });

  it('sales sent become CU tickets (not C), one file of origin INTEGRACAO; a unit of another client and bad fields are refused line by line', async () => {
    const [sale] = await t.exec(`SELECT nsu, autorizacao, data::text AS data, valorbruto, totparcelas, bandeiranome, produtonome FROM linhas_operadora
      WHERE tipo = 'sale' AND codpessoa = ${centro} AND nsu IS NOT NULL AND autorizacao IS NOT NULL ORDER BY codlinha LIMIT 1`);
    const vendas = [
      {
        id: 'PDV-1', unidade: EC_CENTRO, operadora: 'Cielo', nsu: sale!.nsu, autorizacao: sale!.autorizacao, dataVenda: sale!.data, horaVenda: '14:03',
        valor: Number(sale!.valorbruto), parcelas: Number(sale!.totparcelas ?? 1), bandeira: sale!.bandeiranome, produto: sale!.produtonome,
      },
      { id: 'PDV-2', dataVenda: '2026-05-06', valor: 4590, nsu: '999888', bandeira: 'VISA', produto: 'débito' },
      { id: 'PDV-3', unidade: EC_MERCADO, dataVenda: '2026-05-06', valor: 100 },
      { id: 'PDV-4', dataVenda: '2026-05-06', valor: '123.45' },
      { dataVenda: '06/05/2026', valor: 100, desconto: 1 },
      { id: 'PDV-2', dataVenda: '2026-05-06', valor: 4590 },
    ];
    const r = await post({ vendas });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({
      recebidas: 6, inseridas: 2, repetidas: 1,
      recusadas: [
        { indice: 2, id: 'PDV-3', mensagem: MSG.integradorUnidadeDesconhecida.replace('{unidade}', EC_MERCADO) },
        { indice: 3, id: 'PDV-4', mensagem: MSG.integradorCampoValor },
        { indice: 4, id: null, mensagem: expect.stringContaining('Campo desconhecido: desconto.') },
      ],
    });
    expect(r.body.recusadas[2].mensagem).toContain('O campo id é obrigatório.');
    expect(r.body.recusadas[2].mensagem).toContain('O campo dataVenda deve ser uma data válida');

    const lines = await t.exec(`SELECT l.idintegrador, l.codexterno, l.codpessoa, l.codoperadora, l.bandeiranome, l.produtonome, l.ocorrencia, a.origem, a.status, a.linhas, a.nomearquivo
      FROM linhas_cliente l JOIN arquivos a USING (codarquivo) WHERE l.idintegrador IS NOT NULL ORDER BY l.idintegrador`);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ idintegrador: 'PDV-1', codexterno: 'PDV-1', codpessoa: centro, codoperadora: 1, origem: 'INTEGRACAO', status: 'PROCESSADO', linhas: 2, ocorrencia: 1 });
    expect(String(lines[0]!.nomearquivo)).toMatch(new RegExp(`^api-integrador-${codchave}-\\d{8}T\\d{6}Z\\.json$`));
    // no unit named, no establishment registered: the client as a whole, as a customer file sent for the client
    expect(lines[1]).toMatchObject({ idintegrador: 'PDV-2', codpessoa: padaria, bandeiranome: 'Visa', produtonome: 'Débito' });

    // the reconciliation a customer file queues ran: the sale found its operator pair
    await t.app.services.ingestion.drain();
    const [res] = await t.exec(`SELECT r.resultado FROM resultado_venda_cliente r JOIN linhas_cliente l USING (codlinhasarqcli) WHERE l.idintegrador = 'PDV-1'`);
    expect(res!.resultado).toBe('conciliado');

    const window = { datavenda: '2026-05-01', datavendaate: '2026-05-31' };
    const cu = dataOf(await t.call(Q.tickets, { v: { ...window, tipo: 'CU' } }, { cookie: cliente })).pesquisarTickets as { tipo: string; codexterno: string; resultado: string }[];
    expect(cu.map((x) => x.codexterno).sort()).toEqual(['PDV-1', 'PDV-2']);
    expect(cu.every((x) => x.tipo === 'CU')).toBe(true);
    expect(cu.find((x) => x.codexterno === 'PDV-1')!.resultado).toBe('conciliado');
    const c = dataOf(await t.call(Q.tickets, { v: { ...window, tipo: 'C' } }, { cookie: cliente })).pesquisarTickets as { codexterno: string }[];
    expect(c.filter((x) => x.codexterno?.startsWith('PDV-'))).toEqual([]);

    const [usada] = dataOf(await t.call(Q.listar, {}, { cookie: cliente })).listarChavesApiIntegrador;
    expect(usada.ultimousoem).not.toBeNull();
  }, 60_000);

  it('the same ids sent again are answered as repeats and never duplicated', async () => {
    const before = await one(`SELECT count(*) FROM linhas_cliente WHERE idintegrador IS NOT NULL`);
    const files = await one(`SELECT count(*) FROM arquivos WHERE origem = 'INTEGRACAO'`);
    const r = await post({ vendas: [{ id: 'PDV-1', dataVenda: '2026-05-07', valor: 1 }, { id: 'PDV-2', dataVenda: '2026-05-06', valor: 4590 }] });
    expect(r.body).toEqual({ recebidas: 2, inseridas: 0, repetidas: 2, recusadas: [] });
    expect(await one(`SELECT count(*) FROM linhas_cliente WHERE idintegrador IS NOT NULL`)).toBe(before);
    expect(await one(`SELECT count(*) FROM arquivos WHERE origem = 'INTEGRACAO'`)).toBe(files);
    // a new id beside a known one: only the new one goes in
    const r2 = await post({ vendas: [{ id: 'PDV-1', dataVenda: '2026-05-06', valor: 10 }, { id: 'PDV-5', dataVenda: '2026-05-06', valor: 10 }] });
    expect(r2.body).toEqual({ recebidas: 2, inseridas: 1, repetidas: 1, recusadas: [] });
  });

  it("'Reprocessar' of an API request matches its sales again and keeps it Processado (there is no layout to read again)", async () => {
    const codarquivo = await one(`SELECT min(codarquivo) FROM arquivos WHERE origem = 'INTEGRACAO'`);
    const lines = await one(`SELECT count(*) FROM linhas_cliente WHERE codarquivo = ${codarquivo}`);
    await t.app.services.ingestion.reprocess(Number(codarquivo));
    const [job] = await t.exec(`SELECT queue, payload FROM jobs ORDER BY id DESC LIMIT 1`);
    expect(job).toMatchObject({ queue: 'conciliar-vendas', payload: { codarquivo: Number(codarquivo), somenteVendas: true } });
    await t.app.services.ingestion.drain();
    expect((await t.exec(`SELECT status FROM arquivos WHERE codarquivo = ${codarquivo}`))[0]!.status).toBe('PROCESSADO');
    expect(await one(`SELECT count(*) FROM linhas_cliente WHERE codarquivo = ${codarquivo}`)).toBe(lines);
    const [res] = await t.exec(`SELECT r.resultado FROM resultado_venda_cliente r JOIN linhas_cliente l USING (codlinhasarqcli) WHERE l.idintegrador = 'PDV-1'`);
    expect(res!.resultado).toBe('conciliado');
  });

  it('bodies malformed, too large or without sales are refused whole', async () => {
    expect(await post(null, chave, '{"vendas": [')).toMatchObject({ status: 400, body: { mensagem: MSG.integradorJsonInvalido } });
    expect((await post({ vendas: [] })).status).toBe(400);
    expect((await post({ outra: 1 })).status).toBe(400);
    const big = await post(null, chave, JSON.stringify({ vendas: [{ id: 'x'.repeat(INTEGRADOR_MAX_BYTES) }] }));
    expect(big.status).toBe(413);
    expect(big.body.mensagem).toContain('limite');
  });

  it("another client's administrator neither sees nor revokes the key, nor creates one for this client", async () => {
    const cliente2 = await t.login('CLIENTE2');
    expect(dataOf(await t.call(Q.listar, {}, { cookie: cliente2 })).listarChavesApiIntegrador).toEqual([]);
    expect(dataOf(await t.call(Q.listar, { c: padaria }, { cookie: cliente2 })).listarChavesApiIntegrador).toEqual([]);
    expect(errorOf(await t.call(Q.revogar, { k: codchave }, { cookie: cliente2 })).code).toBe('FORBIDDEN');
    expect(errorOf(await t.call(Q.criar, { c: padaria, n: 'Intrusa' }, { cookie: cliente2 })).code).toBe('FORBIDDEN');
    expect(await one(`SELECT count(*) FROM chaves_api_integrador WHERE codpessoa = ${padaria} AND revogadaem IS NULL`)).toBe(1);
    // the reseller above the client sees it
    const revenda = await t.login('REVENDA');
    expect(dataOf(await t.call(Q.listar, { c: padaria }, { cookie: revenda })).listarChavesApiIntegrador.map((k: { codchave: number }) => k.codchave)).toEqual([codchave]);
  });

  it('more requests than the limit per minute with one key are answered 429 with Retry-After', async () => {
    const other = await novaChave(cliente, padaria, 'Carga');
    const answers = [];
    for (let i = 0; i < INTEGRADOR_REQUISICOES_POR_MINUTO + 1; i++) answers.push((await post({ vendas: [] }, other.chave)).status);
    expect(answers.slice(0, -1).every((s) => s === 400)).toBe(true);
    const last = await t.app.fetch(`${BASE_URL}${INTEGRADOR_API_PATH}`, { method: 'POST', headers: { authorization: `Bearer ${other.chave}` }, body: '{}' });
    expect(last.status).toBe(429);
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await last.json()) as { mensagem: string }).mensagem).toMatch(/^Muitas requisições com esta chave de API/);
    // the other key is not slowed down by it
    expect((await post({ vendas: [] })).status).toBe(400);
  }, 60_000);

  it('a missing, unknown or revoked key is answered 401; the key never reaches the logs', async () => {
    expect(await post({ vendas: [] }, null)).toMatchObject({ status: 401, body: { mensagem: MSG.integradorChaveAusente } });
    expect(await post({ vendas: [] }, `ck_${'A'.repeat(43)}`)).toMatchObject({ status: 401, body: { mensagem: MSG.integradorChaveInvalida } });
    expect(dataOf(await t.call(Q.revogar, { k: codchave }, { cookie: cliente })).revogarChaveApiIntegrador).toBe(true);
    expect(dataOf(await t.call(Q.revogar, { k: codchave }, { cookie: cliente })).revogarChaveApiIntegrador).toBe(false);
    expect(await post({ vendas: [{ id: 'PDV-9', dataVenda: '2026-05-06', valor: 1 }] })).toMatchObject({ status: 401, body: { mensagem: MSG.integradorChaveInvalida } });
    expect(await one(`SELECT count(*) FROM linhas_cliente WHERE idintegrador = 'PDV-9'`)).toBe(0);
    const [k] = dataOf(await t.call(Q.listar, {}, { cookie: cliente })).listarChavesApiIntegrador.filter((x: { codchave: number }) => x.codchave === codchave);
    expect(k.revogadaem).not.toBeNull();
    expect(t.logs.join('\n')).not.toContain(chave.slice(3));
  });

  it('a GET is not a way in', async () => {
    const r = await t.fetch({ url: `${BASE_URL}${INTEGRADOR_API_PATH}`, method: 'GET' });
    expect(r.status).toBe(405);
  });
});
