import { type FieldDef, MSG } from '@concilia/domain';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import { Box, Button, FormHelperText, IconButton, Stack, Typography } from '@mui/material';
import { useFieldArray, useFormState } from 'react-hook-form';
import type { FieldProps } from './field-props';
import { RegisterField } from './register-field';

/** An empty line: every field of the line unset. */
const emptyLine = (items: Record<string, FieldDef>) => Object.fromEntries(Object.entries(items).map(([k, f]) => [k, f.kind === 'boolean' ? false : null]));

/**
 * An 'items' field: lines of small rows edited in place (a contract's operators and units), each with its
 * declared fields, a remove button, and 'Adicionar linha' at the end. What is wrong with the list as a whole
 * (none given, a unit twice) shows under it.
 */
export function ItemsField({ control, name, label, disabled, items }: FieldProps & { items: Record<string, FieldDef> }) {
  // the generic form's values are a plain record: the array's name is known only at run time
  const { fields, append, remove } = useFieldArray({ control, name: name as never });
  const { errors } = useFormState({ control, name });
  const own = errors[name] as { message?: string; root?: { message?: string } } | undefined;
  const message = own?.message ?? own?.root?.message;
  // a line of a few numbers (installments and a rate) reads as one row; a line with selects and texts stacks
  const compact = Object.values(items).length <= 3 && Object.values(items).every((f) => ['number', 'percent', 'money'].includes(f.kind));
  return (
    <Box component="fieldset" sx={{ border: 1, borderColor: message ? 'error.main' : 'divider', borderRadius: 1, p: 1.5, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>{label}</Typography>
      <Stack spacing={1.5}>
        {fields.map((line, i) => (
          <Stack key={line.id} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }} role="group" aria-label={`${label} ${i + 1}`}>
            <Stack direction={{ xs: 'column', sm: compact ? 'row' : 'column' }} spacing={1.5} sx={{ flexGrow: 1, minWidth: 0 }}>
              {Object.entries(items).map(([k, f]) => (
                <RegisterField key={k} control={control} name={`${name}.${i}.${k}`} def={f} mode="form" disabled={disabled} />
              ))}
            </Stack>
            <IconButton aria-label={`${MSG.listaRemoverLinha} ${i + 1}`} onClick={() => remove(i)} disabled={disabled} sx={{ mt: 1 }}>
              <DeleteOutline />
            </IconButton>
          </Stack>
        ))}
        <Box>
          <Button startIcon={<Add />} onClick={() => append(emptyLine(items))} disabled={disabled}>{MSG.listaAdicionarLinha}</Button>
        </Box>
      </Stack>
      {message ? <FormHelperText error>{message}</FormHelperText> : null}
    </Box>
  );
}
