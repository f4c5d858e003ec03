import { describe, expect, it } from 'vitest';
import type { LayoutDef } from '../layout';
import type { ParsedItem } from '../model';
import { customerLayouts, writeCustomerCsv } from '../customer/index';
import { getnetLayouts } from '../getnet/index';
import { mercadoPagoLayouts, writeMercadoPagoCsv } from '../mercadopago/index';
import { writeGetnetV10 } from '../getnet/v10.writer';
import { writeRedeEevc } from '../rede/eevc.writer';
import { writeRedeEevd } from '../rede/eevd.writer';
import { redeLayouts } from '../rede/index';
import { syntheticFile, syntheticSales } from '../rede/synthetic-sales.helper';
import { editedFixture, fixtureBytes, parseWith, sampleBytes, textBytes } from '../test-support.helper';
import { veroLayouts, writeVeroPagamentos } from '../vero/index';
import { pagarmeLayouts, writePagarmePayables } from '../pagarme/index';
import { pagBankLayouts, writePagBankEdi } from '../pagbank/index';
import { payGoLayouts, writePayGoSales } from '../paygo/index';
import { stoneLayouts } from '../stone/index';

/**
 * The bulk load reads Rede, Getnet, Vero, Mercado Pago, the JSON statements (PayGo, PagBank, Pagar.me) and Stone through `parseBatches`
 * (arrays of items per chunk); every other caller through `parse`. Both must give the same items in the same order — records, errors, and the
 * warnings the records carry, which the batch path inserts itself (as cielo-batches.test.ts holds for Cielo).
 * Vero's `parse` and `parseBatches` run one reader; the cases below hold that its state (the open deposit, the
 * unknown codes already warned about, the header that stops the reading) does not depend on where chunks end.
 */

const [EEVC, EEVD, EEFI] = redeLayouts as [LayoutDef, LayoutDef, LayoutDef];
const GETNET = getnetLayouts[0]!;
const CUSTOMER = customerLayouts.find((l) => l.id === 'CLIENTE_CSV')!;
const CSV = 'customer/vendas-cliente.csv';
const VERO = veroLayouts[0]!;
const VERO_FIXTURE = 'vero/BJRVCMB_20261006.txt';

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
const crlf = (bytes: Uint8Array) => textBytes(new TextDecoder('latin1').decode(bytes).replaceAll('\n', '\r\n'));

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

// Vero's NSU has 8 digits: the synthetic sales' 12-digit ones are cut to their last 8
const veroSales = syntheticSales(60, 8).map((s) => ({ ...s, nsu: s.nsu.slice(-8) }));
const veroFile = () => bytesOf(writeVeroPagamentos(syntheticFile(veroSales)));

const VERO_FILES: [string, LayoutDef, () => Uint8Array][] = [
  ['Vero (BJRVCMB_20261006.txt)', VERO, () => fixtureBytes(VERO_FIXTURE)],
  ['Vero (synthetic, 480 sales)', VERO, veroFile],
  // the parser test's bad money, bad date and truncated line, plus an unknown entry code again and a deposit left open
  ['Vero with bad values and a short line', VERO, () => editedFixture(VERO_FIXTURE, (lines) => {
    lines[2] = `${lines[2]!.slice(0, 60)}00000000001A000${lines[2]!.slice(75)}`;
    lines[3] = `${lines[3]!.slice(0, 28)}20261350${lines[3]!.slice(36)}`;
    lines[4] = lines[4]!.slice(0, 100);
    lines.push(lines[6]!, lines[6]!.replace('0299', '0298'));
  })],
  // cut inside a record, no final newline: the last line is short, the deposit it was under is still checked
  ['Vero cut short', VERO, () => veroFile().subarray(0, 321 * 200 + 150)],
  ['Vero with an unknown file id', VERO, () => editedFixture(VERO_FIXTURE, (lines) => void (lines[0] = lines[0]!.replace('BJRVCMB', 'BJRVXXX')))],
  // a BOM makes the header's record type unreadable: one error, nothing after it is read
  ['Vero with a UTF-8 BOM', VERO, () => new Uint8Array([0xef, 0xbb, 0xbf, ...fixtureBytes(VERO_FIXTURE)])],
  ['Vero with CRLF line ends', VERO, () => crlf(veroFile())],
  ['Vero empty', VERO, () => new Uint8Array(0)],
  ['Vero of blank lines', VERO, () => textBytes('\n\n')],
];

