import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ColumnMapping } from '../layout';
import { fixtureBytes, parseWith } from '../test-support.helper';
import { mutate, mutationArb } from './byte-mutations.helper';
import { customerLayouts } from './index';
import { MAPPING_PRESETS } from './mapping-presets';
import { buildXlsx } from './xlsx-fixture.helper';

const csvLayout = customerLayouts.find((l) => l.id === 'CLIENTE_CSV')!;
const mappingLayout = customerLayouts.find((l) => l.id === 'MAPEAMENTO')!;
const CUSTOMER = fixtureBytes('customer/vendas-cliente.csv');
const XLSX = buildXlsx([
  [1, ['Data', 'Valor', 'NSU']],
  [2, [{ n: '45352.25' }, { n: '10.5' }, { inline: '0001' }]],
  [3, [{ inline: '02/03/2024' }, { inline: '1.234,56' }, { n: '77' }]],
]);
const XLSX_MAPPING: ColumnMapping = { ...MAPPING_PRESETS['erp-generico']!, columns: { saleDate: 'Data', gross: 'Valor', nsu: 'NSU' } };

const checkErrors = (items: { kind: string; line?: number; message?: string }[]) => {
  for (const item of items) {
    if (item.kind !== 'error') continue;
    expect(item.line).toBeGreaterThanOrEqual(0);
    expect(item.message).toMatch(/^(Linha \d+: |Arquivo)/);
  }
};

describe('customer file and column mapping under random damage', () => {
  it('customer CSV: never throws, errors are line-numbered', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(mutationArb, { minLength: 1, maxLength: 5 }), fc.integer({ min: 1, max: 2048 }), async (mutations, chunk) => {
        checkErrors(await parseWith(csvLayout, mutate(CUSTOMER, mutations), undefined, chunk));
      }),
      { numRuns: 300 },
    );
  });

  it('column mapping on the same CSV (ERP preset) and on a damaged XLSX: never throws', async () => {
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.array(mutationArb, { minLength: 1, maxLength: 3 }), async (xlsx, mutations) => {
        const items = xlsx
          ? await parseWith(mappingLayout, mutate(XLSX, mutations), { mapping: XLSX_MAPPING })
          : await parseWith(mappingLayout, mutate(CUSTOMER, mutations), { mapping: { ...MAPPING_PRESETS['erp-generico']!, columns: { saleDate: 'DATA_VENDA', gross: 'VALOR_BRUTO', nsu: 'NSU_DOC' } } });
        checkErrors(items);
      }),
      { numRuns: 300 },
    );
  });
});
