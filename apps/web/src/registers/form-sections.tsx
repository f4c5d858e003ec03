import type { FieldDef, AnyRegisterDef } from '@concilia/domain';
import { Box, Stack, Typography } from '@mui/material';
import { type Control, useWatch } from 'react-hook-form';
import type { Values } from './fields/field-props';
import { RegisterField } from './fields/register-field';
import { isRequired } from './form-values';
import { formFields } from './register-fields';

type Group = { section: string | null; fields: [string, FieldDef][] };

/** Fields in declaration order, gathered under their `section` (in the order sections first appear). */
export function groupBySection(fields: [string, FieldDef][]): Group[] {
  const groups: Group[] = [];
  for (const entry of fields) {
    const section = entry[1].section ?? null;
    const group = groups.find((g) => g.section === section) ?? groups[groups.push({ section, fields: [] }) - 1]!;
    group.fields.push(entry);
  }
  return groups;
}

/**
 * The side form's fields, one fieldset per declared section. 'readonly' fields (codes given by the
 * database) appear only when editing, disabled.
 */
export function FormSections({ def, control, editing, hidden, only, locked = false }: {
  def: AnyRegisterDef;
  control: Control<Values>;
  editing: boolean;
  hidden?: ReadonlySet<string>;
  /** only these fields (a wizard's step) */
  only?: readonly string[];
  /** every field shown disabled (the choices of a wizard's earlier steps) */
  locked?: boolean;
}) {
  const values = useWatch({ control });
  const shown = formFields(def).filter(([name, f]) =>
    (f.form !== 'readonly' || editing) && !hidden?.has(name) && (!only || only.includes(name))
    && (!f.shownWhen || f.shownWhen.values.includes(String(values[f.shownWhen.field]))));
  return (
    <Stack spacing={2}>
      {groupBySection(shown).map((g) => (
        <Box
          key={g.section ?? ''}
          component="fieldset"
          sx={{ border: g.section ? 1 : 0, borderColor: 'divider', borderRadius: 1, p: g.section ? 2 : 0, m: 0, minWidth: 0 }}
        >
          {g.section ? <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>{g.section}</Typography> : null}
          <Stack spacing={2}>
            {g.fields.map(([name, f]) => (
              <RegisterField
                key={name}
                control={control}
                name={name}
                def={f}
                mode="form"
                required={isRequired(def, name) || (!editing && !!f.required && (f.kind === 'secret' || f.kind === 'file'))}
                disabled={locked || f.form === 'readonly'}
                register={def}
              />
            ))}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}
