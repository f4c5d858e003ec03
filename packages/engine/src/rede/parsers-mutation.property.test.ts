import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getnetLayouts } from '../getnet/index';
import type { LayoutDef } from '../layout';
import { decodeLatin1 } from '../read/lines';
import { fixtureBytes, parseWith, sampleBytes, textBytes } from '../test-support.helper';
import { redeLayouts } from './index';

/**
 * Random damage to genuine samples and fixtures (characters replaced, lines cut, deleted, duplicated, random
 * bytes inserted): a parser never throws, and every error names a line (or the file) in pt-BR.
 */
const byId = (id: string) => [...redeLayouts, ...getnetLayouts].find((l) => l.id === id)!;
const FILES: [LayoutDef, Uint8Array][] = [
  [byId('REDE_EEVC'), sampleBytes('rede/R97470EEVC01.cmp')],
  [byId('REDE_EEVD'), sampleBytes('rede/R97470EEVD17.cmp')],
  [byId('REDE_EEFI'), fixtureBytes('rede/R97470EEFI01.cmp')],
  [byId('GETNET_V10'), fixtureBytes('getnet/GETNET_V10_20200702.txt')],
];

type Mutation =
  | { op: 'replace'; line: number; pos: number; char: number }
  | { op: 'truncate'; line: number; pos: number }
  | { op: 'delete'; line: number }
  | { op: 'duplicate'; line: number }
  | { op: 'bytes'; line: number; bytes: number[] };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ op: fc.constant('replace' as const), line: fc.nat(), pos: fc.nat(), char: fc.integer({ min: 0, max: 255 }) }),
  fc.record({ op: fc.constant('truncate' as const), line: fc.nat(), pos: fc.nat() }),
  fc.record({ op: fc.constant('delete' as const), line: fc.nat() }),
  fc.record({ op: fc.constant('duplicate' as const), line: fc.nat() }),
  fc.record({ op: fc.constant('bytes' as const), line: fc.nat(), bytes: fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 40 }) }),
);

function mutate(lines: string[], m: Mutation): void {
  if (lines.length === 0) return;
  const i = m.line % lines.length;
  const l = lines[i]!;
  switch (m.op) {
    case 'replace':
      lines[i] = l.length === 0 ? l : l.slice(0, m.pos % l.length) + String.fromCharCode(m.char) + l.slice((m.pos % l.length) + 1);
      break;
    case 'truncate':
      lines[i] = l.slice(0, m.pos % (l.length + 1));
      break;
    case 'delete':
      lines.splice(i, 1);
      break;
    case 'duplicate':
      lines.splice(i, 0, l);
      break;
    case 'bytes':
      lines[i] = l + String.fromCharCode(...m.bytes);
      break;
  }
}

describe('parsers under random damage', () => {
  for (const [layout, bytes] of FILES) {
    it(`${layout.id} never throws and reports every error with its line`, async () => {
      const original = decodeLatin1(bytes).split(/\r?\n/);
      await fc.assert(
        fc.asyncProperty(fc.array(mutation, { minLength: 1, maxLength: 6 }), fc.integer({ min: 1, max: 700 }), async (mutations, chunk) => {
          const lines = [...original];
          for (const m of mutations) mutate(lines, m);
          const items = await parseWith(layout, textBytes(lines.join('\n')), undefined, chunk);
          for (const item of items) {
            if (item.kind !== 'error') continue;
            expect(item.line).toBeGreaterThanOrEqual(0);
            expect(item.message).toMatch(/^(Linha |Arquivo)/);
          }
        }),
        { numRuns: 150 },
      );
    }, 30_000); // 150 parses in chunks down to one byte: seconds on a loaded machine
  }
});
