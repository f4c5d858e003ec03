import { DASHBOARD_REGISTROS, type DashboardFilter, dashboardFilterSchema, MSG, OPTION_ALL, ROUTES } from '@concilia/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, FormControl, FormControlLabel, FormLabel, Radio, RadioGroup } from '@mui/material';
import { Controller, useForm } from 'react-hook-form';
import type { Values } from '../../registers/fields/field-props';
import { DateRangeFilter } from '../../registers/fields/date-range-filter';
import { SelectField } from '../../registers/fields/select-field';
import { TopFilterDrawer } from '../../registers/top-filter-drawer';

type Props = {
  open: boolean;
  searching: boolean;
  initial: DashboardFilter;
  onClose: () => void;
  /** runs the search; resolves true when it succeeded (the drawer then closes) */
  onSearch: (filter: DashboardFilter) => Promise<boolean>;
};

/**
 * The dashboard's top filter drawer (spec part 1 "Dashboard"): Conciliador, 'Registros de:' VENDA or
 * PAGAMENTO, De/Até within one month — checked by the same schema the server applies — Filtrar and Fechar,
 * and a progress bar while searching.
 */
export function DashboardFilterDrawer({ open, searching, initial, onClose, onSearch }: Props) {
  const { control, handleSubmit } = useForm<Values>({
    // the select's 'Todos' is -999 in the form; the schema reads it as "every client"
    defaultValues: { ...initial, empresa: initial.empresa ?? OPTION_ALL },
    resolver: zodResolver(dashboardFilterSchema) as never,
  });
  const submit = handleSubmit(async (values) => {
    if (await onSearch(values as unknown as DashboardFilter)) onClose();
  });
  return (
    <TopFilterDrawer title={ROUTES.dashboard.title} open={open} searching={searching} onClose={onClose} onSubmit={submit}>
      <Box sx={{ display: 'grid', gap: 2, alignItems: 'center', gridTemplateColumns: { xs: '1fr', md: '1fr auto 2fr' } }}>
        <SelectField control={control} name="empresa" label={MSG.dashboardConciliador} optionList="listarItensConciliadores" todos valueKind="int" />
        <Controller
          control={control}
          name="registro"
          render={({ field }) => (
            <FormControl>
              <FormLabel id="dashboard-registro">{MSG.dashboardRegistrosDe}</FormLabel>
              <RadioGroup row aria-labelledby="dashboard-registro" name={field.name} value={field.value} onChange={(e) => field.onChange(e.target.value)}>
                {[...DASHBOARD_REGISTROS].reverse().map((r) => <FormControlLabel key={r} value={r} control={<Radio />} label={r} />)}
              </RadioGroup>
            </FormControl>
          )}
        />
        <DateRangeFilter control={control} deName="de" ateName="ate" deLabel={MSG.dashboardDe} ateLabel={MSG.dashboardAte} required />
      </Box>
    </TopFilterDrawer>
  );
}
