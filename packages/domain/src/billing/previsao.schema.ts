import { z } from 'zod';
import { addDays, type BusinessDate, isBusinessDate } from '../dates';
import { MSG } from '../messages';
import { RELATORIO_FORMATOS } from './movimentos.resource';

/**
 * Fechamento de Movimento Previsão (spec part 2 §2.2 "Fecha Movimento (forecast)", §5, §7
 * getRelatorioFechaMovimentoPrevisao): what closing would bill for the sales from Venda De to Venda Até made on
 * the chosen weekdays, as a report. One schema for the screen's form and the API input (the API's `filtro` and
 * `dias` arguments are read together as one object).
 *
 * No one-month limit: the spec names the windows that have one (ticket import, ticket search, dashboard) and
 * gives this form only its three required messages; a forecast over a longer span is a legitimate question
 * (a quarter's Saturdays), and its cost is bounded by the window itself (only sales from Venda De are read).
 * The screen's page is PREVISAO_PAGE (screen-pages.ts).
 */

/** The weekdays as the legacy screen and the database number them: 1 = Domingo … 7 = Sábado. */
export const DIAS_SEMANA = [
  { valor: 1, label: 'Domingo' },
  { valor: 2, label: 'Segunda-feira' },
  { valor: 3, label: 'Terça-feira' },
  { valor: 4, label: 'Quarta-feira' },
  { valor: 5, label: 'Quinta-feira' },
  { valor: 6, label: 'Sexta-feira' },
  { valor: 7, label: 'Sábado' },
] as const;
export const TODOS_DIAS: readonly number[] = DIAS_SEMANA.map((d) => d.valor);

const data = (required: string) =>
  z.string({ error: required }).trim().min(1, { error: required, abort: true }).refine(isBusinessDate, MSG.dataInvalida);

export const previsaoSchema = z
  .object({
    datavendade: data(MSG.previsaoVendaDeObrigatorio),
    datavendaate: data(MSG.previsaoVendaAteObrigatorio),
    // a set: each day once, in week order, whatever order the checkboxes were ticked in
    dias: z
      .array(z.number({ error: MSG.previsaoDiaInvalido }).int(MSG.previsaoDiaInvalido).min(1, MSG.previsaoDiaInvalido).max(7, MSG.previsaoDiaInvalido), {
        error: MSG.previsaoDiasObrigatorio,
      })
      .min(1, MSG.previsaoDiasObrigatorio)
      .transform((d) => [...new Set(d)].sort((a, b) => a - b)),
    formato: z.enum(RELATORIO_FORMATOS.map((f) => f.valor) as ['pdf', 'xlsx'], { error: MSG.previsaoFormatoInvalido }).nullish(),
  })
  // said only of two real dates: a missing or invalid one already has its own message
  .refine((v) => !isBusinessDate(v.datavendade) || !isBusinessDate(v.datavendaate) || v.datavendade <= v.datavendaate, {
    message: MSG.periodoInvertido, path: ['datavendaate'],
  });
export type PrevisaoFiltro = z.infer<typeof previsaoSchema>;
export type PrevisaoFormValues = z.input<typeof previsaoSchema>;

/**
 * The screen opens on the current month up to today, every weekday ticked: a closing bills every day, so the
 * forecast starts from what closing today would bill, and narrowing to some weekdays is the user's choice.
 */
export function defaultPrevisaoFilter(hoje: BusinessDate): { datavendade: string; datavendaate: string; dias: number[]; formato: 'pdf' | 'xlsx' } {
  return { datavendade: addDays(hoje, 1 - Number(hoje.slice(8, 10))), datavendaate: hoje, dias: [...TODOS_DIAS], formato: 'pdf' };
}
