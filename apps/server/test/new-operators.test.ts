import fs from 'node:fs';
import { arquivos, operadoraBandeiras, operadoras, seedReference } from '@concilia/db';
import { detectFile, fileText, generateScenario, layoutById, type ParsedItem, type SyntheticSale, WRITERS, type WriterName } from '@concilia/engine';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mutate, mutationArb } from '../../../packages/engine/src/customer/byte-mutations.helper';
import { traceTicket } from '../src/features/tickets/ticket-trace.service';
import { createIngestion, type Ingestion } from '../src/ingest/ingestion';
import { createTestApp, engines, type TestApp } from './harness';

/**
 * The operators added in issue 13 (Mercado Pago settlement report, PagBank EDI, Pagar.me payables, PayGo sales,
 * Vero payment file)
 * through the real ingestion: a generated file of each loads, a second import of the same lines loads nothing
 * more, a marketplace sale shows in the ticket trace's marketplace group, and a database seeded before these
 * operators existed gets them on its next start.
 */

const quiet = pino({ level: 'silent' });
const NEW_LAYOUTS: { writer: WriterName; layout: string; operator: string; merchant: string }[] = [
  { writer: 'mercadopago', layout: 'MERCADOPAGO_CSV', operator: 'Mercado Pago', merchant: '555000111' },
  { writer: 'pagbank', layout: 'PAGBANK_JSON', operator: 'PagSeguro', merchant: '555000222' },
  { writer: 'pagarme', layout: 'PAGARME_JSON', operator: 'Pagar.me', merchant: 're_loja555000333' },
  { writer: 'paygo', layout: 'PAYGO_JSON', operator: 'PayGo', merchant: '55500044400019' },
  { writer: 'vero', layout: 'VERO_PAGAMENTOS', operator: 'Vero (Banrisul)', merchant: '55500055500019' },
];

const FIXTURES = ['mercadopago/settlement-report.csv', 'pagbank/edi-transacional.json', 'pagarme/payables.json', 'paygo/sales.json', 'vero/BJRVCMB_20261006.txt']
  .map((rel) => ({ rel, bytes: new Uint8Array(fs.readFileSync(new URL(`../../../packages/engine/test/fixtures/${rel}`, import.meta.url))) }));
