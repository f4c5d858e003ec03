/**
 * The profile resources (pages) of screens with a module of their own, as plain constants: the web's router and
 * the seeds name them without loading the modules that declare those screens (their zod schemas, report
 * catalogue and register declarations).
 */

/** Fechamento de Movimento Previsão (billing/previsao.schema.ts): the closing forecast's page. */
export const PREVISAO_PAGE = 'fechamovimentoprevisao';

/** The page of Integrações (integrations/integration-screens.ts): every register of INTEGRATION_SCREENS is granted by it. */
export const INTEGRACAO_PAGE = 'integracao';

/** The profile resource of the contract-position monitor; holding it also lets its holder validate registrations. */
export const POSICAO_CONTRATO_PAGE = 'posicaocontratoclienteconciliador';

/** The profile resource of the Relatórios screen: holding it grants every generator (each scoped to the holder's hierarchy). */
export const RELATORIOS_PAGE = 'relatorios';
