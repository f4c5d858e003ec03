import { describe, expect, it } from 'vitest';
import { ofKind, writeAndRead } from '../generate/round-trip.helper';
import { detectFile } from '../layouts';
import { digest, expectGolden, fixtureBytes, messages, parseWith } from '../test-support.helper';
import { pagarmeLayouts, writePagarmePayables } from './index';
import { pagarmeChargeId, pagarmeSplitId } from './pagarme-payables.writer';

const layout = pagarmeLayouts[0]!;
const FIXTURE = 'pagarme/payables.json';
const utf8 = (s: string) => new TextEncoder().encode(s);

describe('Pagar.me payables (JSON)', () => {
  it('is recognised from its structure', () => {
    expect(detectFile(fixtureBytes(FIXTURE))).toMatchObject({ layout: 'PAGARME_JSON', operator: 'pagarme' });
  });

  it('reads each payable by type and status, with its seller and payment ids (golden file)', async () => {
    const items = await parseWith(layout, fixtureBytes(FIXTURE), undefined, 100);
    expect(messages(items)).toEqual([]);
    expect(ofKind(items, 'warning')).toEqual([]);
    expectGolden('pagarme-payables', digest(items, 5));
    expect(ofKind(items, 'settlement')[0]).toMatchObject({
      merchantId: 're_sellerA000000000000000001', settlementDate: '2026-11-04', gross: 20000, fee: 798, amount: 19202, installment: 1,
      marketplace: { sellerId: 're_sellerA000000000000000001', paymentId: 'ch_Q1w2E3r4T5y6U7i8', orderId: null, itemId: 'sr_seller_a' },
    });
    expect(ofKind(items, 'installmentForecast')[0]).toMatchObject({ installment: 2, creditDate: '2026-12-04', net: 19202 });
    expect(ofKind(items, 'anticipation')[0]).toMatchObject({ batchId: 'ba_7f6e5d', settlementDate: '2026-10-06', originalDueDate: '2026-11-04', gross: 5000, fee: 350, net: 4650 });
    expect(ofKind(items, 'cancellation')[0]).toMatchObject({ amount: -15000, saleDate: '2026-10-01' });
    expect(ofKind(items, 'adjustment')[0]).toMatchObject({ amount: 9990, reason: { code: 'chargeback_refund' } });
  });

  it('warns on a type it does not know and refuses an amount that is not in centavos', async () => {
    const text = new TextDecoder().decode(fixtureBytes(FIXTURE)).replace('"type":"chargeback_refund"', '"type":"fee_collection"').replace('"amount":20000', '"amount":200.5');
    const items = await parseWith(layout, utf8(text));
    expect(messages(items)).toEqual(['Linha 1, data[0] (registro 1): amount não é um valor em centavos (200.5)']);
    expect(ofKind(items, 'warning').map((w) => w.message)).toEqual([
      'Linha 5, data[4] (registro 5): código de tipo de recebível (type) "fee_collection" desconhecido; carregado como "desconhecido (fee_collection)"',
    ]);
  });

  it('reads back what its writer wrote', async () => {
    const { sales, items } = await writeAndRead(layout, writePagarmePayables, 're_loja0001');
    expect(messages(items)).toEqual([]);
    const credits = [...ofKind(items, 'installmentForecast'), ...ofKind(items, 'settlement')];
    expect(credits.reduce((t, c) => t + (c.kind === 'settlement' ? c.amount : c.net), 0)).toBe(sales.reduce((t, s) => t + s.gross - s.fee, 0));
    const s = sales[0]!;
    expect(credits.find((c) => c.marketplace?.paymentId === pagarmeChargeId(s))?.marketplace).toEqual({
      sellerId: 're_loja0001', paymentId: pagarmeChargeId(s), orderId: null, itemId: pagarmeSplitId(s),
    });
    expect(ofKind(items, 'cancellation')).toHaveLength(sales.filter((x) => x.status === 'cancelada').length);
  });
});
