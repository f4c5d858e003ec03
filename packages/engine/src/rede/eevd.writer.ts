import { type SyntheticFile, type SyntheticSale } from '../generate/synthetic';
import { consecutive, ddmmaaaa, hhmmss, text, zeros } from '../generate/fixed-width.format';
import { REDE_ACCOUNT, REDE_BRANDS } from './rede-writer.constants';

/**
 * Writes a Rede EEVD (V1.04, comma-delimited) from synthetic sales, formats/layouts.md §2.5: 00, then per batch
 * an RV 01 with its 05 CVs (a 13 complement after an e-commerce CV, for its TID) and an 11 "net" adjustment for
 * each cancelled or charged-back sale (reasons 032 and 022), then 02 per PV, 03 and 04 with the totals written.
 *
 * Only debit sales: credit sales belong to the EEVC. Sales of a batch must be consecutive; one batch is held at
 * a time, plus one running total per PV (the 02 records close the file).
 */

interface Sums {
  rvs: number;
  cvs: number;
  gross: number;
  fee: number;
  net: number;
}

const zeroSums = (): Sums => ({ rvs: 0, cvs: 0, gross: 0, fee: 0, net: 0 });
const money = (v: number) => zeros(v, 15);
const ZERO = money(0);

const REVERSALS = {
  cancelada: { code: '032', text: 'CANCELAMENTO VENDA DEBITO' },
  chargeback: { code: '022', text: 'VENDA CONTESTADA' },
} as const;

function rvLine(sales: readonly SyntheticSale[]): string {
  const s = sales[0]!;
  const gross = sales.reduce((t, x) => t + x.gross, 0);
  const fee = sales.reduce((t, x) => t + x.fee, 0);
  return [
    '01', zeros(s.merchantId, 9), ddmmaaaa(s.creditDate), ddmmaaaa(s.saleDate), zeros(s.batchId, 9), zeros(sales.length, 6),
    money(gross), money(fee), money(gross - fee), 'D', REDE_ACCOUNT.bank, zeros(REDE_ACCOUNT.branch, 6), zeros(REDE_ACCOUNT.account, 11),
    REDE_BRANDS[s.brand],
  ].join(',');
}

function cvLine(s: SyntheticSale): string {
  return [
    '05', zeros(s.merchantId, 9), zeros(s.batchId, 9), ddmmaaaa(s.saleDate), money(s.gross), money(s.fee), money(s.gross - s.fee),
    text(s.card, 19), 'V', zeros(s.nsu, 12), ddmmaaaa(s.creditDate), '01', hhmmss(s.saleTime), text(s.terminal, 8),
    s.tid ? '5 ' : '2 ', text('', 5), money(s.gross), ZERO, REDE_BRANDS[s.brand],
  ].join(',');
}

function complementLine(s: SyntheticSale): string {
  return [
    '13', zeros(s.merchantId, 9), zeros(s.batchId, 9), ddmmaaaa(s.saleDate), money(s.gross), text(s.card, 19), zeros(s.nsu, 12),
    text(s.tid ?? '', 20), text('', 30),
  ].join(',');
}

/** 11: the reversal is netted against the sale's own credit date and RV. */
function reversalLine(s: SyntheticSale, reversal: { code: string; text: string }): string {
  return [
    '11', zeros(s.merchantId, 9), zeros(s.batchId, 9), ddmmaaaa(s.creditDate), money(s.gross), 'D', reversal.code, text(reversal.text, 28),
    text(s.card, 16), ddmmaaaa(s.saleDate), zeros(s.batchId, 9), text('', 15), zeros(0, 8), zeros(0, 6), zeros(s.merchantId, 9),
    ddmmaaaa(s.saleDate), money(s.gross), 'N', ddmmaaaa(s.creditDate), money(s.gross), money(s.gross), zeros(s.nsu, 12),
    text(s.authorization, 6), 'T', zeros(0, 11), money(s.gross), ZERO, REDE_BRANDS[s.brand], REDE_BRANDS[s.brand],
  ].join(',');
}

const totalsColumns = (s: Sums) => [money(s.gross), money(s.fee), money(s.net), ZERO, ZERO, ZERO];

export function* writeRedeEevd(file: SyntheticFile): Generator<string> {
  const matrix = zeros(file.merchantId, 9);
  let records = 0;
  const total = zeroSums();
  const byPv = new Map<string, Sums>();
  const line = (l: string) => {
    records++;
    return l;
  };
  yield line(
    [
      '00', matrix, ddmmaaaa(file.fileDate), ddmmaaaa(file.fileDate), text('Movimentacao diaria - Cartoes de Debito', 39), 'Redecard',
      text('CONCILIA', 26), zeros(file.sequence, 6), text('DIARIO', 15), 'V1.04 - 07/10 - EEVD',
    ].join(','),
  );
  const debit = (function* () {
    for (const s of file.sales) if (s.product === 'debito') yield s;
  })();
  for (const batch of consecutive(debit, (s) => s.batchId)) {
    const pv = zeros(batch[0]!.merchantId, 9);
    let sums = byPv.get(pv);
    if (!sums) byPv.set(pv, (sums = zeroSums()));
    yield line(rvLine(batch));
    for (const s of batch) {
      yield line(cvLine(s));
      if (s.tid) yield line(complementLine(s));
      for (const x of [sums, total]) {
        x.cvs++;
        x.gross += s.gross;
        x.fee += s.fee;
        x.net += s.gross - s.fee;
      }
    }
    sums.rvs++;
    total.rvs++;
    for (const s of batch) if (s.status !== 'normal') yield line(reversalLine(s, REVERSALS[s.status]));
  }
  for (const [pv, s] of byPv) yield line(['02', pv, zeros(s.rvs, 3), zeros(s.cvs, 6), ...totalsColumns(s)].join(','));
  yield line(['03', matrix, zeros(total.rvs, 3), zeros(total.cvs, 6), ...totalsColumns(total)].join(','));
  yield ['04', matrix, zeros(total.rvs, 6), zeros(total.cvs, 6), ...totalsColumns(total), zeros(records + 1, 6)].join(',');
}
