import { APP_VERSION } from '@concilia/domain';
import { useId, type ReactElement } from 'react';

/**
 * The product's version in a tooltip over the logo (the public pages' card and the /spc header), drawn by auth.css
 * on hover: the page loads no tooltip library for it.
 */
export function VersionTooltip({ children }: { children: ReactElement }) {
  const id = useId();
  return (
    <span className="auth-tooltip-anchor" aria-describedby={id}>
      {children}
      <span role="tooltip" id={id} className="auth-tooltip">
        {APP_VERSION}
      </span>
    </span>
  );
}
