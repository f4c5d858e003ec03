import { MSG } from '@concilia/domain';

const FETCHING = 'Exception while fetching data';
// Drivers word the reference-constraint conflict in several ways; all of them mean "something points here".
const FK_PATTERNS = [/foreign key constraint/i, /violates foreign key/i, /reference constraint/i, /FK_CONFLICT/, /viola a restrição de chave estrangeira/i];

/**
 * The text a user sees for a server error (spec part 1 §8): reference-constraint conflicts become the
 * dependency message; 'Exception while fetching data' messages keep only the part after the separator,
 * or after the last colon for not-permitted exceptions.
 */
export function userMessageFor(message: string, code?: string | null): string {
  if (code === 'FK_CONFLICT' || FK_PATTERNS.some((p) => p.test(message))) return MSG.dependencias;
  if (message.includes(FETCHING)) {
    if (/not ?permitted|NotPermitted/i.test(message)) return message.slice(message.lastIndexOf(':') + 1).trim();
    const afterSep = message.split(/\s[:\-–]\s|\):\s?/).slice(1).join(' ').trim();
    return afterSep || message;
  }
  return message;
}

export const isNotLoggedIn = (message: string) => message.includes(MSG.usuarioNaoLogado);
