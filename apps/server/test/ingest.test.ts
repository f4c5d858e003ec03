import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { arquivos } from '@concilia/db';
import { customerSide, generateScenario, WRITERS, type WriterName } from '@concilia/engine';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIngestion, type Ingestion } from '../src/ingest/ingestion';
import { folderStorage } from '../src/ingest/file-storage';
import { writeScenarioFiles } from '../src/ingest/synthetic-files';
import { createTestApp, engines, type TestApp } from './harness';

const SAMPLES = new URL('../../../packages/engine/test/samples/', import.meta.url);
const sample = (name: string) => new Uint8Array(fs.readFileSync(new URL(name, SAMPLES)));
const EEVC = 'rede/R97470EEVC01.cmp';
const EEVD = 'rede/R97470EEVD17.cmp';
const latin1 = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');
const quiet = pino({ level: 'silent' });

describe.each(engines())('ingestion pipeline on %s', (engine) => {
  let t: TestApp;
  let ing: Ingestion;

  beforeAll(async () => {
    t = await createTestApp(engine);
    ing = createIngestion({ open: t.opened, log: quiet, filesDir: t.config.filesDir, workers: 1, pollMs: 50 });
  });
  afterAll(async () => {
    await ing.stop();
    await t.close();
  });

  async function load(bytes: Uint8Array, name = 'arquivo.txt') {
    const received = await ing.receive({ source: bytes, name, origem: 'CLI' });
    await ing.drain();
    const [file] = await t.db.select().from(arquivos).where(eq(arquivos.codarquivo, received.codarquivo));
    return { received, file: file! };
  }
  const lines = async (table: string, codarquivo: number) =>
    Number((await t.exec(`SELECT count(*) AS n FROM ${table} WHERE codarquivo = ${codarquivo}`))[0]!.n);
  const allLines = async (table = 'linhas_operadora') => Number((await t.exec(`SELECT count(*) AS n FROM ${table}`))[0]!.n);

  it('loads the genuine Rede EEVC sample: every record a line, totals as the trailer says', async () => {
    const { file } = await load(sample(EEVC), 'R97470EEVC01.cmp');
    expect(file).toMatchObject({ status: 'PROCESSADO', tipo: 'EEVC', layout: 'REDE_EEVC', origem: 'CLI', mensagem: null, repetidas: 0, dataenvio: '2020-07-01' });
    expect(file.totais).toMatchObject({ sale: { linhas: 58, bruto: 1587533, liquido: 1530627 } });
    expect(await lines('linhas_operadora', file.codarquivo)).toBe(file.linhas);
    const [sale] = await t.exec(`SELECT tipo, valorbruto, valortaxa, valorliquido, codoperadora, estabelecimento, data::text AS data
      FROM linhas_operadora WHERE codarquivo = ${file.codarquivo} AND tipo = 'sale' ORDER BY linha LIMIT 1`);
    expect(sale).toMatchObject({ tipo: 'sale', codoperadora: 2 });
    expect(Number(sale!.valorbruto) - Number(sale!.valortaxa)).toBe(Number(sale!.valorliquido));
  });

  it('recognises the same bytes sent again and loads nothing more', async () => {
    const before = await allLines();
    const first = await ing.receive({ source: sample(EEVC), name: 'de novo.cmp', origem: 'UPLOAD' });
    expect(first).toMatchObject({ duplicate: true, mensagem: 'Arquivo já recebido anteriormente (mesmo conteúdo); não foi carregado de novo.' });
    await ing.drain();
    expect(await allLines()).toBe(before);
  });

  it('does not duplicate lines already known from another file (CRLF copy of the same statement)', async () => {
    const before = await allLines();
    const { file } = await load(latin1(text(sample(EEVC)).replace(/\n/g, '\r\n')), 'copia-crlf.cmp');
    expect(file, String(file.mensagem)).toMatchObject({ status: 'PROCESSADO', linhas: 0 });
    expect(file.repetidas).toBeGreaterThan(58);
    expect(file.mensagem).toBe(`${file.repetidas} linha(s) já recebida(s) em outro arquivo não foram duplicadas.`);
    expect(await allLines()).toBe(before);
  });

  it('reprocess gives back the same lines', async () => {
    const { file } = await load(sample(EEVD), 'R97470EEVD17.cmp');
    expect(file.status).toBe('PROCESSADO');
    const snapshot = async () => t.exec(`SELECT linha, tipo, chave, ocorrencia, valorbruto, valorliquido, data::text, nsu
      FROM linhas_operadora WHERE codarquivo = ${file.codarquivo} ORDER BY linha, tipo`);
    const before = await snapshot();
    await ing.reprocess(file.codarquivo);
    await ing.drain();
    const [after] = await t.db.select().from(arquivos).where(eq(arquivos.codarquivo, file.codarquivo));
    expect(after).toMatchObject({ status: 'PROCESSADO', linhas: file.linhas });
    expect(await snapshot()).toEqual(before);
  });

  it('a file with a bad line ends in ERRO with the line number and loads no line at all', async () => {
    const rows = text(sample(EEVC)).split('\n');
    rows[3] = rows[3]!.slice(0, 150);
    rows[10] = `${rows[10]!.slice(0, 37)}00000000008A070${rows[10]!.slice(52)}`;
    const before = await allLines();
    const { file } = await load(latin1(rows.join('\n')), 'ruim.cmp');
    expect(file.status).toBe('ERRO');
    expect(file.mensagem).toMatch(/^Arquivo com \d+ erros; nada foi carregado\.\nLinha 4: registro 012 com 150 posições, esperado ao menos 262 \(linha truncada\?\)/);
    expect(file.mensagem).toContain('Linha 11:');
    expect(await allLines()).toBe(before);
  });

  it.each([
    ['a 0-byte file', new Uint8Array(0), 'Arquivo vazio (0 bytes): nada a processar.'],
    ['binary garbage', Uint8Array.from({ length: 5000 }, (_, i) => (i * 197 + 13) % 256), 'Arquivo não reconhecido'],
    ['a UTF-8 text file', new TextEncoder().encode('Relatório de vendas — março\nção;ãé\n'), 'Arquivo não reconhecido'],
  ])('%s ends in ERRO with a message, never a crash', async (_name, bytes, message) => {
    const { file } = await load(bytes, 'estranho.bin');
    expect(file.status).toBe('ERRO');
    expect(file.mensagem).toContain(message);
    expect(file.dataprocessamento).not.toBeNull();
  });

  it('a load that dies mid-file leaves no partial lines and is retried to the end', async () => {
    // this test's worker is the only one: the shared one would take the job with a healthy disk
    await ing.stop();
    const storage = folderStorage(t.config.filesDir);
    let failures = 1;
    const flaky = createIngestion({
      open: t.opened, log: quiet, filesDir: t.config.filesDir, workers: 1, pollMs: 50,
      storage: {
        ...storage,
        async *read(sha) {
          for await (const chunk of storage.read(sha)) {
            yield chunk.subarray(0, 8192);
            if (failures-- > 0) throw new Error('disco indisponível');
            yield chunk.subarray(8192);
          }
        },
      },
    });
    try {
      // a file not received yet (another group PV in the header); its sales are already known, which also
      // sends the load through the staging path
      const changed = text(sample(EEVC)).replace(/014797470/g, '099999999');
      const received = await flaky.receive({ source: latin1(changed), name: 'instavel.cmp', origem: 'PASTA' });
      await flaky.drain();
      const rowsSeenMidway = await lines('linhas_operadora', received.codarquivo);
      const [file] = await t.db.select().from(arquivos).where(eq(arquivos.codarquivo, received.codarquivo));
      expect(file!.status).toBe('PROCESSADO');
      expect(rowsSeenMidway).toBe(file!.linhas);
      expect(file!.linhas + file!.repetidas).toBeGreaterThan(58);
      const [job] = await t.exec(`SELECT attempts, state, last_error FROM jobs WHERE payload->>'codarquivo' = '${received.codarquivo}'`);
      expect(job).toMatchObject({ attempts: 2, state: 'done', last_error: null });
    } finally {
      await flaky.stop();
      ing = createIngestion({ open: t.opened, log: quiet, filesDir: t.config.filesDir, workers: 1, pollMs: 50 });
    }
  });

  it('a job whose worker died (lease expired) is taken again by another worker', async () => {
    await ing.stop();
    const idle = createIngestion({ open: t.opened, log: quiet, filesDir: t.config.filesDir, workers: 0 });
    try {
      const received = await idle.receive({ source: latin1(text(sample(EEVD)).replace(/014797470/g, '066666666')), name: 'orfao.cmp', origem: 'PASTA' });
      // what a killed worker leaves behind: its job running, its lease already past
      await t.exec(`UPDATE jobs SET state = 'running', attempts = 1, locked_by = 'morto:1', locked_until = now() - interval '1 second'
        WHERE payload->>'codarquivo' = '${received.codarquivo}'`);
      ing = createIngestion({ open: t.opened, log: quiet, filesDir: t.config.filesDir, workers: 1, pollMs: 50 });
      await ing.drain();
      const [file] = await t.db.select().from(arquivos).where(eq(arquivos.codarquivo, received.codarquivo));
      expect(file!.status).toBe('PROCESSADO');
      const [job] = await t.exec(`SELECT attempts, state FROM jobs WHERE payload->>'codarquivo' = '${received.codarquivo}'`);
      expect(job).toMatchObject({ attempts: 2, state: 'done' });
    } finally {
      await idle.stop();
    }
  });

  it('the same file received by two workers at once is registered and loaded once', async () => {
    const other = createIngestion({ open: t.opened, log: quiet, filesDir: t.config.filesDir, workers: 1, pollMs: 50 });
    try {
      const bytes = latin1(text(sample(EEVD)).replace(/014797470/g, '088888888'));
      const [a, b] = await Promise.all([
        ing.receive({ source: bytes, name: 'a.cmp', origem: 'PASTA' }),
        other.receive({ source: bytes, name: 'b.cmp', origem: 'PASTA' }),
      ]);
      await Promise.all([ing.drain(), other.drain()]);
      expect(a.codarquivo).toBe(b.codarquivo);
      expect([a.duplicate, b.duplicate].sort()).toEqual([false, true]);
      const [file] = await t.db.select().from(arquivos).where(eq(arquivos.codarquivo, a.codarquivo));
      expect(await lines('linhas_operadora', a.codarquivo)).toBe(file!.linhas);
      expect(file!.linhas).toBeGreaterThan(0);
    } finally {
      await other.stop();
    }
  });

  it('loads a generated file of every layout, the customer file into the customer lines', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'concilia-gerados-'));
    try {
      for (const layout of Object.keys(WRITERS) as WriterName[]) {
        const scenario = { sales: 300, seed: 5, startDate: '2026-03-02', days: 10 };
        const [generated] = await writeScenarioFiles({ dir: path.join(dir, layout), layouts: [layout], scenario, fileDate: '2026-03-12' });
        const bytes = new Uint8Array(fs.readFileSync(generated!.path));
        const { file } = await load(bytes, path.basename(generated!.path));
        expect(file.status, `${layout}: ${file.mensagem}`).toBe('PROCESSADO');
        const customer = WRITERS[layout].side === 'customer';
        const table = customer ? 'linhas_cliente' : 'linhas_operadora';
        expect(await lines(table, file.codarquivo), layout).toBe(file.linhas);
        expect(file.linhas, layout).toBeGreaterThan(0);
        // imported twice: the same bytes are the same file; other bytes with the same lines add none
        const before = await allLines(table);
        expect(await ing.receive({ source: bytes, name: 'de novo', origem: 'CLI' }), layout).toMatchObject({ duplicate: true, codarquivo: file.codarquivo });
        const { file: copy } = await load(Buffer.concat([bytes, Buffer.from(WRITERS[layout].lineEnding)]), 'copia');
        expect(copy, `${layout}: ${copy.mensagem}`).toMatchObject({ status: 'PROCESSADO', linhas: 0, repetidas: file.linhas + file.repetidas });
        expect(await allLines(table), layout).toBe(before);
        if (customer) {
          const sales = [...customerSide(generateScenario({ ...scenario, merchants: [WRITERS[layout].sampleMerchant] }))];
          expect(file.totais).toEqual({ customerSale: { linhas: sales.length, bruto: sales.reduce((a, x) => a + x.gross, 0), liquido: sales.reduce((a, x) => a + x.gross, 0) } });
        }
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads a spreadsheet export through a column mapping: the merchant\'s own sales and a voucher statement', async () => {
    const csv = 'Data;Valor;NSU;Autorização;Parcelas\r\n05/03/2026;1.234,56;123;AB12;1\r\n05/03/2026;99,90;124;AB13;3\r\n';
    const own = await ing.receive({
      source: new TextEncoder().encode(csv), name: 'erp.csv', origem: 'UPLOAD',
      mapping: { operator: 'cliente', dateFormat: 'DD/MM/AAAA', decimalMark: ',', columns: { saleDate: 'Data', gross: 'Valor', nsu: 'NSU', authorization: 'Autorização', installments: 'Parcelas' } },
    });
    const voucher = await ing.receive({
      source: new TextEncoder().encode(csv.replace('AB12', 'AB99')), name: 'alelo.csv', origem: 'UPLOAD',
      mapping: { operator: 'alelo', dateFormat: 'DD/MM/AAAA', decimalMark: ',', columns: { saleDate: 'Data', gross: 'Valor', nsu: 'NSU', authorization: 'Autorização', installments: 'Parcelas', merchantId: 'NSU' } },
    });
    await ing.drain();
    const [a] = await t.db.select().from(arquivos).where(eq(arquivos.codarquivo, own.codarquivo));
    const [b] = await t.db.select().from(arquivos).where(eq(arquivos.codarquivo, voucher.codarquivo));
    expect(a).toMatchObject({ status: 'PROCESSADO', tipo: 'MAPEAMENTO', layout: 'MAPEAMENTO', codoperadora: null, linhas: 2 });
    expect(b).toMatchObject({ status: 'PROCESSADO', tipo: 'MAPEAMENTO', codoperadora: 11, linhas: 2 });
    const rows = await t.exec(`SELECT valor, totparcelas, nsu, datavenda::text AS datavenda FROM linhas_cliente WHERE codarquivo = ${a!.codarquivo} ORDER BY linha`);
    expect(rows).toEqual([
      { valor: 123456, totparcelas: 1, nsu: '123', datavenda: '2026-03-05' },
      { valor: 9990, totparcelas: 3, nsu: '124', datavenda: '2026-03-05' },
    ].map((r) => ({ ...r, valor: t.engine === 'postgres' ? String(r.valor) : r.valor })));
    expect(await lines('linhas_operadora', b!.codarquivo)).toBe(2);
  });

  it('a customer file belongs to its sender; without one, a terminal names its client, and only the sender\'s terminals count', async () => {
    const header = 'DATA_VENDA;HORA_VENDA;NSU_DOC;TID;AUTORIZACAO;TERMINAL;PARCELAS;VALOR_BRUTO;BANDEIRA;PRODUTO;CODIGO_CLIENTE;NOSSO_NUMERO';
    const csv = (nsu: string) => new TextEncoder().encode(`${header}\r\n02/03/2026;10:00:00;${nsu};;A1;2030405060;1;10,00;Visa;Débito;C1;N1\r\n`);
    const [padaria] = await t.exec(`SELECT codpessoa FROM pessoas WHERE nome = 'Padaria Pão Quente Ltda'`);
    const [mercado] = await t.exec(`SELECT codpessoa FROM pessoas WHERE nome = 'Mercado Bom Preço Ltda'`);
    const sent = await ing.receive({ source: csv('900001'), name: 'padaria.csv', origem: 'UPLOAD', codpessoa: Number(padaria!.codpessoa) });
    const unowned = await ing.receive({ source: csv('900002'), name: 'sem-dono.csv', origem: 'PASTA' });
    await ing.drain();
    const owner = async (codarquivo: number) => (await t.exec(`SELECT codpessoa FROM linhas_cliente WHERE codarquivo = ${codarquivo}`)).map((r) => Number(r.codpessoa));
    // the Mercado's terminal code in the Padaria's file does not hand the Padaria's sale to the Mercado
    expect(await owner(sent.codarquivo)).toEqual([Number(padaria!.codpessoa)]);
    expect(await owner(unowned.codarquivo)).toEqual([Number(mercado!.codpessoa)]);
  });

  it('delete removes the file, its lines and its stored original', async () => {
    const { file } = await load(latin1(text(sample(EEVD)).replace(/014797470/g, '077777777')), 'apagar.cmp');
    expect(await lines('linhas_operadora', file.codarquivo)).toBeGreaterThan(0);
    expect(await ing.remove(file.codarquivo)).toBe(true);
    expect(await lines('linhas_operadora', file.codarquivo)).toBe(0);
    expect(await t.db.select().from(arquivos).where(eq(arquivos.codarquivo, file.codarquivo))).toEqual([]);
    await expect(async () => {
      for await (const _ of ing.storage.read(file.sha256)) break;
    }).rejects.toThrow(/ENOENT/);
  });
});
