import { APP_VERSION } from '@concilia/domain';
import { lazy, Suspense, type ReactElement } from 'react';

// MUI's Tooltip brings Popper and popper.js: fetched right after the page's first render, not before it.
const Tooltip = lazy(() => import('@mui/material/Tooltip'));

/**
 * The product's version in a tooltip over the logo (the public pages' card and the /spc header). Until the
 * tooltip's module has arrived — a moment after the page shows — the logo is shown without it.
 */
export function VersionTooltip({ children }: { children: ReactElement }) {
  return (
    <Suspense fallback={children}>
      <Tooltip title={APP_VERSION} arrow>
        {children}
      </Tooltip>
    </Suspense>
  );
}
