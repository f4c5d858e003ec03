import type { ReportDef } from '@concilia/domain';
import { Box } from '@mui/material';
import { useMemo } from 'react';
import type { Control } from 'react-hook-form';
import type { Values } from '../../registers/fields/field-props';
import { RegisterField } from '../../registers/fields/register-field';
import { reportFilterFields, requiredFilterFields } from './report-filter';

type Props = {
  def: ReportDef;
  control: Control<Values>;
  /** where the filter sits in the form's values ('filtro.' in the schedule form); none on the Gerar tab */
  prefix?: string;
  /** columns from md up: the schedule drawer is narrower than the page */
  columns?: 1 | 2 | 3;
};

/**
 * A generator's filter drawn by the register kit's field widgets from its declaration (date, reference with
 * 'Todos', enum…), as a filter drawer draws a register's: no report writes a field of its own.
 */
export function ReportFilterFields({ def, control, prefix = '', columns = 3 }: Props) {
  const fields = useMemo(() => reportFilterFields(def), [def]);
  const required = useMemo(() => requiredFilterFields(def), [def]);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: `repeat(${Math.min(columns, 2)}, 1fr)`, md: `repeat(${columns}, 1fr)` } }}>
      {fields.map(([name, f]) => (
        <RegisterField key={name} control={control} name={`${prefix}${name}`} def={f} mode="filter" required={required.has(name)} />
      ))}
    </Box>
  );
}
