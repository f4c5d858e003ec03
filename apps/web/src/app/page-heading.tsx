import { Typography } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * A page's title, its one h1: the same face, size and weight on every page, and in the frame the server sends
 * before the scripts (prerender/shell-frame.prerender.tsx). The frame's title is a page's largest first paint; a
 * heading of another size drawn over it would be a new, later one.
 */
export function PageHeading({ children }: { children: ReactNode }) {
  return <Typography variant="h4" component="h1" sx={{ fontWeight: 600 }}>{children}</Typography>;
}
