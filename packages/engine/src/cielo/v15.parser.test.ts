import { describe, expect, it } from 'vitest';
import { decodeLatin1 } from '../read/lines';
import type { SaleRecord } from '../model';
import { at, digest, editedFixture, errors, expectGolden, fixtureBytes, messages, parseWith, textBytes } from '../test-support.helper';
import { cieloLayouts } from './index';

const [V15] = cieloLayouts as [NonNullable<(typeof cieloLayouts)[0]>];
const parse = (bytes: Uint8Array, chunk?: number) => parseWith(V15, bytes, undefined, chunk);
const edited = editedFixture;
const FILES = ['CIELO03_v15', 'CIELO04_v15', 'CIELO09_v15', 'CIELO15_v15', 'CIELO16_v15'];

describe('Cielo v15, hand-built fixtures of every file type', () => {
  for (const name of FILES) {
    it(`${name} matches its golden file, without errors, totals equal to the trailer`, async () => {
      const items = await parse(fixtureBytes(`cielo/${name}.txt`));
      expect(errors(items)).toEqual([]);
      expect(items[0]).toMatchObject({ kind: 'header', operator: 'cielo', version: '015', layout: `CIELO${name.slice(5, 7)}` });
      expect(items.at(-1)?.kind).toBe('trailer');
      expectGolden(`cielo-${name}`, digest(items));
    });
  }

  it('file 03: sales, forecasts per installment summing to the sale, corrections by tipo de lançamento', async () => {
    const items = await parse(fixtureBytes('cielo/CIELO03_v15.txt'));
    const sales = items.filter((i): i is SaleRecord => i.kind === 'sale');
    expect(sales.map((s) => [s.nsu, s.gross, s.fee, s.net, s.installments])).toEqual([
      ['000101', 10000, 250, 9750, 1], ['000102', 5000, 125, 4875, 1], ['000103', 20001, 601, 19400, 2], ['000104', 4000, 60, 3940, 1],
    ]);
    expect(sales[0]).toMatchObject({ tid: 'TID00000000000000101', capture: { code: '007', name: 'E-commerce' }, card: { bin: '409600', last4: '8666' } });
    const plan = items.filter((i) => i.kind === 'installmentForecast' && i.installmentTotal === 2);
    expect(plan.map((f) => f.kind === 'installmentForecast' && [f.installment, f.gross, f.creditDate])).toEqual([[1, 10001, '2025-04-09'], [2, 10000, '2025-05-09']]);
    expect(items.filter((i) => ['cancellation', 'chargeback', 'adjustment'].includes(i.kind)).map((i) => [i.kind, 'amount' in i && i.amount])).toEqual([
      ['cancellation', -4875], ['chargeback', -9750], ['adjustment', -8990],
    ]);
  });

  it('an installment sale read whole is the sum of its lines; one whose other installments are elsewhere has a derived fee, marked', async () => {
    const whole = (await parse(fixtureBytes('cielo/CIELO03_v15.txt'))).filter((i): i is SaleRecord => i.kind === 'sale');
    expect(whole.find((s) => s.nsu === '000103')).not.toHaveProperty('derived');
    // installment 2 of NSU 000103 no longer follows its installment 1 (another NSU): the sale is read from line 6 alone
    const items = await parse(edited('cielo/CIELO03_v15.txt', (l) => (l[7] = at(l[7]!, 176, '000199'))));
    expect(errors(items)).toEqual([]);
    const sale = items.find((i): i is SaleRecord => i.kind === 'sale' && i.nsu === '000103')!;
    // the file's own total (248–260); fee from the line's MDR rate 2,50 %: round(20001 × 0,025) = 500
    expect(sale).toMatchObject({ gross: 20001, fee: 500, net: 19501, derived: ['fee', 'net'], saleCode: '020250310000103' });
  });

  it('corrections carry the TID and the unique sale code of the original sale', async () => {
    const items = await parse(edited('cielo/CIELO03_v15.txt', (l) => {
      const i = l.findIndex((x) => x.startsWith('E') && !['01', '02', '03', '42'].includes(x.slice(27, 29)));
      l[i] = at(at(l[i]!, 192, 'TID-ORIGINAL-0000001'), 496, '777000000000001');
    }));
    const correction = items.find((i) => i.kind === 'adjustment' || i.kind === 'cancellation' || i.kind === 'chargeback');
    expect(correction).toMatchObject({ tid: 'TID-ORIGINAL-0000001', saleCode: '777000000000001' });
  });

  it('gives identical items for LF, CRLF, no final newline and any chunking', async () => {
    for (const name of FILES) {
      const lf = fixtureBytes(`cielo/${name}.txt`);
      const reference = await parse(lf);
      const text = decodeLatin1(lf);
      expect(await parse(textBytes(text.replace(/\n/g, '\r\n')))).toEqual(reference);
      expect(await parse(textBytes(text.replace(/\n$/, '')))).toEqual(reference);
      expect(await parse(textBytes(text.replace(/\n/g, '\r\n')), 7)).toEqual(reference);
      expect(await parse(lf, 1)).toEqual(reference);
    }
  });
});

