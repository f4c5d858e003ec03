import { TextField, type TextFieldProps } from '@mui/material';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { toUpperKeepingCaret } from './uppercase';

type Props<T extends FieldValues, TOut> = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'> & {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  /** shows and stores the text in capitals as it is typed (logins, names) */
  uppercase?: boolean;
};

/** A MUI text field bound to react-hook-form, with the field's error as its helper text. */
export function FormTextField<T extends FieldValues, TOut = T>({ control, name, uppercase, helperText, ...rest }: Props<T, TOut>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <TextField
      fullWidth
      {...rest}
      name={field.name}
      value={field.value ?? ''}
      onChange={(e) => field.onChange(uppercase ? toUpperKeepingCaret(e.target) : e.target.value)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={!!fieldState.error}
      helperText={fieldState.error?.message ?? helperText}
    />
  );
}
