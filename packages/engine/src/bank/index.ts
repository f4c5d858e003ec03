import { LineError } from '../read/fields';
import { HEAD_BYTES } from '../read/head';
import { decodeBankText, withoutEofJunk } from './bank-text';
import { looksCnab240Extrato, parseCnab240Extrato } from './cnab240-extrato.parser';
import type { FileTypeDef } from '../layout';
import type { BankLayout, BankStatement } from './model';
import { looksOfx, parseOfx } from './ofx.parser';

/**
 * Bank statements (issue 21): pure parsers, bytes in, a BankStatement out. Not in the operators' layout registry
 * (layouts.ts): a bank statement is not an operator file and yields no `ParsedItem`s, so `detectFile` never
 * names one (tested) and the pipeline asks `detectBankStatement` for files sent as bank statements.
 */

/** The file type a bank statement is registered with (arquivos.tipo; its layout is the BankLayout). */
export const BANK_FILE_TYPE = 'EXTRATO_BANCARIO';
/** Bank statements in the file types' list (listarItensTipoArquivo): they belong to no operator. */
export const bankFileTypes: FileTypeDef[] = [{ value: BANK_FILE_TYPE, label: 'Extrato bancário (OFX / CNAB 240)', operator: 'cliente' }];
/** Whether a stored layout is a bank statement's. */
export const isBankLayout = (layout: string | null | undefined): layout is BankLayout => layout === 'OFX' || layout === 'CNAB240_EXTRATO';

/** The bank layout of a file, from its first bytes (up to HEAD_BYTES); null when it is neither. */
export function detectBankStatement(head: Uint8Array): BankLayout | null {
  const text = decodeBankText(head.subarray(0, HEAD_BYTES)).text;
  if (looksOfx(text)) return 'OFX';
  if (looksCnab240Extrato(text)) return 'CNAB240_EXTRATO';
  return null;
}

/**
 * Reads a bank statement of either layout, recognised by its content (the name only goes into messages). A file
 * that is neither throws a LineError in pt-BR; bad lines of a recognised file are `errors` of the statement.
 */
export function parseBankStatement(bytes: Uint8Array, name?: string): BankStatement {
  const which = name ? `arquivo "${name}"` : 'arquivo';
  if (bytes.length <= HEAD_BYTES && withoutEofJunk(decodeBankText(bytes).text, true) === '') {
    throw new LineError(1, which, 'vazio: nenhum registro');
  }
  switch (detectBankStatement(bytes)) {
    case 'OFX':
      return parseOfx(bytes);
    case 'CNAB240_EXTRATO':
      return parseCnab240Extrato(bytes);
    default:
      throw new LineError(1, which, 'não é um extrato bancário OFX nem CNAB 240 de conciliação (lote de serviço 04, segmento E)');
  }
}

export type { BankAccountRef, BankBalance, BankLayout, BankPosting, BankPostingInput, BankStatement, BankStatementAccount, LocatedMessage } from './model';
export { parseOfx } from './ofx.parser';
export { parseCnab240Extrato } from './cnab240-extrato.parser';
export { writeOfx, type OfxOptions } from './ofx.writer';
export { writeCnab240Extrato, type Cnab240ExtratoOptions } from './cnab240-extrato.writer';
export { CATEGORIAS_LANCAMENTO, NATUREZAS_LANCAMENTO, categoriaNome } from './cnab240-extrato.codes';
