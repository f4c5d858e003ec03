import { describe, expect, it } from 'vitest';
import { detectFile } from '../layouts';
import { expectBankGolden, goldenBytes } from './bank-golden.helper';
import { detectBankStatement, parseBankStatement } from './index';

/** The golden files, built by hand from the layouts (docs/layouts/ofx.md, cnab240-extrato.md), against their JSON. */
const FILES = [
  ['itau-bb-sgml-latin1.ofx', 'OFX'],
  ['bradesco-xml-2x.ofx', 'OFX'],
  ['itau-extrato-cnab240.ret', 'CNAB240_EXTRATO'],
] as const;

describe('bank statements, golden files', () => {
  for (const [name, layout] of FILES) {
    it(`${name}: detected as ${layout} and read as golden/${name}.json`, () => {
      const bytes = goldenBytes(name);
      expect(detectBankStatement(bytes.subarray(0, 4096))).toBe(layout);
      const statement = parseBankStatement(bytes, name);
      expect(statement.layout).toBe(layout);
      expect(statement.errors).toEqual([]);
      expectBankGolden(name, statement);
    });

    it(`${name}: no operator layout claims it`, () => {
      expect(detectFile(goldenBytes(name))).toBeNull();
    });
  }
});
