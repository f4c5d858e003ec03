import { TextField } from '@mui/material';
import { useController } from 'react-hook-form';
import { intFromText } from './decimal-text';
import type { FieldProps } from './field-props';
import { useTextState } from './use-text-state';

const toText = (v: unknown) => (typeof v === 'number' ? String(v) : '');

/** Whole numbers (codes, days): only digits are kept, and an empty field is null (spec part 1 §5). */
export function NumberField({ control, name, label, required, disabled }: FieldProps) {
  const { field, fieldState } = useController({ control, name });
  const [text, typed] = useTextState(field.value, toText);
  return (
    <TextField
      fullWidth
      label={label}
      required={required}
      disabled={disabled}
      name={field.name}
      value={text}
      onChange={(e) => {
        const next = e.target.value.replace(/[^\d]/g, '');
        const value = intFromText(next);
        typed(next, value);
        field.onChange(value);
      }}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={!!fieldState.error}
      helperText={fieldState.error?.message}
      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
    />
  );
}
