import type { FieldProps } from './field-props';
import { MaskedTextField } from './masked-text-field';

type Props = FieldProps & { type?: 'text' | 'email' | 'password'; maxLength?: number; multiline?: boolean };

const toText = (v: unknown) => (typeof v === 'string' ? v : v == null ? '' : String(v));
const fromTyped = (raw: string) => ({ text: raw, value: raw });

/**
 * Text, e-mail, password and textarea fields. A textarea with a length limit shows a counter, so the user
 * sees the limit before the schema refuses the text (Parâmetros: 500 characters).
 */
export function RegisterTextField({ type = 'text', maxLength, multiline, ...props }: Props) {
  return (
    <MaskedTextField
      {...props}
      toText={toText}
      fromTyped={fromTyped}
      type={type}
      multiline={multiline}
      minRows={multiline ? 3 : undefined}
      autoComplete={type === 'password' ? 'new-password' : undefined}
      maxLength={maxLength}
      counter={multiline && maxLength ? (text) => `${text.length}/${maxLength}` : undefined}
    />
  );
}
