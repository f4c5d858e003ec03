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
};

const isoOrNull = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null);

/**
 * The one-month search window of spec part 1 §4/§5: picking 'de' limits 'até' to one month later, picking
 * 'até' limits 'de' to one month earlier, and clearing one clears the other's bound.
 */
export function DateRangeFilter({ control, deName, ateName, deLabel = 'De', ateLabel = 'Até', required, disabled }: Props) {
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
        min={ate ? addMonths(ate, -1) : undefined}
        rangeMessage={MSG.periodoMaximo}
      />
      <DateField
        control={control}
        name={ateName}
        label={ateLabel}
        required={required}
        disabled={disabled}
        max={de ? addMonths(de, 1) : undefined}
        rangeMessage={MSG.periodoMaximo}
      />
    </Stack>
  );
}
