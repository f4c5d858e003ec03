import { subtreeOf } from '@concilia/db';
import { type SQL, sql } from 'drizzle-orm';

/** The optional filters the generators share, as AND conditions (empty when not given: 'Todos'). */
export const opFilter = (col: SQL, f: Record<string, unknown>): SQL => (f.codoperadora == null ? sql`` : sql`AND ${col} = ${Number(f.codoperadora)}`);

/** A unit chosen in the filter narrows to it and what hangs below it; the caller's own scope still applies. */
export const unitFilter = (col: SQL, f: Record<string, unknown>): SQL => (f.codpessoa == null ? sql`` : sql`AND ${col} IN ${subtreeOf(Number(f.codpessoa))}`);
