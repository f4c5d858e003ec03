import { type AnyRegisterDef, type FieldDef, MSG } from '@concilia/domain';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import {
  Box, Button, FormHelperText, IconButton, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography,
} from '@mui/material';
import { useState } from 'react';
import { useController, useForm, useFormState, useWatch } from 'react-hook-form';
import { useNotifier } from '../../app/notifications';
import { showServerError } from '../../features/auth/server-errors';
import { gql } from '../../lib/api-client';
import { entryDocument } from '../register-operations';
import type { FieldProps, Values } from './field-props';
import { RegisterField } from './register-field';

type Line = Record<string, unknown>;

/**
 * First values of an entry field's entry row, given with the form's first values (FormDrawer `initial`): a rate
 * started from a sale starts its first range at the sale's installments.
 */
export const entryStart = (field: string, line: Line): Line => ({ [`${field}Entrada`]: line });
type Answer = { mensagem: string | null; taxas: string } & Record<string, unknown>;

/** The line's fields as the user types them (its code is the server's). */
const typed = (f: FieldDef) => Object.entries(f.items ?? {}).filter(([k]) => k !== f.entry?.id);
const emptyLine = (f: FieldDef): Values => Object.fromEntries(typed(f).map(([k, lf]) => [k, lf.kind === 'enum' ? (lf.options?.[0]?.valor ?? null) : null]));

/**
 * An 'entry' items field (FieldDef.entry; a rate's ranges in the rate wizard): the line is typed once in an
 * entry row and 'Adicionar' asks the server to check it against the list. A refusal comes back as a warning
 * and the entry stays as typed; an accepted line refreshes the list and clears the entry (with a warning too
 * when it leaves a gap). A listed line is loaded back into the entry to be changed ('Atualizar') or removed
 * by its delete icon — each a server check as well. Nothing is stored until the form is saved.
 */
export function EntryItemsField({ control, name, label, disabled, field, register }: FieldProps & { field: FieldDef; register: AnyRegisterDef }) {
  const spec = field.entry!;
  const notifier = useNotifier();
  const { field: list } = useController({ control, name });
  const { errors } = useFormState({ control, name });
  const context = useWatch({ control, name: [...spec.context] }) as unknown[];
  const own = errors[name] as { message?: string; root?: { message?: string } } | undefined;
  const message = own?.message ?? own?.root?.message;
  const start = useWatch({ control, name: `${name}Entrada` }) as Line | undefined;
  const entry = useForm<Values>({ defaultValues: { ...emptyLine(field), ...start } });
  const shown = useWatch({ control: entry.control });
  const [editing, setEditing] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const lines = (list.value as Line[] | null) ?? [];
  const lineFields = typed(field).filter(([, lf]) => !lf.shownWhen || lf.shownWhen.values.includes(String(shown[lf.shownWhen.field])));

  const check = async (operation: string, values: Values) => {
    setBusy(true);
    try {
      const answer = (await gql<Record<string, Answer>>(entryDocument(register, name, operation), { values }, { silent: true }))[operation]!;
      const next = answer[name] as Line[];
      const accepted = JSON.stringify(next) !== JSON.stringify(lines);
      if (accepted) list.onChange(next);
      if (answer.mensagem) notifier.warning(answer.mensagem);
      return accepted;
    } catch (err) {
      showServerError(err, { fields: [], setError: () => undefined, warn: notifier.warning });
      return false;
    } finally {
      setBusy(false);
    }
  };
  const contextValues = () => Object.fromEntries(spec.context.map((c, i) => [c, context[i] ?? null]));

  const put = async () => {
    const ctx = contextValues();
    const flagged = spec.flagged && ctx[spec.flagged.field] === true;
    const operation = editing !== null && spec.update ? spec.update : flagged ? spec.flagged!.add : spec.add;
    const values = { ...ctx, ...entry.getValues(), [spec.id]: editing, [name]: lines, insert: lines.length === 0 };
    if (await check(operation, values)) {
      entry.reset(emptyLine(field));
      setEditing(null);
    }
  };
  const remove = async (line: Line) => {
    await check(spec.remove, { ...contextValues(), [spec.id]: line[spec.id], [name]: lines });
    if (editing === line[spec.id]) {
      entry.reset(emptyLine(field));
      setEditing(null);
    }
  };
  const load = (line: Line) => {
    entry.reset(Object.fromEntries(typed(field).map(([k]) => [k, line[k] ?? null])));
    setEditing(Number(line[spec.id]));
  };

  return (
    <Box component="fieldset" sx={{ border: 1, borderColor: message ? 'error.main' : 'divider', borderRadius: 1, p: 1.5, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>{label}</Typography>
      <Stack spacing={1.5} role="group" aria-label={`${label}: nova linha`}>
        {lineFields.map(([k, lf]) => (
          <RegisterField key={k} control={entry.control} name={k} def={lf} mode="form" disabled={disabled || busy} />
        ))}
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" startIcon={editing === null ? <Add /> : <EditOutlined />} onClick={put} disabled={disabled || busy}>
            {editing === null ? MSG.listaAdicionar : MSG.listaAtualizarLinha}
          </Button>
          {editing === null ? null : (
            <Button onClick={() => { entry.reset(emptyLine(field)); setEditing(null); }} disabled={busy}>{MSG.listaCancelar}</Button>
          )}
        </Stack>
      </Stack>
      <Box sx={{ overflowX: 'auto', mt: 2 }}>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 32 }}>#</TableCell>
              <TableCell>{label}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.length === 0 ? (
              <TableRow><TableCell colSpan={3}>{MSG.listaNenhumaLinha}</TableCell></TableRow>
            ) : lines.map((line, i) => (
              <TableRow key={String(line[spec.id] ?? i)} selected={editing === line[spec.id]}>
                <TableCell>{i + 1}</TableCell>
                <TableCell>{spec.text(line)}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap', width: 96 }}>
                  {spec.update ? (
                    <IconButton size="small" aria-label={`${MSG.listaEditarLinha} ${i + 1}`} onClick={() => load(line)} disabled={disabled || busy}>
                      <EditOutlined fontSize="small" />
                    </IconButton>
                  ) : null}
                  <IconButton size="small" aria-label={`${MSG.listaRemoverLinha} ${i + 1}`} onClick={() => remove(line)} disabled={disabled || busy}>
                    <DeleteOutline fontSize="small" />
                  </IconButton>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {message ? <FormHelperText error>{message}</FormHelperText> : null}
    </Box>
  );
}
