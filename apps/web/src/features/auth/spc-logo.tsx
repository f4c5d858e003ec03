import { MSG } from '@concilia/domain';

/** The credit-protection variant's extra mark: the same image the shell shows in 'spc' mode. */
export function SpcLogo() {
  return <img src="/logo-spc.svg" alt={MSG.loginSpcMarca} data-testid="spc-logo" style={{ display: 'block', height: 40 }} />;
}
