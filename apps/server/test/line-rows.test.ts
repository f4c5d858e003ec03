import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  bytesSource, type CustomerSaleRecord, detectFile, fileText, generateScenario, layoutById, type NormalizedRecord, type ParsedItem, operatorSide, type SyntheticFile,
  WRITERS, type WriterName,
} from '@concilia/engine';
import { describe, expect, it } from 'vitest';
import { CopyBytes } from '../src/ingest/copy-bytes';
import { customerLineRow, type LineContext, type OperatorRecord, writeOperatorLineRow } from '../src/ingest/line-rows';

/**
 * The COPY rows the load writes (CopyBytes, writeOperatorLineRow) for every kind of record any layout reads, against
 * golden/line-rows.tsv: the rows the string templates wrote before the rows became bytes, value for value. A changed
 * byte is a line loaded differently from the lines already in the database; `UPDATE_GOLDEN=1` writes the file
 * again when a change of the row is meant (then read its diff).
 */
const GOLDEN = new URL('golden/line-rows.tsv', import.meta.url);
/** The customer lines' rows, as the string rows wrote them before they too became bytes. */
const CUSTOMER_GOLDEN = new URL('golden/customer-line-rows.tsv', import.meta.url);
const rowsWritten: string[] = [];
const ROOT = new URL('../../../packages/engine/test/', import.meta.url);
const files = (dir: string): string[] => fs.readdirSync(dir, { withFileTypes: true })
  .flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith('.md') ? [] : [path.join(dir, e.name)]));

async function recordsOf(bytes: Uint8Array): Promise<NormalizedRecord[]> {
  const detected = detectFile(bytes);
  if (!detected) return [];
  const layout = layoutById(detected.layout);
  const out: NormalizedRecord[] = [];
  try {
    for await (const item of layout.parse(bytesSource(bytes))) if (isRecord(item)) out.push(item);
  } catch {
    // a layout that needs options (a mapping) or a damaged fixture: what it read so far still counts
  }
  return out;
}

const isRecord = (item: ParsedItem): item is NormalizedRecord =>
  item.kind !== 'header' && item.kind !== 'trailer' && item.kind !== 'warning' && item.kind !== 'error';

function context(r: NormalizedRecord, i: number): LineContext {
  return {
    codarquivo: 1 + i, chave: crypto.hash('md5', String(i), 'hex'), ocorrencia: 1 + (i % 3), codoperadora: i % 4 === 0 ? null : 3,
    codpessoa: i % 5 === 0 ? null : 10 + i, codcliente: 7,
  };
}

/** The rows of `records` as the load writes them, in small blocks (a row never split across two), as one text. */
function rowsOf(label: string, records: OperatorRecord[]): string {
  const w = new CopyBytes(256);
  const blocks: Buffer[] = [];
  records.forEach((r, i) => {
    writeOperatorLineRow(w, r, context(r, i));
    if (w.full) blocks.push(w.take());
  });
  blocks.push(w.take());
  const text = Buffer.concat(blocks).toString('utf8');
  rowsWritten.push(`# ${label}\n${text}`);
  return text;
}

function expectGolden(): void {
  const all = rowsWritten.join('');
  if (process.env.UPDATE_GOLDEN === '1') fs.writeFileSync(GOLDEN, all);
  expect(all).toBe(fs.readFileSync(GOLDEN, 'utf8'));
}

