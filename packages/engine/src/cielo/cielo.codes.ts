import type { Coded } from '../model';
import { ADJUSTMENT_CODES, CANCELLATION_CODES, CHARGEBACK_CODES } from './cielo-adjustment.codes';

/**
 * Cielo domain tables (formats/layouts.md §1.14 and Appendix A). Brand and product names are the names of the
 * reference catalogue (packages/db/seed-data/cartoes.json) where one fits, so a decoded code finds its register
 * row by name; the rest keep the manual's meaning. A code the tables do not list decodes to a null name.
 */

function coded(table: Readonly<Record<string, string>>, raw: string): Coded {
  const code = raw.trim();
  return { code, name: table[code] ?? null };
}

/** A code decoder: `decode(raw)`, or `decode.at(text, start, end)` for the code at 1-based positions of a line. */
export interface CodeDecoder {
  (raw: string): Coded;
  at(text: string, start: number, end: number): Coded;
}

const CACHE_LIMIT = 4096;

/**
 * Memoised decoder for the hot path: the same few codes repeat on every line, so one frozen Coded per code
 * is shared instead of allocating a new one per record. `at` looks a short code up by its character codes
 * (latin-1, so 8 bits each, with the length on top), so a hit neither cuts nor hashes a string.
 */
function cachedDecoder(table: Readonly<Record<string, string>>): CodeDecoder {
  const byText = new Map<string, Coded>();
  const byKey = new Map<number, Coded>();
  const decode = (raw: string): Coded => {
    let c = byText.get(raw);
    if (c === undefined) {
      c = Object.freeze(coded(table, raw));
      if (byText.size < CACHE_LIMIT) byText.set(raw, c);
    }
    return c;
  };
  const at = (text: string, start: number, end: number): Coded => {
    const len = end - start + 1;
    if (len > 3 || end > text.length) return decode(text.slice(start - 1, end));
    let key = len;
    for (let i = start - 1; i < end; i++) {
      const ch = text.charCodeAt(i);
      if (ch > 0xff) return decode(text.slice(start - 1, end));
      key = (key << 8) | ch;
    }
    let c = byKey.get(key);
    if (c === undefined) {
      c = decode(text.slice(start - 1, end));
      if (byKey.size < CACHE_LIMIT) byKey.set(key, c);
    }
    return c;
  };
  return Object.assign(decode, { at });
}

/** §1.14.3, the same in v14 and v15. */
const BRANDS: Record<string, string> = {
  '001': 'Visa', '002': 'Mastercard', '003': 'Amex', '006': 'Sorocred', '007': 'Elo', '009': 'Diners', '011': 'Agiplan',
  '015': 'Banescard', '023': 'Cabal', '029': 'Credsystem', '035': 'Esplanada', '040': 'Hipercard', '060': 'JCB',
  '064': 'Credz', '072': 'Hiper', '075': 'Ourocard', '888': 'Pix',
};
export const brand = cachedDecoder(BRANDS);

const CREDIT = 'Crédito à vista';
const STORE_INSTALLMENTS = 'Crédito parcelado loja';
const ISSUER_INSTALLMENTS = 'Crédito parcelado emissor';
const DEBIT = 'Débito';
const PREPAID_CREDIT = 'Pré-pago crédito';
const PREPAID_DEBIT = 'Pré-pago débito';

/**
 * §1.14.4, forma de pagamento (v14 Tabela IV = v15). 033 is Visa prepaid debit in v14 and JCB credit in v15: the
 * version decides, see `product`.
 */
