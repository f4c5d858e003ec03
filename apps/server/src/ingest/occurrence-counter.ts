/**
 * Counts how often each identity occurs within one file, in memory that stays small for millions of lines:
 * an open-addressing table of 64-bit keys (two Uint32Arrays) instead of a Map of strings. The key is the
 * first 8 bytes of the identity's MD5. Two different identities sharing those 8 bytes would only make the
 * second one count as occurrence 2 — still a distinct (chave, ocorrencia) pair, so nothing is lost.
 */
export class OccurrenceCounter {
  private hi: Uint32Array;
  private lo: Uint32Array;
  private counts: Uint32Array;
  private size = 0;

  constructor(initialCapacity = 1 << 16) {
    let cap = 1;
    while (cap < initialCapacity) cap <<= 1;
    this.hi = new Uint32Array(cap);
    this.lo = new Uint32Array(cap);
    this.counts = new Uint32Array(cap);
  }

  /** Registers one more occurrence of the key and returns its number (1 for the first). */
  next(digest: Uint8Array): number {
    const hi = ((digest[0]! << 24) | (digest[1]! << 16) | (digest[2]! << 8) | digest[3]!) >>> 0;
    const lo = ((digest[4]! << 24) | (digest[5]! << 16) | (digest[6]! << 8) | digest[7]!) >>> 0;
    return this.count(hi, lo);
  }

  /**
   * `next` for a digest given as lower-case hex (the same first 8 bytes, so the same numbering): the load asks
   * node:crypto for hex directly, which costs half of a Buffer and its toString('hex').
   */
  nextHex(hex: string): number {
    return this.count(hexWord(hex, 0), hexWord(hex, 8));
  }

  private count(hi: number, lo: number): number {
    // grown at three quarters full, not half: a 1 GB file's keys then take 48 MB instead of 96 MB, for a few more probes
    if ((this.size + 1) * 4 > this.counts.length * 3) this.grow();
    const slot = this.find(hi, lo);
    if (this.counts[slot] === 0) {
      this.hi[slot] = hi;
      this.lo[slot] = lo;
      this.size++;
    }
    return ++this.counts[slot]!;
  }

  private find(hi: number, lo: number): number {
    const mask = this.counts.length - 1;
    let i = (Math.imul(lo ^ hi, 0x9e3779b1) >>> 0) & mask;
    while (this.counts[i] !== 0 && (this.hi[i] !== hi || this.lo[i] !== lo)) i = (i + 1) & mask;
    return i;
  }

  private grow(): void {
    const { hi, lo, counts } = this;
    this.hi = new Uint32Array(counts.length * 2);
    this.lo = new Uint32Array(counts.length * 2);
    this.counts = new Uint32Array(counts.length * 2);
    for (let i = 0; i < counts.length; i++) {
      if (counts[i] === 0) continue;
      const slot = this.find(hi[i]!, lo[i]!);
      this.hi[slot] = hi[i]!;
      this.lo[slot] = lo[i]!;
      this.counts[slot] = counts[i]!;
    }
  }
}

/** The 8 hex digits at `from` as an unsigned 32-bit number (read by character: no substring, no parseInt). */
function hexWord(hex: string, from: number): number {
  let n = 0;
  for (let i = from; i < from + 8; i++) {
    const c = hex.charCodeAt(i);
    n = n * 16 + (c <= 57 ? c - 48 : (c | 32) - 87);
  }
  return n;
}
