import { MSG } from '@concilia/domain';
import { useState } from 'react';
import './auth.css';

/** AltchaWidget knows the placeholder by it: a tap on the box before ALTCHA's code arrived ticks the real one. */
export const ALTCHA_PLACEHOLDER_CLASS = 'auth-altcha-placeholder';

/**
 * ALTCHA's box as it will be drawn, shown until its code runs: in the page's HTML (the build renders it before the
 * configuration is known) and beside the <altcha-widget> until the element is defined, when a rule hides it. Its
 * label is the page's largest text: drawn with the first paint, and kept as the same node until ALTCHA draws the
 * same box in its place, it makes the page complete at once, and the later label, no larger, is not a later
 * "largest paint". Sizes and colours are ALTCHA's own (auth.css; its stylesheet arrives with its code); nothing here reacts
 * to a click itself (it only remembers one), and the real checkbox replaces it once the person starts on the page (AltchaWidget).
 */
export function AltchaPlaceholder() {
  // A tap before AltchaWidget is there to hear it (it mounts when the configuration arrives, after the page has
  // started) is kept on the node: the widget reads it when it mounts.
  const [pressed, setPressed] = useState(false);
  return (
    <div
      aria-hidden
      className={ALTCHA_PLACEHOLDER_CLASS}
      data-testid="bot-check-placeholder"
      data-pressed={pressed || undefined}
      onPointerDown={() => setPressed(true)}
    >
      <div className="auth-altcha-row">
        <div className="auth-altcha-box" />
        <span className="auth-altcha-label">{MSG.botCheckRotulo}</span>
      </div>
      <div className="auth-altcha-footer">{MSG.botCheckRodape}</div>
    </div>
  );
}