const PRODUCTS: Record<string, string> = {
  '001': CREDIT, '002': STORE_INSTALLMENTS, '003': CREDIT, '004': STORE_INSTALLMENTS, '005': CREDIT, '006': CREDIT,
  '007': STORE_INSTALLMENTS, '008': STORE_INSTALLMENTS, '009': 'Crediário', '010': CREDIT, '011': DEBIT,
  '012': STORE_INSTALLMENTS, '013': 'Construcard', '014': 'Agro débito', '015': 'Agro custeio', '016': 'Agro investimento',
  '017': 'Agro custeio', '018': 'Agro investimento', '019': CREDIT, '020': CREDIT, '021': STORE_INSTALLMENTS,
  '029': 'Crediário', '030': ISSUER_INSTALLMENTS, '031': PREPAID_DEBIT, '032': PREPAID_CREDIT, '034': DEBIT,
  '035': 'Carnê', '036': 'Saque', '037': 'Voucher combustível', '038': CREDIT, '039': STORE_INSTALLMENTS, '040': CREDIT,
  '041': DEBIT, '042': 'Pedágio', '043': STORE_INSTALLMENTS, '044': 'Débito pré-datado', '045': 'Voucher refeição',
  '046': 'Voucher alimentação', '058': 'Voucher multibenefícios', '059': 'Voucher combustível', '060': DEBIT,
  '061': CREDIT, '062': STORE_INSTALLMENTS, '064': 'Crediário', '065': 'Voucher refeição', '066': 'Voucher alimentação',
  '067': 'Capital de giro', '068': 'Crédito imobiliário', '069': 'Voucher cultura', '070': CREDIT, '071': DEBIT,
  '072': STORE_INSTALLMENTS, '073': 'Pedágio', '075': 'Voucher', '079': 'Carnê', '080': CREDIT, '081': CREDIT,
  '082': CREDIT, '083': STORE_INSTALLMENTS, '084': ISSUER_INSTALLMENTS, '089': 'Crédito imobiliário', '091': CREDIT,
  '094': DEBIT, '096': CREDIT, '097': DEBIT, '098': STORE_INSTALLMENTS, '107': 'Carnê', '110': PREPAID_CREDIT,
  '111': PREPAID_DEBIT, '161': CREDIT, '162': DEBIT, '163': STORE_INSTALLMENTS, '164': CREDIT, '165': STORE_INSTALLMENTS,
  '200': CREDIT, '201': STORE_INSTALLMENTS, '202': 'Voucher alimentação', '203': 'Voucher refeição',
  '204': 'Voucher multibenefícios', '205': 'Voucher combustível', '206': 'Voucher alimentação', '207': 'Voucher refeição',
  '215': 'Voucher', '269': 'Carnê', '270': PREPAID_CREDIT, '271': PREPAID_DEBIT, '275': 'Voucher multibenefícios',
  '278': 'Voucher transporte', '282': PREPAID_CREDIT, '321': 'Crediário', '322': ISSUER_INSTALLMENTS,
  '324': ISSUER_INSTALLMENTS, '330': 'Crediário', '342': 'Pedágio', '377': 'Carnê', '378': 'Carnê', '380': CREDIT,
  '433': STORE_INSTALLMENTS,
};
const productV15 = cachedDecoder({ ...PRODUCTS, '033': CREDIT });
const productV14 = cachedDecoder({ ...PRODUCTS, '033': PREPAID_DEBIT });

export function product(raw: string, version: 'v14' | 'v15'): Coded {
  return version === 'v15' ? productV15(raw) : productV14(raw);
}

/** `product` of the code at 1-based positions start..end of a line. */
export function productAt(text: string, start: number, end: number, version: 'v14' | 'v15'): Coded {
  return version === 'v15' ? productV15.at(text, start, end) : productV14.at(text, start, end);
}

/** §1.14.1 Tipo de lançamento (v15 records D and E). */
const LAUNCH_TYPES: Record<string, string> = {
  '01': 'Venda débito', '02': 'Venda crédito', '03': 'Venda parcelada', '04': 'Ajuste a débito', '05': 'Ajuste a crédito',
  '06': 'Cancelamento de venda', '07': 'Reversão de cancelamento', '08': 'Chargeback (contestação do portador)',
  '09': 'Reversão de chargeback', '10': 'Aluguel de máquina', '11': 'Valor cedido em negociação',
  '13': 'Débito de recebíveis em garantia (gravame)', '14': 'Crédito de recebíveis em garantia (gravame)',
  '15': 'Débito por compensação de saldo', '16': 'Crédito por compensação de saldo',
  '17': 'Devolução de crédito de valor cedido em negociação', '18': 'Devolução de débito de valor cedido em negociação',
  '19': 'Devolução de crédito de recebíveis em garantia', '20': 'Devolução de débito de recebíveis em garantia',
  '23': 'Débito de penhora judicial', '26': 'Devolução de débito de penhora judicial',
  '27': 'Débito de cancelamento ou chargeback em negociação cancelada',
  '28': 'Crédito de cancelamento ou chargeback em negociação cancelada',
  '35': 'Débito de compensação por gravame', '36': 'Crédito de compensação por gravame',
  '37': 'Débito de compensação por penhora', '38': 'Crédito de compensação por penhora',
  '39': 'Débito de compensação por cessão', '40': 'Crédito de compensação por cessão', '42': 'Venda voucher',
};
export const launchType = cachedDecoder(LAUNCH_TYPES);

