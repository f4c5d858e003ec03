import type { AnyRegisterDef } from '@concilia/domain';
import type { MRT_ColumnDef } from 'material-react-table';
import { formatCell, type OptionLabels } from '../cell-format';
import { columnFields, type Row } from '../register-fields';

/** A column with the text it shows, which the CSV and the column filters reuse; `data` for numbers, amounts and dates (never neutralised in the CSV). */
export type RegisterColumn = MRT_ColumnDef<Row> & { text: (row: Row) => string; data: boolean };

const DATA_KINDS: ReadonlySet<string> = new Set(['number', 'money', 'percent', 'date', 'datetime']);

/**
 * The table's columns from the declaration's `column` fields. Cells show pt-BR text; sorting uses the raw
 * value (dates 'YYYY-MM-DD' and centavos sort right as they are); the column filter compares the shown
 * text, as the filter panel offers it.
 */
export function registerColumns(def: AnyRegisterDef, labels: OptionLabels): RegisterColumn[] {
  return columnFields(def).map(([name, f]) => {
    const text = (row: Row) => formatCell(f, row[name], labels[name]);
    return {
      id: name,
      header: f.header ?? f.label,
      ...(f.width ? { size: f.width } : {}),
      accessorFn: (row: Row) => row[name] as string | number | null,
      Cell: ({ row }) => text(row.original),
      filterFn: (row, _id, filterValue) => text(row.original) === filterValue,
      text,
      data: DATA_KINDS.has(f.kind),
    };
  });
}
