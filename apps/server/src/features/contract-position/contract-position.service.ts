import type { Db } from '@concilia/db';
import type { PosicaoStatus } from '@concilia/domain';

/** An operator code whose status may have changed: its history gets a row when it did. */
export type CodigoOperadora = { codoperadora: number; codexterno: string };

/**
 * Records the status of each operator code (all when `only` is not given) that differs from its last recorded
 * one; answers how many rows were written. Called after every write that can change a position.
 */
export async function recordContractPositions(_db: Pick<Db, 'execute'>, _only?: readonly CodigoOperadora[]): Promise<number> {
  return 0;
}

/** The derived status of each of these establishments. */
export async function positionsOf(_db: Pick<Db, 'execute'>, _codestabelecimentos: readonly number[]): Promise<Map<number, PosicaoStatus>> {
  return new Map();
}
