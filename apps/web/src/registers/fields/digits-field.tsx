import { formatCep, formatCpfCnpj, formatPhone, normalizeCpfCnpj, onlyDigits } from '@concilia/domain';
import { TextField } from '@mui/material';
import { useController } from 'react-hook-form';
import type { FieldProps } from './field-props';

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
export function DigitsField({ control, name, label, required, disabled, mask }: FieldProps & { mask: keyof typeof MASKS }) {
  const { field, fieldState } = useController({ control, name });
  const { format, normalize, max } = MASKS[mask];
  const stored = typeof field.value === 'string' ? normalize(field.value) : '';
  return (
    <TextField
      fullWidth
      label={label}
      required={required}
      disabled={disabled}
      name={field.name}
      value={stored ? format(stored) : ''}
      onChange={(e) => {
        let next = normalize(e.target.value).slice(0, max);
        // Backspace over a mask character removes nothing that counts; take the character before it instead.
        if (next === stored && e.target.value.length < format(stored).length) next = stored.slice(0, -1);
        field.onChange(next === '' ? null : next);
      }}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={!!fieldState.error}
      helperText={fieldState.error?.message}
      slotProps={{ htmlInput: { inputMode: mask === 'cpfCnpj' ? 'text' : 'numeric' } }}
    />
  );
}
