import type { ParseErrorItem } from '../model';
import { LineError } from './fields';

/**
 * A UTF-8 lead byte followed by a continuation byte, as latin-1 characters. Operator text is 7-bit with stray
 * single high bytes, so this pair means the file was re-encoded: every position after it is shifted.
 */
const UTF8_PAIR = /[\u00c2-\u00f4][\u0080-\u00bf]/;

export function looksUtf8(text: string): boolean {
  return UTF8_PAIR.test(text);
}

export function utf8Error(line: number): ParseErrorItem {
  return { kind: 'error', line, message: `Linha ${line}: texto em UTF-8 (o arquivo deve estar em latin-1): posições deslocadas, registro ignorado` };
}

/** A LineError as an error item; any other error is rethrown (a bug, not bad input). */
export function lineErrorItem(e: unknown): ParseErrorItem {
  if (!(e instanceof LineError)) throw e;
  return { kind: 'error', line: e.line, message: e.message };
}
