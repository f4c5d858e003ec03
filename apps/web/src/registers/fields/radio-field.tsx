import type { OptionItem } from '@concilia/domain';
import { FormControl, FormControlLabel, FormHelperText, FormLabel, Radio, RadioGroup } from '@mui/material';
import { useId } from 'react';
import { useController } from 'react-hook-form';
import type { FieldProps } from './field-props';

/**
 * A short fixed enum drawn as radio buttons (the field's `widget: 'radio'`): every choice in sight, one of
 * them always taken (e.g. Pesquisar Ticket's Tipo). The value is the option's text value.
 */
export function RadioField({ control, name, label, disabled, options }: FieldProps & { options: readonly OptionItem[] }) {
  const { field, fieldState } = useController({ control, name });
  const labelId = useId();
  return (
    <FormControl disabled={disabled} error={!!fieldState.error}>
      <FormLabel id={labelId}>{label}</FormLabel>
      <RadioGroup row aria-labelledby={labelId} name={field.name} value={field.value ?? ''} onChange={(e) => field.onChange(e.target.value)} onBlur={field.onBlur}>
        {options.map((o) => <FormControlLabel key={o.valor} value={o.valor} label={o.label} control={<Radio />} />)}
      </RadioGroup>
      {fieldState.error ? <FormHelperText>{fieldState.error.message}</FormHelperText> : null}
    </FormControl>
  );
}
