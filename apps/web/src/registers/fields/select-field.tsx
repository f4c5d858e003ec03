import type { OptionItem } from '@concilia/domain';
import { MenuItem, TextField } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { useOptionList } from '../register-api';
import type { FieldProps } from './field-props';
import { optionFromValue, selectOptions, valueFromOption } from './select-options';

type Props = FieldProps & {
  /** fixed options; otherwise they come from the option-list call */
  options?: readonly OptionItem[];
  optionList?: string;
  /** another field whose value is the option list's argument (cities follow the state) */
  optionListArg?: string;
  todos?: boolean;
  valueKind: 'string' | 'int' | 'boolean';
};

/**
 * Enum and reference selects. Options come from the declaration or from an option-list call; a list that
 * follows another field is fetched again when that field changes, and the choice made for the old value
 * is cleared.
 */
export function SelectField({ control, name, label, required, disabled, options, optionList, optionListArg, todos, valueKind }: Props) {
  const { field, fieldState } = useController({ control, name });
  const arg = useWatch({ control, name: optionListArg ?? '__none__', disabled: !optionListArg });
  const fetched = useOptionList(options ? undefined : optionList, arg, !!optionListArg);
  const items = selectOptions(options ?? fetched.data ?? [], { required, todos });

  const previousArg = useRef(arg);
  const { onChange } = field;
  useEffect(() => {
    const before = previousArg.current;
    previousArg.current = arg;
    // only a change the user made: loading a row sets the argument from empty, which must keep the choice
    if (optionListArg && before !== null && before !== undefined && before !== '' && before !== arg) onChange(null);
  }, [arg, optionListArg, onChange]);

  const current = optionFromValue(field.value);
  // An edited row's value may arrive before its options; keep it selectable rather than warn about it.
  const known = current === '' || items.some((o) => o.value === current);
  return (
    <TextField
      select
      fullWidth
      label={label}
      required={required}
      disabled={disabled}
      name={field.name}
      value={known ? current : ''}
      onChange={(e) => field.onChange(valueFromOption(e.target.value, valueKind))}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={!!fieldState.error}
      helperText={fieldState.error?.message}
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
    >
      {items.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.value === '' ? <em>{o.label}</em> : o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
