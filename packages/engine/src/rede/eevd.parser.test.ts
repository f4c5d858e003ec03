import { describe, expect, it } from 'vitest';
import type {  SaleRecord } from '../model';
import {  digest, errors, expectGolden, messages, parseBytes, sampleBytes, sampleLines, textBytes } from '../test-support.helper';
import { parseEevd } from './eevd.parser';

const NAME = 'rede/R97470EEVD17.cmp';
const parse = (bytes: Uint8Array, chunk?: number) => parseBytes(bytes, parseEevd, chunk);
/** The sample with some lines edited, joined like the original (LF, no final newline). */
function edited(edit: (lines: string[]) => void): Uint8Array {
  const lines = sampleLines(NAME);
  edit(lines);
  return textBytes(lines.join('\n'));
}
const setCol = (text: string, n: number, value: string) => text.split(',').map((c, i) => (i === n - 1 ? value : c)).join(',');

describe('Rede EEVD, genuine sample', () => {
  it('matches the golden file (counts, totals, first records) and the totals records, with no error', async () => {
    const items = await parse(sampleBytes(NAME));
    expect(errors(items)).toEqual([]);
    expectGolden('R97470EEVD17', digest(items));
  });

  it('totals equal the file totals 04: 18 RVs, 145 CVs, gross 18.545,81, discount 212,45, net 18.333,36', async () => {
    const items = await parse(sampleBytes(NAME));
    const sales = items.filter((i): i is SaleRecord => i.kind === 'sale');
    expect(sales).toHaveLength(145);
    expect(items.filter((i) => i.kind === 'summary')).toHaveLength(18);
    expect(sales.reduce((s, x) => s + x.gross, 0)).toBe(1854581);
    expect(sales.reduce((s, x) => s + x.fee, 0)).toBe(21245);
    expect(sales.reduce((s, x) => s + x.net, 0)).toBe(1833336);
    expect(items.at(-1)).toMatchObject({ kind: 'trailer', line: 172, recordCount: 172, gross: 1854581, saleCount: 145 });
  });

  it('gives identical items for no final newline (as published), LF, CRLF and any chunking', async () => {
    const raw = sampleBytes(NAME);
    const reference = await parse(raw);
    const text = new TextDecoder('latin1').decode(raw);
    expect(text.endsWith('\n')).toBe(false);
    expect(await parse(textBytes(`${text}\n`))).toEqual(reference);
    expect(await parse(textBytes(`${text.replace(/\n/g, '\r\n')}\r\n`))).toEqual(reference);
    expect(await parse(textBytes(text.replace(/\n/g, '\r\n')), 5)).toEqual(reference);
  });
});

describe('Rede EEVD, bad input', () => {
  it('reports a truncated line (missing columns) and keeps reading', async () => {
    const items = await parse(edited((l) => (l[2] = l[2]!.split(',').slice(0, 9).join(','))));
    expect(messages(items)[0]).toBe('Linha 3: registro 05 com 9 colunas, esperado ao menos 19 (linha truncada?)');
    expect(items.filter((i) => i.kind === 'sale')).toHaveLength(144);
    expect(messages(items).some((m) => m.startsWith('Linha 172: total do arquivo 04 não confere: quantidade de CVs informado 145, lido 144'))).toBe(true);
  });

  it('reports a non-numeric amount', async () => {
    const items = await parse(edited((l) => (l[2] = setCol(l[2]!, 5, '12A4'))));
    expect(messages(items)).toContain('Linha 3: valor bruto não numérico ("12A4")');
  });

  it('reports a bad date', async () => {
    const items = await parse(edited((l) => (l[2] = setCol(l[2]!, 4, '16132019'))));
    expect(messages(items)).toContain('Linha 3: data da venda inválida ("16132019")');
  });

  it('reports a wrong file total on the 04 line', async () => {
    const items = await parse(edited((l) => (l[171] = setCol(l[171]!, 7, '000000001833335'))));
    expect(messages(items)).toEqual([
      'Linha 172: total do arquivo 04 não confere: total líquido informado 18.333,35, lido 18.333,36',
    ]);
  });

  it('reports a wrong PV total on its 02 line', async () => {
    const items = await parse(edited((l) => (l[41] = setCol(l[41]!, 4, '000036'))));
    expect(messages(items)).toEqual(['Linha 42: total do PV 014797470 (registro 02) não confere: quantidade de CVs informado 36, lido 37']);
  });

  it('reports an empty file', async () => {
    expect(await parse(new Uint8Array(0))).toEqual([{ kind: 'error', line: 0, message: 'Arquivo vazio: nenhum registro' }]);
  });

  it('reads cancellations, chargebacks, settlements and net adjustments', async () => {
    const lines = [
      '00,014797470,17072019,16072019,Movimentacao diaria - Cartoes de Debito,Redecard,AUTO GERAL                ,000124,DIARIO         ,V1.04 - 07/10 - EEVD',
      '08,014797470,197047607,16072019,000006972969,000000000012132,000000000002132,00,18072019,000000000010000,P',
      '08,014797470,197047607,16072019,000006972970,000000000005000,000000000005000,01,00000000,000000000000000,P',
      '09,014797470,17072019,000000000011900,000006972971,10072019,17072019,000000000000100,000000000012000,1',
      `11,014797470,197047607,17072019,000000000001500,D,018,CANCELAMENTO DE VENDA       ,603689******2099,10072019,197000001,${' '.repeat(15)},00000000,000000,014797470,10072019,000000000001500,N,18072019,000000000012000,000000000001500,000006972972,123456,T,00000000001,000000000001500,000000000000000,1,1`,
      '04,014797470,000000,000000,000000000000000,000000000000000,000000000000000,000000000000000,000000000000000,000000000000000,000006',
    ];
    const items = await parse(textBytes(lines.join('\n')));
    expect(errors(items)).toEqual([]);
    expect(items.map((i) => i.kind)).toEqual(['header', 'cancellation', 'chargeback', 'settlement', 'cancellation', 'trailer']);
    expect(items[1]).toMatchObject({ amount: -2132, saleGross: 12132, nsu: '000006972969', date: '2019-07-18', creditDate: '2019-07-18' });
    expect(items[2]).toMatchObject({ amount: -5000, creditDate: null, date: '2019-07-16', reason: { code: '01', name: 'Chargeback' } });
    expect(items[3]).toMatchObject({ amount: 11900, gross: 12000, fee: 100, settlementDate: '2019-07-17', brand: { code: '1', name: 'Mastercard' } });
    expect(items[4]).toMatchObject({
      amount: -1500, reason: { code: '018', name: 'CANCELAMENTO DE VENDA' }, nsu: '000006972972', authorization: '123456',
      card: { bin: '603689', last4: '2099' }, saleDate: '2019-07-10', originalBatchId: '197000001',
    });
  });
});
