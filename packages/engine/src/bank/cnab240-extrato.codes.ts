/**
 * FEBRABAN's code tables of the CNAB 240 bank statement (docs/layouts/cnab240-extrato.md): the category of a
 * posting (G092 / E012), shared by every bank so that statements of different banks can be reconciled alike, and
 * the nature of a posting (G084 / E026). Debit categories are 1xx, credit categories 2xx.
 */
export const CATEGORIAS_LANCAMENTO: Readonly<Record<string, string>> = {
  '101': 'Cheques',
  '102': 'Encargos',
  '103': 'Estornos',
  '104': 'Lançamento avisado',
  '105': 'Tarifas',
  '106': 'Aplicação',
  '107': 'Empréstimo / financiamento',
  '108': 'Câmbio',
  '109': 'CPMF',
  '110': 'IOF',
  '111': 'Imposto de renda',
  '112': 'Pagamento a fornecedores',
  '113': 'Pagamento de salários',
  '114': 'Saque eletrônico',
  '115': 'Ações',
  '117': 'Transferência entre contas',
  '118': 'Devolução da compensação',
  '119': 'Devolução de cheque depositado',
  '120': 'Transferência interbancária (DOC, TED)',
  '121': 'Antecipação a fornecedores',
  '122': 'OC / AEROPS',
  '201': 'Depósitos',
  '202': 'Líquido de cobrança',
  '203': 'Devolução de cheques',
  '204': 'Estornos',
  '205': 'Lançamento avisado',
  '206': 'Resgate de aplicação',
  '207': 'Empréstimo / financiamento',
  '208': 'Câmbio',
  '209': 'Transferência interbancária (DOC, TED)',
  '210': 'Ações',
  '211': 'Dividendos',
  '212': 'Seguro',
  '213': 'Transferência entre contas',
  '214': 'Depósitos especiais',
  '215': 'Devolução da compensação',
  '216': 'OCT',
};

/** Natureza do lançamento: on which balance the posting happened. */
export const NATUREZAS_LANCAMENTO: Readonly<Record<string, string>> = {
  DPV: 'Disponível',
  SCR: 'Vinculado',
  SSR: 'Bloqueado',
  CDS: 'Composição de diversos saldos',
};

/** The category's name, null for a code the table does not list. */
export function categoriaNome(code: string): string | null {
  return CATEGORIAS_LANCAMENTO[code] ?? null;
}
