import { describe, expect, it } from 'vitest';
import { ofKind, writeAndRead } from '../generate/round-trip.helper';
import { detectFile } from '../layouts';
import { digest, editedFixture, expectGolden, fixtureBytes, messages, parseWith, textBytes } from '../test-support.helper';
import { mercadoPagoLayouts, writeMercadoPagoCsv } from './index';
import { mpOrderId, mpSku } from './mercadopago-csv.writer';

const layout = mercadoPagoLayouts[0]!;
const FIXTURE = 'mercadopago/settlement-report.csv';

describe('Mercado Pago settlement report', () => {
  it('is recognised from its header line, whatever the separator', () => {
    expect(detectFile(fixtureBytes(FIXTURE))?.layout).toBe('MERCADOPAGO_CSV');
    expect(detectFile(textBytes('SETTLEMENT_DATE,SOURCE_ID,TRANSACTION_TYPE,TRANSACTION_AMOUNT,TRANSACTION_DATE,SETTLEMENT_NET_AMOUNT\n'))?.operator).toBe('mercadopago');
    expect(detectFile(textBytes('SOURCE_ID;TRANSACTION_TYPE;DESCRIPTION\n'))).toBeNull();
  });

  it('reads every movement of the fixture into the model (golden file)', async () => {
    const items = await parseWith(layout, fixtureBytes(FIXTURE));
    expect(messages(items)).toEqual([]);
    expectGolden('mercadopago-settlement-report', digest(items, 8));
    const [credit, debit] = ofKind(items, 'sale');
    expect(credit).toMatchObject({
      nsu: '71234560001', merchantId: '987654321', saleDate: '2026-10-05', saleTime: '14:22:10', gross: 25000, fee: 1248, net: 23752, installments: 3,
      brand: { code: 'master', name: 'Mastercard' }, product: { code: 'credit_card', name: 'Crédito' }, creditDate: '2026-11-04',
      card: { masked: '545301******1234', bin: '545301', last4: '1234' },
      marketplace: { sellerId: null, paymentId: '71234560001', orderId: '2000008765431', itemId: 'SKU-CAMISA-M' },
    });
    // 01:30 UTC is 22:30 of the day before in São Paulo: the business date is the São Paulo one
    expect(debit).toMatchObject({ saleDate: '2026-10-04', saleTime: '22:30:00', terminal: 'POS-LOJA-01', capture: { code: 'pos' } });
    expect(ofKind(items, 'cancellation')[0]).toMatchObject({ amount: -11402, saleGross: 12000, nsu: '71234559876', date: '2026-10-05' });
    expect(ofKind(items, 'chargeback')[0]).toMatchObject({ amount: -9990 });
    expect(ofKind(items, 'settlement').find((s) => s.recordType === 'WITHDRAWAL')).toMatchObject({ amount: 50000, settlementDate: '2026-10-05' });
  });

  it('keeps a movement type it does not know as "desconhecido" with a warning, and still loads the file', async () => {
    const items = await parseWith(layout, fixtureBytes(FIXTURE));
    const adjustment = ofKind(items, 'adjustment')[0];
    expect(adjustment).toMatchObject({ reason: { code: 'TAX_WITHHOLDING', name: 'desconhecido (TAX_WITHHOLDING)' }, amount: -310 });
    expect(ofKind(items, 'warning').map((w) => w.message)).toEqual([
      'Linha 8: código de tipo de movimento (TRANSACTION_TYPE) "TAX_WITHHOLDING" desconhecido; carregado como "desconhecido (TAX_WITHHOLDING)"',
    ]);
  });

  it('warns once per unknown code, on the first line it appears on', async () => {
    const bytes = editedFixture(FIXTURE, (lines) => lines.push(lines[7]!.replace('71234562222', '71234563333')));
    const items = await parseWith(layout, bytes);
    expect(ofKind(items, 'adjustment').map((a) => a.reason.name)).toEqual(['desconhecido (TAX_WITHHOLDING)', 'desconhecido (TAX_WITHHOLDING)']);
    expect(ofKind(items, 'warning').map((w) => w.line)).toEqual([8]);
  });

  it('refuses a row whose money or date cannot be read, naming the line and the column', async () => {
    const bytes = editedFixture(FIXTURE, (lines) => {
      lines[1] = lines[1]!.replace(';250.00;', ';250,0x;');
      lines[2] = lines[2]!.replace('2026-10-05T01:30:00.000Z', '05/10/2026');
    });
    expect(messages(await parseWith(layout, bytes))).toEqual([
      'Linha 2: valor da transação (TRANSACTION_AMOUNT) não é um valor ("250,0x")',
      'Linha 3: data da transação (TRANSACTION_DATE) não é uma data ("05/10/2026")',
    ]);
  });

  it('refuses a header without the required columns', async () => {
    expect(messages(await parseWith(layout, textBytes('SOURCE_ID;TRANSACTION_TYPE\n1;SETTLEMENT\n')))).toEqual([
      'Linha 1: cabeçalho do relatório de liquidações sem a(s) coluna(s) TRANSACTION_AMOUNT, TRANSACTION_DATE, SETTLEMENT_NET_AMOUNT, SETTLEMENT_DATE',
    ]);
  });

  it('reads back what its writer wrote: every sale, its figures and its marketplace ids', async () => {
    const { sales, items } = await writeAndRead(layout, writeMercadoPagoCsv, '123456789');
    expect(messages(items)).toEqual([]);
    expect(ofKind(items, 'warning')).toEqual([]);
    const read = ofKind(items, 'sale');
    expect(read).toHaveLength(sales.length);
    read.forEach((r, i) => {
      const s = sales[i]!;
      expect(r).toMatchObject({ nsu: s.nsu, saleDate: s.saleDate, saleTime: s.saleTime, gross: s.gross, fee: s.fee, installments: s.installments, creditDate: s.creditDate });
      expect(r.marketplace).toEqual({ sellerId: null, paymentId: s.nsu, orderId: mpOrderId(s), itemId: mpSku(s) });
    });
    expect(ofKind(items, 'cancellation')).toHaveLength(sales.filter((s) => s.status === 'cancelada').length);
    expect(ofKind(items, 'chargeback')).toHaveLength(sales.filter((s) => s.status === 'chargeback').length);
  });
});
