import fs from 'node:fs';
import { arquivos } from '@concilia/db';
import { detectFile, layoutById, type ParsedItem } from '@concilia/engine';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mutate, mutationArb } from '../../../packages/engine/src/customer/byte-mutations.helper';
import { createIngestion, type Ingestion } from '../src/ingest/ingestion';
import { createTestApp, dataOf, engines, type TestApp } from './harness';

/**
 * Issue 13, "warnings are first-class" and "bad input" at pipeline level: a file the parser warns about loads
 * whole and ends "Processado com avisos" with its warnings on the record; any file — genuine, built from the
 * layouts, or damaged at random — ends in Processado, Processado com avisos or Erro, with located pt-BR
 * messages, never a crash and never part of its lines.
 */

const ENGINE = new URL('../../../packages/engine/test/', import.meta.url);
const bytesOf = (rel: string) => new Uint8Array(fs.readFileSync(new URL(rel, ENGINE)));
const STONE_WARN = 'samples/stone/HomologacaoV2__20151013.xml';
const FILES = [
  'samples/rede/R97470EEVC01.cmp', 'samples/rede/R97470EEVD17.cmp', STONE_WARN, 'samples/stone/HomologacaoV2__20151012.xml',
  'fixtures/cielo/CIELO03_v15.txt', 'fixtures/cielo/CIELO04_v14.txt', 'fixtures/getnet/GETNET_V10_20200702.txt',
  'fixtures/stone/stone-v1-exemplo.xml', 'fixtures/customer/vendas-cliente.csv',
].map((rel) => ({ rel, bytes: bytesOf(rel) }));
const quiet = pino({ level: 'silent' });
/** A located message: a line ('Linha 12: …', 'Linha 1, Conciliation/…/Transaction[3]: …') or the file as a whole. */
const LOCATED = /^(Linha \d+(, [\w/]+\[\d+\])?: |Arquivo|… e mais)/;

/** What the engine alone reads from the bytes: the records a complete load must write, and whether it may. */
async function engineView(bytes: Uint8Array) {
  const detected = detectFile(bytes.subarray(0, 4096));
  if (!detected) return null;
  const items: ParsedItem[] = [];
  async function* source() {
    yield bytes;
  }
  for await (const item of layoutById(detected.layout).parse(source())) items.push(item);
  const records = items.filter((i) => !['header', 'trailer', 'error', 'warning'].includes(i.kind)).length;
  return { records, errors: items.filter((i) => i.kind === 'error').length, warnings: items.filter((i) => i.kind === 'warning').length };
}

describe.each(engines())('file outcomes on %s', (engine) => {
  let t: TestApp;
  let ing: Ingestion;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp(engine);
    ing = createIngestion({ open: t.opened, log: quiet, filesDir: t.config.filesDir, workers: 1, pollMs: 50 });
  });
  afterAll(async () => {
    await ing.stop();
    await t.close();
  });

  async function load(bytes: Uint8Array, name: string) {
    const received = await ing.receive({ source: bytes, name, origem: 'CLI' });
    await ing.drain();
    const [file] = await t.db.select().from(arquivos).where(eq(arquivos.codarquivo, received.codarquivo));
    const [{ n: lines }] = (await t.exec(`SELECT (SELECT count(*) FROM linhas_operadora WHERE codarquivo = ${received.codarquivo})
      + (SELECT count(*) FROM linhas_cliente WHERE codarquivo = ${received.codarquivo}) AS n`)) as [{ n: string }];
    return { received, file: file!, lines: Number(lines) };
  }

  it('the operator\'s own Stone homologation file loads whole, "Processado com avisos", its warning kept and shown', async () => {
    const { file, lines } = await load(bytesOf(STONE_WARN), '20151013.xml');
    const warning = 'Linha 200: Trailer não confere: transações canceladas informado 2, lido 1; chargebacks informado 1, lido 2; o total de movimentos confere (6), só a contagem por tipo difere';
    expect(file).toMatchObject({ status: 'PROCESSADO_AVISOS', avisos: 1, mensagensavisos: [warning], tipo: 'STONE_XML' });
    expect(file.mensagem).toBe(`Arquivo carregado com 1 aviso:\n${warning}`);
    expect(lines).toBe(file.linhas);
    expect(lines).toBe((await engineView(bytesOf(STONE_WARN)))!.records);
    // the file's totals are those of every record read, as the trailer declares them
    expect(file.totais).toMatchObject({ cancellation: { linhas: 1 }, chargeback: { linhas: 2 }, settlement: { linhas: 4 } });
    // Manutenção de Arquivos lists it under its status filter with the warning in its message (a file nobody
    // owns is seen at the top of the hierarchy)
    const admin = await t.login('ADMIN');
    const listed = dataOf(await t.call(`query($values: ArquivoManutencaoFilter) { listarManutencaoArquivos(values: $values) { codarquivo status mensagem } }`,
      { values: { de: '2000-01-01', ate: '2099-12-31', status: 'PROCESSADO_AVISOS' } }, { cookie: admin })).listarManutencaoArquivos;
    expect(listed).toEqual([{ codarquivo: file.codarquivo, status: 'PROCESSADO_AVISOS', mensagem: file.mensagem }]);
    const options = dataOf(await t.call(`{ listarItensStatusArquivo { valor label } }`, {}, { cookie: admin })).listarItensStatusArquivo;
    expect(options).toContainEqual({ valor: 'PROCESSADO_AVISOS', label: 'Processado com avisos' });
  });

  it('a clean file keeps no warnings', async () => {
    const { file } = await load(bytesOf('samples/rede/R97470EEVC01.cmp'), 'R97470EEVC01.cmp');
    expect(file).toMatchObject({ status: 'PROCESSADO', avisos: 0, mensagensavisos: null, mensagem: null });
  });

  it('any file, damaged at random, ends in Processado, Processado com avisos or Erro: located messages, all its lines or none', async () => {
    const outcomes = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fc.nat(FILES.length - 1), fc.array(mutationArb, { minLength: 1, maxLength: 3 }), async (k, mutations) => {
        const bytes = mutate(FILES[k]!.bytes, mutations);
        const { received, file, lines } = await load(bytes, `dano-${n++}.txt`);
        if (received.duplicate) return;
        const view = await engineView(bytes);
        expect(['PROCESSADO', 'PROCESSADO_AVISOS', 'ERRO'], FILES[k]!.rel).toContain(file.status);
        outcomes.add(file.status);
        if (file.status === 'ERRO') {
          expect(lines).toBe(0);
          expect(file.linhas).toBe(0);
          for (const m of (file.mensagem ?? '').split('\n').slice(1)) expect(m).toMatch(LOCATED);
          return;
        }
        // loaded: every record the engine read, none left out (repeats of lines known from other files aside)
        expect(view, FILES[k]!.rel).not.toBeNull();
        expect(view!.errors).toBe(0);
        expect(lines + file.repetidas).toBe(view!.records);
        expect(file.status).toBe(view!.warnings > 0 ? 'PROCESSADO_AVISOS' : 'PROCESSADO');
        expect(file.avisos).toBe(view!.warnings);
        for (const m of file.mensagensavisos ?? []) expect(m).toMatch(LOCATED);
      }),
      { numRuns: 20, seed: 13 },
    );
    // the damage both refused files and let others load: both branches above were checked
    expect(outcomes).toContain('ERRO');
    expect(outcomes.has('PROCESSADO') || outcomes.has('PROCESSADO_AVISOS')).toBe(true);
  });
});
