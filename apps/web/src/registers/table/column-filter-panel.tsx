import { MSG } from '@concilia/domain';
import FilterList from '@mui/icons-material/FilterList';
import { Box, Button, IconButton, MenuItem, Popover, Stack, TextField, Tooltip, Typography } from '@mui/material';
import type { MRT_TableInstance } from 'material-react-table';
import { useState } from 'react';
import type { Row } from '../register-fields';
import type { RegisterColumn } from './register-columns';

/**
 * The table's 'Filtrar' panel ('FILTROS', 'RESET', 'TODOS'): narrows the rows already on screen by a
 * column's shown value, without a new search.
 */
export function ColumnFilterPanel({ table, columns }: { table: MRT_TableInstance<Row>; columns: RegisterColumn[] }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const rows = table.getCoreRowModel().rows.map((r) => r.original);
  const visible = columns.filter((c) => table.getColumn(c.id!).getIsVisible());
  return (
    <>
      <Tooltip title={MSG.tabelaFiltrar}>
        <IconButton aria-label={MSG.tabelaFiltrar} onClick={(e) => setAnchor(e.currentTarget)}>
          <FilterList />
        </IconButton>
      </Tooltip>
      <Popover open={!!anchor} anchorEl={anchor} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
        <Box sx={{ p: 2, width: 320 }} role="group" aria-label={MSG.tabelaFiltros}>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
            <Typography variant="subtitle2">{MSG.tabelaFiltros}</Typography>
            <Button size="small" onClick={() => table.resetColumnFilters()}>{MSG.tabelaReset}</Button>
          </Stack>
          <Stack spacing={2}>
            {visible.map((c) => {
              const column = table.getColumn(c.id!);
              const values = [...new Set(rows.map(c.text).filter((t) => t !== ''))].sort((a, b) => a.localeCompare(b, 'pt-BR'));
              return (
                <TextField
                  key={c.id}
                  select
                  size="small"
                  label={String(c.header)}
                  value={(column.getFilterValue() as string | undefined) ?? ''}
                  onChange={(e) => column.setFilterValue(e.target.value === '' ? undefined : e.target.value)}
                  slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
                >
                  <MenuItem value="">{MSG.tabelaTodos}</MenuItem>
                  {values.map((v) => <MenuItem key={v} value={v}>{v}</MenuItem>)}
                </TextField>
              );
            })}
          </Stack>
        </Box>
      </Popover>
    </>
  );
}
