import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { useId, type ReactNode } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import type { TextFieldOptions } from './text-field-options';
import { toUpperKeepingCaret } from './uppercase';

type Props<T extends FieldValues, TOut> = TextFieldOptions & {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  label: ReactNode;
  helperText?: ReactNode;
  fullWidth?: boolean;
  /** props of the input box (an end adornment) */
  slotProps?: { input?: Partial<OutlinedInputProps> };
};

/**
 * A MUI text field bound to react-hook-form, with the field's error as its helper text. It is MUI's outlined
 * TextField spelled out — FormControl, InputLabel, OutlinedInput, FormHelperText, the same ids, classes and
 * ARIA links — because TextField also imports Select (and with it Menu, Popover and Modal), which the sign-in
 * page would otherwise load for nothing.
 */
export function FormTextField<T extends FieldValues, TOut = T>({
  control, name, label, uppercase, required = false, disabled = false, autoFocus = false, autoComplete, type, helperText, fullWidth = true, slotProps,
}: Props<T, TOut>) {
  const { field, fieldState } = useController({ control, name });
  const id = useId();
  const error = !!fieldState.error;
  const helper = fieldState.error?.message ?? helperText;
  const helperId = helper ? `${id}-helper-text` : undefined;
  return (
    <FormControl className="MuiTextField-root" disabled={disabled} error={error} fullWidth={fullWidth} required={required} color="primary" variant="outlined">
      {label != null && label !== '' ? (
        <InputLabel htmlFor={id} id={`${id}-label`}>
          {label}
        </InputLabel>
      ) : null}
      <OutlinedInput
        aria-describedby={helperId}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        fullWidth={fullWidth}
        name={field.name}
        type={type}
        value={field.value ?? ''}
        id={id}
        inputRef={field.ref}
        onChange={(e) => field.onChange(uppercase ? toUpperKeepingCaret(e.target) : e.target.value)}
        onBlur={field.onBlur}
        label={label}
        {...slotProps?.input}
      />
      {helper ? <FormHelperText id={helperId}>{helper}</FormHelperText> : null}
    </FormControl>
  );
}
