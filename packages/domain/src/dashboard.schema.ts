import { z } from 'zod';
import { DASHBOARD_REGISTROS } from './dashboard';
import { isBusinessDate, withinOneMonth } from './dates';
import { MSG } from './messages';
import { isGiven } from './register-kit/register';
import { obrigatorio } from './register-kit/zod-fields';

const date = (label: string) =>
  z.string({ error: obrigatorio(label) }).min(1, obrigatorio(label)).refine(isBusinessDate, MSG.dataInvalida);

/**
 * The dashboard filter (spec part 1 §3 "Dashboard filter", §5, §9): one schema for the screen's form and the
 * getDashBoard input. `empresa` is the Conciliador (a client, listarItensConciliadores); empty or 'Todos'
 * (-999) means everything the user may see. De/Até at most one calendar month apart.
 */
export const dashboardFilterSchema = z
  .object({
    empresa: z.preprocess((v) => (isGiven(v) ? Number(v) : null), z.number().int().nullable()),
    registro: z.enum(DASHBOARD_REGISTROS, { error: obrigatorio('Registros de') }),
    de: date(MSG.dashboardDe),
    ate: date(MSG.dashboardAte),
  })
  .refine((v) => withinOneMonth(v.de, v.ate), { message: MSG.periodoMaximo, path: ['ate'] });
export type DashboardFilter = z.infer<typeof dashboardFilterSchema>;
