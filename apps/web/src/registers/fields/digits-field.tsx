import { formatCep, formatCpfCnpj, formatPhone, normalizeCpfCnpj, onlyDigits } from '@concilia/domain';
import type { FieldProps } from './field-props';
import { MaskedTextField } from './masked-text-field';

type Mask = { format: (stored: string) => string; normalize: (typed: string) => string; max: number };

/**
 * The masks of the document kinds: the value keeps only the characters that count (digits; a CNPJ's
 * letters too, for the alphanumeric CNPJ of July 2026), the field shows them formatted.
 */
export const MASKS = {
  cpfCnpj: { format: formatCpfCnpj, normalize: normalizeCpfCnpj, max: 14 },
  phone: { format: formatPhone, normalize: onlyDigits, max: 11 },
  cep: { format: formatCep, normalize: onlyDigits, max: 8 },
} as const satisfies Record<string, Mask>;

/**
 * CPF/CNPJ, phone and CEP inputs: typed with their mask, stored without punctuation, so the check-digit
 * rules of the schema and the database see one spelling.
 */
export function DigitsField({ mask, ...props }: FieldProps & { mask: keyof typeof MASKS }) {
  const { format, normalize, max } = MASKS[mask];
  const storedOf = (v: unknown) => (typeof v === 'string' ? normalize(v) : '');
  const toText = (v: unknown) => {
    const stored = storedOf(v);
    return stored ? format(stored) : '';
  };
  return (
    <MaskedTextField
      {...props}
      toText={toText}
      fromTyped={(raw, current) => {
        const stored = storedOf(current);
        let next = normalize(raw).slice(0, max);
        // Backspace over a mask character removes nothing that counts; take the character before it instead.
        if (next === stored && raw.length < format(stored).length) next = stored.slice(0, -1);
        const value = next === '' ? null : next;
        return { text: toText(value), value };
      }}
      inputMode={mask === 'cpfCnpj' ? 'text' : 'numeric'}
    />
  );
}
