import { describe, expect, it } from 'vitest';
import { decodeLatin1 } from '../read/lines';
import { at, digest, editedFixture, errors, expectGolden, fixtureBytes, messages, parseWith, textBytes } from '../test-support.helper';
import { cieloLayouts } from './index';

const V14 = cieloLayouts[1]!;
const parse = (bytes: Uint8Array, chunk?: number) => parseWith(V14, bytes, undefined, chunk);
const edited = editedFixture;
const FILES = ['CIELO03_v14', 'CIELO04_v14', 'CIELO10_v14', 'CIELO15_v14', 'CIELO16_v14'];

describe('Cielo v14, hand-built fixtures of every record type', () => {
  for (const name of FILES) {
    it(`${name} matches its golden file, without errors`, async () => {
      const items = await parse(fixtureBytes(`cielo/${name}.txt`));
      expect(errors(items)).toEqual([]);
      expect(items.at(-1)?.kind).toBe('trailer');
      expectGolden(`cielo-${name}`, digest(items));
    });
  }

  it('file 03: RO summaries, installment forecasts, CV sales (rejected kept), a cancellation RO with its sale', async () => {
    const items = await parse(fixtureBytes('cielo/CIELO03_v14.txt'));
    expect(items.filter((i) => i.kind === 'summary').map((s) => s.kind === 'summary' && [s.batchId, s.gross, s.rejected])).toEqual([
      ['0001001', 15000, 3000], ['0001002', 10001, 0],
    ]);
    expect(items.filter((i) => i.kind === 'sale').map((s) => s.kind === 'sale' && [s.nsu, s.gross, s.installments, s.accepted])).toEqual([
      ['000501', 15000, 1, true], ['000502', 3000, 1, false], ['000503', 20001, 2, true],
    ]);
    expect(items.find((i) => i.kind === 'cancellation')).toMatchObject({ amount: -4875, nsu: '000504', saleGross: 5000, reason: { code: '17' } });
    expect(items.find((i) => i.kind === 'adjustment')).toMatchObject({ recordType: '3', amount: -7000, reason: { code: 'CE' } });
  });

  it('gives identical items for CRLF, no final newline and any chunking', async () => {
    for (const name of FILES) {
      const lf = fixtureBytes(`cielo/${name}.txt`);
      const reference = await parse(lf);
      const text = decodeLatin1(lf);
      expect(await parse(textBytes(text.replace(/\n/g, '\r\n')), 13)).toEqual(reference);
      expect(await parse(textBytes(text.replace(/\n$/, '')), 1)).toEqual(reference);
    }
  });

  it('reports a wrong record length, a bad RO and CVs outside their RO', async () => {
    const F = 'cielo/CIELO03_v14.txt';
    expect(messages(await parse(edited(F, (l) => (l[2] = `${l[2]!}XX`))))).toContain('Linha 3: registro 2 com 252 posições, esperado 250');
    const items = await parse(edited(F, (l) => (l[1] = at(l[1]!, 45, '0000000015A00'))));
    expect(messages(items)).toContain('Linha 2: valor bruto não numérico ("0000000015A00")');
    expect(messages(items)).toContain('Linha 3: CV do RO 0001001 fora do seu RO (registro 1)');
  });

  it('checks an early-payment operation (5) against its ROs (6)', async () => {
    const items = await parse(edited('cielo/CIELO10_v14.txt', (l) => (l[2] = at(l[2]!, 69, '0000000010001'))));
    expect(messages(items)).toEqual(['Linha 2: operação de antecipação 000000777 (registro 5) não confere: valor bruto antecipado informado 200,00, lido 200,01']);
  });
});
