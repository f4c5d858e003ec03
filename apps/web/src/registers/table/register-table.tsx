import { LIST_PAGE, MSG, type AnyRegisterDef } from '@concilia/domain';
import { type CheckboxProps, Typography, useMediaQuery, useTheme } from '@mui/material';
import {
  MaterialReactTable, type MRT_PaginationState, type MRT_RowSelectionState, type MRT_VisibilityState, useMaterialReactTable,
} from 'material-react-table';
import { type Dispatch, type SetStateAction, useMemo, useState } from 'react';
import { DatesProvider } from '../../app/dates-provider';
import type { ListAnswer } from '../register-api';
import { rowIdOf, type Row } from '../register-fields';
import { registerColumns } from './register-columns';
import { SelectionBanner } from './selection-banner';
import { TABLE_LOCALIZATION } from './table-localization';
import { TableToolbar } from './table-toolbar';
import { useOptionLabels } from './use-option-labels';

export const PAGE_SIZE: number = LIST_PAGE.sizes[0];
const SELECT_COLUMN = 'mrt-row-select';

/**
 * MRT names its selection checkboxes through `inputProps`, which MUI 9 dropped (the name is lost and React
 * warns); the same names go through `slotProps.input` instead.
 */
const checkboxNamed = (name: string) => ({ inputProps: undefined, slotProps: { input: { 'aria-label': name } } }) as CheckboxProps;

type Props = {
  def: AnyRegisterDef;
  rows: Row[];
  loading: boolean;
  /** false until the first search when the register skips it: the table then asks for a filter */
  searched: boolean;
  rowSelection: MRT_RowSelectionState;
  onRowSelectionChange: Dispatch<SetStateAction<MRT_RowSelectionState>>;
  pagination: MRT_PaginationState;
  onPaginationChange: Dispatch<SetStateAction<MRT_PaginationState>>;
  /**
   * the whole filter's count when the server pages it (use-list-pages.ts): `rows` is then the page shown and a
   * page change asks for another; the search box, sorting and column filters, which could only see the page,
   * are off (the filter drawer narrows the search). Null: `rows` is everything, paged in the browser.
   */
  serverTotal: number | null;
  /** every row of the search the server pages, for 'Download CSV' (absent when `rows` is everything) */
  wholeList?: () => Promise<ListAnswer>;
};

/**
 * The list of the generic screen: 10 rows a page, the spec's table texts, multiple selection with
 * checkboxes on a desktop and a tap that selects one row on a phone.
 */
export function RegisterTable({ def, rows, loading, searched, rowSelection, onRowSelectionChange, pagination, onPaginationChange, serverTotal, wholeList }: Props) {
  const theme = useTheme();
  const mobile = useMediaQuery(theme.breakpoints.down('md'));
  const labels = useOptionLabels(def);
  const columns = useMemo(() => registerColumns(def, labels), [def, labels]);
  const [hidden, setHidden] = useState<MRT_VisibilityState>({});

  const table = useMaterialReactTable<Row>({
    columns,
    data: rows,
    getRowId: (row) => rowIdOf(def, row),
    localization: TABLE_LOCALIZATION,
    initialState: { showGlobalFilter: false },
    onPaginationChange,
    ...(serverTotal === null ? {} : { manualPagination: true, rowCount: serverTotal, enableGlobalFilter: false, enableSorting: false }),
    state: {
      pagination,
      rowSelection,
      showProgressBars: loading,
      // a phone selects by tapping the row, so the checkbox column only takes room there
      columnVisibility: { ...hidden, [SELECT_COLUMN]: !mobile },
    },
    onRowSelectionChange,
    onColumnVisibilityChange: (updater) =>
      setHidden((old) => {
        const next = typeof updater === 'function' ? updater(old) : updater;
        const { [SELECT_COLUMN]: _select, ...rest } = next;
        return rest;
      }),
    enableRowSelection: true,
    enableMultiRowSelection: !mobile,
    enableColumnActions: false,
    enableDensityToggle: false,
    enableFullScreenToggle: false,
    enableColumnFilters: serverTotal === null,
    positionToolbarAlertBanner: 'top',
    renderToolbarAlertBannerContent: ({ table: t }) => <SelectionBanner table={t} />,
    muiSelectCheckboxProps: checkboxNamed(TABLE_LOCALIZATION.toggleSelectRow),
    muiSelectAllCheckboxProps: checkboxNamed(TABLE_LOCALIZATION.toggleSelectAll),
    muiPaginationProps: { rowsPerPageOptions: [...LIST_PAGE.sizes] },
    muiTableBodyRowProps: ({ row }) => ({
      onClick: mobile ? () => onRowSelectionChange((s) => (s[row.id] ? {} : { [row.id]: true })) : undefined,
      sx: mobile ? { cursor: 'pointer' } : undefined,
      'data-testid': 'register-row',
    }),
    renderToolbarInternalActions: ({ table: t }) => <TableToolbar table={t} columns={columns} fileName={`${def.key}.csv`} wholeList={serverTotal === null ? undefined : wholeList} />,
    renderEmptyRowsFallback: () => (
      <Typography sx={{ py: 4, textAlign: 'center', color: 'text.secondary', fontStyle: 'italic' }}>
        {searched ? MSG.tabelaSemResultados : MSG.listaEfetueFiltro}
      </Typography>
    ),
  });
  // the date filters' adapter and locale: here, with the table, so the shell and other screens do not load them
  return (
    <DatesProvider>
      <MaterialReactTable table={table} />
    </DatesProvider>
  );
}
