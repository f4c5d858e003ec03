import { APP_VERSION, MSG, ROUTES } from '@concilia/domain';
import { Box, Stack, Tooltip } from '@mui/material';
import { Link } from 'react-router';
import { useAppState } from '../store';
import { useUserInfo } from './shell-queries';

// Only addresses an <img> can safely load: a stored value in any other shape is ignored, not rendered.
const isImageSource = (s: string) => /^(https?:\/\/|\/(?!\/)|data:image\/(png|jpe?g|gif|webp|svg\+xml);)/i.test(s);

/**
 * The product logo (tooltip: the version), the credit-protection partner's logo in 'spc' mode, and the
 * reseller's brand for users below a reseller that has one.
 */
export function AppLogo() {
  const mode = useAppState((s) => s.mode);
  const brand = useUserInfo().data?.logoMarcarRevenda ?? null;
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
      <Tooltip title={APP_VERSION}>
        <Box component={Link} to={ROUTES.home.path} aria-label={MSG.inicio} sx={{ display: 'flex' }}>
          <Box component="img" src="/logo.svg" alt={MSG.produtoNome} data-testid="app-logo" sx={{ height: 36, width: 36 }} />
        </Box>
      </Tooltip>
      {mode === 'spc' ? (
        <Box component="img" src="/logo-spc.svg" alt={MSG.loginSpcMarca} data-testid="spc-logo" sx={{ height: 32 }} />
      ) : null}
      {brand && isImageSource(brand) ? (
        <Box component="img" src={brand} alt={MSG.logoRevenda} sx={{ height: 32, maxWidth: 120, objectFit: 'contain' }} />
      ) : null}
    </Stack>
  );
}
