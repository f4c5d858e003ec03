import { Box, type SxProps, type Theme } from '@mui/material';
import { useMemo, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { sanitizeHtml } from './sanitize-html';

/**
 * Server HTML (news, banner) rendered after sanitising. Links inside the app navigate without a full
 * reload, so the shell and its caches survive the click.
 */
export function SafeHtml({ html, sx }: { html: string; sx?: SxProps<Theme> }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  const navigate = useNavigate();
  const onClick = (e: MouseEvent<HTMLElement>) => {
    const a = (e.target as HTMLElement).closest('a');
    const href = a?.getAttribute('href');
    if (!a || !href || a.target === '_blank' || e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
    const url = new URL(href, window.location.href);
    if (url.origin !== window.location.origin) return;
    e.preventDefault();
    void navigate(url.pathname + url.search + url.hash);
  };
  return (
    <Box
      onClick={onClick}
      sx={[{ '& p': { my: 0.5 }, '& a': { color: 'primary.main' }, overflowWrap: 'anywhere' }, ...(Array.isArray(sx) ? sx : [sx])]}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
