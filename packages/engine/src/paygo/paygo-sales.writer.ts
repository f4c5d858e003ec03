import type { Centavos } from '@concilia/domain';
import type { SyntheticFile, SyntheticSale } from '../generate/synthetic';
import { PAYGO_WRITER_BRANDS } from './paygo.codes';

/**
 * Writes PayGo sales ({"sales": [...]}, one record per line, kebab-case fields, amounts with 6 decimals as PayGo's
 * Decimal(19,6) and a separate amount-signal), docs/layouts/paygo.md: one '+' record per sale and a '-' record
 * (estorno) for a cancelled or charged-back sale.
 */

const decimal6 = (c: Centavos) => `${Math.trunc(Math.abs(c) / 100)}.${String(Math.abs(c) % 100).padStart(2, '0')}0000`;

function record(s: SyntheticSale, signal: '+' | '-'): string {
  return JSON.stringify({
    id: `${s.batchId}${s.nsu}${signal === '-' ? 'E' : ''}`, 'authorization-code': s.authorization, tid: s.tid, nsu: s.nsu, 'merchant-code': s.merchantId,
    'merchant-name': null, 'origin-type': s.tid ? 'Venda digitada' : 'Venda presencial', 'terminal-id': s.terminal, 'brand-name': PAYGO_WRITER_BRANDS[s.brand] ?? 'VISA',
    'card-number': s.card, 'transaction-date': s.saleDate, 'transaction-hour': s.saleTime, 'payment-type': s.product === 'debito' ? 'DEBIT' : 'CREDIT',
    'amount-signal': signal, 'gross-amount': decimal6(s.gross), 'net-amount': decimal6(s.gross - s.fee), 'installments-number': s.installments,
  });
}

export function* writePayGoSales(file: SyntheticFile): Generator<string> {
  yield '{"sales":[';
  let n = 0;
  for (const s of file.sales) {
    yield `${n++ === 0 ? '' : ','}${record(s, '+')}`;
    if (s.status !== 'normal') yield `,${record(s, '-')}`;
  }
  yield ']}';
}
