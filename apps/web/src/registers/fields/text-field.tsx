import { TextField } from '@mui/material';
import { useController } from 'react-hook-form';
import type { FieldProps } from './field-props';

type Props = FieldProps & { type?: 'text' | 'email' | 'password'; maxLength?: number; multiline?: boolean };

/**
 * Text, e-mail, password and textarea fields. A textarea with a length limit shows a counter, so the user
 * sees the limit before the schema refuses the text (Parâmetros: 500 characters).
 */
export function RegisterTextField({ control, name, label, required, disabled, type = 'text', maxLength, multiline }: Props) {
  const { field, fieldState } = useController({ control, name });
  const text = typeof field.value === 'string' ? field.value : field.value == null ? '' : String(field.value);
  const counter = multiline && maxLength ? `${text.length}/${maxLength}` : undefined;
  return (
    <TextField
      fullWidth
      label={label}
      required={required}
      disabled={disabled}
      type={type}
      multiline={multiline}
      minRows={multiline ? 3 : undefined}
      name={field.name}
      value={text}
      onChange={(e) => field.onChange(e.target.value)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      autoComplete={type === 'password' ? 'new-password' : undefined}
      error={!!fieldState.error}
      helperText={fieldState.error?.message ?? counter}
      slotProps={{ htmlInput: { maxLength }, formHelperText: counter && !fieldState.error ? { sx: { textAlign: 'right' } } : undefined }}
    />
  );
}
