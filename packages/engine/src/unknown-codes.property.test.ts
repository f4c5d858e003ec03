import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cieloLayouts } from './cielo/index';
import { getnetLayouts } from './getnet/index';
import type { LayoutDef } from './layout';
import type { ParsedItem } from './model';
import { decodeLatin1 } from './read/lines';
import { withRecordWarnings } from './read/unknown-codes';
import { redeLayouts } from './rede/index';
import { at, fixtureBytes, parseWith, sampleBytes, textBytes } from './test-support.helper';

/**
 * Issue 13, defect class 1, in every fixed-width parser: a code the decoder does not know in a descriptive
 * field (brand, product, capture, Getnet's payment indicator — the V10.1 files that were refused) never
 * refuses the file. The record is read as before with the code kept raw and named "desconhecido (XX)", and
 * the file gets a warning on the code's line.
 */

const byId = (id: string) => [...redeLayouts, ...getnetLayouts, ...cieloLayouts].find((l) => l.id === id)!;

interface Target {
  name: string;
  layout: LayoutDef;
  bytes: Uint8Array;
  /** lines the field is on (by their record type) */
  isRecord: (line: string) => boolean;
  /** the record field the code decodes into (null: a code the model does not keep) */
  field: 'brand' | 'product' | 'capture' | null;
  /** 1-based position and width of the field */
  start: number;
  width: number;
  /** record kinds the code decides on (Getnet's PF indicator makes an RV a forecast too): left out of the comparison */
  decides?: ParsedItem['kind'][];
}

const TARGETS: Target[] = [
  { name: 'Getnet RV indicador de pagamento', layout: byId('GETNET_V10'), bytes: fixtureBytes('getnet/GETNET_V10_20200702.txt'), isRecord: (l) => l[0] === '1', field: null, start: 169, width: 2, decides: ['installmentForecast'] },
  { name: 'Getnet RV produto', layout: byId('GETNET_V10'), bytes: fixtureBytes('getnet/GETNET_V10_20200702.txt'), isRecord: (l) => l[0] === '1', field: 'product', start: 17, width: 2 },
  { name: 'Getnet CV meio de captura', layout: byId('GETNET_V10'), bytes: fixtureBytes('getnet/GETNET_V10_20200702.txt'), isRecord: (l) => l[0] === '2', field: 'capture', start: 141, width: 3 },
  { name: 'Rede EEVC RV bandeira', layout: byId('REDE_EEVC'), bytes: sampleBytes('rede/R97470EEVC01.cmp'), isRecord: (l) => l.startsWith('006'), field: 'brand', start: 137, width: 1 },
  { name: 'Cielo v15 D bandeira', layout: byId('CIELO_V15'), bytes: fixtureBytes('cielo/CIELO03_v15.txt'), isRecord: (l) => l[0] === 'D', field: 'brand', start: 54, width: 3 },
  { name: 'Cielo v15 E produto', layout: byId('CIELO_V15'), bytes: fixtureBytes('cielo/CIELO03_v15.txt'), isRecord: (l) => l[0] === 'E', field: 'product', start: 156, width: 3 },
];

const records = (items: ParsedItem[], skip: string[] = []) => items.filter((i) => ![...skip, 'header', 'trailer', 'error', 'warning'].includes(i.kind));
const strip = (items: ParsedItem[], skip?: string[]) =>
  JSON.stringify(records(items, skip).map((r) => ({ ...r, brand: null, product: null, capture: null })));

describe('unknown descriptive codes (issue 13)', () => {
  for (const t of TARGETS) {
    it(`${t.name}: kept raw, "desconhecido (XX)", a warning on its line — never an error`, async () => {
      const text = decodeLatin1(t.bytes);
      const eol = text.includes('\r\n') ? '\r\n' : '\n';
      const lines = text.split(eol);
      const original = await parseWith(t.layout, t.bytes);
      // lines that give a record carrying the field (a CV repeated under a later RV gives none, an E line of
      // an adjustment has no product)
      const read = new Set(records(original).filter((r) => t.field === null || (r as unknown as Record<string, unknown>)[t.field]).map((r) => r.line));
      const candidates = lines.map((l, i) => (t.isRecord(l) && read.has(i + 1) ? i : -1)).filter((i) => i >= 0);
      expect(candidates.length, t.name).toBeGreaterThan(0);
      expect(original.filter((i) => i.kind === 'error'), t.name).toEqual([]);
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...candidates),
          // '#' is in no table: the code is unknown whatever the rest
          fc.stringMatching(new RegExp(`^#[A-Z0-9]{${t.width - 1}}$`)),
          async (i, code) => {
            const changed = [...lines];
            changed[i] = at(changed[i]!, t.start, code);
            fc.pre(changed[i] !== lines[i]);
            const items = await parseWith(t.layout, textBytes(changed.join(eol)));
            expect(items.filter((x) => x.kind === 'error')).toEqual([]);
            // the same records as before, only the decoded names differ
            expect(strip(items, t.decides)).toBe(strip(original, t.decides));
            const warnings = items.filter((x) => x.kind === 'warning').map((w) => w.message);
            expect(warnings).toContainEqual(expect.stringMatching(new RegExp(`^Linha ${i + 1}: código de .* "${code.trim()}" desconhecido; carregado como "desconhecido \\(${code.trim()}\\)"$`)));
          },
        ),
        { numRuns: 15 },
      );
    });
  }
});

describe('figures of one record that contradict each other (issue 13)', () => {
  const sale = (gross: number, fee: number, net: number): ParsedItem => ({
    kind: 'sale', line: 7, operator: 'rede', recordType: '008', merchantId: '1', batchId: '1', nsu: '1', authorization: null, tid: null,
    saleDate: '2026-01-02', saleTime: null, gross, fee, net, installments: 1, brand: { code: '3', name: 'Visa' },
    product: { code: '006', name: 'Crédito à vista' }, capture: { code: '2', name: 'POS' }, card: null, terminal: null,
    status: { code: '0', name: 'Aceita' }, accepted: true, creditDate: null,
  });
  async function* once(item: ParsedItem) {
    yield item;
  }
  const cents = fc.integer({ min: -1_000_000, max: 1_000_000 });

  it('load as written, with a warning on the line exactly when gross − fee ≠ net or a sale pays more than it sold', async () => {
    await fc.assert(
      fc.asyncProperty(cents, cents, cents, async (gross, fee, net) => {
        const items: ParsedItem[] = [];
        for await (const i of withRecordWarnings(once(sale(gross, fee, net)))) items.push(i);
        const warnings = items.filter((i) => i.kind === 'warning');
        const contradicts = gross - fee !== net || (gross > 0 && net > gross);
        expect(warnings.length).toBe(contradicts ? 1 : 0);
        for (const w of warnings) expect(w.message).toMatch(/^Linha 7: (valores que não conferem|venda com líquido)/);
        expect(items.filter((i) => i.kind === 'sale')).toEqual([sale(gross, fee, net)]);
      }),
      { numRuns: 200 },
    );
  });
});
