import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { OccurrenceCounter } from '../src/ingest/occurrence-counter';

/**
 * The load numbers each repeated identity of a file (1, 2, 3…) from its MD5, given as bytes or, on the hot path, as
 * hex: both readings must number alike, through the table's growth, or a file loaded again would get other keys.
 */
describe('OccurrenceCounter', () => {
  it('numbers the same identities alike from bytes and from hex, across growth', () => {
    const bytes = new OccurrenceCounter(4);
    const hex = new OccurrenceCounter(4);
    const ids = Array.from({ length: 5_000 }, (_, i) => `linha-${i % 1_700}`);
    for (const id of ids) {
      const digest = crypto.createHash('md5').update(id).digest();
      expect(hex.nextHex(digest.toString('hex'))).toBe(bytes.next(digest));
    }
    // the 1,700 identities appeared 3 times (5,000 = 2 × 1,700 + 1,600) or twice: the next is the 4th or 3rd
    const next = (id: string) => hex.nextHex(crypto.createHash('md5').update(id).digest('hex'));
    expect(next('linha-0')).toBe(4);
    expect(next('linha-1699')).toBe(3);
    expect(next('nunca-vista')).toBe(1);
  });

  it('reads upper-case hex as lower-case', () => {
    const c = new OccurrenceCounter();
    const h = crypto.createHash('md5').update('x').digest('hex');
    expect(c.nextHex(h)).toBe(1);
    expect(c.nextHex(h.toUpperCase())).toBe(2);
  });
});
