import { describe, expect, it } from 'vitest';
import type { SyntheticBrand, SyntheticFile, SyntheticSale } from '../generate/synthetic';
import type { CustomerSaleRecord } from '../model';
import { errors, parseWith } from '../test-support.helper';
import { productName } from './customer-csv.writer';
import { customerLayouts, writeCustomerCsv } from './index';

const layout = customerLayouts.find((l) => l.id === 'CLIENTE_CSV')!;
const BRANDS: SyntheticBrand[] = ['visa', 'mastercard', 'elo', 'amex', 'hipercard'];
const BRAND_NAMES = { visa: 'Visa', mastercard: 'Mastercard', elo: 'Elo', amex: 'Amex', hipercard: 'Hipercard' };

/** Deterministic sales covering the awkward values: separators and quotes in codes, no TID, big amounts, cancelled sales. */
function sales(n: number): SyntheticSale[] {
  return Array.from({ length: n }, (_, i) => {
    const installments = i % 4 === 0 ? 1 + (i % 12) : 1;
    const day = String(1 + (i % 28)).padStart(2, '0');
    return {
      merchantId: i % 3 === 0 ? '014797470' : '1234567',
      batchId: String(100 + (i % 5)),
      nsu: String(1000 + i).padStart(9, '0'),
      authorization: `A${String(i * 7).padStart(5, '0')}`,
      tid: i % 2 === 0 ? null : `TID${i}`,
      terminal: `POS${i % 3}`,
      saleDate: `2024-02-${day}`,
      saleTime: `${String(i % 24).padStart(2, '0')}:${String((i * 7) % 60).padStart(2, '0')}:${String((i * 13) % 60).padStart(2, '0')}`,
      gross: i === 5 ? 123456789 : 1 + i * 997,
      fee: 0,
      installments,
      brand: BRANDS[i % BRANDS.length]!,
      product: i % 3 === 1 ? 'debito' : 'credito',
      creditDate: '2024-03-30',
      card: '411111******1111',
      status: i % 7 === 3 ? 'cancelada' : 'normal',
      customerCode: i % 5 === 2 ? `CLI;"${i}"` : `CLI-${i}`,
      nossoNumero: String(900000 + i),
    };
  });
}

describe('writeCustomerCsv', () => {
  it('round trip: every sale (cancelled ones too) comes back from the parser as written', async () => {
    const list = sales(60);
    const file: SyntheticFile = { merchantId: '1234567', fileDate: '2024-03-01', sequence: 1, sales: list };
    const lines = [...writeCustomerCsv(file)];
    expect(layout.detect(lines.join('\r\n'))).not.toBeNull();
    const items = await parseWith(layout, new TextEncoder().encode(`${lines.join('\r\n')}\r\n`), undefined, 100);
    expect(errors(items)).toEqual([]);
    const parsed = items.filter((i): i is CustomerSaleRecord => i.kind === 'customerSale');
    expect(parsed).toHaveLength(list.length);
    parsed.forEach((p, i) => {
      const s = list[i]!;
      expect(p).toEqual({
        kind: 'customerSale', line: i + 2, operator: 'cliente', recordType: 'VENDA', merchantId: s.merchantId, saleDate: s.saleDate, saleTime: s.saleTime,
        nsu: s.nsu, tid: s.tid, authorization: s.authorization, terminal: s.terminal, installments: s.installments, gross: s.gross,
        brand: { code: BRAND_NAMES[s.brand], name: BRAND_NAMES[s.brand] }, product: { code: productName(s), name: productName(s) },
        customerCode: s.customerCode, nossoNumero: s.nossoNumero, operatorHint: null,
      });
    });
    expect(items.at(-1)).toMatchObject({ kind: 'trailer', saleCount: 60, gross: list.reduce((t, s) => t + s.gross, 0) });
  });

  it('writes the documented line format', () => {
    const [header, line, total] = [...writeCustomerCsv({ merchantId: '1', fileDate: '2024-03-01', sequence: 1, sales: sales(2).slice(1) })];
    expect(header).toBe('DATA_VENDA;HORA_VENDA;NSU_DOC;TID;AUTORIZACAO;TERMINAL;PARCELAS;VALOR_BRUTO;BANDEIRA;PRODUTO;CODIGO_CLIENTE;NOSSO_NUMERO;ESTABELECIMENTO');
    expect(line).toBe('02/02/2024;01:07:13;000001001;TID1;A00007;POS1;1;9,98;Mastercard;Débito;CLI-1;900001;1234567');
    expect(total).toBe('TOTAL;1;9,98');
  });
});
