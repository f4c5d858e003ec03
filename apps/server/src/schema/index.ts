import { builder } from '../graphql/builder';
import '../features/auth/auth.resolvers';
import '../features/account/account.resolvers';
import '../features/shell/shell.resolvers';
import '../features/options/options.resolvers';
import '../features/parametros/parametros.resolvers';
import '../features/files/file-options.resolvers';
import '../features/files/file-upload.resolvers';
import '../features/fee-audit/fee-audit.resolvers';
import '../features/dashboard/dashboard.resolvers';
import '../features/tickets/tickets.resolvers';
import '../features/tickets/ticket-options.resolvers';
import '../features/master-users/master-users.resolvers';
import '../features/sign-up/sign-up.resolvers';
import '../features/painel/painel.resolvers';
import '../features/billing/billing.resolvers';
import '../features/billing/invoice.resolvers';
import '../features/billing/previsao.resolvers';
import '../features/late-files/late-files.resolvers';
import '../features/establishment-documents/documents.resolvers';
import '../features/contract-position/contract-position.resolvers';
import '../features/contract-position/painel-cadastro.resolvers';
import '../reports/reports.resolvers';
import '../reports/report-schedules.resolvers';
import '../registers/index';

/** Importing a feature's resolvers registers them on the builder; this is the one list of features. */
export const schema = builder.toSchema({ sortSchema: true });
