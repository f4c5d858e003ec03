import type { AnyRegisterDef } from '../register-kit/register';
import { agendamentoIntegracaoRegister } from './agendamento-integracao.resource';
import { ajustesIntegradosScreen } from './ajustes-integrados.resource';
import { bucketsS3Register } from './buckets-s3.resource';
import { codigosOperadoraTotvsRegister } from './codigos-operadora-totvs.resource';
import { parametrosTotvsRegister } from './parametros-totvs.resource';
import { softExpressRegister } from './softexpress.resource';

export * from './agendamento-integracao.resource';
export * from './ajustes-integrados.resource';
export * from './buckets-s3.resource';
export * from './codigos-operadora-totvs.resource';
export * from './parametros-totvs.resource';
export * from './softexpress.resource';

/**
 * The registers of Integrações (issue 20): all on one page, /app/integracao (ROUTES.integracao), as its tabs — so
 * each declares `page: 'integracao'` (the profile resource that grants its calls) and none is in REGISTERS, which
 * would give it a route and a menu entry of its own. The server builds their API like any register's, the web draws
 * each with the generic list screen inside the page's tabs, and the seed grants the page to the maintainers.
 */
export const INTEGRATION_SCREENS: readonly AnyRegisterDef[] = [
  // the deliveries first: what the page is for; then what they need, and what they delivered
  agendamentoIntegracaoRegister, bucketsS3Register, parametrosTotvsRegister, codigosOperadoraTotvsRegister, softExpressRegister, ajustesIntegradosScreen,
];
