import type { ColumnMapping } from '../layout';

/**
 * Ready-made column mappings for the sources without a public layout (formats/layouts.md §6: no Alelo,
 * Ticket, VR or Pluxee reconciliation layout is published; the recommendation there is exactly this
 * importer). ALL of them are INFERRED: the header texts are those the operators' merchant portals show on
 * their sales statements and exports as far as public help pages describe them, not read from a real file.
 * The first real export of each operator should be checked against its preset (a mismatch is reported as
 * 'coluna não encontrada no cabeçalho', naming the header, and the merchant can adjust a copy of the preset).
 *
 * The field list follows the normalised sale of §7 (Cielo Conciliador "Fluxo de Caixa 2.0": sale date, NSU,
 * authorization, gross / fee / net, installments, brand, product, terminal, credit date), the vocabulary the
 * generic ERP export uses too. Header matching ignores case, accents and punctuation, so 'Data da Venda',
 * 'DATA DA VENDA' and 'data_da_venda' are the same header.
 */
export const MAPPING_PRESETS: Record<string, ColumnMapping> = {
  /** Alelo "Meu Estabelecimento" sales statement export (inferred). */
  alelo: {
    operator: 'alelo',
    dateFormat: 'DD/MM/AAAA',
    decimalMark: ',',
    columns: {
      saleDate: 'Data da Venda',
      saleTime: 'Hora da Venda',
      nsu: 'NSU',
      authorization: 'Autorização',
      terminal: 'Terminal',
      product: 'Produto',
      gross: 'Valor Bruto',
      fee: 'Taxa',
      net: 'Valor Líquido',
      creditDate: 'Data de Pagamento',
      merchantId: 'Número do Estabelecimento',
    },
  },
  /** Ticket (Edenred) "Portal do Estabelecimento" transactions export (inferred). */
  ticket: {
    operator: 'ticket',
    dateFormat: 'DD/MM/AAAA',
    decimalMark: ',',
    columns: {
      saleDate: 'Data da Transação',
      saleTime: 'Hora',
      nsu: 'NSU',
      authorization: 'Código de Autorização',
      terminal: 'Terminal',
      product: 'Produto',
      gross: 'Valor da Transação',
      fee: 'Valor da Taxa',
      net: 'Valor Líquido',
      creditDate: 'Data Prevista de Pagamento',
      merchantId: 'Código do Estabelecimento',
    },
  },
  /** VR Benefícios "Portal do Credenciado" sales export (inferred). */
  vr: {
    operator: 'vr',
    dateFormat: 'DD/MM/AAAA',
    decimalMark: ',',
    columns: {
      saleDate: 'Data',
      saleTime: 'Hora',
      nsu: 'NSU',
      authorization: 'Autorização',
      product: 'Produto',
      gross: 'Valor',
      fee: 'Taxa Administrativa',
      net: 'Valor Líquido',
      creditDate: 'Data do Reembolso',
      merchantId: 'Estabelecimento',
    },
  },
  /** Pluxee (formerly Sodexo) "Portal do Estabelecimento" transactions export (inferred). */
  pluxee: {
    operator: 'pluxee',
    dateFormat: 'DD/MM/AAAA',
    decimalMark: ',',
    columns: {
      saleDate: 'Data da Transação',
      saleTime: 'Hora da Transação',
      nsu: 'NSU',
      authorization: 'Autorização',
      terminal: 'Terminal',
      product: 'Produto',
      gross: 'Valor Bruto',
      fee: 'Valor da Comissão',
      net: 'Valor Líquido',
      creditDate: 'Data de Pagamento',
      merchantId: 'Código do Estabelecimento',
    },
  },
  /**
   * A generic ERP / point-of-sale export of the merchant's own sales (operator 'cliente'): the usual header
   * texts of such exports for the fields of the customer file (inferred, like the others).
   */
  'erp-generico': {
    operator: 'cliente',
    dateFormat: 'DD/MM/AAAA',
    decimalMark: ',',
    columns: {
      saleDate: 'Data',
      saleTime: 'Hora',
      nsu: 'NSU',
      tid: 'TID',
      authorization: 'Autorização',
      terminal: 'Terminal',
      installments: 'Parcelas',
      gross: 'Valor',
      brand: 'Bandeira',
      product: 'Produto',
      customerCode: 'Código do Cliente',
      nossoNumero: 'Nosso Número',
      merchantId: 'Estabelecimento',
      operator: 'Operadora',
    },
  },
};
