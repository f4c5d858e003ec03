import type { ColumnMapping, MappedField } from '../layout';

/**
 * The customer sales file of Concilia (docs/customer-file-layout.md): ';'-separated, a header line with these
 * exact names in this order, optionally followed by ESTABELECIMENTO and then OPERADORA, one sale per line and
 * an optional closing line `TOTAL;<quantidade de vendas>;<soma do valor bruto>`.
 * Parser, writer and detection read the columns from here, so the three cannot drift apart.
 */
export const CUSTOMER_COLUMNS: readonly (readonly [string, MappedField])[] = [
  ['DATA_VENDA', 'saleDate'],
  ['HORA_VENDA', 'saleTime'],
  ['NSU_DOC', 'nsu'],
  ['TID', 'tid'],
  ['AUTORIZACAO', 'authorization'],
  ['TERMINAL', 'terminal'],
  ['PARCELAS', 'installments'],
  ['VALOR_BRUTO', 'gross'],
  ['BANDEIRA', 'brand'],
  ['PRODUTO', 'product'],
  ['CODIGO_CLIENTE', 'customerCode'],
  ['NOSSO_NUMERO', 'nossoNumero'],
];

export const OPTIONAL_COLUMNS: readonly (readonly [string, MappedField])[] = [
  ['ESTABELECIMENTO', 'merchantId'],
  ['OPERADORA', 'operator'],
];

export const SEPARATOR = ';';
export const TOTAL_TAG = 'TOTAL';

/** How the customer file's values are written, as a column mapping: dates DD/MM/AAAA, decimal comma. */
export const CUSTOMER_MAPPING: ColumnMapping = { operator: 'cliente', separator: SEPARATOR, dateFormat: 'DD/MM/AAAA', decimalMark: ',', columns: {} };

/** The four accepted header lines → the columns they have. */
export const CUSTOMER_HEADERS: ReadonlyMap<string, readonly (readonly [string, MappedField])[]> = new Map(
  [[], [OPTIONAL_COLUMNS[0]!], [OPTIONAL_COLUMNS[1]!], [...OPTIONAL_COLUMNS]].map((extra) => {
    const columns = [...CUSTOMER_COLUMNS, ...extra];
    return [columns.map(([name]) => name).join(SEPARATOR), columns] as const;
  }),
);

export const headerHint = (): string => [...CUSTOMER_COLUMNS, ...OPTIONAL_COLUMNS].map(([n]) => n).join(SEPARATOR);
