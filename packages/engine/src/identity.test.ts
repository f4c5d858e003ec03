import { describe, expect, it } from 'vitest';
import { recordIdentity } from './identity';
import type { SaleRecord } from './model';
import { parseWith, sampleBytes } from './test-support.helper';
import { layoutById } from './layouts';

describe('recordIdentity', () => {
  it('names every record of the genuine Rede samples apart, except true repeats', async () => {
    for (const [id, name] of [['REDE_EEVC', 'rede/R97470EEVC01.cmp'], ['REDE_EEVD', 'rede/R97470EEVD17.cmp']] as const) {
      const items = await parseWith(layoutById(id), sampleBytes(name));
      const records = items.filter((i) => i.kind !== 'header' && i.kind !== 'trailer' && i.kind !== 'error');
      const ids = new Set(records.map((r) => recordIdentity(r as SaleRecord)));
      expect(ids.size).toBe(records.length);
    }
  });

  it('changes with the amount and the NSU but not with the line the record sits on', async () => {
    const items = await parseWith(layoutById('REDE_EEVC'), sampleBytes('rede/R97470EEVC01.cmp'));
    const sale = items.find((i): i is SaleRecord => i.kind === 'sale')!;
    expect(recordIdentity({ ...sale, line: 999 })).toBe(recordIdentity(sale));
    expect(recordIdentity({ ...sale, gross: sale.gross + 1 })).not.toBe(recordIdentity(sale));
    expect(recordIdentity({ ...sale, nsu: `${sale.nsu}1` })).not.toBe(recordIdentity(sale));
  });
});
