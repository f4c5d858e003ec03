import { MSG, type AnyRegisterDef } from '@concilia/domain';
import { Box, Button, Container, Drawer, LinearProgress, Stack, Typography } from '@mui/material';
import { useForm } from 'react-hook-form';
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
  const { control, handleSubmit } = useForm<Values>({ defaultValues: initialFilterValues(def) });
  const submit = handleSubmit(async (values) => {
    if (await onSearch(filterVariables(def, values))) onClose();
  });
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
            {filterFields(def).map(([name, f]) => (
              <RegisterField key={name} control={control} name={name} def={f} mode="filter" />
            ))}
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
