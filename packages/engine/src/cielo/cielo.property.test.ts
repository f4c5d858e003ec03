import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixtureBytes, parseWith } from '../test-support.helper';
import { cieloLayouts } from './index';

const FIXTURES = ['CIELO03_v15', 'CIELO04_v15', 'CIELO15_v15', 'CIELO16_v15', 'CIELO03_v14', 'CIELO10_v14'];

type Mutation =
  | { op: 'replace'; line: number; at: number; char: number }
  | { op: 'truncate'; line: number; at: number }
  | { op: 'delete'; line: number }
  | { op: 'duplicate'; line: number }
  | { op: 'bytes'; line: number; bytes: number[] };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ op: fc.constant('replace' as const), line: fc.nat(), at: fc.nat(800), char: fc.integer({ min: 0, max: 255 }) }),
  fc.record({ op: fc.constant('truncate' as const), line: fc.nat(), at: fc.nat(800) }),
  fc.record({ op: fc.constant('delete' as const), line: fc.nat() }),
  fc.record({ op: fc.constant('duplicate' as const), line: fc.nat() }),
  fc.record({ op: fc.constant('bytes' as const), line: fc.nat(), bytes: fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 40 }) }),
);

function mutate(lines: string[], m: Mutation): void {
  if (lines.length === 0) return;
  const i = m.line % lines.length;
  const l = lines[i]!;
  if (m.op === 'replace') lines[i] = l.slice(0, m.at) + String.fromCharCode(m.char) + l.slice(m.at + 1);
  else if (m.op === 'truncate') lines[i] = l.slice(0, m.at);
  else if (m.op === 'delete') lines.splice(i, 1);
  else if (m.op === 'duplicate') lines.splice(i, 0, l);
  else lines[i] = String.fromCharCode(...m.bytes) + l;
}

describe('Cielo parsers under random damage', () => {
  it('never throw; every error names a line ≥ 0 and starts with "Linha " or "Arquivo"', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...FIXTURES), fc.array(mutation, { minLength: 1, maxLength: 6 }), fc.integer({ min: 1, max: 300 }), async (name, ms, chunk) => {
        const layout = cieloLayouts[name.endsWith('v15') ? 0 : 1]!;
        const lines = String.fromCharCode(...fixtureBytes(`cielo/${name}.txt`)).split('\n');
        for (const m of ms) mutate(lines, m);
        const bytes = Uint8Array.from(lines.join('\n'), (c) => c.charCodeAt(0) & 0xff);
        const items = await parseWith(layout, bytes, undefined, chunk);
        for (const it of items) {
          if (it.kind !== 'error') continue;
          expect(it.line).toBeGreaterThanOrEqual(0);
          expect(it.message).toMatch(/^(Linha |Arquivo)/);
        }
      }),
      { numRuns: 300 },
    );
  });
});
