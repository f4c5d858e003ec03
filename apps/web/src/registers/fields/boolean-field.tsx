import { FormControlLabel, FormHelperText, Switch } from '@mui/material';
import { useController } from 'react-hook-form';
import type { FieldProps } from './field-props';

/** A yes/no field as a switch; the value is a boolean. */
export function BooleanField({ control, name, label, disabled }: FieldProps) {
  const { field, fieldState } = useController({ control, name });
  return (
    <>
      <FormControlLabel
        label={label}
        disabled={disabled}
        control={
          <Switch
            name={field.name}
            checked={field.value === true}
            onChange={(e) => field.onChange(e.target.checked)}
            onBlur={field.onBlur}
            slotProps={{ input: { ref: field.ref } }}
          />
        }
      />
      {fieldState.error ? <FormHelperText error>{fieldState.error.message}</FormHelperText> : null}
    </>
  );
}
