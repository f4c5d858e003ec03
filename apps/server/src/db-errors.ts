/**
 * What a failed statement says, whichever driver ran it: node-postgres and PGlite both give PostgreSQL's SQLSTATE
 * `code` and the `constraint` it concerns; Drizzle may wrap that error as its `cause`.
 */
export const FK_VIOLATION = '23503';
export const UNIQUE_VIOLATION = '23505';

export type DbError = { code?: string; message?: string; constraint?: string };

export function dbError(err: unknown): DbError {
  const e = err as DbError & { cause?: DbError };
  return e?.cause?.code ? e.cause : (e ?? {});
}

/** The unique constraint a statement broke, or null when it failed otherwise. */
export const uniqueViolationOf = (err: unknown): string | null => {
  const e = dbError(err);
  return e.code === UNIQUE_VIOLATION ? (e.constraint ?? '') : null;
};