/** A located message: a line, a JSON record ('Linha 1, detalhes[4] (registro 5): …') or member, or the file. */
const LOCATED = /^(Linha \d+(, ([\w-]*\[\d+\] \(registro \d+\)|campo "[^"]*"))?: |Arquivo|… e mais)/;

/** What the engine alone reads from the bytes: records a complete load must write, errors, warnings. */
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

function fileOf(writer: WriterName, merchant: string): Uint8Array {
  const sales = [...generateScenario({ sales: 24, merchants: [merchant], seed: 5, startDate: '2026-10-01', days: 4 })]
    .map((s) => s.operator)
    .filter((s): s is SyntheticSale => s !== null);
  return new TextEncoder().encode([...fileText(WRITERS[writer], { merchantId: merchant, fileDate: '2026-10-05', sequence: 1, sales })].join(''));
}

describe.each(engines())('operators added in issue 13, through the pipeline on %s', (engine) => {
  let t: TestApp;
  let ing: Ingestion;
  let codpessoa: number;

  beforeAll(async () => {
    t = await createTestApp(engine);
    ing = createIngestion({ open: t.opened, log: quiet, filesDir: t.config.filesDir, workers: 1, pollMs: 50 });
    codpessoa = Number((await t.exec(`SELECT codpessoa FROM pessoas WHERE tipo = 'CLIENTE' ORDER BY codpessoa LIMIT 1`))[0]!.codpessoa);
  });
  afterAll(async () => {
    await ing.stop();
    await t.close();
  });

  async function load(bytes: Uint8Array, name: string) {
    const received = await ing.receive({ source: bytes, name, origem: 'CLI', codpessoa });
    await ing.drain();
    const [file] = await t.db.select().from(arquivos).where(eq(arquivos.codarquivo, received.codarquivo));
    return { received, file: file! };
  }

  it.each(NEW_LAYOUTS)('a generated $writer file loads, and a second import of its lines loads nothing more', async ({ writer, layout, operator, merchant }) => {
    const bytes = fileOf(writer, merchant);
    const { file } = await load(bytes, `primeiro-${writer}`);
    expect(file, String(file.mensagem)).toMatchObject({ status: 'PROCESSADO', layout, repetidas: 0 });
    expect(file.linhas).toBeGreaterThan(0);
    const [op] = await t.db.select().from(operadoras).where(eq(operadoras.codoperadora, file.codoperadora!));
    expect(op!.nome).toBe(operator);

    // the same bytes: recognised as the same file
    expect(await ing.receive({ source: bytes, name: `de-novo-${writer}`, origem: 'CLI', codpessoa })).toMatchObject({ duplicate: true });
    // the same lines in other bytes (CRLF endings): every line known already, none duplicated
    const crlf = new TextEncoder().encode(new TextDecoder().decode(bytes).replace(/\n/g, '\r\n'));
    const { file: again } = await load(crlf, `copia-${writer}`);
    expect(again, String(again.mensagem)).toMatchObject({ status: 'PROCESSADO', linhas: 0, repetidas: file.linhas });
  });

  it('a statement with a movement type the tables do not list loads whole, with the warning on the file', async () => {
    const bytes = new Uint8Array(fs.readFileSync(new URL('../../../packages/engine/test/fixtures/mercadopago/settlement-report.csv', import.meta.url)));
    const { file } = await load(bytes, 'settlement-report.csv');
    expect(file, String(file.mensagem)).toMatchObject({ status: 'PROCESSADO_AVISOS', layout: 'MERCADOPAGO_CSV', avisos: 1 });
    expect(file.linhas).toBe(10);
    expect(file.mensagensavisos).toEqual(['Linha 8: código de tipo de movimento (TRANSACTION_TYPE) "TAX_WITHHOLDING" desconhecido; carregado como "desconhecido (TAX_WITHHOLDING)"']);
  });

  it('a Mercado Pago sale shows in the trace\'s marketplace group with its payment, order and item ids', async () => {
    const [sale] = await t.exec(`SELECT l.codlinha, l.nsu, l.mktpagamento, l.mktpedido, l.mktitem FROM linhas_operadora l JOIN arquivos a USING (codarquivo)
      WHERE a.layout = 'MERCADOPAGO_CSV' AND l.tipo = 'sale' ORDER BY l.codlinha LIMIT 1`);
    expect(sale).toMatchObject({ mktpagamento: sale!.nsu });
    expect(sale!.mktpedido).toBeTruthy();
    const trace = await traceTicket(t.db, { codpessoa }, { id: `A-${sale!.codlinha}` });
    expect(trace.venda.map((l) => l.id)).toEqual([`A-${sale!.codlinha}`]);
    const market = trace.marketplace.map((l) => ({ id: l.id, paymentId: l.paymentId, orderId: l.orderId, itemId: l.itemId }));
    expect(market).toContainEqual({ id: `A-${sale!.codlinha}`, paymentId: sale!.nsu, orderId: sale!.mktpedido, itemId: sale!.mktitem });
    // the settlement of the same payment (same report) joins the group
    expect(market.length).toBeGreaterThan(1);
    expect(trace.marketplace.every((l) => l.paymentId === sale!.nsu)).toBe(true);
  });

  it('a Pagar.me payable keeps its seller (recipient) and payment ids on the line', async () => {
    const [line] = await t.exec(`SELECT l.estabelecimento, l.mktvendedor, l.mktpagamento, l.mktitem FROM linhas_operadora l JOIN arquivos a USING (codarquivo)
      WHERE a.layout = 'PAGARME_JSON' AND l.tipo IN ('installmentForecast', 'settlement') ORDER BY l.codlinha LIMIT 1`);
    expect(line).toMatchObject({ estabelecimento: 're_loja555000333', mktvendedor: 're_loja555000333' });
    expect(String(line!.mktpagamento)).toMatch(/^ch_/);
    expect(String(line!.mktitem)).toMatch(/^sr_/);
  });

  it('a database seeded before an operator existed gets it, with its brand codes, on the next start', async () => {
    const [paygo] = await t.db.select().from(operadoras).where(eq(operadoras.nome, 'PayGo'));
    // as a database from before PayGo: its files, lines and row go
    await t.exec(`DELETE FROM arquivos WHERE codoperadora = ${paygo!.codoperadora}`);
    await t.exec(`DELETE FROM linhas_operadora WHERE codoperadora = ${paygo!.codoperadora}`);
    await t.exec(`DELETE FROM operadora_bandeiras WHERE codoperadora = ${paygo!.codoperadora}`);
    await t.exec(`DELETE FROM operadora_produtos WHERE codoperadora = ${paygo!.codoperadora}`);
    await t.exec(`DELETE FROM operadoras WHERE codoperadora = ${paygo!.codoperadora}`);
    expect(await seedReference(t.db)).toBe(false);
    const [back] = await t.db.select().from(operadoras).where(eq(operadoras.nome, 'PayGo'));
    expect(back).toMatchObject({ codoperadora: paygo!.codoperadora, tipo: 'CARTAO' });
    const links = await t.db.select().from(operadoraBandeiras).where(eq(operadoraBandeiras.codoperadora, back!.codoperadora));
    expect(links.map((l) => l.codigooperadora).sort()).toEqual(['AMEX', 'CABAL', 'DINERS', 'ELO', 'HIPER', 'HIPERCARD', 'MASTERCARD', 'VISA']);
    // a second start adds nothing
    await seedReference(t.db);
    expect((await t.db.select().from(operadoras).where(eq(operadoras.nome, 'PayGo'))).length).toBe(1);
  });

  it('any new-layout file damaged at random ends in Processado, Processado com avisos or Erro: located messages, all its lines or none', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fc.nat(FIXTURES.length - 1), fc.array(mutationArb, { minLength: 1, maxLength: 3 }), async (k, mutations) => {
        const bytes = mutate(FIXTURES[k]!.bytes, mutations);
        const received = await ing.receive({ source: bytes, name: `dano-${n++}`, origem: 'CLI', codpessoa });
        if (received.duplicate) return;
        await ing.drain();
        const [file] = await t.db.select().from(arquivos).where(eq(arquivos.codarquivo, received.codarquivo));
        const lines = Number((await t.exec(`SELECT count(*) AS n FROM linhas_operadora WHERE codarquivo = ${received.codarquivo}`))[0]!.n);
        expect(['PROCESSADO', 'PROCESSADO_AVISOS', 'ERRO'], FIXTURES[k]!.rel).toContain(file!.status);
        if (file!.status === 'ERRO') {
          expect(lines).toBe(0);
          for (const m of (file!.mensagem ?? '').split('\n').slice(1)) expect(m).toMatch(LOCATED);
          return;
        }
        const view = await engineView(bytes);
        expect(view!.errors, FIXTURES[k]!.rel).toBe(0);
        expect(lines + file!.repetidas).toBe(view!.records);
        expect(file!.avisos).toBe(view!.warnings);
        for (const m of file!.mensagensavisos ?? []) expect(m).toMatch(LOCATED);
      }),
      { numRuns: 25, seed: 13 },
    );
  });
});
