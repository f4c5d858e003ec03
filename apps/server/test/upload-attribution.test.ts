import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileErrorMessage, MSG } from '@concilia/domain';
import { layoutById, type NormalizedRecord, recordIdentity, type ScenarioOptions, WRITERS, type WriterName } from '@concilia/engine';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInboxWatcher } from '../src/ingest/inbox-watcher';
import { writeScenarioFiles } from '../src/ingest/synthetic-files';
import { createTestApp, dataOf, engines, type TestApp } from './harness';

/**
 * Issue 12, item 1: whose unit an uploaded operator file's lines may go to. Files are generated with the
 * engine's writers and sent through the real GraphQL multipart upload, as the Enviar Arquivos dialog sends them.
 *
 * Demo people: CLIENTE is the client Padaria Pão Quente, whose unit 'Pão Quente - Centro' registered the Cielo
 * establishment 1023456789; CLIENTE2 is the client Mercado Bom Preço (unit 'Bom Preço - Matriz').
 */
const EC_CENTRO = '1023456789';
/** a Cielo establishment nobody registered */
const EC_NOBODY = '1999999999';
/** a Cielo establishment this test registers for the Mercado's unit */
const EC_MATRIZ = '2000000001';

const ENVIAR = `mutation enviarArquivo($arquivo: File!, $codpessoa: Int) {
  enviarArquivo(arquivo: $arquivo, codpessoa: $codpessoa) { codarquivo status mensagem duplicate } }`;
const MANUT = `query($values: ArquivoManutencaoFilter) { listarManutencaoArquivos(values: $values) { codarquivo status mensagem codpessoa } }`;
const REPROCESSAR = `mutation($values: ArquivoManutencaoKeyValues!) { reprocessarManutencaoArquivos(values: $values) }`;
const TICKETS = `query($v: TicketFiltroInput!) { pesquisarTickets(values: $v) { id tipo resultado valor unidade } }`;
const CARDS = `query($v: TicketPesquisaFilter) { resultadosTickets(values: $v) { valor quantidade total } }`;
const ALL_FILES = { de: '2000-01-01', ate: '2099-12-31' };

type FileRow = { codarquivo: number; status: string; mensagem: string | null; codpessoa: number | null };

