import { type SQL, sql } from 'drizzle-orm';

/**
 * A stored value as its pt-BR label, in SQL (CASE … WHEN), from the product's vocabulary (SALE_RESULTS,
 * PAYMENT_RESULTS, TIPOS_REGISTRO…): a report shows labels, never codes. An unknown value shows as it is stored.
 */
export const labelOf = (col: SQL, vocabulary: Readonly<Record<string, string>>): SQL =>
  sql`(CASE ${col} ${sql.join(Object.entries(vocabulary).map(([v, label]) => sql`WHEN ${v} THEN ${label}`), sql` `)} ELSE ${col}::text END)`;

/** A value's place in its vocabulary (the order the product lists it in), for a report's ORDER BY; unknown values last. */
export const orderOf = (col: SQL, vocabulary: Readonly<Record<string, string>>): SQL =>
  // the positions are integers of our own, written as literals: as parameters PostgreSQL would type them text ('10' < '2')
  sql`(CASE ${col} ${sql.join(Object.keys(vocabulary).map((v, i) => sql`WHEN ${v} THEN ${sql.raw(String(i))}`), sql` `)} ELSE ${sql.raw(String(Object.keys(vocabulary).length))} END)`;

/** An option list ({ valor, label }[], e.g. SITUACOES_AUDITORIA) as a vocabulary. */
export const vocabularyOf = (options: readonly { valor: string; label: string }[]): Record<string, string> =>
  Object.fromEntries(options.map((o) => [o.valor, o.label]));
