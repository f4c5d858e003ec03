import { readFileSync, writeFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { ParseOptions } from './layout';
import type { ParsedItem } from './model';
import { decodeLatin1, readLines, type TextLine } from './read/lines';

/** Test-only helpers (not exported by the package): read sample bytes, parse them, compare golden files. */

/** The genuine files kept in test/samples (provenance in its README; 'rede/R97470EEVC01.cmp', 'stone/HomologacaoV2__20151012.xml'). */
export const SAMPLES = new URL('../test/samples/', import.meta.url);
/** Files built for tests from the layouts (no genuine Cielo or Getnet file is public): test/fixtures/<operator>/… */
export const FIXTURES = new URL('../test/fixtures/', import.meta.url);
const GOLDEN = new URL('../test/golden/', import.meta.url);

export function sampleBytes(name: string): Uint8Array {
  return new Uint8Array(readFileSync(new URL(name, SAMPLES)));
}

export function fixtureBytes(name: string): Uint8Array {
  return new Uint8Array(readFileSync(new URL(name, FIXTURES)));
}

/** Parses bytes with a layout's own `parse` (a byte-stream parser), in chunks of `chunkSize`. */
export async function parseWith(
  layout: { parse(source: AsyncIterable<Uint8Array>, options?: ParseOptions): AsyncIterable<ParsedItem> },
  bytes: Uint8Array,
  options?: ParseOptions,
  chunkSize = bytes.length || 1,
): Promise<ParsedItem[]> {
  async function* chunks() {
    for (let i = 0; i < bytes.length; i += chunkSize) yield bytes.subarray(i, i + chunkSize);
  }
  const out: ParsedItem[] = [];
  for await (const item of layout.parse(chunks(), options)) out.push(item);
  return out;
}

/** Feeds the bytes in chunks of `chunkSize` (all at once by default) and collects the parser's items. */
export async function parseBytes(
  bytes: Uint8Array,
  parser: (lines: AsyncIterable<TextLine>) => AsyncIterable<ParsedItem>,
  chunkSize = bytes.length || 1,
): Promise<ParsedItem[]> {
  async function* chunks() {
    for (let i = 0; i < bytes.length; i += chunkSize) yield bytes.subarray(i, i + chunkSize);
  }
  const out: ParsedItem[] = [];
  for await (const item of parser(readLines(chunks()))) out.push(item);
  return out;
}

const latin1 = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
export const textBytes = latin1;

/** The sample as latin-1 text lines (no final empty line). */
export function sampleLines(name: string): string[] {
  const lines = decodeLatin1(sampleBytes(name)).split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

export function errors(items: ParsedItem[]) {
  return items.filter((i) => i.kind === 'error');
}

/** What a golden file holds: counts per kind, summed amounts per kind, the first records of each kind in full. */
export function digest(items: ParsedItem[], firstPerKind = 3) {
  const counts: Record<string, number> = {};
  const totals: Record<string, Record<string, number>> = {};
  const first: Record<string, ParsedItem[]> = {};
  for (const it of items) {
    counts[it.kind] = (counts[it.kind] ?? 0) + 1;
    const list = (first[it.kind] ??= []);
    if (list.length < firstPerKind) list.push(it);
    const t = (totals[it.kind] ??= {});
    for (const key of ['gross', 'fee', 'net', 'amount'] as const) {
      const v = (it as unknown as Record<string, unknown>)[key];
      if (typeof v === 'number') t[key] = (t[key] ?? 0) + v;
    }
  }
  return { counts, totals, first };
}

/** Compares with test/golden/<name>.json; `UPDATE_GOLDEN=1` writes the file instead (then read it by eye). */
export function expectGolden(name: string, value: unknown): void {
  const url = new URL(`${name}.json`, GOLDEN);
  const json = `${JSON.stringify(value, null, 2)}\n`;
  if (process.env.UPDATE_GOLDEN === '1') writeFileSync(url, json);
  expect(JSON.parse(json)).toEqual(JSON.parse(readFileSync(url, 'utf8')));
}

/** The messages of the error items, in order. */
export const messages = (items: ParsedItem[]) => errors(items).map((e) => e.message);

/** `text` with `value` written over it from 1-based position `start`, as the manuals number positions. */
export const at = (text: string, start: number, value: string) => text.slice(0, start - 1) + value + text.slice(start - 1 + value.length);

/** A fixture (test/fixtures/…) with some lines changed by `edit`, written back with LF endings and a final newline. */
export function editedFixture(name: string, edit: (lines: string[]) => void): Uint8Array {
  const lines = decodeLatin1(fixtureBytes(name)).split(/\r?\n/);
  if (lines[lines.length - 1] === '') lines.pop();
  edit(lines);
  return textBytes(`${lines.join('\n')}\n`);
}
