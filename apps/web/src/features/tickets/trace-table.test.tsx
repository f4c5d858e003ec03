import type { TraceLine } from '@concilia/domain';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TraceTable } from './trace-table';

afterEach(cleanup);

const line: TraceLine = {
  id: 'A-42', codarquivo: 7, tipo: 'MERCADOPAGO_CSV', nomearquivo: 'settlement-report.csv', statusArquivo: 'PROCESSADO', datarecebimento: null,
  datapagamento: null, dataprevistapagamento: '2026-11-04', datavenda: '2026-10-05', datatransacao: '2026-10-05', valorbruto: 25000,
  valorliquidopago: 23752, outroscreditos: null, outrosdebitos: null, parcela: null, totparcelas: 3, status: 'Pagamento aprovado', meiocaptura: 'online',
  produto: 'Crédito', bandeira: 'Mastercard', numterminal: null, nsu: '71234560001', autorizacao: null, tid: null, nossonumero: null, resultado: null,
  codlinhasarqcli: null, desconsiderado: false, sellerId: 're_seller', paymentId: '71234560001', orderId: '2000008765431', itemId: 'SKU-CAMISA-M',
};

describe('TraceTable, marketplace group', () => {
  it('shows the marketplace ids of a line under the spec\'s columns, then its seller', () => {
    render(<TraceTable title="Cliente Marketplace" lines={[line]} marketplace onReprocess={() => {}} onDelete={() => {}} />);
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers.slice(1, 6)).toEqual(['AD_ID', 'PAYMENT_ID', 'ORDER_ID', 'ITEM_ID', 'SELLER_ID']);
    const row = screen.getAllByRole('row')[1]!;
    const cells = within(row).getAllByRole('cell').map((c) => c.textContent);
    expect(cells.slice(1, 6)).toEqual(['', '71234560001', '2000008765431', 'SKU-CAMISA-M', 're_seller']);
    expect(cells).toContain('7');
  });
});
