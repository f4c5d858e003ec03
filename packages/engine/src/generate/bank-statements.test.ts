import { describe, expect, it } from 'vitest';
import { parseBankStatement } from '../bank/index';
import { generateBankStatements, scenarioSettlements } from './bank-statements';
import { generateScenario } from './scenario';

const ACCOUNT = { banco: '341', agencia: '0001', conta: '12345', digito: '6' };
const settlements = () => scenarioSettlements(generateScenario({ sales: 2000, seed: 5, merchants: ['EC1', 'EC2'], startDate: '2026-06-01', days: 20, batchSize: 4 }));

describe('generateBankStatements', () => {
  it('is reproducible and injects every difference, each with its expected result', () => {
    const a = generateBankStatements({ settlements: settlements(), account: ACCOUNT, seed: 3 });
    const b = generateBankStatements({ settlements: settlements(), account: ACCOUNT, seed: 3 });
    expect(a.postings).toEqual(b.postings);
    expect(Buffer.from(a.ofx).equals(Buffer.from(b.ofx))).toBe(true);
    const byKind = new Map<string, string[]>();
    for (const { difference, expected } of a.settlements.values()) byKind.set(difference, [...(byKind.get(difference) ?? []), expected.resultado]);
    expect([...byKind.keys()].sort()).toEqual(['agrupado', 'dia_seguinte', 'nao_creditado', 'nenhuma', 'valor_menor']);
    expect(new Set(byKind.get('nao_creditado'))).toEqual(new Set(['NAO_CREDITADO']));
    expect(new Set(byKind.get('valor_menor'))).toEqual(new Set(['CREDITADO_DIFERENCA']));
    expect(new Set(byKind.get('agrupado'))).toEqual(new Set(['CREDITADO']));
    expect(a.withoutOrigin.size).toBeGreaterThan(0);
    // every settlement is credited once, except the missing ones
    const credited = a.postings.flatMap((p) => p.settlements);
    expect(new Set(credited).size).toBe(credited.length);
    expect(credited.length).toBe(a.settlements.size - byKind.get('nao_creditado')!.length);
  });

  it('writes the same postings as OFX and as CNAB 240', () => {
    const g = generateBankStatements({ settlements: settlements(), account: ACCOUNT, seed: 9 });
    const want = g.postings.map((p) => ({ data: p.data, natureza: p.natureza, valor: p.valor, documento: p.documento }));
    expect(g.cnab240).toHaveLength(1);
    for (const bytes of [g.ofx, ...g.cnab240]) {
      const stmt = parseBankStatement(bytes);
      expect(stmt.errors).toEqual([]);
      expect(stmt.accounts.flatMap((x) => x.postings).map((p) => ({ data: p.data, natureza: p.natureza, valor: p.valor, documento: p.documento }))).toEqual(want);
    }
  });
});
