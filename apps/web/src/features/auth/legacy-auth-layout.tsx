import { APP_VERSION, MSG } from '@concilia/domain';
import type { ReactNode } from 'react';
import './auth.css';
import { usePublicPageColours } from './public-page-colours';
import { SpcLogo } from './spc-logo';
import { VersionTooltip } from './version-tooltip';

type Props = { children: ReactNode; subtitle: ReactNode; welcome: ReactNode };

/**
 * The legacy look of the credit-protection variant (/spc, spec part 1 §2): the portal its users knew —
 * a white header band carrying the partner's mark beside ours, a flat grey page, square boxes with a
 * coloured title bar, the welcome text on its own panel beside the form (stacked on a phone) and the
 * version in the footer — instead of the modern gradient and floating rounded card. Drawn by auth.css.
 */
export function LegacyAuthLayout({ children, subtitle, welcome }: Props) {
  const colours = usePublicPageColours();
  return (
    <div className="auth-root auth-legacy" data-testid="legacy-login" style={colours}>
      <header className="auth-legacy-header">
        <SpcLogo />
        <div className="auth-legacy-spacer" />
        <VersionTooltip>
          <img src="/logo.svg" alt={MSG.produtoNome} data-testid="app-logo" width={36} height={36} style={{ display: 'block' }} />
        </VersionTooltip>
        <span className="auth-legacy-name">{MSG.produtoNome}</span>
      </header>
      <main className="auth-legacy-main">
        <div className="auth-legacy-box">
          <div className="auth-legacy-welcome" data-testid="legacy-login-welcome">
            <p>{welcome}</p>
          </div>
          <div className="auth-legacy-panel">
            <h1 className="auth-legacy-title">{subtitle}</h1>
            <div className="auth-legacy-form">{children}</div>
          </div>
        </div>
      </main>
      <footer className="auth-legacy-footer">
        {MSG.produtoNome} {APP_VERSION}
      </footer>
    </div>
  );
}
