import { describe, expect, it } from 'vitest';
import type {  SaleRecord } from '../model';
import { at, digest, errors, expectGolden, messages, parseBytes, sampleBytes, sampleLines, textBytes } from '../test-support.helper';
import { parseEevc } from './eevc.parser';

const NAME = 'rede/R97470EEVC01.cmp';
const parse = (bytes: Uint8Array, chunk?: number) => parseBytes(bytes, parseEevc, chunk);
/** The sample with some lines replaced (1-based line numbers), LF endings and a final newline. */
function edited(edit: (lines: string[]) => void): Uint8Array {
  const lines = sampleLines(NAME);
  edit(lines);
  return textBytes(`${lines.join('\n')}\n`);
}

describe('Rede EEVC, genuine sample', () => {
  it('matches the golden file (counts, totals, first records) and the trailer, with no error', async () => {
    const items = await parse(sampleBytes(NAME));
    expect(errors(items)).toEqual([]);
    expectGolden('R97470EEVC01', digest(items));
  });

  it('totals equal the trailer 028: 58 CVs, gross 15.875,33, discount 569,06, net 15.306,27', async () => {
    const items = await parse(sampleBytes(NAME));
    const sales = items.filter((i): i is SaleRecord => i.kind === 'sale');
    expect(sales).toHaveLength(58);
    expect(sales.reduce((s, x) => s + x.gross, 0)).toBe(1587533);
    expect(sales.reduce((s, x) => s + x.fee, 0)).toBe(56906);
    expect(sales.reduce((s, x) => s + x.net, 0)).toBe(1530627);
    expect(items.at(-1)).toMatchObject({ kind: 'trailer', line: 127, recordCount: 127, gross: 1587533, saleCount: 58 });
  });

  it('gives identical items for LF, CRLF, no final newline and any chunking', async () => {
    const lf = sampleBytes(NAME);
    const reference = await parse(lf);
    const text = new TextDecoder('latin1').decode(lf);
    expect(await parse(textBytes(text.replace(/\n/g, '\r\n')))).toEqual(reference);
    expect(await parse(textBytes(text.replace(/\n$/, '')))).toEqual(reference);
    expect(await parse(textBytes(text.replace(/\n/g, '\r\n')), 7)).toEqual(reference);
    expect(await parse(lf, 1)).toEqual(reference);
  });
});

describe('Rede EEVC, bad input', () => {
  it('reports a truncated line with its number and keeps reading', async () => {
    const items = await parse(edited((l) => (l[3] = l[3]!.slice(0, 150))));
    expect(messages(items)).toContain('Linha 4: registro 012 com 150 posições, esperado ao menos 262 (linha truncada?)');
    // its RV and the trailer no longer agree, and say so on their own lines
    expect(messages(items).some((m) => m.startsWith('Linha 3: RV 016849016 (registro 010) não confere: quantidade de CVs informado 1, lido 0'))).toBe(true);
    expect(messages(items).some((m) => m.startsWith('Linha 127: trailer 028 não confere'))).toBe(true);
    expect(items.filter((i) => i.kind === 'sale')).toHaveLength(57);
  });

  it('reports a non-numeric amount', async () => {
    const items = await parse(edited((l) => (l[3] = at(l[3]!, 38, '00000000008A070'))));
    expect(messages(items)).toContain('Linha 4: valor da venda não numérico ("00000000008A070")');
  });

  it('reports an impossible date', async () => {
    const items = await parse(edited((l) => (l[3] = at(l[3]!, 22, '31022020'))));
    expect(messages(items)).toContain('Linha 4: data da venda inválida ("31022020")');
  });

  it('reports a wrong trailer total on the trailer line', async () => {
    const items = await parse(edited((l) => (l[126] = at(l[126]!, 23, '000000001587534'))));
    expect(messages(items)).toEqual([
      'Linha 127: trailer 028 não confere: total bruto informado 15.875,34, lido 15.875,33',
    ]);
  });

  it('skips unknown record types', async () => {
    const items = await parse(
      edited((l) => {
        l.splice(2, 0, '099014797470whatever');
        l[127] = at(l[127]!, 8, '000128');
        l[126] = at(l[126]!, 1, '026'); // matrix totals stay as they were
      }),
    );
    expect(errors(items)).toEqual([]);
    expect(items.filter((i) => i.kind === 'sale')).toHaveLength(58);
  });

  it('merges the TID of an e-commerce complement 034 into its CV and reads an 011 credit adjustment', async () => {
    const items = await parse(
      edited((l) => {
        const i = l.findIndex((x) => x.startsWith('008'));
        const cv = l[i]!;
        const c034 = `034${cv.slice(3, 29)}${cv.slice(37, 52)}${cv.slice(67, 83)}${cv.slice(86, 98)}${cv.slice(126, 132)}${'TID0000000000000001'.padEnd(20)}${'PEDIDO 1'.padEnd(30)}`;
        const a011 = `0110147974701234567890107202000000000000123402072020000000000001200C3410002780000017738164PAGAMENTO DE RV${' '.repeat(13)}3`;
        l.splice(i + 1, 0, c034, a011);
        l[l.length - 1] = at(l[l.length - 1]!, 8, '000129');
      }),
    );
    expect(errors(items)).toEqual([]);
    const sale = items.find((x) => x.kind === 'sale' && x.recordType === '008');
    expect(sale).toMatchObject({ tid: 'TID0000000000000001' });
    expect(items.find((x) => x.kind === 'adjustment')).toMatchObject({
      recordType: '011', batchId: '123456789', date: '2020-07-01', amount: 1234, creditDate: '2020-07-02',
      reason: { code: '64', name: 'PAGAMENTO DE RV' }, brand: { code: '3', name: 'Visa' },
    });
  });

  it('reports an empty file and a file without trailer', async () => {
    expect(await parse(new Uint8Array(0))).toEqual([{ kind: 'error', line: 0, message: 'Arquivo vazio: nenhum registro' }]);
    const items = await parse(edited((l) => l.splice(126)));
    expect(messages(items)).toEqual(['Linha 126: arquivo termina sem o trailer 028 (arquivo truncado?)']);
  });

  it('reports a file that is not an EEVC and does not throw', async () => {
    const items = await parse(textBytes('hello\nworld'));
    expect(messages(items)).toEqual([
      'Linha 1: esperado o cabeçalho 002 do EEVC, encontrado registro "hel"',
      'Linha 2: arquivo termina sem o trailer 028 (arquivo truncado?)',
    ]);
  });
});