describe('COPY rows as bytes', () => {
  it('are the string rows, byte for byte, for every operator record of every sample and fixture', async () => {
    let kinds = new Set<string>();
    for (const file of [...files(new URL('samples/', ROOT).pathname), ...files(new URL('fixtures/', ROOT).pathname)]) {
      const records = (await recordsOf(new Uint8Array(fs.readFileSync(file)))).filter((r): r is OperatorRecord => r.kind !== 'customerSale');
      for (const r of records) kinds.add(r.kind);
      rowsOf(path.relative(ROOT.pathname, file), records);
    }
    // every synthetic operator layout too (their writers cover the record kinds the fixtures have few of)
    for (const name of Object.keys(WRITERS) as WriterName[]) {
      const writer = WRITERS[name];
      if (writer.side !== 'operator') continue;
      const file: SyntheticFile = {
        merchantId: writer.sampleMerchant, fileDate: '2026-10-01', sequence: 1,
        sales: operatorSide(generateScenario({ sales: 80, seed: 5, startDate: '2026-09-01', days: 3, merchants: [writer.sampleMerchant] })),
      };
      const text = [...fileText(writer, file)].join('');
      const records = (await recordsOf(Buffer.from(text, 'latin1'))).filter((r): r is OperatorRecord => r.kind !== 'customerSale');
      for (const r of records) kinds.add(r.kind);
      rowsOf(`synthetic ${name}`, records);
    }
    kinds = new Set([...kinds].sort());
    expect([...kinds]).toEqual(expect.arrayContaining(['cancellation', 'installmentForecast', 'sale', 'settlement', 'summary']));
  });

  it('escapes and encodes as copyText does: reserved characters, accents, nulls, negative and odd numbers', () => {
    const sale = {
      kind: 'sale', operator: 'cielo', recordType: 'E', line: 12, merchantId: 'a\tb\\c\nd\re', batchId: 'Crédito\tà vista', nsu: null, authorization: '€uro\\',
      tid: '😀x', terminal: undefined, saleDate: '2026-10-01', saleTime: null, creditDate: '2026-10-31', gross: -1234567, fee: 0, net: 1.5,
      installments: -0, brand: { code: '1', name: 'Visa Ção' }, product: { code: null, name: 'Débito' }, capture: { code: '2', name: 'x' },
      status: { code: null, name: null }, accepted: false, card: { masked: '1234******5678' }, extraField: 'ação\t1',
      marketplace: { sellerId: 's\\1', paymentId: null, orderId: 'ó', itemId: '9' },
    } as unknown as OperatorRecord;
    const other = { ...sale, accepted: true, card: null, gross: Number.MAX_SAFE_INTEGER + 2, fee: 1e21, marketplace: null } as unknown as OperatorRecord;
    const plainExtras = { ...other, extraField: undefined, saleCode: '0001', count: -0, nested: { a: 1, b: 'x y', c: null, d: undefined, e: true, f: {} } } as unknown as OperatorRecord;
    const oddExtras = [{ list: [1, 'a'] }, { quote: 'a"b' }, { fraction: 1.25 }, { when: new Date(0) }, { big: 2 ** 60 }, { deep: { ok: 1, no: 'ç' } }]
      .map((extra) => ({ ...plainExtras, ...extra }) as unknown as OperatorRecord);
    const rows = rowsOf('escapes', [sale, other, sale, plainExtras, ...oddExtras, plainExtras]).split('\n');
    // a few values checked here by eye, the rest by the golden file
    expect(rows[0]).toContain('\ta\\tb\\\\c\\nd\\re\tCrédito\\tà vista\t');
    expect(rows[0]).toContain('\t-1234567\t0\t1.5\t');
    expect(rows[1]).toContain(`\t${Number.MAX_SAFE_INTEGER + 2}\t1e+21\t`);
  });

  // after the two above, which gather the rows (a file's tests run in order)
  it('writes, byte for byte, the rows of the golden file', () => {
    expectGolden();
  });

  it('writes the customer lines of every customer fixture and a generated file, escapes and nulls, byte for byte', async () => {
    const rows: string[] = [];
    const add = (label: string, records: CustomerSaleRecord[]) => {
      rows.push(`# ${label}\n`, ...records.map((r, i) => customerLineRow(r, context(r, i))));
    };
    const customer = (records: NormalizedRecord[]) => records.filter((r): r is CustomerSaleRecord => r.kind === 'customerSale');
    for (const file of files(new URL('fixtures/customer/', ROOT).pathname)) {
      add(path.relative(ROOT.pathname, file), customer(await recordsOf(new Uint8Array(fs.readFileSync(file)))));
    }
    const writer = WRITERS['cliente-csv'];
    const text = [...fileText(writer, {
      merchantId: writer.sampleMerchant, fileDate: '2026-10-01', sequence: 1,
      sales: operatorSide(generateScenario({ sales: 60, seed: 9, startDate: '2026-09-01', days: 3, merchants: [writer.sampleMerchant] })),
    })].join('');
    const generated = customer(await recordsOf(Buffer.from(text, 'latin1')));
    expect(generated.length).toBeGreaterThan(50);
    add('synthetic cliente-csv', generated);
    const odd = {
      kind: 'customerSale', operator: 'cliente', recordType: 'VENDA', line: 4, merchantId: '', nsu: 'a\tb', tid: null, authorization: 'ç\\',
      terminal: undefined, saleDate: '2026-10-01', saleTime: null, installments: 1, gross: -5, brand: null, product: { code: 'x', name: 'Crédito\nà vista' },
      customerCode: '😀', nossoNumero: '', operatorHint: 'Rede',
    } as unknown as CustomerSaleRecord;
    add('escapes', [odd]);
    const all = rows.join('');
    if (process.env.UPDATE_GOLDEN === '1') fs.writeFileSync(CUSTOMER_GOLDEN, all);
    expect(all).toBe(fs.readFileSync(CUSTOMER_GOLDEN, 'utf8'));
  });
});
