import { MSG, type AnyRegisterDef } from '@concilia/domain';
import { LinearProgress } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { RightDrawer } from './drawers/right-drawer';
import { newRowValues, rowValues } from './form-values';
import { fetchRow } from './register-api';
import { rowIdOf, type Row } from './register-fields';
import { RegisterForm } from './register-form';
import type { FormFieldsOverride } from './register-overrides';

type Props = {
  def: AnyRegisterDef;
  open: boolean;
  /** the selected row to edit, or null to add one */
  editing: Row | null;
  searchValues: Row | null;
  onClose: () => void;
  onSaved: (row: Row) => void;
  FormFields?: FormFieldsOverride;
  /** values the screen fixes (a sublist's parent): a new row takes them, the form does not show them */
  fixed?: Row;
  /** a new row's first values where they are known (a rate started from the sales it is for); shown and editable */
  initial?: Row;
};

/**
 * The right drawer (500 px) with the register's form. Editing reads the row again with the register's
 * get call, so the form starts from what the database holds now, not from the list fetched earlier.
 */
export function FormDrawer({ def, open, editing, searchValues, onClose, onSaved, FormFields, fixed, initial }: Props) {
  return (
    <RightDrawer open={open} title={def.title} subtitle={editing ? MSG.listaEditar : MSG.listaAdicionar} onClose={onClose}>
      {!open ? null : editing ? (
        <EditForm def={def} row={editing} searchValues={searchValues} onSaved={onSaved} FormFields={FormFields} fixed={fixed} />
      ) : (
        <RegisterForm def={def} initial={{ ...newRowValues(def), ...initial, ...fixed }} original={null} searchValues={searchValues} onSaved={onSaved} FormFields={FormFields} fixed={fixed} />
      )}
    </RightDrawer>
  );
}

function EditForm({ def, row, initial: _new, ...rest }: Omit<Props, 'open' | 'editing' | 'onClose'> & { row: Row }) {
  const current = useQuery({ queryKey: ['register', def.key, 'row', rowIdOf(def, row)], queryFn: () => fetchRow(def, row), gcTime: 0 });
  if (current.isPending) return <LinearProgress />;
  // a failed read has been announced by the error rules; the list's copy still lets the user work
  const loaded = current.data ?? row;
  return <RegisterForm def={def} initial={rowValues(def, loaded)} original={loaded} {...rest} />;
}
