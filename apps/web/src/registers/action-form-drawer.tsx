import { type AnyRegisterDef, MSG, type RegisterAction } from '@concilia/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Stack } from '@mui/material';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useNotifier } from '../app/notifications';
import { useProcessing } from '../app/processing';
import { showServerError } from '../features/auth/server-errors';
import { gql } from '../lib/api-client';
import { RightDrawer } from './drawers/right-drawer';
import type { Values } from './fields/field-props';
import { FormSections } from './form-sections';
import { newRowValues } from './form-values';
import { actionDocument } from './register-operations';

/**
 * A 'form' action (Inserir Rápido; a master's Editar): its own fields in the right drawer, read through the same
 * form pieces as a register's side form — the action's fields and schema stand where a register's would. A
 * single-row form opens with the selected row's values of its fields (its hidden key among them).
 */
export function ActionFormDrawer({ def, action, row, onClose, onDone }: {
  def: AnyRegisterDef; action: RegisterAction; row?: Values; onClose: () => void; onDone: () => void;
}) {
  const form = action.form!;
  const formDef = useMemo<AnyRegisterDef>(() => ({ ...def, title: action.label, fields: form.fields, schema: form.schema, keyFields: [] }), [def, action, form]);
  const notifier = useNotifier();
  const processing = useProcessing();
  const { control, handleSubmit, setError, formState } = useForm<Values, unknown, Values>({
    resolver: zodResolver(form.schema as never) as never,
    defaultValues: {
      ...newRowValues(formDef),
      ...(action.scope === 'single' && row ? Object.fromEntries(Object.keys(form.fields).filter((n) => n in row).map((n) => [n, row[n] ?? null])) : {}),
    },
  });
  const onValid = async (values: Values) => {
    try {
      await processing(gql(actionDocument(def, action), { values }));
      notifier.success(action.success);
      onDone();
    } catch (err) {
      showServerError(err, { fields: Object.keys(form.fields), setError, warn: notifier.warning });
    }
  };
  return (
    <RightDrawer open title={action.label} onClose={onClose} width={def.drawerWidth}>
      <Box component="form" noValidate onSubmit={handleSubmit(onValid)}>
        <FormSections def={formDef} control={control} editing={false} />
        <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 3 }}>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting}>{MSG.listaSalvar}</Button>
        </Stack>
      </Box>
    </RightDrawer>
  );
}
