import { InputAdornment } from '@mui/material';
import { maskDecimal, moneyFromText, moneyToText, rateFromText, rateToText } from './decimal-text';
import type { FieldProps } from './field-props';
import { MaskedTextField } from './masked-text-field';

type Kind = { decimals: number; fromText: (t: string) => number | null; toText: (v: unknown) => string; adornment: string; end: boolean };

const MONEY: Kind = { decimals: 2, fromText: moneyFromText, toText: moneyToText, adornment: 'R$', end: false };
const PERCENT: Kind = { decimals: 4, fromText: rateFromText, toText: rateToText, adornment: '%', end: true };

/**
 * Money and rates typed with thousands dot and decimal comma. The form value is a number (money: integer
 * centavos); on leaving the field the text is written back in its canonical form ('1.234,5' → '1.234,50').
 */
function DecimalField({ kind, ...props }: FieldProps & { kind: Kind }) {
  const adornment = <InputAdornment position={kind.end ? 'end' : 'start'}>{kind.adornment}</InputAdornment>;
  return (
    <MaskedTextField
      {...props}
      toText={kind.toText}
      fromTyped={(raw) => {
        const text = maskDecimal(raw, kind.decimals);
        return { text, value: kind.fromText(text) };
      }}
      textOnBlur={(v) => (typeof v === 'number' ? kind.toText(v) : undefined)}
      inputMode="decimal"
      slotProps={{ input: kind.end ? { endAdornment: adornment } : { startAdornment: adornment } }}
    />
  );
}

export const MoneyField = (p: FieldProps) => <DecimalField {...p} kind={MONEY} />;
export const PercentField = (p: FieldProps) => <DecimalField {...p} kind={PERCENT} />;
