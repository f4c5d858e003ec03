import type { LayoutDef } from '../layout';
import type { ParsedItem } from '../model';
import { parseWith } from '../test-support.helper';
import { generateScenario } from './scenario';
import type { LayoutWriter, SyntheticSale } from './synthetic';

/**
 * Test-only: writes the operator side of a generated scenario with `write`, reads it back with `layout` in odd
 * chunks (so records straddle chunk borders) and returns both, for the writers' round-trip tests.
 */
export async function writeAndRead(layout: LayoutDef, write: LayoutWriter, merchantId: string, sales = 80): Promise<{ sales: SyntheticSale[]; items: ParsedItem[]; text: string }> {
  const written = [...generateScenario({ sales, merchants: [merchantId], seed: 13, startDate: '2026-10-01', days: 10 })]
    .map((s) => s.operator)
    .filter((s): s is SyntheticSale => s !== null);
  const text = `${[...write({ merchantId, fileDate: '2026-10-20', sequence: 1, sales: written })].join('\n')}\n`;
  const items = await parseWith(layout, new TextEncoder().encode(text), undefined, 997);
  return { sales: written, items, text };
}

/** Items of one kind, typed. */
export const ofKind = <K extends ParsedItem['kind']>(items: ParsedItem[], kind: K) => items.filter((i): i is Extract<ParsedItem, { kind: K }> => i.kind === kind);
