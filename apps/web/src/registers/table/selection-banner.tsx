import { formatInteger, MSG } from '@concilia/domain';
import { Button, Stack } from '@mui/material';
import type { MRT_TableInstance } from 'material-react-table';
import type { Row } from '../register-fields';
import { TABLE_LOCALIZATION } from './table-localization';

/**
 * '{n} linha(s) selecionadas' above the table. MRT's own banner lays this out with a system prop MUI 9
 * no longer has (React then warns about `alignItems` on a div), so the screen draws it itself.
 */
export function SelectionBanner({ table }: { table: MRT_TableInstance<Row> }) {
  const count = Object.values(table.getState().rowSelection).filter(Boolean).length;
  if (count === 0) return null;
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', p: '0.5rem 1rem' }}>
      <span>{MSG.tabelaLinhasSelecionadas.replace('{n}', formatInteger(count))}</span>
      <Button size="small" onClick={() => table.resetRowSelection()}>{TABLE_LOCALIZATION.clearSelection}</Button>
    </Stack>
  );
}
