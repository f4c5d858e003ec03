import { describe, expect, it } from 'vitest';
import { agendamentoSchema, describeFrequency, periodoRelativo } from './agendamento.schema';

describe('report schedules', () => {
  it("counts a relative period from the run's day, up to the day before it", () => {
    expect(periodoRelativo('FIXO', '2026-03-01')).toBeNull();
    expect(periodoRelativo('ONTEM', '2026-03-01')).toEqual({ de: '2026-02-28', ate: '2026-02-28' });
    expect(periodoRelativo('ULTIMOS_7', '2026-03-01')).toEqual({ de: '2026-02-22', ate: '2026-02-28' });
    expect(periodoRelativo('ULTIMOS_30', '2026-03-01')).toEqual({ de: '2026-01-30', ate: '2026-02-28' });
    expect(periodoRelativo('MES_ANTERIOR', '2026-03-17')).toEqual({ de: '2026-02-01', ate: '2026-02-28' });
    expect(periodoRelativo('MES_ANTERIOR', '2026-01-05')).toEqual({ de: '2025-12-01', ate: '2025-12-31' });
  });

  it('says the frequency in words', () => {
    expect(describeFrequency({ frequencia: 'D', hora: '07:00' })).toBe('Diário às 07:00');
    expect(describeFrequency({ frequencia: 'S', dias: [4, 2], hora: '07:00' })).toBe('Semanal (Seg, Qua) às 07:00');
    expect(describeFrequency({ frequencia: 'M', diames: 5, hora: '18:30' })).toBe('Mensal no dia 5 às 18:30');
  });

  it('asks the days of a weekly schedule and the day of a monthly one', () => {
    const base = { relatorio: 'x', formato: 'xlsx', hora: '07:00', emails: ['a@b.co'] };
    expect(agendamentoSchema.safeParse({ ...base, frequencia: 'S', dias: [] }).success).toBe(false);
    expect(agendamentoSchema.safeParse({ ...base, frequencia: 'M' }).success).toBe(false);
    expect(agendamentoSchema.safeParse({ ...base, frequencia: 'M', diames: 31 }).data?.periodo).toBe('FIXO');
  });
});
