import os from 'node:os';
import { createThrowawayDatabase, jobPoolSize, openDb, requestPoolSize } from '@concilia/db';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

/**
 * How many PostgreSQL connections a process opens: two per core for requests (bench:api measured fewer backends
 * doing more per CPU than ten), DB_POOL_MAX when an operator sets it, and enough for the job loops that each
 * load can renew its lease while it holds its transaction.
 */
describe('pool sizes', () => {
  const saved = process.env.DB_POOL_MAX;
  afterEach(() => {
    if (saved === undefined) delete process.env.DB_POOL_MAX;
    else process.env.DB_POOL_MAX = saved;
  });

  it('requests: two connections per core, unless DB_POOL_MAX says otherwise', () => {
    delete process.env.DB_POOL_MAX;
    expect(requestPoolSize()).toBe(2 * os.availableParallelism());
    process.env.DB_POOL_MAX = '7';
    expect(requestPoolSize()).toBe(7);
    for (const bad of ['0', '-3', 'dez', '2.5', '']) {
      process.env.DB_POOL_MAX = bad;
      expect(requestPoolSize(), bad).toBe(2 * os.availableParallelism());
    }
  });

  it('job loops: a connection for each load, one for its lease renewal, one for the polls', () => {
    expect(jobPoolSize(1)).toBe(3);
    expect(jobPoolSize(4)).toBe(9);
  });
});

const url = process.env.TEST_DATABASE_URL;
if (url) describe('the pool openDb opens (PostgreSQL)', () => {
  let throwaway: Awaited<ReturnType<typeof createThrowawayDatabase>>;
  beforeAll(async () => {
    throwaway = await createThrowawayDatabase(url!, 'pool');
  });
  afterAll(() => throwaway?.drop());

  it('holds at most the size asked for, and the request size when none is', async () => {
    const jobs = await openDb(throwaway.url, { migrate: false, poolMax: 2 });
    const requests = await openDb(throwaway.url, { migrate: false });
    try {
      const held = await Promise.all([jobs.pool!.connect(), jobs.pool!.connect()]);
      // a third caller waits for one of the two instead of opening another backend
      let third = false;
      const waiting = jobs.pool!.connect().then((c) => { third = true; return c; });
      await new Promise((r) => setTimeout(r, 100));
      expect(third).toBe(false);
      expect(jobs.pool!.totalCount).toBe(2);
      held[0]!.release();
      (await waiting).release();
      held[1]!.release();
      expect(third).toBe(true);
      expect(requests.pool!.options.max).toBe(requestPoolSize());
    } finally {
      await jobs.close();
      await requests.close();
    }
  });
});
