import type { Centavos } from '@concilia/domain';
import { type SyntheticFile, type SyntheticSale, splitInstallments } from '../generate/synthetic';
import { addMonths } from '@concilia/domain';
import { PAGBANK_WRITER_BRANDS } from './pagbank.codes';

/**
 * Writes a PagBank EDI transactional movement as the EDI API returns it (JSON, one record per line inside
 * `detalhes`), docs/layouts/pagbank.md: per sale one record per installment (tipo_evento 1, valor_total_transacao
 * the whole sale, valor_parcela / valor_liquido_transacao the installment, data_prevista_pagamento its credit
 * date), the sale's commission as taxa_intermediacao; then a tipo_evento 6 (cancelamento) or 5 (chargeback)
 * record for a cancelled or charged-back sale. Amounts as JSON numbers with two decimals, as the API writes them.
 */

/** A JSON number written with exactly two decimals ('148.00'), as text so no float formatting gets in. */
type Num = { n: string };
type Value = string | Num | null;
const num = (c: Centavos): Num => ({ n: `${c < 0 ? '-' : ''}${Math.trunc(Math.abs(c) / 100)}.${String(Math.abs(c) % 100).padStart(2, '0')}` });
const json = (fields: Record<string, Value>) =>
  `{${Object.entries(fields).map(([k, v]) => `"${k}":${v === null ? 'null' : typeof v === 'string' ? JSON.stringify(v) : v.n}`).join(',')}}`;

/** The 32-character transaction code the writer gives a sale (hex of its keys). */
export const pagBankCode = (s: SyntheticSale) => `${s.merchantId}${s.batchId}${s.nsu}`.replace(/\D/g, '').padStart(32, '0').slice(-32);

function record(s: SyntheticSale, event: string, fields: Record<string, Value>): Record<string, Value> {
  return {
    movimento_api_codigo: `${pagBankCode(s)}${event}`, tipo_registro: '1', estabelecimento: s.merchantId, data_inicial_transacao: s.saleDate,
    hora_inicial_transacao: s.saleTime, data_venda_ajuste: s.saleDate, hora_venda_ajuste: s.saleTime, tipo_evento: event, tipo_transacao: '1',
    codigo_transacao: pagBankCode(s), codigo_venda: null, ...fields, status_pagamento: '3', meio_pagamento: s.product === 'debito' ? '8' : '1',
    instituicao_financeira: PAGBANK_WRITER_BRANDS[s.brand] ?? 'VISA', canal_entrada: '1', meio_captura: s.tid ? '3' : '1', num_logico: s.terminal,
    nsu: s.nsu, cartao_bin: s.card.slice(0, 6), cartao_holder: s.card.slice(-4), codigo_autorizacao: s.authorization,
  };
}

export function* writePagBankEdi(file: SyntheticFile): Generator<string> {
  yield '{"detalhes":[';
  let first = true;
  const out = (r: Record<string, Value>) => {
    const text = `${first ? '' : ','}${json(r)}`;
    first = false;
    return text;
  };
  for (const s of file.sales) {
    const n = Math.max(1, s.installments);
    const gross = splitInstallments(s.gross, n);
    const fee = splitInstallments(s.fee, n);
    for (let i = 0; i < n; i++) {
      yield out(record(s, '1', {
        valor_total_transacao: num(s.gross), valor_parcela: num(gross[i]!), pagamento_prazo: n > 1 ? 'P' : 'U', plano: String(n), parcela: String(i + 1),
        quantidade_parcela: String(n), data_prevista_pagamento: addMonths(s.creditDate, i), taxa_intermediacao: num(i === 0 ? s.fee : 0),
        tarifa_intermediacao: num(0), valor_liquido_transacao: num(gross[i]! - fee[i]!),
      }));
    }
    if (s.status !== 'normal') {
      yield out(record(s, s.status === 'cancelada' ? '6' : '5', {
        valor_total_transacao: num(s.gross), valor_parcela: num(s.gross), pagamento_prazo: 'U', plano: '1', parcela: '1', quantidade_parcela: '1',
        data_prevista_pagamento: s.creditDate, taxa_intermediacao: num(0), tarifa_intermediacao: num(0), valor_liquido_transacao: num(-(s.gross - s.fee)),
      }));
    }
  }
  yield `],"pagination":{"page":1,"totalPages":1,"date":"${file.fileDate}"}}`;
}
