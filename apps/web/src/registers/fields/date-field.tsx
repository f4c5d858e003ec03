import { isBusinessDate, MSG } from '@concilia/domain';
import { dateTextFromValue, dateValueFromText, maskDate } from './date-text';
import type { FieldProps } from './field-props';
import { MaskedTextField } from './masked-text-field';

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

const fromTyped = (raw: string) => {
  const text = maskDate(raw);
  return { text, value: dateValueFromText(text) };
};

/**
 * A date typed as DD/MM/YYYY ('dd/mm/aaaa' placeholder) whose form value is 'YYYY-MM-DD'. It checks itself
 * ('Data inválida', range) for forms without a schema, such as filters; with a schema, zod speaks.
 */
export function DateField({ min, max, rangeMessage, ...props }: Props) {
  const problem = (v: unknown) => dateProblem(v, { min, max, rangeMessage });
  return (
    <MaskedTextField
      {...props}
      toText={dateTextFromValue}
      fromTyped={fromTyped}
      rules={{ validate: (v) => problem(v) ?? true }}
      hint={problem}
      placeholder={MSG.dataPlaceholder}
      inputMode="numeric"
      maxLength={10}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}
