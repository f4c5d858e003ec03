import { type Centavos, formatBRL } from './money';

/**
 * A contracted rate as people read it, and the rule that two rates of one plan may not claim the same sale.
 * Pure: the server's rate checks and the tests share it.
 */
export type RateRange = {
  de: number;
  ate: number;
  /** centavos; null: no lower bound */
  valorde: number | null;
  /** centavos; null: no upper bound */
  valorate: number | null;
};

export type RateText = RateRange & { tipotaxa: string; taxa: number | null; valortaxa: number | null; taxabndes?: boolean | null };

/** A contracted rate in percent as people read it: '2,39%', '1,8765%'. */
export const percentText = (n: number) => `${n.toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 4 })}%`;

/** '1 parcela', '2 a 12 parcelas'. */
export function installmentsText(r: Pick<RateRange, 'de' | 'ate'>): string {
  if (r.de === r.ate) return `${r.de} ${r.de === 1 ? 'parcela' : 'parcelas'}`;
  return `${r.de} a ${r.ate} parcelas`;
}

/** 'de R$ 100,00 a R$ 1.000,00', 'até R$ 1.000,00', 'a partir de R$ 100,00', '' (any value). */
export function valuesText(r: Pick<RateRange, 'valorde' | 'valorate'>): string {
  const de = r.valorde == null ? null : formatBRL(r.valorde as Centavos);
  const ate = r.valorate == null ? null : formatBRL(r.valorate as Centavos);
  if (de && ate) return `de ${de} a ${ate}`;
  if (ate) return `até ${ate}`;
  if (de) return `a partir de ${de}`;
  return '';
}

/** The range of a rate in words: '2 a 12 parcelas, até R$ 1.000,00'. */
export function rangeText(r: RateRange): string {
  const v = valuesText(r);
  return v ? `${installmentsText(r)}, ${v}` : installmentsText(r);
}

/** The 'Taxas' column: '2,39% · 1 parcela', 'R$ 0,50 · 2 a 12 parcelas, até R$ 1.000,00 · BNDES'. */
export function rateText(r: RateText): string {
  const fee = r.tipotaxa === 'V' ? (r.valortaxa == null ? '—' : formatBRL(r.valortaxa as Centavos)) : r.taxa == null ? '—' : percentText(Number(r.taxa));
  return [fee, rangeText(r), r.taxabndes ? 'BNDES' : ''].filter(Boolean).join(' · ');
}

/** Two ranges claim a common sale: their installments meet and their values meet (an open bound meets everything). */
export function rangesOverlap(a: RateRange, b: RateRange): boolean {
  const lowA = a.valorde ?? Number.NEGATIVE_INFINITY;
  const highA = a.valorate ?? Number.POSITIVE_INFINITY;
  const lowB = b.valorde ?? Number.NEGATIVE_INFINITY;
  const highB = b.valorate ?? Number.POSITIVE_INFINITY;
  return a.de <= b.ate && b.de <= a.ate && lowA <= highB && lowB <= highA;
}
