import { type BusinessDate, type Centavos, addMonths } from '@concilia/domain';
import { FieldWidthError } from '../generate/fixed-width.format';
import { type SyntheticBrand, type SyntheticFile, type SyntheticSale, splitInstallments } from '../generate/synthetic';

/**
 * Cielo EDI v15 writers (formats/layouts.md §1.5–1.7, §1.11): file 03 (sales and their forecast) and file 04
 * (payments). v15 writes one E line per installment, each in the UR (D) of its credit date; a D line declares
 * the count and totals of the E lines after it, so the writer holds back one D group, never more. Sales come in
 * once; a cancelled sale or a chargeback also gets its debit E line (tipo 06 / 08).
 *
 * The manual's CIELO03 has no D lines (§1.3); these files write them so that a parser also sees the UR level.
 */

const BRAND_CODES: Record<SyntheticBrand, string> = { visa: '001', mastercard: '002', amex: '003', elo: '007', hipercard: '040' };

/** Forma de pagamento per brand: [credit single payment, installments, debit]; a brand without debit keeps its credit. */
const PRODUCT_CODES: Record<SyntheticBrand, [string, string, string]> = {
  visa: ['040', '043', '041'],
  mastercard: ['010', '012', '011'],
  elo: ['070', '072', '071'],
  amex: ['082', '083', '082'],
  hipercard: ['164', '165', '164'],
};

const DEBIT_SETTLEMENT = '001';
const CREDIT_SETTLEMENT = '002';

/** Adjustment code and tipo de lançamento of the correction each status adds (Appendix A). */
const CORRECTIONS = {
  cancelada: { launch: '06', code: '0002' },
  chargeback: { launch: '08', code: '0301' },
} as const;

const SPACES = ' '.repeat(800);
const ZEROS = '0'.repeat(32);
const OTHER_AMOUNTS = `+${ZEROS.slice(0, 13)}`.repeat(12);

function alphaField(value: string, width: number, what: string): string {
  if (value.length > width) throw new FieldWidthError(`${what} "${value}" não cabe em ${width} posições`);
  return value + SPACES.slice(0, width - value.length);
}

function numField(value: string | number, width: number, what: string): string {
  const s = String(value);
  if (s.length > width || !/^\d*$/.test(s)) throw new FieldWidthError(`${what} "${s}" não é numérico de ${width} posições`);
  return ZEROS.slice(0, width - s.length) + s;
}

/** S + V(n,2) */
function amountField(value: Centavos, width: number): string {
  const digits = String(Math.abs(value));
  return (value < 0 ? '-' : '+') + ZEROS.slice(0, width - digits.length) + digits;
}

/** The fee with its own sign: `-` when the operator keeps it. */
function feeField(value: Centavos, width: number): string {
  return amountField(-value, width);
}

const ddmmaaaa = (d: BusinessDate) => `${d.slice(8, 10)}${d.slice(5, 7)}${d.slice(0, 4)}`;
const aaaammdd = (d: BusinessDate) => `${d.slice(0, 4)}${d.slice(5, 7)}${d.slice(8, 10)}`;

/** One E line to write: the sale and what this line carries of it. */
interface Entry {
  sale: SyntheticSale;
  launch: string;
  adjustmentCode: string;
  installment: number;
  gross: Centavos;
  fee: Centavos;
  paymentDate: BusinessDate;
}

/** The D group being held: its UR and the E lines written under it. */
interface Group {
  key: string;
  urKey: string;
  merchantId: string;
  brand: string;
  settlement: string;
  launch: string;
  paymentDate: BusinessDate;
  lines: string[];
  gross: number;
  fee: number;
  net: number;
}

type FileKind = '03' | '04';

function settlementOf(sale: SyntheticSale): string {
  return sale.product === 'debito' ? DEBIT_SETTLEMENT : CREDIT_SETTLEMENT;
}

function saleLaunch(sale: SyntheticSale): string {
  if (sale.product === 'debito') return '01';
  return sale.installments > 1 ? '03' : '02';
}

function urKeyOf(sale: SyntheticSale, paymentDate: BusinessDate): string {
  return alphaField(`${numField(sale.merchantId, 14, 'EC')}${paymentDate}${BRAND_CODES[sale.brand]}${settlementOf(sale)}`, 100, 'chave UR');
}

