import { describe, expect, it } from 'vitest';
import { MSG } from '../messages';
import { defaultPrevisaoFilter, previsaoSchema } from './previsao.schema';

const messages = (v: unknown) => {
  const r = previsaoSchema.safeParse(v);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('Fechamento de Movimento Previsão form', () => {
  it("says the spec's three required messages", () => {
    expect(messages({ datavendade: '', datavendaate: null, dias: [] })).toEqual([
      `datavendade: ${MSG.previsaoVendaDeObrigatorio}`,
      `datavendaate: ${MSG.previsaoVendaAteObrigatorio}`,
      `dias: ${MSG.previsaoDiasObrigatorio}`,
    ]);
    expect(messages({})).toEqual([
      `datavendade: ${MSG.previsaoVendaDeObrigatorio}`,
      `datavendaate: ${MSG.previsaoVendaAteObrigatorio}`,
      `dias: ${MSG.previsaoDiasObrigatorio}`,
    ]);
    expect(MSG.previsaoDiasObrigatorio).toBe('Dias é obrigatório');
  });

  it('takes business dates, Até not before De, and days 1 (Domingo) to 7 (Sábado) as a set', () => {
    expect(previsaoSchema.parse({ datavendade: '2026-03-01', datavendaate: '2026-05-31', dias: [7, 1, 7] }))
      .toEqual({ datavendade: '2026-03-01', datavendaate: '2026-05-31', dias: [1, 7] });
    expect(messages({ datavendade: '31/03/2026', datavendaate: '2026-02-30', dias: [1] })).toEqual([
      `datavendade: ${MSG.dataInvalida}`, `datavendaate: ${MSG.dataInvalida}`,
    ]);
    expect(messages({ datavendade: '2026-03-02', datavendaate: '2026-03-01', dias: [1] })).toEqual([`datavendaate: ${MSG.periodoInvertido}`]);
    expect(messages({ datavendade: '2026-03-01', datavendaate: '2026-03-01', dias: [0, 8] })).toEqual([`dias.0: ${MSG.previsaoDiaInvalido}`, `dias.1: ${MSG.previsaoDiaInvalido}`]);
    expect(messages({ datavendade: '2026-03-01', datavendaate: '2026-03-01', dias: [1], formato: 'doc' })).toEqual([`formato: ${MSG.previsaoFormatoInvalido}`]);
  });

  it('opens on the month up to today, every day ticked, as a PDF', () => {
    expect(defaultPrevisaoFilter('2026-11-26')).toEqual({ datavendade: '2026-11-01', datavendaate: '2026-11-26', dias: [1, 2, 3, 4, 5, 6, 7], formato: 'pdf' });
    expect(defaultPrevisaoFilter('2026-03-01').datavendade).toBe('2026-03-01');
  });
});