/**
 * Tipos de lançamento that are sales (01, 02, 03, 42); every other tipo corrects or moves money. A switch rather
 * than a Set: it runs on every E line, and comparing with constants does not hash the freshly cut text.
 */
export function isSaleLaunch(launch: string): boolean {
  switch (launch) {
    case '01':
    case '02':
    case '03':
    case '42':
      return true;
    default:
      return false;
  }
}

export type CorrectionKind = 'adjustment' | 'cancellation' | 'chargeback';

/**
 * The correction kind of a v15 E line: the tipo de lançamento decides (Appendix A calls it more reliable than
 * the text); only the generic adjustment tipos (04/05) are refined by the adjustment code's own class.
 */
export function v15CorrectionKind(launch: string, adjustmentCode: string): CorrectionKind {
  switch (launch) {
    case '06':
    case '07':
      return 'cancellation';
    case '08':
    case '09':
      return 'chargeback';
    case '04':
    case '05':
      if (CHARGEBACK_CODES.has(adjustmentCode)) return 'chargeback';
      if (CANCELLATION_CODES.has(adjustmentCode)) return 'cancellation';
      return 'adjustment';
    default:
      return 'adjustment';
  }
}

const adjustmentCode = cachedDecoder(ADJUSTMENT_CODES);

/**
 * The reason of a v15 correction: its 4-digit adjustment code and Appendix A text; a line without an
 * adjustment code (a plain cancellation, rent) gives its tipo de lançamento instead.
 */
export function v15Reason(rawAdjustmentCode: string, launch: string): Coded {
  return rawAdjustmentCode.trim() === '' ? launchType(launch) : adjustmentCode(rawAdjustmentCode);
}

/** §1.14.2, v15 payment status (alphanumeric), as the reference groups it. */
const V15_STATUS: Record<string, string> = {};
for (const [name, codes] of [
  ['Agendado', ['00', '0P']],
  ['Enviado ao banco', ['03', '45', '54', '0O']],
  ['Pago', ['04', '05', '10', '11', '31', '32', '98', '99', '0A', '0B', '0C', '0M', '0N', '0W', '0Z']],
  ['Rejeitado pelo banco', ['06', '0R']],
  ['Reenviado ao banco', ['07', '0X', '0Y']],
  ['Debitado em conta', ['46', '47']],
  ['Pago por negociação', ['58']],
  ['Débito pendente', ['42', '48']],
] as const) {
  for (const c of codes) V15_STATUS[c] = name;
}
export const v15PaymentStatus = cachedDecoder(V15_STATUS);

/** §1.14.2, v14 payment status (Tabela III). */
export const v14PaymentStatus = cachedDecoder({
  '00': 'Agendado', '01': 'Pago', '02': 'Enviado ao banco', '03': 'Aguardando confirmação',
});

/** §1.14.7 Canal de venda (v15 E 541–543). */
export const saleChannel = cachedDecoder({
  '000': 'Cielo LIO', '001': 'POS', '002': 'Mobile', '003': 'Manual', '004': 'URA/CVA', '005': 'EDI/remessa',
  '006': 'GDS/IATA', '007': 'E-commerce', '008': 'TEF/PDV', '009': 'Pedágio', '010': 'Back office',
  '011': 'Central de atendimento', '012': 'Chargeback', '013': 'Ouvidoria', '014': 'Massivo', '015': 'Digitado',
  '099': 'Não identificado', '998': 'Não se aplica',
});

/** §1.14.8 v14 Meio de captura (Tabela VII, RO 223–224; Pix 160–161). */
export const captureMethod = cachedDecoder({
  '00': 'Cielo LIO', '01': 'POS', '02': 'PDV/TEF', '03': 'E-commerce', '04': 'EDI', '05': 'ADP/BSP ou reprocessamento',
  '06': 'Manual', '07': 'URA/CVA', '08': 'Mobile', '09': 'Moedeiro eletrônico', '99': 'Não identificado',
});

/** §1.14.5 v14 Tipo de transação (RO 24–25). */
const V14_TRANSACTION_TYPES: Record<string, string> = {
  '01': 'Venda', '02': 'Ajuste a crédito', '03': 'Ajuste a débito', '04': 'Plano Cielo', '05': 'Reagendamento',
};
export const v14TransactionType = cachedDecoder(V14_TRANSACTION_TYPES);

