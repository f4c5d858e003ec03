import { MSG, titleForPath } from '@concilia/domain';
import { Breadcrumbs, Link as MuiLink, Stack, Typography } from '@mui/material';
import { useMemo } from 'react';
import { Link, useLocation } from 'react-router';
import { breadcrumbChain } from './breadcrumb-chain';
import { useMenus } from './shell-queries';

/** 'Você está aqui:' and where the current page sits in the menu. */
export function BreadcrumbBar() {
  const { pathname } = useLocation();
  const menus = useMenus().data;
  const crumbs = useMemo(() => breadcrumbChain(pathname, menus ?? [], titleForPath(pathname)), [pathname, menus]);
  if (crumbs.length === 0) return null;
  return (
    <Stack direction="row" spacing={1} data-testid="breadcrumb" sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>{MSG.voceEstaAqui}</Typography>
      <Breadcrumbs aria-label={MSG.voceEstaAqui} sx={{ typography: 'body2' }}>
        {crumbs.map((c, i) =>
          i === crumbs.length - 1 ? (
            <Typography key={i} variant="body2" aria-current="page" sx={{ color: 'text.primary', fontWeight: 600 }}>{c.label}</Typography>
          ) : c.path ? (
            <MuiLink key={i} component={Link} to={c.path} underline="hover" color="inherit">{c.label}</MuiLink>
          ) : (
            <Typography key={i} variant="body2" sx={{ color: 'text.secondary' }}>{c.label}</Typography>
          ),
        )}
      </Breadcrumbs>
    </Stack>
  );
}
