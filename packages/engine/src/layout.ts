import type { Operator, ParsedItem } from './model';

/**
 * What every file layout offers the pipeline: recognise a file from its first bytes, then read it as a stream
 * of items. The server never names a layout: it asks `detectFile` (layouts.ts) which one a file is and calls
 * its `parse`. Adding a layout costs one `LayoutDef` in its operator's folder.
 */

/** A column-mapping importer's configuration (CSV/XLSX sources without a fixed layout). */
export interface ColumnMapping {
  /** who the source is: a voucher operator's statement ('alelo', …) or the merchant's own export ('cliente') */
  operator: Operator;
  /** CSV field separator; detected from the header line (';', ',', tab) when absent */
  separator?: string;
  /** how many lines precede the header line (titles some exports put on top) */
  skipLines?: number;
  /** date format of the date columns */
  dateFormat: 'DD/MM/AAAA' | 'AAAA-MM-DD' | 'DD/MM/AA' | 'DDMMAAAA' | 'AAAAMMDD';
  /** decimal mark of the money columns: '1.234,56' (',') or '1234.56' ('.') */
  decimalMark: ',' | '.';
  /** field of the normalised record → header text of the source column (case and accents ignored) */
  columns: Partial<Record<MappedField, string>>;
}

/** Fields a mapping can fill; saleDate and gross are required. */
export type MappedField =
  | 'saleDate'
  | 'saleTime'
  | 'nsu'
  | 'authorization'
  | 'tid'
  | 'terminal'
  | 'installments'
  | 'gross'
  | 'fee'
  | 'net'
  | 'brand'
  | 'product'
  | 'customerCode'
  | 'nossoNumero'
  | 'merchantId'
  | 'creditDate'
  | 'operator';

export interface ParseOptions {
  /** required by the column-mapping layout, ignored by the others */
  mapping?: ColumnMapping;
}

/** A file recognised by a layout. */
export interface DetectedFile {
  layout: LayoutId;
  operator: Operator;
  /** the file type (a value of FILE_TYPES): 'CIELO03', 'EEVC', 'STONE_XML', 'CLIENTE_CSV', … */
  fileType: string;
  /** version as the header writes it, '' when the file has none */
  version: string;
}

export type LayoutId =
  | 'REDE_EEVC'
  | 'REDE_EEVD'
  | 'REDE_EEFI'
  | 'CIELO_V15'
  | 'CIELO_V14'
  | 'GETNET_V10'
  | 'STONE_XML'
  | 'MERCADOPAGO_CSV'
  | 'PAGBANK_JSON'
  | 'PAGARME_JSON'
  | 'PAYGO_JSON'
  | 'VERO_PAGAMENTOS'
  | 'CLIENTE_CSV'
  | 'MAPEAMENTO';

export interface LayoutDef {
  id: LayoutId;
  /**
   * Recognises the file from its head: the first bytes (up to 4 KiB) decoded as latin-1, line endings kept.
   * Decides on record types and version fields, never on free text. Null when the file is not of this layout.
   */
  detect(head: string): DetectedFile | null;
  /** Reads the whole file: header (when the layout has one), records, checked trailer, one error per bad line. */
  parse(source: AsyncIterable<Uint8Array>, options?: ParseOptions): AsyncIterable<ParsedItem>;
  /**
   * The same items as `parse`, in the same order, handed out in arrays (one per chunk of the file) — for the bulk
   * load, which then pays one async step per chunk instead of one per item. Layouts read at that volume offer it.
   */
  parseBatches?(source: AsyncIterable<Uint8Array>, options?: ParseOptions): AsyncIterable<ParsedItem[]>;
}

/** A file type: the value stored on the file record and its pt-BR label (listarItensTipoArquivo). */
export interface FileTypeDef {
  value: string;
  label: string;
  operator: Operator;
}
