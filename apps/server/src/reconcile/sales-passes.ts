/**
 * The passes of sales matching, in order of confidence: each one pairs customer lines with operator sale
 * lines on its keys, among the lines earlier passes left unpaired. Declared once here; the runner turns each
 * into one set-based INSERT … SELECT (a hash join on the keys), and the pass name is recorded on the pair.
 *
 * `on` is SQL over the aliases `c` (customer line) and `o` (operator sale), both with columns nsu,
 * autorizacao, tid, datavenda, valor, totparcelas; `:tolerancia` is the amount tolerance in centavos.
 */
export interface SalesPass {
  passo: string;
  /** pt-BR, for the trace and the analysis download */
  descricao: string;
  on: string;
}

export const SALES_PASSES: readonly SalesPass[] = [
  {
    passo: 'exata',
    descricao: 'Chave completa: NSU, autorização, data, valor e parcelas',
    on: 'c.nsu = o.nsu AND c.autorizacao = o.autorizacao AND c.datavenda = o.datavenda AND c.valor = o.valor AND c.totparcelas = o.totparcelas',
  },
  { passo: 'nsu_data_valor', descricao: 'NSU, data e valor', on: 'c.nsu = o.nsu AND c.datavenda = o.datavenda AND c.valor = o.valor' },
  {
    passo: 'autorizacao_data_valor',
    descricao: 'Autorização, data e valor',
    on: 'c.autorizacao = o.autorizacao AND c.datavenda = o.datavenda AND c.valor = o.valor',
  },
  { passo: 'tid', descricao: 'TID (comércio eletrônico)', on: 'c.tid = o.tid' },
  {
    passo: 'data_1_dia',
    descricao: 'NSU, autorização e valor, com a data a um dia de distância',
    on: 'c.nsu = o.nsu AND c.autorizacao = o.autorizacao AND c.valor = o.valor AND abs(c.datavenda - o.datavenda) = 1',
  },
  {
    passo: 'valor_tolerancia',
    descricao: 'NSU, autorização e data, com o valor dentro da tolerância',
    on: 'c.nsu = o.nsu AND c.autorizacao = o.autorizacao AND c.datavenda = o.datavenda AND abs(c.valor - o.valor) <= :tolerancia',
  },
];
