import { MSG, missingOnInsert, type AnyRegisterDef } from '@concilia/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Stack } from '@mui/material';
import { useForm } from 'react-hook-form';
import { useNotifier } from '../app/notifications';
import { useProcessing } from '../app/processing';
import { showServerError } from '../features/auth/server-errors';
import type { Values } from './fields/field-props';
import { FormSections } from './form-sections';
import { editValuesFor } from './form-values';
import { saveRow } from './register-api';
import { formFields, type Row } from './register-fields';
import type { FormFieldsOverride } from './register-overrides';
import { RegisterWizard } from './register-wizard';

type Props = {
  def: AnyRegisterDef;
  initial: Values;
  /** the row being edited, or null for a new one */
  original: Row | null;
  searchValues: Row | null;
  onSaved: (row: Row) => void;
  FormFields?: FormFieldsOverride;
  /** values the screen fixes (a sublist's parent): sent, not shown */
  fixed?: Row;
};

/**
 * The side form of a register: react-hook-form with the declaration's zod schema (the one the API uses
 * too), as one page or, when the declaration has a wizard, as its steps. Server validation issues land on
 * their fields; the success text is the declaration's.
 */
export function RegisterForm({ def, initial, original, searchValues, onSaved, FormFields = FormSections, fixed }: Props) {
  const notifier = useNotifier();
  const processing = useProcessing();
  const form = useForm<Values, unknown, Values>({
    resolver: zodResolver(def.schema as never) as never,
    defaultValues: initial,
  });
  const { control, handleSubmit, setError, formState } = form;
  const insert = original === null;

  const onValid = async (parsed: Values) => {
    // secrets and files the schema cannot require (empty on edit keeps them) are required on insert
    const missing = insert ? missingOnInsert(def, parsed) : [];
    if (missing.length) {
      for (const m of missing) setError(m.field, { message: m.message });
      return;
    }
    try {
      const saved = await processing(saveRow(def, editValuesFor(def, parsed, original), { insert, searchValues }));
      notifier.success(insert ? def.messages!.inserted : def.messages!.saved);
      onSaved(saved);
    } catch (err) {
      showServerError(err, { fields: formFields(def).map(([n]) => n), setError, warn: notifier.warning });
    }
  };

  const hidden = fixed ? new Set(Object.keys(fixed)) : undefined;
  if (def.wizard) {
    return (
      <Box component="form" noValidate onSubmit={handleSubmit(onValid)}>
        <RegisterWizard def={def} form={form} editing={!insert} hidden={hidden} submitting={formState.isSubmitting} />
      </Box>
    );
  }
  return (
    <Box component="form" noValidate onSubmit={handleSubmit(onValid)}>
      <FormFields def={def} control={control} editing={!insert} hidden={hidden} />
      <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 3 }}>
        <Button type="submit" variant="contained" disabled={formState.isSubmitting}>{MSG.listaSalvar}</Button>
      </Stack>
    </Box>
  );
}
