import { MSG, type AnyRegisterDef, windowError } from '@concilia/domain';
import { Box, Button, Container, Drawer, LinearProgress, Stack, Typography } from '@mui/material';
import { useForm } from 'react-hook-form';
import { DateRangeFilter } from './fields/date-range-filter';
import type { Values } from './fields/field-props';
import { RegisterField } from './fields/register-field';
import { filterVariables, initialFilterValues } from './filter-values';
import { filterFields, type Row } from './register-fields';

type Props = {
  def: AnyRegisterDef;
  open: boolean;
  searching: boolean;
  onClose: () => void;
  /** runs the search with <T>Filter values; resolves true when it succeeded (the drawer then closes) */
  onSearch: (filter: Row) => Promise<boolean>;
};

/**
 * The top drawer with the register's filters, 'Filtrar' and 'Fechar'. It stays mounted while closed, so
 * the filter the user typed is still there when it opens again.
 */
export function FilterDrawer({ def, open, searching, onClose, onSearch }: Props) {
  const { control, handleSubmit, setError } = useForm<Values>({ defaultValues: initialFilterValues(def) });
  const submit = handleSubmit(async (values) => {
    const filter = filterVariables(def, values);
    // the server says the same; asking first keeps the message beside the date instead of in a toast
    const bad = def.window ? windowError(def.window, filter) : null;
    if (bad) {
      setError(bad.field, { message: bad.message });
      return;
    }
    if (await onSearch(filter)) onClose();
  });
  const w = def.window;
  const inWindow = (name: string) => !!w && (name === w.de || name === w.ate);
  return (
    <Drawer
      anchor="top"
      open={open}
      onClose={onClose}
      keepMounted
      // above the shell's top bar, which sits over the (docked) menu drawer
      sx={(theme) => ({ zIndex: theme.zIndex.modal })}
      slotProps={{ paper: { role: 'dialog', 'aria-label': MSG.listaAbrirFiltro } }}
    >
      {searching ? <LinearProgress /> : <Box sx={{ height: 4 }} />}
      <Container maxWidth="lg" sx={{ py: 2 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>{def.title}</Typography>
        <Box component="form" noValidate onSubmit={submit}>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' } }}>
            {filterFields(def).filter(([name]) => !inWindow(name)).map(([name, f]) => (
              <RegisterField key={name} control={control} name={name} def={f} mode="filter" />
            ))}
            {w ? (
              <Box sx={{ gridColumn: { sm: 'span 2' } }}>
                <DateRangeFilter
                  control={control}
                  deName={w.de}
                  ateName={w.ate}
                  deLabel={def.fields[w.de]!.label}
                  ateLabel={def.fields[w.ate]!.label}
                  months={w.maxMonths ?? null}
                />
              </Box>
            ) : null}
          </Box>
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 2 }}>
            <Button onClick={onClose}>{MSG.listaFechar}</Button>
            <Button type="submit" variant="contained" disabled={searching}>{MSG.listaFiltrar}</Button>
          </Stack>
        </Box>
      </Container>
    </Drawer>
  );
}
