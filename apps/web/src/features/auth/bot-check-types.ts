import type { Ref } from 'react';

/** What the login form may ask of any bot check: start it over (after an attempt, or when no token). */
export type BotCheckHandle = { reset(): void };

export type BotCheckWidgetProps = {
  /** the current token, or null when there is none (cleared, expired, failed) */
  onToken: (token: string | null) => void;
  ref?: Ref<BotCheckHandle>;
};

/** Spec part 1 §9: the login bot check is refreshed every 55 seconds. */
export const BOT_CHECK_REFRESH_MS = 55_000;