describe.each(engines())('upload attribution on %s', (engine) => {
  let t: TestApp;
  let cliente: string;
  let cliente2: string;
  let centro: number;
  let padaria: number;
  let mercado: number;
  let matriz: number;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'concilia-attribution-'));
  let generated = 0;

  const person = async (nome: string) => Number((await t.exec(`SELECT codpessoa FROM pessoas WHERE nome = '${nome}'`))[0]!.codpessoa);
  const drain = () => t.app.services.ingestion.drain();

  /** One generated file in a real layout (operator and customer sides of one seed agree on every sale): its name and bytes. */
  async function generate(layout: WriterName, merchants: string[], startDate: string, seed: number, more: Partial<ScenarioOptions> = {}) {
    const [f] = await writeScenarioFiles({
      dir: path.join(dir, String(++generated)), layouts: [layout], scenario: { sales: 25, seed, merchants, startDate, days: 4, shares: {}, ...more },
    });
    return { name: path.basename(f!.path), bytes: new Uint8Array(fs.readFileSync(f!.path)) };
  }

  /** The upload of the file screen: a GraphQL multipart request; answers the registered file once it is loaded. */
  async function upload(cookie: string, file: { name: string; bytes: Uint8Array }, codpessoa?: number): Promise<FileRow> {
    const form = new FormData();
    form.set('operations', JSON.stringify({ query: ENVIAR, variables: { arquivo: null, codpessoa: codpessoa ?? null } }));
    form.set('map', JSON.stringify({ 0: ['variables.arquivo'] }));
    form.set('0', new File([new Uint8Array(file.bytes)], file.name));
    const sent = dataOf(await t.fetch({ method: 'POST', headers: { cookie, 'x-graphql-yoga-csrf': '1' }, body: form })).enviarArquivo;
    expect(sent.duplicate).toBe(false);
    await drain();
    const [row] = dataOf(await t.call(MANUT, { values: { ...ALL_FILES, codarquivo: sent.codarquivo } }, { cookie })).listarManutencaoArquivos;
    return row as FileRow;
  }

  /** The parsed records of a generated operator file (what the load reads), in line order. */
  async function records(file: { bytes: Uint8Array }): Promise<NormalizedRecord[]> {
    async function* once() {
      yield file.bytes;
    }
    const out: NormalizedRecord[] = [];
    for await (const item of layoutById('CIELO_V15').parse(once(), {})) {
      if (item.kind !== 'header' && item.kind !== 'trailer' && item.kind !== 'warning' && item.kind !== 'error') out.push(item);
    }
    return out;
  }

  /** The message a file naming `ec` outside the sender's company ends with: each of its lines, located. */
  async function refusedMessage(file: { bytes: Uint8Array }, ec: string): Promise<string> {
    const refused = (await records(file)).filter((r) => r.merchantId === ec)
      .map((r) => MSG.arquivoEstabelecimentoAlheio.replace('{linha}', String(r.line)).replace('{codigo}', ec));
    return fileErrorMessage(refused.slice(0, 20), refused.length);
  }

  const lineOwners = async (codarquivo: number) =>
    (await t.exec(`SELECT codpessoa, count(*)::int AS n FROM linhas_operadora WHERE codarquivo = ${codarquivo} GROUP BY codpessoa ORDER BY codpessoa`))
      .map((r) => ({ codpessoa: r.codpessoa === null ? null : Number(r.codpessoa), n: Number(r.n) }));
  const lineCount = async (codarquivo: number) =>
    Number((await t.exec(`SELECT count(*)::int AS n FROM linhas_operadora WHERE codarquivo = ${codarquivo}`))[0]!.n);

  /** What CLIENTE sees of a window in Pesquisar Ticket: operator and customer tickets with their results, and the cards. */
  async function clienteView(window: { datavenda: string; datavendaate: string }) {
    const tickets = async (tipo: string) => (dataOf(await t.call(TICKETS, { v: { ...window, tipo } }, { cookie: cliente })).pesquisarTickets as { id: string }[])
      .sort((a, b) => a.id.localeCompare(b.id));
    return {
      operadora: await tickets('A'),
      cliente: await tickets('C'),
      cards: dataOf(await t.call(CARDS, { v: { ...window, tipo: 'C' } }, { cookie: cliente })).resultadosTickets,
    };
  }

  beforeAll(async () => {
    t = await createTestApp(engine, { INGEST_WORKERS: '1' });
    [cliente, cliente2] = [await t.login('CLIENTE'), await t.login('CLIENTE2')];
    [centro, padaria, mercado, matriz] = [
      await person('Pão Quente - Centro'), await person('Padaria Pão Quente Ltda'), await person('Mercado Bom Preço Ltda'), await person('Bom Preço - Matriz'),
    ];
    await t.exec(`INSERT INTO estabelecimentos (codpessoa, codoperadora, codexterno, nome) VALUES (${matriz}, 1, '${EC_MATRIZ}', 'Bom Preço Matriz - Cielo')`);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("a client's upload naming another client's establishment ends in Erro, loads nothing and changes nothing the other client sees; the owner's own upload loads", async () => {
    const window = { datavenda: '2026-08-01', datavendaate: '2026-08-31' };
    // CLIENTE's own sales of August: without an operator statement every one is only in the customer file
    expect((await upload(cliente, await generate('cliente-csv', [EC_CENTRO], '2026-08-03', 41), centro)).status).toBe('PROCESSADO');
    const before = await clienteView(window);
    expect(before.cliente.length).toBeGreaterThanOrEqual(25);
    expect(before.operadora).toEqual([]);
    expect(before.cards.map((c: { valor: string }) => c.valor)).toEqual(['somente_cliente']);

    // CLIENTE2 sends the Cielo statement of those very sales, carrying CLIENTE's establishment, without choosing a unit
    const forged = await generate('cielo-v15', [EC_CENTRO], '2026-08-03', 41);
    const attack = await upload(cliente2, forged);
    expect(attack).toMatchObject({ status: 'ERRO', codpessoa: mercado });
    expect(attack.mensagem).toBe(await refusedMessage(forged, EC_CENTRO));
    expect(attack.mensagem).toContain(`o estabelecimento ${EC_CENTRO} não pertence à sua empresa.`);
    expect(await lineCount(attack.codarquivo)).toBe(0);
    // choosing its own unit changes nothing
    const viaUnit = await upload(cliente2, forged, matriz);
    expect(viaUnit).toMatchObject({ status: 'ERRO', mensagem: attack.mensagem });
    expect(await lineCount(viaUnit.codarquivo)).toBe(0);
    // no forged sale in CLIENTE's search, no result card moved: nothing to learn about CLIENTE's sales either
    expect(await clienteView(window)).toEqual(before);

    // the same statement sent by its owner loads whole, every line in the establishment's unit, and pairs the sales
    const own = await upload(cliente, forged);
    expect(own).toMatchObject({ status: 'PROCESSADO', codpessoa: padaria });
    expect(await lineOwners(own.codarquivo)).toEqual([{ codpessoa: centro, n: (await records(forged)).length }]);
    const after = await clienteView(window);
    expect(after.operadora.length).toBe((await records(forged)).filter((r) => r.kind === 'sale').length);
    expect(after.cards).toEqual([expect.objectContaining({ valor: 'conciliado', quantidade: before.cliente.length })]);
  });

  it("one line of another client's establishment fails the whole file, the sender's own lines included", async () => {
    // batches of 5 sales take turns between the two establishments
    const mixed = await generate('cielo-v15', [EC_MATRIZ, EC_CENTRO], '2026-09-07', 43, { sales: 40, batchSize: 5 });
    const ecs = new Set((await records(mixed)).map((r) => r.merchantId));
    expect(ecs).toEqual(new Set([EC_MATRIZ, EC_CENTRO]));
    const sent = await upload(cliente2, mixed, matriz);
    expect(sent).toMatchObject({ status: 'ERRO', codpessoa: matriz, mensagem: await refusedMessage(mixed, EC_CENTRO) });
    expect(await lineCount(sent.codarquivo)).toBe(0);
    // a statement of the sender's own establishment alone loads into its unit
    const own = await generate('cielo-v15', [EC_MATRIZ], '2026-09-07', 43, { sales: 40, batchSize: 5 });
    const ok = await upload(cliente2, own);
    expect(ok.status).toBe('PROCESSADO');
    expect(await lineOwners(ok.codarquivo)).toEqual([{ codpessoa: matriz, n: (await records(own)).length }]);
  });

  it("a client's file is never owned by another client's unit through its header's establishment", async () => {
    const forged = await generate('cielo-v15', [EC_CENTRO], '2026-09-14', 47);
    // a channel that names no owner for a signed-in sender: the owner is looked up from the header, within the sender's part only
    const received = await t.app.services.ingestion.receive({ source: forged.bytes, name: forged.name, origem: 'UPLOAD', codusuario: await t.userId('CLIENTE2') });
    await drain();
    const [file] = await t.exec(`SELECT codpessoa, status FROM arquivos WHERE codarquivo = ${received.codarquivo}`);
    expect(file).toMatchObject({ codpessoa: null, status: 'ERRO' });
    const seenByCliente = dataOf(await t.call(MANUT, { values: { ...ALL_FILES, codarquivo: received.codarquivo } }, { cookie: cliente })).listarManutencaoArquivos;
    expect(seenByCliente).toEqual([]);
    expect(await lineCount(received.codarquivo)).toBe(0);
  });

  it('an establishment nobody registered goes to the uploader, and the same operator line is loaded for each tenant that sends it', async () => {
    const statement = await generate('cielo-v15', [EC_NOBODY], '2026-09-21', 53);
    const n = (await records(statement)).length;
    const a = await upload(cliente, statement);
    expect(a).toMatchObject({ status: 'PROCESSADO', codpessoa: padaria });
    expect(await lineOwners(a.codarquivo)).toEqual([{ codpessoa: padaria, n }]);
    // tenant B's identical lines are its own: not skipped as "already received" because tenant A has them
    const b = await upload(cliente2, statement);
    expect(b).toMatchObject({ status: 'PROCESSADO', codpessoa: mercado, mensagem: null });
    expect(await lineOwners(b.codarquivo)).toEqual([{ codpessoa: mercado, n }]);
    const [counts] = await t.exec(`SELECT linhas, repetidas FROM arquivos WHERE codarquivo = ${b.codarquivo}`);
    expect(counts).toMatchObject({ linhas: n, repetidas: 0 });
    // within one tenant a line is still known once: other bytes with the same lines add none
    const copy = await upload(cliente2, { name: 'copia.txt', bytes: Buffer.concat([statement.bytes, Buffer.from(WRITERS['cielo-v15'].lineEnding)]) });
    expect(copy.status).toBe('PROCESSADO');
    expect(await lineCount(copy.codarquivo)).toBe(0);
    expect(await lineOwners(a.codarquivo)).toEqual([{ codpessoa: padaria, n }]);

    // and tenant B's payments statement pays B's sales only: A's expected payments stay unpaid, B's are not left ambiguous
    const payments = await upload(cliente2, await generate('cielo-v15-pagamentos', [EC_NOBODY], '2026-09-21', 53));
    expect(payments.status).toBe('PROCESSADO');
    const situacoes = async (codpessoa: number): Promise<Record<string, number>> => Object.fromEntries((await t.exec(`SELECT situacao, count(*)::int AS n
      FROM pagamentos_previstos WHERE codpessoa = ${codpessoa} AND estabelecimento = '${EC_NOBODY}' GROUP BY situacao`)).map((r) => [String(r.situacao), Number(r.n)]));
    const paidA = await situacoes(padaria);
    const paidB = await situacoes(mercado);
    expect(Object.keys(paidA).filter((s) => s.startsWith('pago'))).toEqual([]);
    expect(paidB.pago).toBe(Object.values(paidA).reduce((x, y) => x + y, 0));
  });

  it('the trusted channels still attribute by establishment: the inbox folder (top and owner subfolder) and the command line', async () => {
    const inbox = fs.mkdtempSync(path.join(os.tmpdir(), 'concilia-attribution-inbox-'));
    const watcher = startInboxWatcher({ dir: inbox, log: pino({ level: 'silent' }), pollSeconds: 3600, db: t.db, ingestion: t.app.services.ingestion });
    try {
      const top = await generate('cielo-v15', [EC_CENTRO], '2026-10-05', 59);
      const sub = await generate('cielo-v15', [EC_CENTRO], '2026-10-12', 61);
      fs.writeFileSync(path.join(inbox, 'topo.txt'), top.bytes);
      fs.mkdirSync(path.join(inbox, String(mercado)));
      fs.writeFileSync(path.join(inbox, String(mercado), 'pasta.txt'), sub.bytes);
      await watcher.scanOnce();
      expect(await watcher.scanOnce()).toBe(2);
      await drain();
      const files = await t.exec(`SELECT codarquivo, nomearquivo, codpessoa, status FROM arquivos WHERE origem = 'PASTA' ORDER BY nomearquivo`);
      expect(files.map((f) => ({ nome: f.nomearquivo, codpessoa: f.codpessoa, status: f.status }))).toEqual([
        { nome: 'pasta.txt', codpessoa: mercado, status: 'PROCESSADO' },
        { nome: 'topo.txt', codpessoa: centro, status: 'PROCESSADO' },
      ]);
      for (const f of files) expect(await lineOwners(Number(f.codarquivo))).toEqual([{ codpessoa: centro, n: expect.any(Number) }]);
    } finally {
      await watcher.stop();
      fs.rmSync(inbox, { recursive: true, force: true });
    }
    const cli = await generate('cielo-v15', [EC_CENTRO], '2026-10-19', 67);
    const received = await t.app.services.ingestion.receive({ source: cli.bytes, name: cli.name, origem: 'CLI', codpessoa: mercado });
    await drain();
    expect(await lineOwners(received.codarquivo)).toEqual([{ codpessoa: centro, n: (await records(cli)).length }]);

    // a VAN file with two clients' establishments, owned by one of them: the file records both units (arquivos.unidades),
    // so it counts as arrived for each (the late-file alarms); an unreadable file records none
    const van = await generate('cielo-v15', [EC_MATRIZ, EC_CENTRO], '2026-10-26', 71, { sales: 40, batchSize: 5 });
    const both = await t.app.services.ingestion.receive({ source: van.bytes, name: van.name, origem: 'CLI', codpessoa: mercado });
    await drain();
    const unidades = async (codarquivo: number) => (await t.exec(`SELECT unidades FROM arquivos WHERE codarquivo = ${codarquivo}`))[0]!.unidades;
    expect((await lineOwners(both.codarquivo)).map((o) => o.codpessoa)).toEqual([centro, matriz].sort((a, b) => a - b));
    expect(await unidades(both.codarquivo)).toEqual([centro, matriz].sort((a, b) => a - b));
    expect(await unidades(received.codarquivo)).toEqual([centro]);
  });

  // last: the migration it runs rewrites every operator key of this database, not only this test's
  it('lines loaded before operator keys carried the unit: migration 0015 rewrites their keys, and reprocess gives identical lines', async () => {
    const statement = await generate('cielo-v15', [EC_CENTRO], '2026-11-02', 71);
    const file = await upload(cliente, statement);
    expect(file.status).toBe('PROCESSADO');
    // in load order (one line of the file may hold several records: a sale and its installments)
    const rows = `SELECT codlinha, linha, chave::text AS chave, ocorrencia, codpessoa FROM linhas_operadora WHERE codarquivo = ${file.codarquivo} ORDER BY codlinha`;
    const snapshot = async () => (await t.exec(rows)).map(({ codlinha: _, ...r }) => r);
    const loaded = await snapshot();
    // as the load wrote them before: the key was the MD5 of the record's identity alone
    const codlinhas = (await t.exec(rows)).map((r) => Number(r.codlinha));
    const recs = await records(statement);
    expect(recs.length).toBe(codlinhas.length);
    for (const [i, r] of recs.entries()) {
      await t.exec(`UPDATE linhas_operadora SET chave = '${crypto.hash('md5', recordIdentity(r))}'::uuid WHERE codlinha = ${codlinhas[i]}`);
    }
    expect(await snapshot()).not.toEqual(loaded);
    const migration = fs.readFileSync(new URL('../../../packages/db/drizzle/0015_tenant_line_keys.sql', import.meta.url), 'utf8');
    for (const statementSql of migration.split('--> statement-breakpoint')) await t.exec(statementSql);
    expect(await snapshot()).toEqual(loaded);
    expect(dataOf(await t.call(REPROCESSAR, { values: { editValues: { codarquivo: file.codarquivo } } }, { cookie: cliente })).reprocessarManutencaoArquivos).toBe(true);
    await drain();
    expect(await snapshot()).toEqual(loaded);
    const [counts] = await t.exec(`SELECT status, repetidas FROM arquivos WHERE codarquivo = ${file.codarquivo}`);
    expect(counts).toMatchObject({ status: 'PROCESSADO', repetidas: 0 });
  });
});
