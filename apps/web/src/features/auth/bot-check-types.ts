import type { Ref } from 'react';

/**
 * What the login form may ask of any bot check: start it over (after an attempt, or when no token). With
 * a login, the check starts over on the harder challenge the server issues for that login after repeated
 * failures (ALTCHA; reCAPTCHA has one level) and keeps to it.
 */
export type BotCheckHandle = { reset(login?: string): void };

export type BotCheckWidgetProps = {
  /** the current token, or null when there is none (cleared, expired, failed) */
  onToken: (token: string | null) => void;
  ref?: Ref<BotCheckHandle>;
};

/** Spec part 1 §9: the login bot check is refreshed every 55 seconds. */
export const BOT_CHECK_REFRESH_MS = 55_000;
