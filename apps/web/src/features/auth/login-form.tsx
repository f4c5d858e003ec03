import { type LoginInput, loginSchema, MSG, ROUTES } from '@concilia/domain';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { useNotifier } from '../../app/notifications';
import { adoptTypedValues, useHydrated } from '../../lib/hydration';
import { AltchaPlaceholder } from './altcha-placeholder';
import { ErrorOutlineIcon, InfoOutlinedIcon } from './auth-icons';
import { BotCheck, type BotCheckHandle } from './bot-check';
import { SignInPasswordField, SignInTextField } from './sign-in-fields';
import { useAppConfig } from './use-app-config';
import { useLogin, type LoginVariant } from './use-login';

type Props = { variant: LoginVariant; busy?: boolean; onForgotPassword: () => void };
type Field = keyof LoginInput;
type FieldErrors = Partial<Record<Field, string>>;

/** The fields in the order a submission focuses the first one in error. */
const FIELDS: readonly Field[] = ['username', 'password'];

/** The sign-in rules (loginSchema): the values as sent, or each field's message. */
function check(values: LoginInput): { value?: LoginInput; errors: FieldErrors } {
  const result = loginSchema['~standard'].validate(values);
  if (!result.issues) return { value: result.value, errors: {} };
  return { errors: Object.fromEntries(result.issues.map((issue) => [issue.path[0], issue.message])) };
}

/** MUI's standard alert, drawn by auth.css. */
function SignInAlert({ severity, testId, role, children }: { severity: 'info' | 'error'; testId: string; role: 'status' | 'alert'; children: string }) {
  return (
    <div className={`auth-alert auth-alert-${severity}`} data-testid={testId} role={role}>
      <div className="auth-alert-icon">{severity === 'error' ? <ErrorOutlineIcon /> : <InfoOutlinedIcon />}</div>
      <div className="auth-alert-message">{children}</div>
    </div>
  );
}

/**
 * Username, password, bot check and 'Continuar'. A bot-check token is single-use on the server, so the
 * check starts over after every attempt; without a token the form re-runs the check instead of
 * signing in. When the server asks for the harder check for a login, the check starts over on that
 * login's challenge and a note says why it takes longer.
 *
 * Plain React state and auth.css rather than react-hook-form and MUI (the page's JavaScript; see auth.css), with
 * the form library's behaviour: the rules are checked on submission, then again at every change; a submission
 * with errors focuses the first field in error.
 */
export function LoginForm({ variant, busy = false, onForgotPassword }: Props) {
  const notifier = useNotifier();
  const config = useAppConfig();
  const bot = useRef<BotCheckHandle>(null);
  const [token, setToken] = useState<string | null>(null);
  const [harder, setHarder] = useState(false);
  const { submit, invalid } = useLogin(variant);
  const [values, setValues] = useState<LoginInput>({ username: '', password: '' });
  // the values as typed so far: several changes can come before a render (the adopted typed text, below)
  const latest = useRef(values);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const usernameInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);

  // Until the config arrives the check counts as required: better a short wait than a refused attempt.
  const needsToken = config.data?.botCheck !== 'off';
  const locked = variant === 'spc' && needsToken && !token;
  const loading = submitting || busy;
  // the page arrives as HTML (the build renders it): until React runs it, a submission would be the browser's own
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => adoptTypedValues(formRef.current), []);

  const change = (field: Field, value: string) => {
    latest.current = { ...latest.current, [field]: value };
    setValues(latest.current);
    if (submitted) setErrors(check(latest.current).errors);
  };

  const onValid = async (typed: LoginInput) => {
    if (needsToken && !token) {
      if (variant === 'default') notifier.warning(MSG.botCheckAusente);
      bot.current?.reset();
      return;
    }
    const spent = token;
    setToken(null);
    const outcome = await submit(typed, spent);
    setHarder(outcome === 'harder');
    bot.current?.reset(outcome === 'harder' ? typed.username : undefined);
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (submitting) return;
    setSubmitted(true);
    const checked = check(latest.current);
    setErrors(checked.errors);
    if (!checked.value) {
      const first = FIELDS.find((f) => checked.errors[f]);
      (first === 'username' ? usernameInput : passwordInput).current?.focus();
      return;
    }
    setSubmitting(true);
    try {
      await onValid(checked.value);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form ref={formRef} noValidate onSubmit={(e) => void onSubmit(e)} aria-label={MSG.loginTitulo} className="auth-form">
      <SignInTextField
        name="username"
        label={MSG.campoUsuario}
        value={values.username}
        onChange={(v) => change('username', v)}
        error={errors.username}
        inputRef={usernameInput}
        uppercase
        required
        autoComplete="username"
        autoFocus={!locked}
        disabled={locked}
      />
      <SignInPasswordField
        name="password"
        label={MSG.campoSenha}
        value={values.password}
        onChange={(v) => change('password', v)}
        error={errors.password}
        inputRef={passwordInput}
        required
        autoComplete="current-password"
        disabled={locked}
      />
      {harder ? (
        <SignInAlert severity="info" testId="bot-check-harder" role="status">
          {MSG.botCheckReforcado}
        </SignInAlert>
      ) : null}
      {invalid ? (
        <SignInAlert severity="error" testId="login-error" role="alert">
          {MSG.loginInvalido}
        </SignInAlert>
      ) : null}
      <div className="auth-links">
        <button type="button" className="auth-link" onClick={onForgotPassword}>
          {MSG.loginEsqueciSenha}
        </button>
        <RouterLink to={ROUTES.signUp.path} className="auth-link">
          {MSG.loginCadastreSe}
        </RouterLink>
      </div>
      {/* the check's place is kept from the first paint, so that the form does not move when the configuration arrives */}
      <div className="auth-bot-check">
        {/* ALTCHA's box until its code draws it, the same node from the page's HTML on (see AltchaPlaceholder) */}
        {(config.data?.botCheck ?? 'altcha') === 'altcha' ? <AltchaPlaceholder /> : null}
        {config.data ? <BotCheck ref={bot} mode={config.data.botCheck} siteKey={config.data.recaptchaSiteKey} onToken={setToken} /> : null}
      </div>
      <button type="submit" className="auth-button" disabled={loading || !hydrated} data-testid="login-submit">
        {loading ? (
          <span className="auth-button-icon" aria-hidden="true">
            <span className="auth-spinner" />
          </span>
        ) : null}
        {MSG.loginContinuar}
      </button>
    </form>
  );
}
