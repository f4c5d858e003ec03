import { z } from 'zod';
import { MSG } from './messages';
import { maximo } from './register-kit/zod-fields';

/** Parâmetros (spec part 2 §2.2, §5, §9): one text per person, the report group text 'Fecha Movimento'. */
export const PARAMETROS_MAX = 500;

/** What salvarParametros takes and the page's form validates: the text, and whether the row is new. */
export const parametrosSchema = z.object({
  texto: z.preprocess(
    (v) => (v === undefined ? null : v),
    z.string().max(PARAMETROS_MAX, maximo(MSG.parametrosFechaMovimento, PARAMETROS_MAX)).nullable(),
  ),
  insert: z.boolean().nullish(),
});
export type Parametros = z.infer<typeof parametrosSchema>;