describe('Cielo v15, bad input', () => {
  const F = 'cielo/CIELO03_v15.txt';
  it('reports a truncated line and the checks it breaks', async () => {
    const items = await parse(edited(F, (l) => (l[2] = l[2]!.slice(0, 300))));
    expect(messages(items)[0]).toBe('Linha 3: registro E com 300 posições, esperado ao menos 637 (linha truncada?)');
    expect(messages(items).some((m) => m.startsWith('Linha 2: UR da linha 2 (registro D) não confere: quantidade de lançamentos informado 2, lido 1'))).toBe(true);
    expect(messages(items).some((m) => m.startsWith('Linha 17: trailer 9 não confere'))).toBe(true);
  });

  it('reports a non-numeric amount, a bad sign and an impossible date', async () => {
    expect(messages(await parse(edited(F, (l) => (l[2] = at(l[2]!, 262, '00000000100A0')))))).toContain('Linha 3: valor bruto não numérico ("00000000100A0")');
    expect(messages(await parse(edited(F, (l) => (l[2] = at(l[2]!, 261, '*')))))).toContain('Linha 3: valor bruto com sinal inválido ("*")');
    expect(messages(await parse(edited(F, (l) => (l[2] = at(l[2]!, 566, '31022025')))))).toContain('Linha 3: data da autorização inválida ("31022025")');
  });

  it('reports wrong trailer totals on the trailer line', async () => {
    const items = await parse(edited(F, (l) => (l[16] = at(l[16]!, 43, '00000000000015012'))));
    expect(messages(items)).toEqual(['Linha 17: trailer 9 não confere: total bruto informado 150,12, lido 150,11']);
  });

  it('skips unknown record types (counted) and reports an empty file', async () => {
    const items = await parse(fixtureBytes(F));
    expect(items.some((i) => i.line === 10)).toBe(false);
    expect(await parse(new Uint8Array(0))).toEqual([{ kind: 'error', line: 0, message: 'Arquivo vazio: nenhum registro' }]);
  });

  it('reports a UTF-8 file line by line instead of misreading its amounts', async () => {
    const text = decodeLatin1(fixtureBytes(F)).split('\n').map((l) => (l.startsWith('E') ? at(l, 212, 'PEDIDO AÇÃO') : l)).join('\n');
    const items = await parse(new TextEncoder().encode(text));
    const msgs = messages(items);
    expect(msgs.filter((m) => m.includes('caracteres UTF-8'))).toHaveLength(8);
    expect(items.filter((i) => i.kind === 'sale')).toHaveLength(0);
  });

  it('reports binary garbage and a file that is not Cielo without throwing', async () => {
    const garbage = Uint8Array.from({ length: 3000 }, (_, i) => (i * 131 + 7) % 256);
    const items = await parse(garbage);
    expect(items.every((i) => i.kind === 'error')).toBe(true);
    expect(messages(await parse(textBytes('hello\nworld')))).toEqual([
      'Linha 1: esperado o cabeçalho 0 do Cielo EDI v15, encontrado registro "h"',
      'Linha 2: arquivo termina sem o trailer 9 (arquivo truncado?)',
    ]);
  });
});
