import type { OptionItem } from '@concilia/domain';
import { builder } from '../../graphql/builder';

/**
 * An option of a select list, as every option-list call answers it: `valor` is the value the form
 * stores (a code as text), `label` what the user reads. Defined once; the register kit reuses this ref.
 */
export const OptionItemRef = builder.objectRef<OptionItem>('OptionItem').implement({
  description: 'An option of a select list: valor (the stored value, as text) and label (what the user reads).',
  fields: (t) => ({
    valor: t.exposeString('valor'),
    label: t.exposeString('label'),
  }),
});

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });

/**
 * Options sorted by label as a Brazilian reader expects ('Água Branca' among the A's), whatever the
 * database's collation — PGlite and a PostgreSQL server may sort accented text differently.
 */
export function toOptions<T>(rows: readonly T[], valor: (r: T) => string | number, label: (r: T) => string): OptionItem[] {
  return rows
    .map((r) => ({ valor: String(valor(r)), label: label(r) }))
    .sort((a, b) => collator.compare(a.label, b.label) || collator.compare(a.valor, b.valor));
}
