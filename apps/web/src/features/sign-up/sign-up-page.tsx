import {
  FORMAS_PAGAMENTO, formatCpfCnpj, MSG, ROUTES, SIGN_UP_FIELDS, SIGN_UP_STEPS, type SignUpField, signUpSchema, signUpStepOf,
} from '@concilia/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, CircularProgress, Link, Stack, Step, StepLabel, Stepper, Typography } from '@mui/material';
import { Fragment, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { useNotifier } from '../../app/notifications';
import { call } from '../../lib/api-client';
import { OPS } from '../../lib/operations';
import type { Values } from '../../registers/fields/field-props';
import { RegisterField } from '../../registers/fields/register-field';
import { AuthCard } from '../auth/auth-card';
import { BotCheck, type BotCheckHandle } from '../auth/bot-check';
import { showServerError } from '../auth/server-errors';
import { useAppConfig } from '../auth/use-app-config';
import { SignUpDone, type SignUpResult } from './sign-up-done';
import { SignUpTerms } from './sign-up-terms';

const FIELD_NAMES = Object.keys(SIGN_UP_FIELDS) as SignUpField[];
const TERMS_STEP = SIGN_UP_STEPS.findIndex((s) => s.fields.includes('aceiteTermos'));
const LAST = SIGN_UP_STEPS.length - 1;

/** What each step says above its fields (the terms step shows the terms instead). */
const INSTRUCTIONS: Record<string, string> = {
  'API Cielo': MSG.cadastroApiCieloInstrucoes,
  EC: MSG.cadastroEcInstrucoes,
  Taxas: MSG.cadastroTaxasInstrucoes,
  Pagamento: MSG.cadastroPagamentoInstrucoes,
};

const EMPTY: Values = Object.fromEntries(Object.entries(SIGN_UP_FIELDS).map(([name, f]) => [
  name,
  f.kind === 'percent' ? null : f.kind === 'boolean' ? false : f.kind === 'enum' ? FORMAS_PAGAMENTO[0].valor : '',
]));

const percentText = (v: unknown) => (typeof v === 'number' ? `${v.toLocaleString('pt-BR', { maximumFractionDigits: 4 })}%` : '—');

/** What the last step shows for a look before 'Finalizar Cadastro' (never the Cielo password). */
const summaryOf = (v: Values): [string, string][] => [
  [SIGN_UP_FIELDS.apelidoLoja.label, String(v.apelidoLoja)],
  [SIGN_UP_FIELDS.cpfCnpj.label, formatCpfCnpj(String(v.cpfCnpj))],
  ['EC', String(v.codExterno)],
  ['Taxas', `Débito ${percentText(v.debito)} · Crédito ${percentText(v.credito)} · 2 a 6x ${percentText(v.parceladoA)} · 7 a 12x ${percentText(v.parceladoB)} · Ticket ${percentText(v.ticket)}`],
];

/**
 * /signUp, the public merchant sign-up (spec part 2 §2.2): Dados Iniciais, Termo de Responsabilidade, API
 * Cielo, EC, Taxas and Pagamento. Próximo checks the step's fields with the submission's one schema (the
 * server checks the whole again); 'Aceitar termos e condições' is the terms step's way forward; 'Finalizar
 * Cadastro' sends it with the bot check. A field the server refuses takes the user back to its step.
 */
export function SignUpPage() {
  const notifier = useNotifier();
  const config = useAppConfig();
  const bot = useRef<BotCheckHandle>(null);
  const [token, setToken] = useState<string | null>(null);
  const [step, setStep] = useState(0);
  const [done, setDone] = useState<SignUpResult | null>(null);
  const form = useForm<Values, unknown, Values>({ resolver: zodResolver(signUpSchema as never) as never, defaultValues: EMPTY, mode: 'onTouched' });
  const { control, formState } = form;
  const current = SIGN_UP_STEPS[step]!;
  const needsToken = config.data?.botCheck !== 'off';

  const next = async () => {
    if (await form.trigger(current.fields as string[], { shouldFocus: true })) {
      setStep(step + 1);
      return;
    }
    // the step's fields count as visited: each message goes as soon as its field is put right, not on leaving it
    for (const name of current.fields) form.setValue(name, form.getValues(name), { shouldTouch: true });
  };
  const acceptTerms = () => {
    form.setValue('aceiteTermos', true, { shouldValidate: true });
    setStep(step + 1);
  };
  const finish = async (values: Values) => {
    if (needsToken && !token) {
      notifier.warning(MSG.botCheckAusente);
      bot.current?.reset();
      return;
    }
    const spent = token;
    setToken(null);
    try {
      const r = await call(OPS.finalizarCadastro, { values: { ...(values as object), recaptcha: spent } as never }, { silent: true });
      setDone(r.finalizarCadastro);
    } catch (err) {
      const issue = (err as { issues?: { path: string }[] }).issues?.find((i) => FIELD_NAMES.includes(i.path as SignUpField));
      if (issue) setStep(signUpStepOf(issue.path));
      showServerError(err, { fields: FIELD_NAMES, setError: form.setError, warn: notifier.warning });
      bot.current?.reset();
    }
  };
  // before the last step only that step's fields are checked; the whole form only when it is sent
  const submit = () => (step < LAST ? next() : form.handleSubmit(finish)());

  if (done) {
    return (
      <AuthCard subtitle={MSG.cadastroTitulo} maxWidth={640}>
        <SignUpDone result={done} />
      </AuthCard>
    );
  }

  return (
    <AuthCard subtitle={MSG.cadastroSubtitulo} maxWidth={760}>
      {/* on a phone the six labels do not fit under their steps: the numbers stay, the heading names the step */}
      <Stepper activeStep={step} alternativeLabel sx={{ mb: 3, '& .MuiStepLabel-label': { fontSize: 12, display: { xs: 'none', sm: 'block' } } }}>
        {SIGN_UP_STEPS.map((s) => (
          <Step key={s.label}>
            <StepLabel>{s.label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Box
        component="form"
        noValidate
        aria-label={current.label}
        // Enter moves on as Próximo does; the terms step has its own button
        onSubmit={(e) => {
          e.preventDefault();
          if (step !== TERMS_STEP) void submit();
        }}
      >
        <Stack spacing={2}>
          <Typography variant="h6" component="h2">{current.label}</Typography>
          <Typography variant="caption" sx={{ display: { xs: 'block', sm: 'none' }, color: 'text.secondary', mt: '0 !important' }}>
            {MSG.cadastroEtapa.replace('{n}', String(step + 1)).replace('{total}', String(SIGN_UP_STEPS.length))}
          </Typography>
          {INSTRUCTIONS[current.label] ? <Alert severity="info">{INSTRUCTIONS[current.label]}</Alert> : null}
          {step === TERMS_STEP ? (
            <>
              <SignUpTerms />
              {formState.errors.aceiteTermos ? <Alert severity="warning">{String(formState.errors.aceiteTermos.message)}</Alert> : null}
            </>
          ) : (
            current.fields.map((name) => (
              <RegisterField key={name} control={control} name={name} def={SIGN_UP_FIELDS[name]} mode="form" required={'required' in SIGN_UP_FIELDS[name]} />
            ))
          )}
          {step === LAST ? (
            <>
              <Box component="dl" aria-label={MSG.cadastroResumo} sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}>
                {summaryOf(form.getValues()).map(([term, value]) => (
                  <Fragment key={term}>
                    <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>{term}</Typography>
                    <Typography component="dd" variant="body2" sx={{ m: 0 }}>{value}</Typography>
                  </Fragment>
                ))}
              </Box>
              {config.data ? (
                <Box sx={{ display: 'flex', justifyContent: 'center', minHeight: 72 }}>
                  <BotCheck ref={bot} mode={config.data.botCheck} siteKey={config.data.recaptchaSiteKey} onToken={setToken} />
                </Box>
              ) : null}
            </>
          ) : null}
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'center', pt: 1 }}>
            {step === 0 ? (
              <Link component={RouterLink} to={ROUTES.login.path} variant="body2">{MSG.cadastroJaTenhoConta}</Link>
            ) : (
              <Button onClick={() => setStep(step - 1)} disabled={formState.isSubmitting}>{MSG.cadastroAnterior}</Button>
            )}
            {step === TERMS_STEP ? (
              <Button variant="contained" onClick={acceptTerms}>{MSG.cadastroAceitarTermos}</Button>
            ) : step === LAST ? (
              <Button
                type="submit"
                variant="contained"
                disabled={formState.isSubmitting}
                startIcon={formState.isSubmitting ? <CircularProgress size={18} color="inherit" /> : undefined}
              >
                {MSG.cadastroFinalizar}
              </Button>
            ) : (
              <Button type="submit" variant="contained">{MSG.cadastroProximo}</Button>
            )}
          </Stack>
        </Stack>
      </Box>
    </AuthCard>
  );
}
