import { readFileSync, writeFileSync } from 'node:fs';
import { expect } from 'vitest';

/** Test-only: the bank statements' golden files (src/bank/golden/), read and compared like test/golden. */
const GOLDEN = new URL('./golden/', import.meta.url);

export function goldenBytes(name: string): Uint8Array {
  return new Uint8Array(readFileSync(new URL(name, GOLDEN)));
}

/** Compares with golden/<name>.json; `UPDATE_GOLDEN=1` writes the file instead (then read it by eye). */
export function expectBankGolden(name: string, value: unknown): void {
  const url = new URL(`${name}.json`, GOLDEN);
  const json = `${JSON.stringify(value, null, 2)}\n`;
  if (process.env.UPDATE_GOLDEN === '1') writeFileSync(url, json);
  expect(JSON.parse(json)).toEqual(JSON.parse(readFileSync(url, 'utf8')));
}

const latin1 = (b: Uint8Array) => Array.from(b, (c) => String.fromCharCode(c)).join('');

/** The file as latin-1 text (byte n → U+00nn), for edits that must keep every other byte. */
export const bytesText = latin1;
export const textToBytes = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
