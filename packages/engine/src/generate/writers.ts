import type { BusinessDate } from '@concilia/domain';
import { writeCieloV15, writeCieloV15Payments } from '../cielo/index';
import { writeCustomerCsv } from '../customer/index';
import { writeGetnetV10 } from '../getnet/index';
import { writeMercadoPagoCsv } from '../mercadopago/index';
import { writePagarmePayables } from '../pagarme/index';
import { writePagBankEdi } from '../pagbank/index';
import { writePayGoSales } from '../paygo/index';
import { writeVeroPagamentos } from '../vero/index';
import type { Operator } from '../model';
import { writeRedeEevc, writeRedeEevd } from '../rede/index';
import type { LayoutWriter, SyntheticFile } from './synthetic';

/**
 * Every layout the generator writes, by the name the CLI takes (`--layouts`): which side of a scenario it
 * carries, the operator, its line ending and a file name in the operator's own convention.
 */
export interface WriterDef {
  side: 'operator' | 'customer';
  operator: Operator;
  write: LayoutWriter;
  lineEnding: '\n' | '\r\n';
  /** an establishment code of the width this layout writes (EC 10, PV 9, Getnet 15 digits) */
  sampleMerchant: string;
  fileName(file: SyntheticFile): string;
}

const compact = (d: BusinessDate) => d.replace(/-/g, '');
const seq = (n: number, width: number) => String(n).padStart(width, '0');

export const WRITERS = {
  'cielo-v15': {
    sampleMerchant: '1020304050',
    side: 'operator', operator: 'cielo', write: writeCieloV15, lineEnding: '\r\n',
    fileName: (f) => `CIELO03_${f.merchantId}_${compact(f.fileDate)}_${seq(f.sequence, 7)}.txt`,
  },
  'cielo-v15-pagamentos': {
    sampleMerchant: '1020304050',
    side: 'operator', operator: 'cielo', write: writeCieloV15Payments, lineEnding: '\r\n',
    fileName: (f) => `CIELO04_${f.merchantId}_${compact(f.fileDate)}_${seq(f.sequence, 7)}.txt`,
  },
  'rede-eevc': {
    sampleMerchant: '012345678',
    side: 'operator', operator: 'rede', write: writeRedeEevc, lineEnding: '\n',
    fileName: (f) => `R${f.merchantId.slice(-5)}EEVC${seq(f.sequence % 100, 2)}.cmp`,
  },
  'rede-eevd': {
    sampleMerchant: '012345678',
    side: 'operator', operator: 'rede', write: writeRedeEevd, lineEnding: '\n',
    fileName: (f) => `R${f.merchantId.slice(-5)}EEVD${seq(f.sequence % 100, 2)}.cmp`,
  },
  getnet: {
    sampleMerchant: '000001020304050',
    side: 'operator', operator: 'getnet', write: writeGetnetV10, lineEnding: '\r\n',
    fileName: (f) => `GETNET_${f.merchantId}_${compact(f.fileDate)}.txt`,
  },
  mercadopago: {
    sampleMerchant: '123456789',
    side: 'operator', operator: 'mercadopago', write: writeMercadoPagoCsv, lineEnding: '\n',
    fileName: (f) => `settlement-report-${f.merchantId}-${f.fileDate}-${seq(f.sequence, 3)}.csv`,
  },
  pagbank: {
    sampleMerchant: '102030405',
    side: 'operator', operator: 'pagbank', write: writePagBankEdi, lineEnding: '\n',
    fileName: (f) => `pagbank-edi-transacional-${f.merchantId}-${f.fileDate}-${seq(f.sequence, 3)}.json`,
  },
  pagarme: {
    sampleMerchant: 're_cm1a2b3c4d5e6f7g8h9i0j1k2',
    side: 'operator', operator: 'pagarme', write: writePagarmePayables, lineEnding: '\n',
    fileName: (f) => `pagarme-payables-${f.fileDate}-${seq(f.sequence, 3)}.json`,
  },
  paygo: {
    sampleMerchant: '12345678000190',
    side: 'operator', operator: 'paygo', write: writePayGoSales, lineEnding: '\n',
    fileName: (f) => `paygo-sales-${f.merchantId}-${f.fileDate}-${seq(f.sequence, 3)}.json`,
  },
  vero: {
    sampleMerchant: '12345678000195',
    side: 'operator', operator: 'vero', write: writeVeroPagamentos, lineEnding: '\r\n',
    fileName: (f) => `${f.merchantId}.${f.fileDate.slice(8, 10)}${f.fileDate.slice(5, 7)}${f.fileDate.slice(2, 4)}.BJRVCMB`,
  },
  'cliente-csv': {
    sampleMerchant: '1020304050',
    side: 'customer', operator: 'cliente', write: writeCustomerCsv, lineEnding: '\r\n',
    fileName: (f) => `vendas_${f.merchantId}_${compact(f.fileDate)}.csv`,
  },
} satisfies Record<string, WriterDef>;

export type WriterName = keyof typeof WRITERS;

/** The file's text chunk by chunk (lines with their endings, joined in blocks), ready for a write stream. */
export function* fileText(writer: WriterDef, file: SyntheticFile, linesPerChunk = 512): Generator<string> {
  let block = '';
  let n = 0;
  for (const line of writer.write(file)) {
    block += line + writer.lineEnding;
    if (++n === linesPerChunk) {
      yield block;
      block = '';
      n = 0;
    }
  }
  if (block) yield block;
}
