import { describe, expect, it } from 'vitest';
import { MSG } from './messages';
import { installmentGaps, lineText, putLine, type RateLine, removeLine } from './plan-rates';

const line = (de: number, ate: number, over: Partial<RateLine> = {}): Omit<RateLine, 'codtaxa'> => ({
  de, ate, valorde: null, valorate: null, tipotaxa: 'P', taxa: 2, valortaxa: null, ...over,
});

describe('the rate wizard rules', () => {
  it('gaps: installments up to the last range that no open range covers; a value-bounded range covers only part', () => {
    expect(installmentGaps([])).toEqual([]);
    expect(installmentGaps([{ ...line(1, 1) }])).toEqual([]);
    expect(installmentGaps([line(2, 3), line(7, 12)])).toEqual([{ de: 1, ate: 1 }, { de: 4, ate: 6 }]);
    expect(installmentGaps([line(1, 1, { valorate: 10_000 }), line(2, 2)])).toEqual([{ de: 1, ate: 1 }]);
  });

  it('adds in order, gives new lines codes below zero, and keeps the fee of its type only', () => {
    const a = putLine([], line(7, 12, { taxa: 3.5, valortaxa: 40 }));
    expect(a.listDeTaxas).toEqual([{ ...line(7, 12, { taxa: 3.5 }), codtaxa: -1 }]);
    expect(a.mensagem).toBe(MSG.taxaFaixasSemTaxa.replace('{faixas}', '1 a 6 parcelas'));
    const b = putLine(a.listDeTaxas, line(1, 1, { tipotaxa: 'V', taxa: 2, valortaxa: 50 }));
    expect(b.listDeTaxas.map((l) => [l.codtaxa, l.de, l.taxa, l.valortaxa])).toEqual([[-2, 1, null, 50], [-1, 7, 3.5, null]]);
    // the gap moved (2 to 6 now): said again
    expect(b.mensagem).toBe(MSG.taxaFaixasSemTaxa.replace('{faixas}', '2 a 6 parcelas'));
    // the same gap after another change: not said again
    expect(putLine(b.listDeTaxas, line(7, 12, { taxa: 3.9 }), -1).mensagem).toBeNull();
  });

  it('refuses a range that meets another, naming it; an update may keep its own range', () => {
    const list = putLine(putLine([], line(1, 1)).listDeTaxas, line(2, 6)).listDeTaxas;
    expect(putLine(list, line(6, 12))).toEqual({ mensagem: MSG.taxaLinhaSobreposta.replace('{faixa}', '2 a 6 parcelas'), listDeTaxas: list });
    expect(putLine(list, line(2, 6, { taxa: 3 }), -2).listDeTaxas[1]).toMatchObject({ codtaxa: -2, taxa: 3 });
    expect(putLine(list, line(2, 6), 99).mensagem).toBe(MSG.taxaLinhaNaoEncontrada);
    // values split one installment range: up to R$ 100,00 and above it do not meet
    const split = putLine([], line(1, 1, { valorate: 10_000 })).listDeTaxas;
    expect(putLine(split, line(1, 1, { valorde: 10_001 })).listDeTaxas).toHaveLength(2);
  });

  it('removes a line, warning of the gap it opens', () => {
    const list = putLine(putLine(putLine([], line(1, 1)).listDeTaxas, line(2, 6)).listDeTaxas, line(7, 12)).listDeTaxas;
    const r = removeLine(list, list[1]!.codtaxa);
    expect(r.listDeTaxas.map((l) => l.de)).toEqual([1, 7]);
    expect(r.mensagem).toBe(MSG.taxaFaixasSemTaxa.replace('{faixas}', '2 a 6 parcelas'));
    expect(removeLine(list, 5).mensagem).toBe(MSG.taxaLinhaNaoEncontrada);
  });

  it('says a line in words, from what the API carries', () => {
    expect(lineText({ de: 2, ate: 6, tipotaxa: 'P', taxa: 3.2 })).toBe('3,20% · 2 a 6 parcelas');
    expect(lineText({ de: 1, ate: 1, tipotaxa: 'V', valortaxa: 50, valorate: 100_000 })).toBe('R$\u00a00,50 · 1 parcela, até R$\u00a01.000,00');
  });
});
