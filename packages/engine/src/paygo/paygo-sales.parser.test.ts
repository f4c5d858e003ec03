import { describe, expect, it } from 'vitest';
import { ofKind, writeAndRead } from '../generate/round-trip.helper';
import { detectFile } from '../layouts';
import { digest, expectGolden, fixtureBytes, messages, parseWith } from '../test-support.helper';
import { payGoLayouts, writePayGoSales } from './index';

const layout = payGoLayouts[0]!;
const FIXTURE = 'paygo/sales.json';
const utf8 = (s: string) => new TextEncoder().encode(s);

describe('PayGo sales (JSON)', () => {
  it('is recognised from its structure', () => {
    expect(detectFile(fixtureBytes(FIXTURE))).toMatchObject({ layout: 'PAYGO_JSON', operator: 'paygo' });
  });

  it('reads sales and reversals (golden file)', async () => {
    const items = await parseWith(layout, fixtureBytes(FIXTURE), undefined, 50);
    expect(messages(items)).toEqual([]);
    expectGolden('paygo-sales', digest(items, 4));
    expect(ofKind(items, 'sale')[0]).toMatchObject({
      merchantId: '12345678000190', nsu: '000101', authorization: '123456', saleDate: '2026-10-05', saleTime: '10:11:12', gross: 15000, net: 14627, fee: 373,
      installments: 2, brand: { code: 'VISA', name: 'Visa' }, product: { code: 'CREDIT', name: 'Crédito' }, terminal: 'PDV00001',
      card: { masked: '409600******8666', bin: '409600', last4: '8666' },
    });
    expect(ofKind(items, 'cancellation')[0]).toMatchObject({ nsu: '000101', amount: -14627, saleGross: 15000 });
  });

  it('warns on a brand it does not know; refuses a sign that is neither + nor -', async () => {
    const text = new TextDecoder().decode(fixtureBytes(FIXTURE)).replace('"amount-signal": "-"', '"amount-signal": "C"');
    const items = await parseWith(layout, utf8(text));
    expect(messages(items)).toEqual(['Linha 5, [3] (registro 4): amount-signal não é + nem - ("C")']);
    expect(ofKind(items, 'warning').map((w) => w.message)).toEqual([
      'Linha 4, [2] (registro 3): código de bandeira (brand-name) "SOROCRED" desconhecido; carregado como "desconhecido (SOROCRED)"',
    ]);
  });

  it('reads back what its writer wrote', async () => {
    const { sales, items } = await writeAndRead(layout, writePayGoSales, '12345678000190');
    expect(messages(items)).toEqual([]);
    const read = ofKind(items, 'sale');
    expect(read).toHaveLength(sales.length);
    read.forEach((r, i) => {
      const s = sales[i]!;
      expect(r).toMatchObject({ nsu: s.nsu, authorization: s.authorization, tid: s.tid, saleDate: s.saleDate, saleTime: s.saleTime, gross: s.gross, fee: s.fee, installments: s.installments, terminal: s.terminal });
    });
  });
});