const MP = mercadoPagoLayouts[0]!;
const MP_FIXTURE = 'mercadopago/settlement-report.csv';
const mpFile = () => bytesOf(writeMercadoPagoCsv(syntheticFile(syntheticSales(60, 8))));

const MP_FILES: [string, LayoutDef, () => Uint8Array][] = [
  ['Mercado Pago (settlement-report.csv)', MP, () => fixtureBytes(MP_FIXTURE)],
  ['Mercado Pago (synthetic, 480 sales)', MP, mpFile],
  // the parser test's bad money and date, the unknown type again, an unknown payment method, a missing required
  // cell, net above gross, and a quote left open (a record over several lines, given up at the end)
  ['Mercado Pago with bad values and an unknown code', MP, () => editedFixture(MP_FIXTURE, (lines) => {
    lines[1] = lines[1]!.replace(';250.00;', ';250,0x;');
    lines[2] = lines[2]!.replace('2026-10-05T01:30:00.000Z', '05/10/2026');
    lines[3] = lines[3]!.replace(';pix;', ';pixx;').replace(';45.45;', ';46.00;');
    lines[4] = lines[4]!.replace(';71234559876;', ';;');
    lines.push(lines[7]!.replace('71234562222', '71234563333'), lines[7]!.replace('TAX_WITHHOLDING', 'OTHER_TAX'));
    lines.push(`"${lines[1]!}`, lines[2]!, lines[3]!);
  })],
  // cut inside a row, no final newline: the last row is short (a required cell missing)
  ['Mercado Pago cut short', MP, () => mpFile().subarray(0, 20_000)],
  ['Mercado Pago with a UTF-8 BOM', MP, () => new Uint8Array([0xef, 0xbb, 0xbf, ...fixtureBytes(MP_FIXTURE)])],
  ['Mercado Pago with CRLF line ends', MP, () => crlf(mpFile())],
  ['Mercado Pago empty', MP, () => new Uint8Array(0)],
  ['Mercado Pago header only', MP, () => editedFixture(MP_FIXTURE, (lines) => void lines.splice(1))],
  // a header without the required columns ends the reading: nothing after it, not even the end-of-file errors
  ['Mercado Pago with a header missing columns', MP, () => editedFixture(MP_FIXTURE, (lines) => void (lines[0] = lines[0]!.replace('SOURCE_ID', 'SOURCE')))],
  ['Mercado Pago of blank lines', MP, () => textBytes('\n\n;;\n')],
];

const PAYGO = payGoLayouts[0]!;
const PAYGO_FIXTURE = 'paygo/sales.json';
const utf8 = (text: string) => new TextEncoder().encode(text);
const payGoText = () => new TextDecoder().decode(fixtureBytes(PAYGO_FIXTURE));
const payGoFile = () => utf8(`${[...writePayGoSales(syntheticFile(syntheticSales(60, 8)))].join('\n')}\n`);

