import type { AppConfig } from '@concilia/domain';
import { AltchaWidget } from './altcha-widget';
import type { BotCheckWidgetProps } from './bot-check-types';
import { RecaptchaWidget } from './recaptcha-widget';

export type { BotCheckHandle } from './bot-check-types';

type Props = BotCheckWidgetProps & { mode: AppConfig['botCheck']; siteKey: string | null };

/**
 * The login's bot check as the server configures it: ALTCHA (default), Google reCAPTCHA v2, or nothing
 * ('off', for tests and local scripts). The token reaches the form through onToken; reset() on the ref
 * starts the check over.
 */
export function BotCheck({ mode, siteKey, onToken, ref }: Props) {
  if (mode === 'altcha') return <AltchaWidget onToken={onToken} ref={ref} />;
  if (mode === 'recaptcha' && siteKey) return <RecaptchaWidget siteKey={siteKey} onToken={onToken} ref={ref} />;
  return null;
}
