import { addDays, addMonths } from '@concilia/domain';
import type { SyntheticBrand, SyntheticFile, SyntheticProduct, SyntheticSale, SyntheticStatus } from '../generate/synthetic';

/**
 * Test-only: a deterministic set of synthetic sales for the writers' round trips, covering single payment and
 * 2–12 installments, every brand, credit and debit, e-commerce (TID) and card-present, cancelled and
 * charged-back sales, several merchants and batches (consecutive, as the writers require).
 */
const BRANDS: SyntheticBrand[] = ['visa', 'mastercard', 'elo', 'amex', 'hipercard'];

export function syntheticSales(batches = 12, perBatch = 4): SyntheticSale[] {
  const sales: SyntheticSale[] = [];
  let nsu = 100000;
  for (let b = 0; b < batches; b++) {
    const product: SyntheticProduct = b % 3 === 2 ? 'debito' : 'credito';
    const brand = BRANDS[b % BRANDS.length]!;
    const saleDate = addDays('2024-03-01', b % 5);
    const creditDate = product === 'debito' ? addDays(saleDate, 1) : addDays(saleDate, 30);
    for (let i = 0; i < perBatch; i++) {
      nsu += 7;
      const installments = product === 'debito' ? 1 : [1, 1, 3, 12, 2][(b + i) % 5]!;
      const gross = 1001 + ((b * 7919 + i * 104729) % 250000);
      const fee = Math.round(gross * (product === 'debito' ? 0.0125 : 0.0298));
      const status: SyntheticStatus = (b + i) % 7 === 3 ? 'cancelada' : (b + i) % 11 === 5 ? 'chargeback' : 'normal';
      sales.push({
        merchantId: b % 2 === 0 ? '014797470' : '014797489',
        batchId: String(300000000 + b),
        nsu: String(nsu).padStart(12, '0'),
        authorization: `A${String(nsu).slice(-5)}`,
        tid: i % 3 === 1 ? `TID${String(nsu).padStart(17, '0')}` : null,
        terminal: `T${String(b).padStart(7, '0')}`,
        saleDate,
        saleTime: `${String(8 + i).padStart(2, '0')}:${String((b * 7) % 60).padStart(2, '0')}:${String((i * 13) % 60).padStart(2, '0')}`,
        gross,
        fee,
        installments,
        brand,
        product,
        creditDate,
        card: `${String(411111 + b)}******${String(1000 + i * 37).slice(-4)}`,
        status,
        customerCode: `C${nsu}`,
        nossoNumero: '',
      });
    }
  }
  return sales;
}

export function syntheticFile(sales: Iterable<SyntheticSale>): SyntheticFile {
  return { merchantId: '014797470', fileDate: '2024-03-10', sequence: 7, sales };
}

/** Installment n of a sale is paid n - 1 months after its first credit date. */
export const installmentDate = (s: SyntheticSale, n: number) => addMonths(s.creditDate, n - 1);
