import { addMonths, MSG } from '@concilia/domain';
import { Stack } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { DateField } from './date-field';
import type { FieldProps } from './field-props';

type Props = Omit<FieldProps, 'name' | 'label'> & {
  deName: string;
  ateName: string;
  deLabel?: string;
  ateLabel?: string;
  /** the window's limit in months (default one); null for a pair without a limit */
  months?: number | null;
};

const isoOrNull = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null);

/**
 * The one-month search window of spec part 1 §4/§5: picking 'de' limits 'até' to one month later, picking
 * 'até' limits 'de' to one month earlier, and clearing one clears the other's bound. Without a limit
 * (months null) 'até' only cannot come before 'de'.
 */
export function DateRangeFilter({ control, deName, ateName, deLabel = 'De', ateLabel = 'Até', required, disabled, months = 1 }: Props) {
  const de = isoOrNull(useWatch({ control, name: deName }));
  const ate = isoOrNull(useWatch({ control, name: ateName }));
  return (
    <Stack direction="row" spacing={2}>
      <DateField
        control={control}
        name={deName}
        label={deLabel}
        required={required}
        disabled={disabled}
        min={ate && months ? addMonths(ate, -months) : undefined}
        max={months ? undefined : (ate ?? undefined)}
        rangeMessage={months ? MSG.periodoMaximo : MSG.periodoInvertido}
      />
      <DateField
        control={control}
        name={ateName}
        label={ateLabel}
        required={required}
        disabled={disabled}
        min={months ? undefined : (de ?? undefined)}
        max={de && months ? addMonths(de, months) : undefined}
        rangeMessage={months ? MSG.periodoMaximo : MSG.periodoInvertido}
      />
    </Stack>
  );
}
