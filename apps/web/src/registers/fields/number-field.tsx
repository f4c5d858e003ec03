import { intFromText } from './decimal-text';
import type { FieldProps } from './field-props';
import { MaskedTextField } from './masked-text-field';

const toText = (v: unknown) => (typeof v === 'number' ? String(v) : '');

const fromTyped = (raw: string) => {
  const text = raw.replace(/[^\d]/g, '');
  return { text, value: intFromText(text) };
};

/** Whole numbers (codes, days): only digits are kept, and an empty field is null (spec part 1 §5). */
export function NumberField(props: FieldProps) {
  return <MaskedTextField {...props} toText={toText} fromTyped={fromTyped} inputMode="numeric" />;
}
