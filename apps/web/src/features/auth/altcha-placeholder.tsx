import { MSG } from '@concilia/domain';
import './auth.css';

/**
 * ALTCHA's box as it will be drawn, shown until its code runs: in the page's HTML (the build renders it before the
 * configuration is known) and beside the <altcha-widget> until the element is defined, when a rule hides it. Its
 * label is the page's largest text: drawn with the first paint, and kept as the same node until ALTCHA draws the
 * same box in its place, it makes the page complete at once, and the later label, no larger, is not a later
 * "largest paint". Sizes and colours are ALTCHA's own (auth.css; its stylesheet arrives with its code); nothing here reacts
 * to a click, and the real checkbox replaces it within a moment of hydration.
 */
export function AltchaPlaceholder() {
  return (
    <div aria-hidden className="auth-altcha-placeholder" data-testid="bot-check-placeholder">
      <div className="auth-altcha-row">
        <div className="auth-altcha-box" />
        <span className="auth-altcha-label">{MSG.botCheckRotulo}</span>
      </div>
      <div className="auth-altcha-footer">{MSG.botCheckRodape}</div>
    </div>
  );
}
