import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ParsedItem } from '../model';
import { fixtureBytes, parseWith, sampleBytes } from '../test-support.helper';
import { stoneLayouts } from './index';

/**
 * Issue 13's defect classes of the Stone XML parser, as properties over the operator's own files: trailer
 * counters that disagree kind by kind while the total agrees load with a warning (a total that differs is an
 * error); a one-line file locates its messages by element path and ordinal; a v1 sale never gets a negative
 * fee or a net above its gross without a warning, and an installment beyond the sale's count is a warning.
 */

const layout = stoneLayouts[0]!;
const parse = (text: string) => parseWith(layout, new TextEncoder().encode(text));
const decode = (b: Uint8Array) => new TextDecoder().decode(b);
const only = <K extends ParsedItem['kind']>(items: ParsedItem[], kind: K) => items.filter((i): i is Extract<ParsedItem, { kind: K }> => i.kind === kind);

const SAMPLE = decode(sampleBytes('stone/HomologacaoV2__20151012.xml'));
const COUNTERS = [...SAMPLE.matchAll(/<(\w+Quantity)>(\d+)<\/\1>/g)].map((m) => ({ name: m[1]!, value: Number(m[2]) }));
const withCounters = (values: number[]) => {
  let i = 0;
  return SAMPLE.replace(/<(\w+Quantity)>(\d+)<\/\1>/g, (_m, name: string) => `<${name}>${values[i++]}</${name}>`);
};

describe('Stone trailer counters (issue 13)', () => {
  it('the same movements counted under other kinds: loads, one warning naming the trailer line', async () => {
    expect(COUNTERS.length).toBeGreaterThan(3);
    await fc.assert(
      fc.asyncProperty(fc.nat(COUNTERS.length - 1), fc.nat(COUNTERS.length - 1), fc.integer({ min: 1, max: 5 }), async (from, to, n) => {
        fc.pre(from !== to && COUNTERS[from]!.value >= n);
        const values = COUNTERS.map((c) => c.value);
        values[from]! -= n;
        values[to]! += n;
        const items = await parse(withCounters(values));
        expect(only(items, 'error')).toEqual([]);
        const warnings = only(items, 'warning');
        expect(warnings).toHaveLength(1);
        expect(warnings[0]!.message).toMatch(/^Linha \d+: Trailer não confere: .*o total de movimentos confere/);
        expect(only(items, 'sale')).toHaveLength(6);
      }),
      { numRuns: 40 },
    );
  });

  it('a total that differs (a movement missing or extra) is an error', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(COUNTERS.length - 1), fc.integer({ min: -3, max: 3 }).filter((d) => d !== 0), async (at, d) => {
        fc.pre(COUNTERS[at]!.value + d >= 0);
        const values = COUNTERS.map((c) => c.value);
        values[at]! += d;
        const errs = only(await parse(withCounters(values)), 'error');
        expect(errs).toHaveLength(1);
        expect(errs[0]!.message).toMatch(/^Linha \d+: Trailer não confere: /);
      }),
      { numRuns: 30 },
    );
  });
});

/** The file on one line, as the API writes it. */
const oneLine = (text: string) => text.replace(/\r?\n\s*/g, '');

describe('Stone XML on one line (issue 13)', () => {
  it('locates a bad value by element path and ordinal, not only "Linha 1"', async () => {
    const text = oneLine(SAMPLE);
    const amounts = [...text.matchAll(/<CapturedAmount>/g)].map((m) => m.index);
    await fc.assert(
      fc.asyncProperty(fc.nat(amounts.length - 1), async (k) => {
        const at = amounts[k]! + '<CapturedAmount>'.length;
        const items = await parse(`${text.slice(0, at)}x${text.slice(at)}`);
        expect(only(items, 'error').map((e) => e.message)).toEqual([
          `Linha 1, Conciliation/FinancialTransactions/Transaction[${k + 1}]: valor capturado (CapturedAmount) não é um valor decimal ("x${/<CapturedAmount>([^<]*)/.exec(text.slice(amounts[k]!))![1]}")`,
          // the sale was not loaded, so the trailer's count of captures no longer agrees
          'Linha 1, Conciliation/Trailer[1]: Trailer não confere: transações capturadas informado 6, lido 5',
        ]);
      }),
      { numRuns: 6 },
    );
  });

  it('reads a one-line file exactly as the indented one', async () => {
    const strip = (items: ParsedItem[]) => items.map((i) => ({ ...i, line: 0 }));
    expect(strip(await parse(oneLine(SAMPLE)))).toEqual(strip(await parse(SAMPLE)));
  });
});

const V1 = decode(fixtureBytes('stone/stone-v1-exemplo.xml'));
/** The first v1 sale with its two installments' figures (centavos) replaced. */
function v1Sale(captured: number, inst: { gross: number; net: number; number: number }[]): string {
  const money = (c: number) => `${(c / 100).toFixed(2)}0000`;
  const installments = inst
    .map((i) => `<Installment><InstallmentNumber>${i.number}</InstallmentNumber><GrossAmount>${money(i.gross)}</GrossAmount><NetAmount>${money(i.net)}</NetAmount><PaymentDate>20150115</PaymentDate></Installment>`)
    .join('');
  return V1.replace('<CapturedAmount>40.000000</CapturedAmount>', `<CapturedAmount>${money(captured)}</CapturedAmount>`)
    .replace(/<Installments>[\s\S]*?<\/Installments>/, `<Installments>${installments}</Installments>`);
}

describe('Stone v1 sale figures (issue 13)', () => {
  const cents = fc.integer({ min: 1, max: 1_000_000 });
  it('gross and fee come from the same elements; a contradiction is a warning, never a silent negative fee', async () => {
    await fc.assert(
      fc.asyncProperty(cents, fc.array(fc.record({ gross: cents, net: cents }), { minLength: 1, maxLength: 2 }), async (captured, parts) => {
        const items = await parse(v1Sale(captured, parts.map((p, i) => ({ ...p, number: i + 1 }))));
        expect(only(items, 'error')).toEqual([]);
        const sale = only(items, 'sale')[0]!;
        const instGross = parts.reduce((s, p) => s + p.gross, 0);
        const instNet = parts.reduce((s, p) => s + p.net, 0);
        expect(sale.gross).toBe(captured);
        expect(sale.fee).toBe(instGross - instNet);
        expect(sale.net).toBe(sale.gross - sale.fee);
        const warnings = only(items, 'warning').map((w) => w.message);
        const expectWarning = instGross !== captured || parts.some((p) => p.net > p.gross);
        expect(warnings.length > 0).toBe(expectWarning);
        for (const w of warnings) expect(w).toMatch(/^Linha \d+: venda 12345678901234/);
      }),
      { numRuns: 60 },
    );
  });

  it('an installment numbered beyond the sale\'s count is a warning on its line', async () => {
    const items = await parse(v1Sale(4000, [{ gross: 2000, net: 1956, number: 1 }, { gross: 2000, net: 1956, number: 3 }]));
    expect(only(items, 'error')).toEqual([]);
    expect(only(items, 'warning').map((w) => w.message)).toEqual([
      expect.stringMatching(/^Linha \d+: venda 12345678901234: parcela 3 além do número de parcelas da venda \(2\)$/),
    ]);
  });
});
