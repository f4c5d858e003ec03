import { isBusinessDate, MSG } from '@concilia/domain';
import { TextField } from '@mui/material';
import { useState } from 'react';
import { useController } from 'react-hook-form';
import { dateTextFromValue, dateValueFromText, maskDate } from './date-text';
import type { FieldProps } from './field-props';
import { useTextState } from './use-text-state';

type Props = FieldProps & {
  /** earliest and latest accepted dates ('YYYY-MM-DD'), e.g. the one-month window of a range */
  min?: string;
  max?: string;
  /** said when the date is outside min/max */
  rangeMessage?: string;
};

/** Why a date value is refused, or null: shared by the field's own rules and its on-blur hint. */
function dateProblem(v: unknown, { min, max, rangeMessage }: Pick<Props, 'min' | 'max' | 'rangeMessage'>): string | null {
  if (v === null || v === undefined || v === '') return null;
  if (typeof v !== 'string' || !isBusinessDate(v)) return MSG.dataInvalida;
  if ((min && v < min) || (max && v > max)) return rangeMessage ?? MSG.dataInvalida;
  return null;
}

/**
 * A date typed as DD/MM/YYYY ('dd/mm/aaaa' placeholder) whose form value is 'YYYY-MM-DD'. It checks itself
 * ('Data inválida', range) for forms without a schema, such as filters; with a schema, zod speaks.
 */
export function DateField({ control, name, label, required, disabled, min, max, rangeMessage }: Props) {
  const { field, fieldState } = useController({
    control,
    name,
    rules: { validate: (v) => dateProblem(v, { min, max, rangeMessage }) ?? true },
  });
  const [text, typed] = useTextState(field.value, dateTextFromValue);
  const [left, setLeft] = useState(false);
  const hint = left ? dateProblem(field.value, { min, max, rangeMessage }) : null;
  const message = fieldState.error?.message ?? hint;
  return (
    <TextField
      fullWidth
      label={label}
      required={required}
      disabled={disabled}
      name={field.name}
      value={text}
      placeholder={MSG.dataPlaceholder}
      onChange={(e) => {
        const next = maskDate(e.target.value);
        const value = dateValueFromText(next);
        typed(next, value);
        setLeft(false);
        field.onChange(value);
      }}
      onBlur={() => {
        setLeft(true);
        field.onBlur();
      }}
      inputRef={field.ref}
      error={!!message}
      helperText={message ?? undefined}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
    />
  );
}