const PAYGO_FILES: [string, LayoutDef, () => Uint8Array][] = [
  ['PayGo (sales.json)', PAYGO, () => fixtureBytes(PAYGO_FIXTURE)],
  ['PayGo (synthetic, 480 sales)', PAYGO, payGoFile],
  // the parser test's bad sign and unknown brand, a bad amount, a record that is not JSON, accented text split by chunks
  ['PayGo with bad values', PAYGO, () => utf8(payGoText()
    .replace('"amount-signal": "-"', '"amount-signal": "C"')
    .replace('"gross-amount": "80.000000"', '"gross-amount": "80,00x"')
    .replace('"merchant-name": "Loja Exemplo", "origin-type": "Venda digitada"', '"merchant-name": "Açaí São João", "origin-type": "Venda digitada", x')
    .replace(/"brand-name": "VISA"/g, '"brand-name": "VISAX"'))],
  // cut inside a record: the records before it are read, then the document is incomplete
  ['PayGo cut short', PAYGO, () => payGoFile().subarray(0, 20_000)],
  ['PayGo with text after the document', PAYGO, () => utf8(`${payGoText()}\n]`)],
  ['PayGo with a UTF-8 BOM', PAYGO, () => new Uint8Array([0xef, 0xbb, 0xbf, ...fixtureBytes(PAYGO_FIXTURE)])],
  ['PayGo with CRLF line ends', PAYGO, () => utf8(payGoText().replaceAll('\n', '\r\n'))],
  ['PayGo empty', PAYGO, () => new Uint8Array(0)],
  ['PayGo without its records list', PAYGO, () => utf8('{"total": 0}\n')],
];

// PagBank and Pagar.me read through the same JSON statement reader as PayGo: their own records, cut, garbled and bare
const jsonStatementCases = (name: string, layout: LayoutDef, fixture: string, write: (f: ReturnType<typeof syntheticFile>) => Iterable<string>): [string, LayoutDef, () => Uint8Array][] => {
  const synthetic = () => utf8(`${[...write(syntheticFile(syntheticSales(60, 8)))].join('\n')}\n`);
  return [
    [`${name} (${fixture})`, layout, () => fixtureBytes(fixture)],
    [`${name} (synthetic, 480 sales)`, layout, synthetic],
    [`${name} cut short`, layout, () => synthetic().subarray(0, 20_000)],
    [`${name} with a record that is not JSON`, layout, () => utf8(new TextDecoder().decode(fixtureBytes(fixture)).replace('{', '{ x, '))],
    [`${name} with a UTF-8 BOM`, layout, () => new Uint8Array([0xef, 0xbb, 0xbf, ...fixtureBytes(fixture)])],
    [`${name} without its records list`, layout, () => utf8('{"total": 0}\n')],
  ];
};
const JSON_FILES = [
  ...jsonStatementCases('PagBank', pagBankLayouts[0]!, 'pagbank/edi-transacional.json', writePagBankEdi),
  ...jsonStatementCases('Pagar.me', pagarmeLayouts[0]!, 'pagarme/payables.json', writePagarmePayables),
];

const STONE = stoneLayouts[0]!;
const STONE_SAMPLES = ['20151012', '20151013', '20151017', '20151021'].map((d) => `stone/HomologacaoV2__${d}.xml`);
const STONE_SAMPLE = STONE_SAMPLES[0]!;
const stoneText = () => new TextDecoder().decode(sampleBytes(STONE_SAMPLE));
/**
 * Stone has no writer: the sample's six captures repeated `times` times, the trailer counting them all, so the
 * file is clean and long enough (about 9 KB a copy) for many chunks.
 */
const stoneFile = (times = 40) => {
  const text = stoneText();
  const captures = /<FinancialTransactions>([\s\S]*?)<\/FinancialTransactions>/.exec(text)![1]!;
  return text
    .replace(captures, () => captures.repeat(times))
    .replace(/<CapturedTransactionsQuantity>\d+/, () => `<CapturedTransactionsQuantity>${6 * times}`);
};
/** `text` with the n-th (0-based) match of `find` replaced */
const replaceNth = (text: string, find: string, by: string, n: number) => {
  let at = -1;
  for (let i = 0; i <= n; i++) at = text.indexOf(find, at + 1);
  return `${text.slice(0, at)}${by}${text.slice(at + find.length)}`;
};

