import { z } from 'zod';
import { addDays, addMonths, type BusinessDate } from '../dates';
import { MSG } from '../messages';
import { REPORT_FORMATS } from './report-kit';

/**
 * A report schedule as the form and the API take it (salvarRelatorioAgendamento): one schema for both. The
 * report's own filter (`parametros`) is checked against that report's schema by the server, which knows it.
 */

export const FREQUENCIAS_RELATORIO = [
  { valor: 'D', label: 'Diário' },
  { valor: 'S', label: 'Semanal' },
  { valor: 'M', label: 'Mensal' },
] as const;
export type FrequenciaRelatorio = (typeof FREQUENCIAS_RELATORIO)[number]['valor'];

/**
 * The filter's De/Até a schedule sends: as stored (FIXO), or counted from each run's day — a daily report of
 * yesterday's sales must not send the same dates every day. Days before the run's: today's movement is not in yet.
 */
export const PERIODOS_RELATORIO = [
  { valor: 'FIXO', label: 'As datas do filtro' },
  { valor: 'ONTEM', label: 'Ontem' },
  { valor: 'ULTIMOS_7', label: 'Últimos 7 dias' },
  { valor: 'ULTIMOS_30', label: 'Últimos 30 dias' },
  { valor: 'MES_ANTERIOR', label: 'Mês anterior' },
] as const;
export type PeriodoRelatorio = (typeof PERIODOS_RELATORIO)[number]['valor'];

/** The De/Até of a relative period on the run's business day `hoje`; null for FIXO. */
export function periodoRelativo(periodo: string, hoje: BusinessDate): { de: BusinessDate; ate: BusinessDate } | null {
  const ontem = addDays(hoje, -1);
  switch (periodo) {
    case 'ONTEM': return { de: ontem, ate: ontem };
    case 'ULTIMOS_7': return { de: addDays(hoje, -7), ate: ontem };
    case 'ULTIMOS_30': return { de: addDays(hoje, -30), ate: ontem };
    case 'MES_ANTERIOR': {
      const primeiro = `${hoje.slice(0, 7)}-01`;
      return { de: addMonths(primeiro, -1), ate: addDays(primeiro, -1) };
    }
    default: return null;
  }
}

/** How many addresses one schedule mails at most. */
export const AGENDAMENTO_EMAILS_MAX = 10;

const HORA = /^([01]\d|2[0-3]):[0-5]\d$/;

export const agendamentoSchema = z
  .object({
    codagendamento: z.number().int().nullish(),
    relatorio: z.string({ error: MSG.agendamentoRelatorioObrigatorio }).min(1, MSG.agendamentoRelatorioObrigatorio),
    parametros: z.string().default('{}'),
    periodo: z.enum(PERIODOS_RELATORIO.map((p) => p.valor) as ['FIXO'], { error: MSG.agendamentoPeriodoInvalido }).default('FIXO'),
    formato: z.enum(REPORT_FORMATS.map((f) => f.valor) as ['xlsx', 'csv', 'pdf'], { error: MSG.agendamentoFormatoInvalido }),
    frequencia: z.enum(['D', 'S', 'M'], { error: MSG.agendamentoFrequenciaObrigatoria }),
    dias: z.array(z.number().int().min(1).max(7)).nullish(),
    diames: z.number({ error: MSG.agendamentoDiaMesInvalido }).int(MSG.agendamentoDiaMesInvalido).min(1, MSG.agendamentoDiaMesInvalido).max(31, MSG.agendamentoDiaMesInvalido).nullish(),
    hora: z.string({ error: MSG.agendamentoHoraInvalida }).regex(HORA, MSG.agendamentoHoraInvalida),
    validade: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, MSG.dataInvalida).nullish(),
    emails: z
      .array(z.string().trim().pipe(z.email({ error: MSG.emailInvalido })))
      .min(1, MSG.agendamentoEmailObrigatorio)
      .max(AGENDAMENTO_EMAILS_MAX, MSG.agendamentoEmailsDemais.replace('{n}', String(AGENDAMENTO_EMAILS_MAX))),
    ativo: z.boolean().nullish(),
  })
  .refine((v) => v.frequencia !== 'S' || (v.dias?.length ?? 0) > 0, { message: MSG.agendamentoDiasObrigatorio, path: ['dias'] })
  .refine((v) => v.frequencia !== 'M' || v.diames != null, { message: MSG.agendamentoDiaMesInvalido, path: ['diames'] });

export type AgendamentoValues = z.infer<typeof agendamentoSchema>;

const DIA_CURTO = ['Dom', 'Seg', 'Ter', 'Qua', 'Qui', 'Sex', 'Sáb'] as const;

/** A schedule's frequency in words: 'Diário às 07:00', 'Semanal (Seg, Qua) às 07:00', 'Mensal no dia 5 às 07:00'. */
export function describeFrequency(v: { frequencia: string; dias?: readonly number[] | null; diames?: number | null; hora: string }): string {
  if (v.frequencia === 'S') {
    const dias = [...(v.dias ?? [])].sort((a, b) => a - b).map((d) => DIA_CURTO[d - 1] ?? String(d)).join(', ');
    return `Semanal (${dias}) às ${v.hora}`;
  }
  if (v.frequencia === 'M') return `Mensal no dia ${v.diames} às ${v.hora}`;
  return `Diário às ${v.hora}`;
}