/** §1.14.12 v14 Origem do ajuste (Tabela V) with its class: A acerto, CB chargeback, C cobrança, CN cancelamento, B bloqueio. */
const V14_ADJUSTMENT_ORIGINS: Record<string, [string, string]> = {
  '01': ['Correção monetária', 'A'], '02': ['Correção de data de pagamento', 'A'], '03': ['Correção de taxa', 'A'],
  '04': ['Valores não processados', 'A'], '05': ['Valores não recebidos', 'A'], '06': ['Valores não reconhecidos', 'A'],
  '07': ['Valores negociados', 'A'], '08': ['Valores processados indevidamente', 'A'],
  '09': ['Lançamento não compensado em conta', 'A'], '10': ['Valores contestados', 'CB'], '12': ['Acertos diversos', 'A'],
  '13': ['Acordo de cobrança', 'A'], '14': ['Acordo jurídico', 'A'], '15': ['Multa de programa Mastercard', 'CB'],
  '16': ['Bloqueio judicial', 'B'], '17': ['Cancelamento de venda', 'CN'], '18': ['Tarifa operacional', 'C'],
  '19': ['Mensalidade Farol', 'C'], '20': ['Cobrança Plano Cielo', 'C'], '21': ['Contrato de caução', 'A'],
  '22': ['Crédito por cancelamento do emissor', 'CN'], '23': ['Crédito após contestação do portador', 'CB'],
  '24': ['Crédito de cancelamento rejeitado', 'CB'], '25': ['Pedágio Visa em duplicidade', 'A'],
  '26': ['Venda sem leitura do chip', 'A'], '27': ['Venda rejeitada pela Cielo', 'A'],
  '28': ['Portador não reconhece a compra', 'CB'], '39': ['Multa de programa Visa', 'CB'],
  '45': ['Incentivo comercial', 'A'], '46': ['Incentivo de recarga', 'A'], '49': ['Tarifa de cadastro', 'C'],
  '50': ['Tarifa de extrato papel', 'C'], '53': ['Recorrente cancelada', 'CB'], '54': ['Compra não reconhecida', 'CB'],
  '55': ['Cartão vencido', 'CB'], '56': ['Tarifa de retentativa Mastercard', 'A'], '57': ['Mercadoria com defeito', 'CB'],
  '58': ['Venda irregular', 'CB'], '59': ['Mercadoria não entregue', 'CB'], '60': ['Serviço não prestado', 'CB'],
  '61': ['Venda sem autorização', 'CB'], '62': ['Cartão inválido', 'CB'], '63': ['Comprovante inválido', 'CB'],
  '65': ['Comprovante ilegível', 'CB'], '66': ['Venda sem leitura do chip', 'CB'], '67': ['Outra moeda', 'CB'],
  '68': ['Processamento incorreto', 'CB'], '69': ['Venda cancelada', 'CB'], '70': ['Crédito em duplicidade', 'CB'],
  '71': ['Documentos não recebidos', 'CB'], '72': ['Pago por outro meio', 'CB'],
  '73': ['Equipamento perdido ou roubado', 'C'], '77': ['Multa por excesso de chargeback', 'CB'],
  '78': ['Serviços Score', 'C'], '80': ['Ajuste a débito de cessão', 'A'], '81': ['Cielo e-commerce', 'C'],
  '99': ['Tarifa de retentativa Visa', 'A'],
};

export function v14AdjustmentOrigin(raw: string): Coded {
  const code = raw.trim();
  return { code, name: V14_ADJUSTMENT_ORIGINS[code]?.[0] ?? null };
}

/** A v14 adjustment RO is a chargeback or a cancellation when its origin's class says so. */
export function v14CorrectionKind(origin: string): CorrectionKind {
  const cls = V14_ADJUSTMENT_ORIGINS[origin.trim()]?.[1];
  if (cls === 'CB') return 'chargeback';
  if (cls === 'CN') return 'cancellation';
  return 'adjustment';
}

/** v14 record 3 operation type. */
export const receivablesOperation = cachedDecoder({ CE: 'Cessão de recebíveis', GR: 'Gravame de recebíveis' });

/** Reasons of records that carry no reason code of their own: the record type is the reason. */
export const RECORD_REASONS = {
  reserve: Object.freeze({ code: 'R', name: 'Reserva financeira' }) as Coded,
  earlyPaidDebit: Object.freeze({ code: '7', name: 'Débito em RO antecipado' }) as Coded,
};

/** v14 CV: a blank rejection reason is an accepted sale (Tabela VIII lists only rejections). */
export function v14CvStatus(raw: string): { status: Coded; accepted: boolean } {
  const code = raw.trim();
  const accepted = code === '' || /^0+$/.test(code);
  return { status: { code, name: accepted ? 'Aceita' : 'Rejeitada' }, accepted };
}
