import { MSG } from '@concilia/domain';
import Download from '@mui/icons-material/Download';
import Print from '@mui/icons-material/Print';
import { Box, IconButton, Tooltip } from '@mui/material';
import { MRT_ShowHideColumnsButton, MRT_ToggleGlobalFilterButton, type MRT_TableInstance } from 'material-react-table';
import { downloadText, toCsv } from '../csv-export';
import type { Row } from '../register-fields';
import { ColumnFilterPanel } from './column-filter-panel';
import type { RegisterColumn } from './register-columns';

type Props = { table: MRT_TableInstance<Row>; columns: RegisterColumn[]; fileName: string };

/** 'Procurar', 'Download CSV', 'Imprimir', 'Exibir Colunas' and 'Filtrar', in the old screens' order. */
export function TableToolbar({ table, columns, fileName }: Props) {
  const downloadCsv = () => {
    const visible = columns.filter((c) => table.getColumn(c.id!).getIsVisible());
    const rows = table.getPrePaginationRowModel().rows.map((r) => r.original);
    downloadText(fileName, toCsv(visible.map((c) => ({ header: String(c.header), text: c.text, data: c.data })), rows));
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center' }} data-print-hide>
      {/* off while the server pages the list: the search box and the column filters could only see the page */}
      {table.options.enableGlobalFilter ? <MRT_ToggleGlobalFilterButton table={table} /> : null}
      <Tooltip title={MSG.tabelaDownloadCsv}>
        <IconButton aria-label={MSG.tabelaDownloadCsv} onClick={downloadCsv}>
          <Download />
        </IconButton>
      </Tooltip>
      <Tooltip title={MSG.tabelaImprimir}>
        <IconButton aria-label={MSG.tabelaImprimir} onClick={() => window.print()}>
          <Print />
        </IconButton>
      </Tooltip>
      <MRT_ShowHideColumnsButton table={table} />
      {table.options.enableColumnFilters ? <ColumnFilterPanel table={table} columns={columns} /> : null}
    </Box>
  );
}
