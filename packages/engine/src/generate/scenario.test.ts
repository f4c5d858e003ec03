import { describe, expect, it } from 'vitest';
import { customerSide, generateScenario, operatorSide } from './scenario';

describe('generateScenario', () => {
  it('is reproducible: the same seed gives the same sales', () => {
    const a = [...generateScenario({ sales: 300, seed: 7 })];
    const b = [...generateScenario({ sales: 300, seed: 7 })];
    expect(a).toEqual(b);
    expect([...generateScenario({ sales: 300, seed: 8 })]).not.toEqual(a);
  });

  it('gives every sale a difference that matches what each side carries', () => {
    const sales = [...generateScenario({ sales: 5000, seed: 1 })];
    expect(sales).toHaveLength(5000);
    const count = (d: string) => sales.filter((s) => s.difference === d).length;
    // the default shares: 2% only at the operator, 2% only at the customer, 1% per other difference
    expect(count('somente_operadora')).toBeGreaterThan(50);
    expect(count('somente_cliente')).toBeGreaterThan(50);
    for (const s of sales) {
      if (s.difference === 'somente_operadora') expect(s.customer).toBeNull();
      else if (s.difference === 'somente_cliente') expect(s.operator).toBeNull();
      else if (s.difference === 'valor') expect(s.customer!.gross).not.toBe(s.operator!.gross);
      else if (s.difference === 'data') expect(s.customer!.saleDate).not.toBe(s.operator!.saleDate);
      else if (s.difference === 'parcelas') expect(s.customer!.installments).not.toBe(s.operator!.installments);
      else if (s.difference === 'cancelada') expect(s.operator!.status).toBe('cancelada');
      else if (s.difference === 'nenhuma') expect(s.customer).toEqual(s.operator);
    }
    expect([...operatorSide(sales)]).toHaveLength(5000 - count('somente_cliente'));
    expect([...customerSide(sales)]).toHaveLength(5000 - count('somente_operadora'));
  });

  it('groups sales in batches of one merchant, day, brand and product, with net = gross - fee > 0', () => {
    const sales = [...generateScenario({ sales: 1000, seed: 3, merchants: ['111', '222'] })].map((s) => s.operator ?? s.customer!);
    const batches = new Map<string, string>();
    for (const s of sales) {
      const key = `${s.merchantId}|${s.saleDate}|${s.brand}|${s.product}`;
      expect(batches.get(s.batchId) ?? key).toBe(key);
      batches.set(s.batchId, key);
      expect(s.fee).toBeGreaterThan(0);
      expect(s.fee).toBeLessThan(s.gross);
      expect(s.creditDate > s.saleDate).toBe(true);
    }
    expect(new Set(sales.map((s) => s.merchantId))).toEqual(new Set(['111', '222']));
  });
});
