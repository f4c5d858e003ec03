import { type SQL, sql } from 'drizzle-orm';

/**
 * The person hierarchy as SQL sub-selects. Every scoped query filters with one of these, so "what may
 * this user see" is written once: a user sees the subtree under the person the user belongs to.
 */
export function subtreeOf(codpessoa: number): SQL {
  return sql`(WITH RECURSIVE sub AS (
      SELECT codpessoa FROM pessoas WHERE codpessoa = ${codpessoa}
      UNION ALL SELECT p.codpessoa FROM pessoas p JOIN sub ON p.codpessoapai = sub.codpessoa)
    SELECT codpessoa FROM sub)`;
}

/** The chain from a person up to the platform (the person itself included). */
export function ancestorsOf(codpessoa: number): SQL {
  return sql`(WITH RECURSIVE up AS (
      SELECT codpessoa, codpessoapai FROM pessoas WHERE codpessoa = ${codpessoa}
      UNION ALL SELECT p.codpessoa, p.codpessoapai FROM pessoas p JOIN up ON p.codpessoa = up.codpessoapai)
    SELECT codpessoa FROM up)`;
}

/**
 * The persons a user sees, narrowed to the subtree of `chosen` when a screen's filter names one (a client, a
 * unit): never wider than the user's own subtree, empty when `chosen` is outside it.
 */
export function subtreeWithin(codpessoaUsuario: number, chosen: number | null | undefined): SQL {
  if (chosen === null || chosen === undefined) return subtreeOf(codpessoaUsuario);
  return sql`(SELECT codpessoa FROM pessoas WHERE codpessoa IN ${subtreeOf(chosen)} AND codpessoa IN ${subtreeOf(codpessoaUsuario)})`;
}

/** Whether person `codpessoa` is in the subtree of `root` (itself included): a condition for SELECT … WHERE. */
export const isUnder = (codpessoa: number, root: number): SQL => sql`${codpessoa} IN ${subtreeOf(root)}`;
