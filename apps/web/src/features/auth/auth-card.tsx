import { MSG } from '@concilia/domain';
import type { CSSProperties, ReactNode } from 'react';
import './auth.css';
import { usePublicPageColours } from './public-page-colours';
import { VersionTooltip } from './version-tooltip';

type Props = { children: ReactNode; subtitle?: ReactNode; /** wider for the sign-up wizard's steps */ maxWidth?: number };

/**
 * The centred card with logo, product name and version shared by the public account pages. Drawn by auth.css, not
 * MUI: it is the sign-in page's frame, painted before MUI's code loads (the pages inside it that use MUI bring it).
 */
export function AuthCard({ children, subtitle, maxWidth = 420 }: Props) {
  const colours = usePublicPageColours();
  return (
    <main className="auth-root auth-backdrop" style={colours}>
      <div className="auth-card" data-testid="auth-card" style={{ '--auth-card-width': `${maxWidth}px` } as CSSProperties}>
        <div className="auth-card-header">
          <VersionTooltip>
            <img src="/logo.svg" alt={MSG.produtoNome} data-testid="app-logo" width={56} height={56} />
          </VersionTooltip>
          <h1 className="auth-title">{MSG.produtoNome}</h1>
          {subtitle ? <p className="auth-subtitle">{subtitle}</p> : null}
        </div>
        {children}
      </div>
    </main>
  );
}
