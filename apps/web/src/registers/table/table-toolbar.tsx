import { fillMessage, formatInteger, LIST_CSV_MAX_ROWS, MSG } from '@concilia/domain';
import Download from '@mui/icons-material/Download';
import Print from '@mui/icons-material/Print';
import { Box, IconButton, Tooltip } from '@mui/material';
import { MRT_ShowHideColumnsButton, MRT_ToggleGlobalFilterButton, type MRT_TableInstance } from 'material-react-table';
import { useNotify } from '../../app/notifications';
import { useProcessing } from '../../app/processing';
import type { ListAnswer } from '../register-api';
import { downloadText, toCsv } from '../csv-export';
import type { Row } from '../register-fields';
import { ColumnFilterPanel } from './column-filter-panel';
import type { RegisterColumn } from './register-columns';

type Props = {
  table: MRT_TableInstance<Row>;
  columns: RegisterColumn[];
  fileName: string;
  /** the whole search, when the server pages it (the table holds one page): asked for when the CSV is */
  wholeList?: () => Promise<ListAnswer>;
};

/** 'Procurar', 'Download CSV', 'Imprimir', 'Exibir Colunas' and 'Filtrar', in the old screens' order. */
export function TableToolbar({ table, columns, fileName, wholeList }: Props) {
  const processing = useProcessing();
  const notify = useNotify();
  const downloadCsv = async () => {
    const visible = columns.filter((c) => table.getColumn(c.id!).getIsVisible());
    const write = (rows: Row[]) => downloadText(fileName, toCsv(visible.map((c) => ({ header: String(c.header), text: c.text, data: c.data })), rows));
    if (!wholeList) {
      write(table.getPrePaginationRowModel().rows.map((r) => r.original));
      return;
    }
    // a failed page reaches the user through the shell's error rules; no partial file is written
    const whole = await processing(wholeList()).catch(() => null);
    if (!whole) return;
    write(whole.rows);
    if (whole.total > whole.rows.length) {
      notify(fillMessage(MSG.tabelaCsvLimitado, { limite: formatInteger(LIST_CSV_MAX_ROWS), total: formatInteger(whole.total) }), 'warning');
    }
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center' }} data-print-hide>
      {/* off while the server pages the list: the search box and the column filters could only see the page */}
      {table.options.enableGlobalFilter ? <MRT_ToggleGlobalFilterButton table={table} /> : null}
      <Tooltip title={MSG.tabelaDownloadCsv}>
        <IconButton aria-label={MSG.tabelaDownloadCsv} onClick={() => void downloadCsv()}>
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
