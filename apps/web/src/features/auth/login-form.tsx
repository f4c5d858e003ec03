import { type LoginInput, loginSchema, MSG, ROUTES } from '@concilia/domain';
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { Alert, Box, Button, CircularProgress, Link, Stack } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { useNotifier } from '../../app/notifications';
import { adoptTypedValues, useHydrated } from '../../lib/hydration';
import { AltchaPlaceholder } from './altcha-placeholder';
import { BotCheck, type BotCheckHandle } from './bot-check';
import { FormTextField } from './form-text-field';
import { PasswordField } from './password-field';
import { useAppConfig } from './use-app-config';
import { useLogin, type LoginVariant } from './use-login';

type Props = { variant: LoginVariant; busy?: boolean; onForgotPassword: () => void };

/**
 * Username, password, bot check and 'Continuar'. A bot-check token is single-use on the server, so the
 * check starts over after every attempt; without a token the form re-runs the check instead of
 * signing in. When the server asks for the harder check for a login, the check starts over on that
 * login's challenge and a note says why it takes longer.
 */
export function LoginForm({ variant, busy = false, onForgotPassword }: Props) {
  const notifier = useNotifier();
  const config = useAppConfig();
  const bot = useRef<BotCheckHandle>(null);
  const [token, setToken] = useState<string | null>(null);
  const [harder, setHarder] = useState(false);
  const { submit, invalid } = useLogin(variant);
  const { control, handleSubmit, formState } = useForm<LoginInput, unknown, LoginInput>({
    resolver: standardSchemaResolver(loginSchema),
    defaultValues: { username: '', password: '' },
  });

  // Until the config arrives the check counts as required: better a short wait than a refused attempt.
  const needsToken = config.data?.botCheck !== 'off';
  const locked = variant === 'spc' && needsToken && !token;
  const loading = formState.isSubmitting || busy;
  // the page arrives as HTML (the build renders it): until React runs it, a submission would be the browser's own
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => adoptTypedValues(formRef.current), []);

  const onValid = async (values: { username: string; password: string }) => {
    if (needsToken && !token) {
      if (variant === 'default') notifier.warning(MSG.botCheckAusente);
      bot.current?.reset();
      return;
    }
    const spent = token;
    setToken(null);
    const outcome = await submit(values, spent);
    setHarder(outcome === 'harder');
    bot.current?.reset(outcome === 'harder' ? values.username : undefined);
  };

  return (
    <Box component="form" ref={formRef} noValidate onSubmit={(e) => handleSubmit(onValid)(e)} aria-label={MSG.loginTitulo}>
      <Stack spacing={2}>
        <FormTextField control={control} name="username" label={MSG.campoUsuario} uppercase required autoComplete="username" autoFocus={!locked} disabled={locked} />
        <PasswordField control={control} name="password" label={MSG.campoSenha} required autoComplete="current-password" disabled={locked} />
        {harder ? (
          <Alert severity="info" data-testid="bot-check-harder" role="status">
            {MSG.botCheckReforcado}
          </Alert>
        ) : null}
        {invalid ? (
          <Alert severity="error" data-testid="login-error" role="alert">
            {MSG.loginInvalido}
          </Alert>
        ) : null}
        <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
          <Link component="button" type="button" variant="body2" onClick={onForgotPassword}>
            {MSG.loginEsqueciSenha}
          </Link>
          <Link component={RouterLink} to={ROUTES.signUp.path} variant="body2">
            {MSG.loginCadastreSe}
          </Link>
        </Stack>
        {/* the check's place is kept from the first paint, so that the form does not move when the configuration arrives */}
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', minHeight: 72 }}>
          {/* ALTCHA's box until its code draws it, the same node from the page's HTML on (see AltchaPlaceholder) */}
          {(config.data?.botCheck ?? 'altcha') === 'altcha' ? <AltchaPlaceholder /> : null}
          {config.data ? <BotCheck ref={bot} mode={config.data.botCheck} siteKey={config.data.recaptchaSiteKey} onToken={setToken} /> : null}
        </Box>
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={loading || !hydrated}
          data-testid="login-submit"
          startIcon={loading ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          {MSG.loginContinuar}
        </Button>
      </Stack>
    </Box>
  );
}
