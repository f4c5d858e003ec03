import { TextField, type TextFieldProps } from '@mui/material';
import { useState } from 'react';
import { useController, type UseControllerProps } from 'react-hook-form';
import type { FieldProps, Values } from './field-props';
import { useTextState } from './use-text-state';

type Props = FieldProps &
  Pick<TextFieldProps, 'type' | 'multiline' | 'minRows' | 'autoComplete' | 'placeholder'> & {
    toText: (value: unknown) => string;
    /** Gets the current value too: a mask may need it to tell a backspace over punctuation from a no-op. */
    fromTyped: (raw: string, value: unknown) => { text: string; value: unknown };
    rules?: UseControllerProps<Values>['rules'];
    inputMode?: 'text' | 'numeric' | 'decimal';
    maxLength?: number;
    /** The canonical text to write back on leaving the field, or undefined to leave what was typed. */
    textOnBlur?: (value: unknown) => string | undefined;
    /**
     * A problem said as an error once the user leaves the field, until they type again: forms without a
     * schema (filters) would otherwise say nothing before a submit.
     */
    hint?: (value: unknown) => string | null;
    /** Said, right-aligned, while there is no error: a limit is seen before the schema refuses the text. */
    counter?: (text: string) => string | undefined;
    slotProps?: Pick<NonNullable<TextFieldProps['slotProps']>, 'input' | 'inputLabel'>;
  };

/**
 * An MUI TextField bound to react-hook-form by name, for inputs whose text is not their form value
 * (centavos, 'YYYY-MM-DD', digits without the mask): each kind says only how one becomes the other.
 */
export function MaskedTextField(props: Props) {
  const { control, name, rules, toText, fromTyped, inputMode, maxLength, textOnBlur, hint, counter, slotProps, ...rest } = props;
  const { field, fieldState } = useController({ control, name, rules });
  const [text, typed] = useTextState(field.value, toText);
  const [left, setLeft] = useState(false);
  const note = (left ? hint?.(field.value) : null) ?? counter?.(text);
  const message = fieldState.error?.message ?? note;
  return (
    <TextField
      fullWidth
      {...rest}
      name={field.name}
      value={text}
      onChange={(e) => {
        const next = fromTyped(e.target.value, field.value);
        typed(next.text, next.value);
        setLeft(false);
        field.onChange(next.value);
      }}
      onBlur={() => {
        const canonical = textOnBlur?.(field.value);
        if (canonical !== undefined) typed(canonical, field.value);
        setLeft(true);
        field.onBlur();
      }}
      inputRef={field.ref}
      error={hint ? !!message : !!fieldState.error}
      helperText={message ?? undefined}
      slotProps={{
        ...slotProps,
        htmlInput: { inputMode, maxLength },
        formHelperText: counter && note && !fieldState.error ? { sx: { textAlign: 'right' } } : undefined,
      }}
    />
  );
}