const STONE_FILES: [string, LayoutDef, () => Uint8Array][] = [
  ...STONE_SAMPLES.map((name): [string, LayoutDef, () => Uint8Array] => [`Stone (${name})`, STONE, () => sampleBytes(name)]),
  ['Stone (stone-v1-exemplo.xml)', STONE, () => fixtureBytes('stone/stone-v1-exemplo.xml')],
  // declared ISO-8859-1, with accents in the event types
  ['Stone latin-1 (stone-v2-eventos.xml)', STONE, () => fixtureBytes('stone/stone-v2-eventos.xml')],
  ['Stone (synthetic, 240 sales)', STONE, () => utf8(stoneFile())],
  // one line: every message located by element path and ordinal, so the ordinals must not depend on the chunks
  ['Stone on one line', STONE, () => utf8(stoneFile().replace(/\r?\n\s*/g, ''))],
  // cut inside an element: what was read, then one XML error, and no end-of-file checks
  ['Stone cut short', STONE, () => utf8(stoneFile()).subarray(0, 100_000)],
  // a closing tag that opens nothing, half-way through: the units before it, then one XML error
  ['Stone with broken XML in the middle', STONE, () => utf8(replaceNth(stoneFile(), '</CapturedAmount>', '</Captured>', 120))],
  ['Stone with a bad value and a trailer that does not match', STONE, () => utf8(stoneText().replace('<NetAmount>59.458275</NetAmount>', '<NetAmount>59,458275</NetAmount>'))],
  // an unknown brand code, on every capture: one warning, the first time
  ['Stone with an unknown code', STONE, () => utf8(stoneFile(3).replaceAll('<BrandId>1</BrandId>', '<BrandId>97</BrandId>'))],
  ['Stone with a UTF-8 BOM', STONE, () => new Uint8Array([0xef, 0xbb, 0xbf, ...sampleBytes(STONE_SAMPLE)])],
  // the two encoding warnings: latin-1 bytes in a file declared UTF-8, UTF-8 text in one declared ISO-8859-1
  ['Stone declared UTF-8 with latin-1 bytes', STONE, () => textBytes(stoneText().replace('<CardNumber>123456******1122</CardNumber>', '<CardNumber>123456******1122</CardNumber><!-- Cartão -->'))],
  ['Stone declared ISO-8859-1 in UTF-8', STONE, () => utf8(new TextDecoder('latin1').decode(fixtureBytes('stone/stone-v2-eventos.xml')))],
  // shorter than the bytes read before the encoding is decided
  ['Stone with an unknown encoding', STONE, () => utf8('<?xml version="1.0" encoding="x-unknown-9"?><Conciliation/>')],
  ['Stone with another root element', STONE, () => utf8('<?xml version="1.0"?>\n<Rede><Header/></Rede>')],
  ['Stone empty', STONE, () => new Uint8Array(0)],
  ['Stone of blanks', STONE, () => utf8('  \n\r\n ')],
];

describe('parseBatches of every batched layout', () => {
  it.each([...FILES, ...VERO_FILES, ...MP_FILES, ...PAYGO_FILES, ...JSON_FILES, ...STONE_FILES])('gives the items of parse, in order, whatever the chunks (%s)', async (_name, layout, bytesFor) => {
    const bytes = bytesFor();
    const items = await parseWith(layout, bytes);
    expect(items.length).toBeGreaterThan(0);
    if (layout !== STONE) {
      for (const chunk of [bytes.length, 4096, 97]) expect(await batched(layout, bytes, chunk)).toEqual(items);
      return;
    }
    // Stone's `parse` reports bytes not in the declared encoding before the units of the chunk that holds them, so
    // where that error sits depends on the chunks: each chunking is held against `parse` over the same chunks.
    // Also at 7 bytes: the encoding is decided on the first 512, which then come in many chunks.
    for (const chunk of [bytes.length, 4096, 97, 7]) expect(await batched(layout, bytes, chunk)).toEqual(await parseWith(layout, bytes, undefined, chunk));
  });
});
