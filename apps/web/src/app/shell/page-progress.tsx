import { MSG } from '@concilia/domain';
import { LinearProgress } from '@mui/material';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';

/** How long the page-load bar shows after a route change (spec part 1 §9). */
export const PAGE_PROGRESS_MS = 500;

/** A thin bar across the top of the window for a moment after each navigation. */
export function PageProgress() {
  const { key } = useLocation();
  // The bar belongs to one navigation: it shows until that navigation's timer marks it finished.
  const [finished, setFinished] = useState<string | null>(null);
  useEffect(() => {
    const t = setTimeout(() => setFinished(key), PAGE_PROGRESS_MS);
    return () => clearTimeout(t);
  }, [key]);
  if (finished === key) return null;
  return (
    <LinearProgress
      color="secondary"
      data-testid="page-progress"
      // a progress bar needs a name for screen readers (axe: aria-progressbar-name)
      aria-label={MSG.paginaCarregando}
      sx={(theme) => ({ position: 'fixed', top: 0, left: 0, right: 0, height: 3, zIndex: theme.zIndex.appBar + 2 })}
    />
  );
}
