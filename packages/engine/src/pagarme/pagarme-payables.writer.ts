import { addMonths } from '@concilia/domain';
import { type SyntheticFile, type SyntheticSale, splitInstallments } from '../generate/synthetic';

/**
 * Writes Pagar.me payables as `GET /payables` lists them ({"data": [...]}, one payable per line, amounts in
 * integer centavos), docs/layouts/pagarme.md: per sale and installment one credit payable of the sale's recipient
 * (recipient_id = the sale's establishment), waiting_funds when due after the file's date, paid otherwise; a
 * cancelled or charged-back sale adds a refund / chargeback payable of the whole sale. charge_id and split_id are
 * made from the sale so the marketplace ids round-trip.
 */

export const pagarmeChargeId = (s: SyntheticSale) => `ch_${s.batchId}${s.nsu}`;
export const pagarmeSplitId = (s: SyntheticSale) => `sr_${s.terminal}`;

export function* writePagarmePayables(file: SyntheticFile): Generator<string> {
  yield '{"data":[';
  let n = 0;
  const line = (p: Record<string, string | number | null>) => `${n++ === 0 ? '' : ','}${JSON.stringify(p)}`;
  for (const s of file.sales) {
    const count = Math.max(1, s.installments);
    const gross = splitInstallments(s.gross, count);
    const fee = splitInstallments(s.fee, count);
    const common = {
      recipient_id: s.merchantId, charge_id: pagarmeChargeId(s), gateway_id: Number(s.nsu), split_id: pagarmeSplitId(s),
      payment_method: s.product === 'debito' ? 'debit_card' : 'credit_card', accrual_date: `${s.saleDate}T${s.saleTime}-03:00`,
    };
    for (let i = 0; i < count; i++) {
      const due = addMonths(s.creditDate, i);
      yield line({
        id: Number(`${s.nsu}${i + 1}`.slice(-15)), status: due > file.fileDate ? 'waiting_funds' : 'paid', amount: gross[i]!, fee: fee[i]!, anticipation_fee: 0,
        fraud_coverage_fee: 0, installment: i + 1, type: 'credit', payment_date: `${due}T03:00:00Z`, original_payment_date: `${due}T03:00:00Z`, ...common,
      });
    }
    if (s.status !== 'normal') {
      yield line({
        id: Number(`${s.nsu}9`.slice(-15)), status: 'paid', amount: -s.gross, fee: 0, anticipation_fee: 0, fraud_coverage_fee: 0, installment: 1,
        type: s.status === 'cancelada' ? 'refund' : 'chargeback', payment_date: `${s.creditDate}T03:00:00Z`, original_payment_date: null, ...common,
      });
    }
  }
  yield '],"paging":{"total":null}}';
}
