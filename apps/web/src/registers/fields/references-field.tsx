import { Autocomplete, Checkbox, TextField } from '@mui/material';
import { useController } from 'react-hook-form';
import { useOptionList } from '../register-api';
import type { FieldProps } from './field-props';

type Item = { valor: string; label: string };

const codesOf = (v: unknown): number[] => (Array.isArray(v) ? v.filter((n): n is number => typeof n === 'number') : []);

/**
 * Several codes picked from an option list (a profile's screens): a searchable list with checkboxes whose
 * value is the array of codes.
 */
export function ReferencesField({ control, name, label, required, disabled, optionList }: FieldProps & { optionList?: string }) {
  const { field, fieldState } = useController({ control, name });
  const options = (useOptionList(optionList).data ?? []).filter((o) => o.valor !== '');
  const codes = codesOf(field.value);
  const picked = options.filter((o) => codes.includes(Number(o.valor)));
  return (
    <Autocomplete<Item, true, false, false>
      multiple
      disableCloseOnSelect
      disabled={disabled}
      options={options}
      value={picked}
      isOptionEqualToValue={(a, b) => a.valor === b.valor}
      getOptionLabel={(o) => o.label}
      onChange={(_e, items) => field.onChange(items.map((o) => Number(o.valor)))}
      onBlur={field.onBlur}
      renderOption={({ key, ...props }, option, { selected }) => (
        <li key={key} {...props}>
          <Checkbox size="small" checked={selected} sx={{ mr: 1 }} />
          {option.label}
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          name={field.name}
          inputRef={field.ref}
          error={!!fieldState.error}
          helperText={fieldState.error?.message}
        />
      )}
    />
  );
}
