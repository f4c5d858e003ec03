import { MSG } from '@concilia/domain';
import { Box } from '@mui/material';

/** The credit-protection variant's extra mark: the same image the shell shows in 'spc' mode. */
export function SpcLogo() {
  return <Box component="img" src="/logo-spc.svg" alt={MSG.loginSpcMarca} data-testid="spc-logo" sx={{ height: 40 }} />;
}