function entryLine(e: Entry): string {
  const s = e.sale;
  const n = s.installments;
  const sign = e.launch === '01' || e.launch === '02' || e.launch === '03' ? 1 : -1;
  const gross = sign * e.gross;
  const fee = sign * e.fee;
  const [credit, installments, debit] = PRODUCT_CODES[s.brand];
  const productCode = s.product === 'debito' ? debit : n > 1 ? installments : credit;
  const rate = s.gross === 0 ? 0 : Math.round((s.fee * 10000) / s.gross);
  const unique = numField(`${s.nsu}${s.saleDate.replace(/-/g, '')}`.slice(-15), 15, 'código único da venda');
  const bin = s.card.slice(0, 6);
  const last4 = s.card.slice(-4);
  return [
    'E', numField(s.merchantId, 10, 'EC'), BRAND_CODES[s.brand], settlementOf(s),
    n > 1 ? numField(e.installment, 2, 'parcela') : '00', n > 1 ? numField(n, 2, 'parcelas') : '00',
    alphaField(s.authorization, 6, 'autorização'), e.launch, urKeyOf(s, e.paymentDate),
    numField(`${s.nsu}${e.installment}${e.launch}`.slice(-22), 22, 'código da transação'), alphaField(e.adjustmentCode, 4, 'código de ajuste'),
    productCode, 'NNNNNNN', numField(bin, 6, 'BIN'), numField(last4, 4, 'final do cartão'), alphaField(s.nsu, 6, 'NSU'),
    SPACES.slice(0, 10), alphaField(s.tid ?? '', 20, 'TID'), SPACES.slice(0, 20),
    numField(rate, 5, 'taxa'), '00000', numField(rate, 5, 'taxa'),
    amountField(s.gross, 13), amountField(gross, 13), amountField(gross - fee, 13), feeField(fee, 13), OTHER_AMOUNTS,
    s.saleTime.replace(/:/g, ''), '01', ZEROS.slice(0, 14), BRAND_CODES[s.brand], unique, alphaField(unique, 30, 'código único'),
    s.tid ? '007' : '001', alphaField(s.terminal, 8, 'terminal'), SPACES.slice(0, 9), '00001',
    ddmmaaaa(s.saleDate), ddmmaaaa(s.saleDate), ddmmaaaa(sign > 0 ? s.saleDate : e.paymentDate), ddmmaaaa(s.saleDate),
    alphaField(s.batchId, 7, 'lote'), SPACES.slice(0, 25), ddmmaaaa(e.paymentDate), numField(s.merchantId, 10, 'EC'),
    '00', 'N', 'NN', SPACES.slice(0, 30), SPACES.slice(0, 23), ' ', '05', SPACES.slice(0, 52),
  ].join('');
}

function urLine(g: Group, kind: FileKind): string {
  const d = ddmmaaaa(g.paymentDate);
  return alphaField([
    'D', numField(g.merchantId, 10, 'EC'), ZEROS.slice(0, 14), ZEROS.slice(0, 14), ZEROS.slice(0, 14), g.brand, g.settlement,
    numField(g.merchantId, 10, 'EC'), kind === '04' ? '0A' : '0P', amountField(g.gross, 13), feeField(g.fee, 13), amountField(g.net, 13),
    '0341', '01234', numField('123456', 20, 'conta'), '7', numField(g.lines.length, 6, 'quantidade'), g.launch, g.urKey,
    '0200000000000000', d, d, d, numField(g.merchantId, 10, 'EC'), 'NNN', ZEROS.slice(0, 14), 'N',
  ].join(''), 400, 'registro D');
}

function* entries(sale: SyntheticSale): Generator<Entry> {
  const n = Math.max(1, sale.installments);
  const grosses = splitInstallments(sale.gross, n);
  const fees = splitInstallments(sale.fee, n);
  const launch = saleLaunch(sale);
  for (let i = 0; i < n; i++) {
    const paymentDate = i === 0 ? sale.creditDate : addMonths(sale.creditDate, i);
    yield { sale, launch, adjustmentCode: '', installment: i + 1, gross: grosses[i]!, fee: fees[i]!, paymentDate };
  }
  if (sale.status !== 'normal') {
    const c = CORRECTIONS[sale.status];
    yield { sale, launch: c.launch, adjustmentCode: c.code, installment: 1, gross: sale.gross, fee: sale.fee, paymentDate: sale.creditDate };
  }
}

function* writeFile(file: SyntheticFile, kind: FileKind): Generator<string> {
  yield alphaField([
    '0', numField(file.merchantId, 10, 'EC'), aaaammdd(file.fileDate), aaaammdd(file.fileDate), aaaammdd(file.fileDate),
    numField(file.sequence, 7, 'sequência'), 'CIELO', kind, 'I', SPACES.slice(0, 20), '015', '03N',
  ].join(''), 250, 'cabeçalho');
  let records = 0;
  let entryCount = 0;
  let totalGross = 0;
  let totalNet = 0;
  let group = null as Group | null;
  const flush = function* (g: Group): Generator<string> {
    records += 1 + g.lines.length;
    yield urLine(g, kind);
    yield* g.lines;
  };
  for (const sale of file.sales) {
    for (const e of entries(sale)) {
      const line = entryLine(e);
      const urKey = line.slice(29, 129);
      const key = urKey + e.launch;
      if (group?.key !== key) {
        if (group) yield* flush(group);
        group = {
          key, urKey, merchantId: sale.merchantId, brand: BRAND_CODES[sale.brand], settlement: settlementOf(sale), launch: e.launch,
          paymentDate: e.paymentDate, lines: [], gross: 0, fee: 0, net: 0,
        };
      }
      const sign = line.charCodeAt(260) === 45 ? -1 : 1;
      const gross = sign * e.gross;
      const fee = sign * e.fee;
      group.lines.push(line);
      group.gross += gross;
      group.fee += fee;
      group.net += gross - fee;
      entryCount++;
      totalGross += gross;
      totalNet += gross - fee;
    }
  }
  if (group) yield* flush(group);
  yield alphaField([
    '9', numField(records, 11, 'quantidade'), amountField(totalNet, 17), numField(entryCount, 11, 'quantidade'),
    amountField(totalGross, 17), amountField(0, 17), amountField(0, 17),
  ].join(''), 250, 'trailer');
}

/** Cielo v15 file 03: header, one D per UR with its E lines (one per installment, plus corrections), trailer. */
export function writeCieloV15(file: SyntheticFile): Iterable<string> {
  return writeFile(file, '03');
}

/** Cielo v15 file 04: the payment of every installment on its credit date, and the debits of corrections. */
export function writeCieloV15Payments(file: SyntheticFile): Iterable<string> {
  return writeFile(file, '04');
}
