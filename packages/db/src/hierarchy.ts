import { type SQL, sql } from 'drizzle-orm';
import type { Db } from './open-db';

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

/**
 * Tenant keys (`codcliente` of the line tables, migration 0031's cliente_raiz) of a set of persons, read once
 * so that a bulk writer stamps each row from memory instead of looking the hierarchy up per line.
 */
export class TenantKeys {
  private constructor(private readonly keys: ReadonlyMap<number, number>, private readonly nobody: number) {}

  static async load(db: Db, codpessoas: Iterable<number>): Promise<TenantKeys> {
    const ids = [...new Set(codpessoas)];
    const r = (await db.execute(sql`SELECT p AS codpessoa, cliente_raiz(p) AS codcliente FROM unnest(${`{${ids.join(',')}}`}::int[]) AS p
      UNION ALL SELECT NULL, cliente_raiz(NULL)`)) as unknown as { rows: { codpessoa: number | null; codcliente: number }[] };
    const keys = new Map<number, number>();
    let nobody = 0;
    for (const row of r.rows) {
      if (row.codpessoa === null) nobody = Number(row.codcliente);
      else keys.set(Number(row.codpessoa), Number(row.codcliente));
    }
    return new TenantKeys(keys, nobody);
  }

  /** The key of a line attributed to `codpessoa` (one of those loaded), or to nobody. */
  of(codpessoa: number | null): number {
    if (codpessoa === null) return this.nobody;
    const key = this.keys.get(codpessoa);
    // a person outside what was loaded is a writer's bug: a wrong key would put the line on another tenant's node
    if (key === undefined) throw new Error(`tenant key of person ${codpessoa} was not loaded`);
    return key;
  }
}
