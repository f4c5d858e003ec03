import { MSG } from './messages';
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

/**
 * One range of a rate as the rate wizard edits it (listDeTaxas): `codtaxa` is the stored rate's code, or a
 * negative number the wizard gave a line not saved yet.
 */
export type RateLine = RateRange & { codtaxa: number; tipotaxa: 'P' | 'V'; taxa: number | null; valortaxa: number | null };

/** The code of a line not saved yet: below every code of the list and below zero. */
export const newLineCode = (list: readonly { codtaxa: number }[]) => Math.min(0, ...list.map((l) => l.codtaxa)) - 1;

/** The wizard's ranges in reading order: by installments, then by value. */
export const sortLines = <T extends RateRange>(list: readonly T[]): T[] =>
  [...list].sort((a, b) => a.de - b.de || a.ate - b.ate || (a.valorde ?? -1) - (b.valorde ?? -1));

/**
 * Installments of 1..the list's last one that no range covers, as ranges ('2 a 3 parcelas'), counting only
 * ranges open to any value (a value-bounded range covers a part of those sales): a sale there would be audited
 * against no rate. An empty list has none.
 */
export function installmentGaps(list: readonly RateRange[]): { de: number; ate: number }[] {
  const open = list.filter((l) => l.valorde == null && l.valorate == null);
  const last = Math.max(0, ...list.map((l) => l.ate));
  const gaps: { de: number; ate: number }[] = [];
  for (let n = 1; n <= last; n++) {
    if (open.some((l) => l.de <= n && n <= l.ate)) continue;
    const prev = gaps[gaps.length - 1];
    if (prev && prev.ate === n - 1) prev.ate = n;
    else gaps.push({ de: n, ate: n });
  }
  return list.length ? gaps : [];
}

/** The wizard's list in words: one rate text per range, in reading order. */
export const linesText = (list: readonly RateLine[], taxabndes = false) =>
  sortLines(list).map((l) => rateText({ ...l, taxabndes })).join('; ');

/**
 * What the wizard's server checks answer (resultadoAddTaxas and the others): `mensagem` null and the new list,
 * or the list unchanged and why the line was refused; a change accepted that opens a gap (installments without
 * a rate) comes back in the list with a warning in `mensagem`.
 */
export type LineCheck = { mensagem: string | null; listDeTaxas: RateLine[] };

const gapsText = (list: readonly RateRange[]) => installmentGaps(list).map(installmentsText).join(', ');

/** Installments left without a rate, said once: when a change opens or moves a gap, not again at each change. */
const gapWarning = (before: readonly RateRange[], after: readonly RateRange[]): string | null => {
  const gaps = gapsText(after);
  return gaps && gaps !== gapsText(before) ? MSG.taxaFaixasSemTaxa.replace('{faixas}', gaps) : null;
};

/**
 * Adds a range to the list (`codtaxa` null) or puts it in place of line `codtaxa`. Refused when it meets
 * another range of the list: the audit could not tell which one the contract meant.
 */
export function putLine(list: readonly RateLine[], line: Omit<RateLine, 'codtaxa'>, codtaxa: number | null = null): LineCheck {
  const kept = sortLines(list);
  if (codtaxa != null && !kept.some((l) => l.codtaxa === codtaxa)) return { mensagem: MSG.taxaLinhaNaoEncontrada, listDeTaxas: kept };
  const others = kept.filter((l) => l.codtaxa !== codtaxa);
  const clash = others.find((l) => rangesOverlap(l, line));
  if (clash) return { mensagem: MSG.taxaLinhaSobreposta.replace('{faixa}', rangeText(clash)), listDeTaxas: kept };
  const fee = line.tipotaxa === 'V' ? { taxa: null, valortaxa: line.valortaxa } : { taxa: line.taxa, valortaxa: null };
  const next = sortLines([...others, { ...line, ...fee, codtaxa: codtaxa ?? newLineCode(list) }]);
  return { mensagem: gapWarning(kept, next), listDeTaxas: next };
}

/** Takes line `codtaxa` out of the list; a gap it opens is a warning. */
export function removeLine(list: readonly RateLine[], codtaxa: number): LineCheck {
  if (!list.some((l) => l.codtaxa === codtaxa)) return { mensagem: MSG.taxaLinhaNaoEncontrada, listDeTaxas: sortLines(list) };
  const next = sortLines(list.filter((l) => l.codtaxa !== codtaxa));
  return { mensagem: gapWarning(list, next), listDeTaxas: next };
}

const num = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));

/** A line of the wizard's list (as the API carries it) in words: '3,20% · 2 a 6 parcelas'. */
export const lineText = (l: Record<string, unknown>): string =>
  rateText({
    de: Number(l.de), ate: Number(l.ate), valorde: num(l.valorde), valorate: num(l.valorate),
    tipotaxa: String(l.tipotaxa ?? 'P'), taxa: num(l.taxa), valortaxa: num(l.valortaxa),
  });
