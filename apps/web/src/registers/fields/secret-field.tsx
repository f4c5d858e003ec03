import { MSG, secretStoredField } from '@concilia/domain';
import { TextField } from '@mui/material';
import { useController, useWatch } from 'react-hook-form';
import type { FieldProps } from './field-props';

/**
 * A register's 'secret' field: a password input that never shows what is stored (the server never answers
 * it). When one is stored, the field says so and that leaving it blank keeps it.
 */
export function SecretField({ control, name, label, required, disabled, maxLength }: FieldProps & { maxLength?: number }) {
  const { field, fieldState } = useController({ control, name });
  const stored = useWatch({ control, name: secretStoredField(name) }) === true;
  return (
    <TextField
      fullWidth
      type="password"
      label={label}
      name={field.name}
      value={typeof field.value === 'string' ? field.value : ''}
      onChange={(e) => field.onChange(e.target.value)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      required={required && !stored}
      disabled={disabled}
      autoComplete="new-password"
      error={!!fieldState.error}
      helperText={fieldState.error?.message ?? (stored ? MSG.segredoGravado : undefined)}
      slotProps={{ htmlInput: { maxLength } }}
    />
  );
}
