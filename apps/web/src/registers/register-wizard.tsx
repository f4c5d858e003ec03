import { MSG, type AnyRegisterDef } from '@concilia/domain';
import { Alert, Box, Button, Stack, Step, StepLabel, Stepper } from '@mui/material';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useNotifier } from '../app/notifications';
import { showServerError } from '../features/auth/server-errors';
import { gql } from '../lib/api-client';
import type { Values } from './fields/field-props';
import { FormSections } from './form-sections';
import { editValuesFor } from './form-values';
import { prepareDocument } from './register-operations';

type Props = {
  def: AnyRegisterDef;
  form: UseFormReturn<Values, unknown, Values>;
  editing: boolean;
  /** fields the screen fixes (a sublist's parent): kept, not shown */
  hidden?: ReadonlySet<string>;
  submitting: boolean;
};

/**
 * The side form as steps (RegisterDef.wizard; the plan-rate wizard of spec part 2 §4). Próximo checks the
 * step's fields with the form's one schema; a step without fields shows the choices so far for confirmation;
 * the steps after the first keep the earlier choices in sight, locked. Editing opens at `editFrom`. Entering
 * the last step asks the `prepare` call what the choice already holds (a rate's stored ranges).
 */
export function RegisterWizard({ def, form, editing, hidden, submitting }: Props) {
  const wizard = def.wizard!;
  const notifier = useNotifier();
  const first = editing ? wizard.editFrom : 0;
  const last = wizard.steps.length - 1;
  const [step, setStep] = useState(first);
  const [preparing, setPreparing] = useState(false);
  const visible = (fields: readonly string[]) => fields.filter((f) => !hidden?.has(f));
  const current = wizard.steps[step]!;
  const chosen = visible(wizard.steps.slice(0, step).flatMap((s) => s.fields));

  const prepare = async () => {
    const p = wizard.prepare;
    if (!p || editing) return true;
    setPreparing(true);
    try {
      const data = await gql<Record<string, Record<string, unknown>>>(prepareDocument(def), { values: editValuesFor(def, form.getValues(), null) }, { silent: true });
      const answer = data[p.operation]!;
      form.setValue(p.field, answer[p.field] as never);
      if (answer.mensagem) notifier.info(String(answer.mensagem));
      return true;
    } catch (err) {
      showServerError(err, { fields: [], setError: () => undefined, warn: notifier.warning });
      return false;
    } finally {
      setPreparing(false);
    }
  };

  const next = async () => {
    if (!(await form.trigger(visible(current.fields) as never))) return;
    if (step + 1 === last && !(await prepare())) return;
    setStep(step + 1);
  };

  return (
    <Stack spacing={2}>
      <Stepper activeStep={step} alternativeLabel aria-label={def.title}>
        {wizard.steps.map((s) => (
          <Step key={s.label}>
            <StepLabel>{s.label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {current.fields.length === 0 ? <Alert severity="info">{MSG.assistenteConfirme}</Alert> : null}
      {chosen.length ? <FormSections def={def} control={form.control} editing={editing} only={chosen} locked /> : null}
      {current.fields.length ? <FormSections def={def} control={form.control} editing={editing} only={visible(current.fields)} /> : null}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 1 }}>
        {step > first ? <Button onClick={() => setStep(step - 1)}>{MSG.assistenteAnterior}</Button> : null}
        <Box sx={{ flexGrow: 1 }} />
        {step < last ? (
          <Button variant="contained" onClick={next} disabled={preparing}>{MSG.assistenteProximo}</Button>
        ) : (
          <Button type="submit" variant="contained" disabled={submitting}>{MSG.listaSalvar}</Button>
        )}
      </Stack>
    </Stack>
  );
}
