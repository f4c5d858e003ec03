import { describe, expect, it } from 'vitest';
import type { LayoutDef } from '../layout';
import type { ParsedItem } from '../model';
import { customerLayouts, writeCustomerCsv } from '../customer/index';
import { getnetLayouts } from '../getnet/index';
import { writeGetnetV10 } from '../getnet/v10.writer';
import { writeRedeEevc } from '../rede/eevc.writer';
import { writeRedeEevd } from '../rede/eevd.writer';
import { redeLayouts } from '../rede/index';
import { syntheticFile, syntheticSales } from '../rede/synthetic-sales.helper';
import { editedFixture, fixtureBytes, parseWith, textBytes } from '../test-support.helper';

/**
 * The bulk load reads Rede and Getnet files through `parseBatches` (lineReaderBatches: arrays of items per chunk);
 * every other caller through `parse`. Both must give the same items in the same order — records, errors, and the
 * warnings the records carry, which the batch path inserts itself (as cielo-batches.test.ts holds for Cielo).
 */

const [EEVC, EEVD, EEFI] = redeLayouts as [LayoutDef, LayoutDef, LayoutDef];
const GETNET = getnetLayouts[0]!;
const CUSTOMER = customerLayouts.find((l) => l.id === 'CLIENTE_CSV')!;
const CSV = 'customer/vendas-cliente.csv';

async function batched(layout: LayoutDef, bytes: Uint8Array, chunkSize: number): Promise<ParsedItem[]> {
  async function* chunks() {
    for (let i = 0; i < bytes.length; i += chunkSize) yield bytes.subarray(i, i + chunkSize);
  }
  const out: ParsedItem[] = [];
  for await (const items of layout.parseBatches!(chunks())) out.push(...items);
  return out;
}

const bytesOf = (lines: Iterable<string>) => textBytes(`${[...lines].join('\n')}\n`);
const sales = syntheticSales();

const FILES: [string, LayoutDef, () => Uint8Array][] = [
  ['EEVC (synthetic)', EEVC, () => bytesOf(writeRedeEevc(syntheticFile(sales)))],
  ['EEVD (synthetic)', EEVD, () => bytesOf(writeRedeEevd(syntheticFile(sales)))],
  ['EEFI (R97470EEFI01.cmp)', EEFI, () => fixtureBytes('rede/R97470EEFI01.cmp')],
  // a truncated file (no trailer) and a bad line: errors come out of both paths in the same place
  ['EEFI without its trailer', EEFI, () => editedFixture('rede/R97470EEFI01.cmp', (lines) => void lines.pop())],
  ['Getnet V10 (synthetic)', GETNET, () => bytesOf(writeGetnetV10(syntheticFile(sales)))],
  ['Getnet V10 (GETNET_V10_20200702.txt)', GETNET, () => fixtureBytes('getnet/GETNET_V10_20200702.txt')],
  ['customer CSV (synthetic)', CUSTOMER, () => bytesOf(writeCustomerCsv(syntheticFile(sales)))],
  ['customer CSV (vendas-cliente.csv)', CUSTOMER, () => fixtureBytes(CSV)],
  // a quote left open to the end, a bad value, a line after TOTAL, a header nobody knows, a UTF-8 BOM, blank lines only
  ['customer CSV with a quote left open', CUSTOMER, () => editedFixture(CSV, (lines) => void (lines[3] = `"${lines[3]}`))],
  ['customer CSV with a bad value and lines after TOTAL', CUSTOMER, () => editedFixture(CSV, (lines) => {
    lines[2] = lines[2]!.replace(/^\d\d\/\d\d/, '99/99');
    lines.push('TOTAL;1;1,00', lines[1]!);
  })],
  ['customer CSV with an unknown header', CUSTOMER, () => editedFixture(CSV, (lines) => void (lines[0] = `X${lines[0]}`))],
  ['customer CSV with a UTF-8 BOM', CUSTOMER, () => new Uint8Array([0xef, 0xbb, 0xbf, ...fixtureBytes(CSV)])],
  ['customer CSV of blank lines', CUSTOMER, () => textBytes('\n\n;;\n')],
  ['EEVC with a bad line', EEVC, () => bytesOf([...writeRedeEevc(syntheticFile(sales))].map((l, i) => (i === 3 ? `${l.slice(0, 10)}X${l.slice(11)}` : l)))],
];

describe('Rede, Getnet and customer CSV parseBatches', () => {
  it.each(FILES)('gives the items of parse, in order, whatever the chunks (%s)', async (_name, layout, bytesFor) => {
    const bytes = bytesFor();
    const items = await parseWith(layout, bytes);
    expect(items.length).toBeGreaterThan(0);
    for (const chunk of [bytes.length, 4096, 97]) expect(await batched(layout, bytes, chunk)).toEqual(items);
  });
});
