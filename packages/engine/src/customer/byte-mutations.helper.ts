import fc from 'fast-check';

/**
 * Test-only: random damage to a file's bytes for the "never throws" property tests of the Stone and customer
 * parsers: a character replaced, the file truncated, a line deleted or duplicated, random bytes inserted.
 */
export type Mutation =
  | { kind: 'replace'; at: number; byte: number }
  | { kind: 'truncate'; at: number }
  | { kind: 'deleteLine'; at: number }
  | { kind: 'duplicateLine'; at: number }
  | { kind: 'insert'; at: number; bytes: number[] };

export const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('replace' as const), at: fc.nat(), byte: fc.integer({ min: 0, max: 255 }) }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('deleteLine' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('duplicateLine' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), bytes: fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 16 }) }),
);

function lineBounds(bytes: Uint8Array, at: number): [number, number] {
  const pos = bytes.length === 0 ? 0 : at % bytes.length;
  let start = pos;
  while (start > 0 && bytes[start - 1] !== 0x0a) start--;
  let end = pos;
  while (end < bytes.length && bytes[end] !== 0x0a) end++;
  return [start, Math.min(end + 1, bytes.length)];
}

export function mutate(bytes: Uint8Array, mutations: readonly Mutation[]): Uint8Array {
  let b = bytes;
  for (const m of mutations) {
    const at = b.length === 0 ? 0 : m.at % (b.length + 1);
    const join = (...parts: Uint8Array[]) => {
      const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
      parts.reduce((o, p) => (out.set(p, o), o + p.length), 0);
      return out;
    };
    switch (m.kind) {
      case 'replace':
        if (b.length > 0) {
          b = b.slice();
          b[m.at % b.length] = m.byte;
        }
        break;
      case 'truncate':
        b = b.subarray(0, at);
        break;
      case 'deleteLine': {
        const [s, e] = lineBounds(b, m.at);
        b = join(b.subarray(0, s), b.subarray(e));
        break;
      }
      case 'duplicateLine': {
        const [s, e] = lineBounds(b, m.at);
        b = join(b.subarray(0, e), b.subarray(s, e), b.subarray(e));
        break;
      }
      case 'insert':
        b = join(b.subarray(0, at), Uint8Array.from(m.bytes), b.subarray(at));
        break;
    }
  }
  return b;
}
