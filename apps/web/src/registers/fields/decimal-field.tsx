import { InputAdornment, TextField } from '@mui/material';
import { useController } from 'react-hook-form';
import { maskDecimal, moneyFromText, moneyToText, rateFromText, rateToText } from './decimal-text';
import type { FieldProps } from './field-props';
import { useTextState } from './use-text-state';

type Kind = { decimals: number; fromText: (t: string) => number | null; toText: (v: unknown) => string; adornment: string; end: boolean };

const MONEY: Kind = { decimals: 2, fromText: moneyFromText, toText: moneyToText, adornment: 'R$', end: false };
const PERCENT: Kind = { decimals: 4, fromText: rateFromText, toText: rateToText, adornment: '%', end: true };

/**
 * Money and rates typed with thousands dot and decimal comma. The form value is a number (money: integer
 * centavos); on leaving the field the text is written back in its canonical form ('1.234,5' → '1.234,50').
 */
function DecimalField({ control, name, label, required, disabled, kind }: FieldProps & { kind: Kind }) {
  const { field, fieldState } = useController({ control, name });
  const [text, typed] = useTextState(field.value, kind.toText);
  const adornment = <InputAdornment position={kind.end ? 'end' : 'start'}>{kind.adornment}</InputAdornment>;
  return (
    <TextField
      fullWidth
      label={label}
      required={required}
      disabled={disabled}
      name={field.name}
      value={text}
      onChange={(e) => {
        const next = maskDecimal(e.target.value, kind.decimals);
        const value = kind.fromText(next);
        typed(next, value);
        field.onChange(value);
      }}
      onBlur={() => {
        if (typeof field.value === 'number') typed(kind.toText(field.value), field.value);
        field.onBlur();
      }}
      inputRef={field.ref}
      error={!!fieldState.error}
      helperText={fieldState.error?.message}
      slotProps={{
        htmlInput: { inputMode: 'decimal' },
        input: kind.end ? { endAdornment: adornment } : { startAdornment: adornment },
      }}
    />
  );
}

export const MoneyField = (p: FieldProps) => <DecimalField {...p} kind={MONEY} />;
export const PercentField = (p: FieldProps) => <DecimalField {...p} kind={PERCENT} />;
