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
