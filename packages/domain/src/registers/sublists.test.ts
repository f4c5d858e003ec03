import { describe, expect, it } from 'vitest';
import { sublistFor } from '../register-kit/register';
import { REGISTERS, SUBLISTS } from '.';

describe('plan screens choose their sublists by the stored form name (spec part 2 §2.2)', () => {
  it('CONTRATO and TAXAS under Planos & Taxas, TERMINAL and TAXASPOS under Planos POS', () => {
    const forms = SUBLISTS.map((d) => `${d.parent?.register}:${d.parent?.form}`).sort();
    expect(forms).toEqual(['planosConciliadores:CONTRATO', 'planosConciliadores:TAXAS', 'planosPos:TAXASPOS', 'planosPos:TERMINAL']);
  });

  it("every 'sublist' action opens the sublist of its own register stored under its form name", () => {
    for (const def of REGISTERS) {
      for (const a of def.actions ?? []) {
        if (a.kind !== 'sublist') continue;
        expect(sublistFor(SUBLISTS, def.key, a.sublist)?.parent?.register, `${def.key}.${a.key}`).toBe(def.key);
      }
    }
    expect(sublistFor(SUBLISTS, 'planosPos', 'CONTRATO')).toBeUndefined();
  });
});
