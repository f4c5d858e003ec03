import { describe, expect, it } from 'vitest';
import type { ParsedItem } from '../model';
import { decodeLatin1 } from '../read/lines';
import { at, digest, errors, expectGolden, fixtureBytes, messages, parseWith, textBytes } from '../test-support.helper';
import { redeLayouts } from './index';

const EEFI = redeLayouts.find((l) => l.id === 'REDE_EEFI')!;
const NAME = 'rede/R97470EEFI01.cmp';
const parse = (bytes: Uint8Array, chunk?: number) => parseWith(EEFI, bytes, undefined, chunk);
const fixtureLines = () => decodeLatin1(fixtureBytes(NAME)).split('\n').slice(0, -1);
function edited(edit: (lines: string[]) => void): Uint8Array {
  const lines = fixtureLines();
  edit(lines);
  return textBytes(`${lines.join('\n')}\n`);
}
const kinds = (items: ParsedItem[]) => items.map((i) => `${i.kind}${'recordType' in i ? ` ${i.recordType}` : ''}`);

describe('Rede EEFI, fixture with every record type', () => {
  it('matches the golden file, with no error', async () => {
    const items = await parse(fixtureBytes(NAME));
    expect(errors(items)).toEqual([]);
    expectGolden('eefi-R97470EEFI01', digest(items, 20));
  });

  it('a credit carries its status and, when the RV is another PV\'s, the centralising PV credited; complements bring the TID', async () => {
    const items = await parse(fixtureBytes(NAME));
    const credits = items.filter((i) => i.kind === 'settlement');
    expect(credits.map((c) => [c.status, c.creditedMerchantId ?? null])).toEqual([
      [{ code: '00', name: 'OK' }, null], [{ code: '00', name: 'OK' }, '014797470'],
    ]);
    const suspended = await parse(edited((l) => (l[2] = at(l[2]!, 130, '11'))));
    expect(suspended.find((i) => i.kind === 'settlement')).toMatchObject({ status: { code: '11', name: 'Suspenso' } });
    expect(items.find((i) => i.kind === 'chargeback')).toMatchObject({ tid: expect.stringMatching(/^TID0+\d$/) });
  });

  it('maps each record type, merging the complements 053–056 into the correction before them', async () => {
    const items = await parse(fixtureBytes(NAME));
    expect(kinds(items)).toEqual([
      'header', 'settlement 034', 'cancellation 035', 'settlement 034', 'anticipation 036', 'chargeback 038', 'adjustment 040',
      'adjustment 041', 'adjustment 042', 'adjustment 043', 'chargeback 044', 'cancellation 045', 'cancellation 049', 'trailer',
    ]);
    expect(items[2]).toMatchObject({ nsu: '000123456789', authorization: 'A1B2C3', amount: -1500, reason: { code: '18', name: 'CANCELAMENTO DE VENDA' } });
    expect(items[3]).toMatchObject({ merchantId: '014797489', installment: 2, installmentTotal: 3, brand: { code: 'E', name: 'Elo' } });
    expect(items[4]).toMatchObject({ gross: 50000, fee: 1500, net: 48500, originalDueDate: '2020-08-15', batchId: '016849018' });
    expect(items[9]).toMatchObject({ amount: 1200, batchId: '016877777', reason: { code: '58' } });
  });

  it('totals equal the trailer 052: 2 RVs, credits 1.308,33, 1 early payment 485,00, adjustments +12,00 / -40,00', async () => {
    const items = await parse(fixtureBytes(NAME));
    const credits = items.filter((i) => i.kind === 'settlement').reduce((t, i) => t + (i.kind === 'settlement' ? i.amount : 0), 0);
    expect(credits).toBe(130833);
    expect(items.at(-1)).toEqual({ kind: 'trailer', line: 23, recordCount: 23, gross: 130833, fee: 0, net: 130833, saleCount: 2 });
  });

  it('gives identical items for LF, CRLF, no final newline and any chunking', async () => {
    const lf = fixtureBytes(NAME);
    const reference = await parse(lf);
    const text = decodeLatin1(lf);
    expect(await parse(textBytes(text.replace(/\n/g, '\r\n')))).toEqual(reference);
    expect(await parse(textBytes(text.replace(/\n$/, '')))).toEqual(reference);
    expect(await parse(textBytes(text.replace(/\n/g, '\r\n')), 7)).toEqual(reference);
    expect(await parse(lf, 1)).toEqual(reference);
  });
});

describe('Rede EEFI, bad input', () => {
  it('reports a truncated line and the totals it no longer reaches', async () => {
    const items = await parse(edited((l) => (l[2] = l[2]!.slice(0, 100))));
    expect(messages(items)).toEqual([
      'Linha 3: registro 034 com 100 posições, esperado ao menos 140 (linha truncada?)',
      'Linha 8: total de créditos do PV 014797470 (registro 037) não confere: total de créditos normais informado 1.308,33, lido 323,33',
      'Linha 22: total da matriz 014797470 (registro 050) não confere: quantidade de RVs informado 2, lido 1; total de créditos normais informado 1.308,33, lido 323,33',
      'Linha 23: trailer 052 não confere: quantidade de RVs informado 2, lido 1; total de créditos normais informado 1.308,33, lido 323,33',
    ]);
  });

  it('reports a non-numeric amount and a bad date', async () => {
    expect(messages(await parse(edited((l) => (l[2] = at(l[2]!, 32, '0000000000985A0')))))[0]).toBe('Linha 3: valor lançado não numérico ("0000000000985A0")');
    expect(messages(await parse(edited((l) => (l[8] = at(l[8]!, 24, '31022020')))))[0]).toBe('Linha 9: data de emissão inválida ("31022020")');
  });

  it('reports wrong trailer totals on the trailer line', async () => {
    const items = await parse(edited((l) => (l[22] = at(l[22]!, 8, '000024'))));
    expect(messages(items)).toEqual(['Linha 23: trailer 052 não confere: quantidade de registros informado 24, lido 23']);
  });

  it('skips unknown record types, reports a complement that names another RV', async () => {
    const items = await parse(edited((l) => (l[4] = at(l[4]!, 28, '016840999'))));
    expect(messages(items)).toEqual(['Linha 5: complemento 053 não corresponde ao registro 035 da linha 4']);
  });

  it('reports an empty file, binary garbage and a UTF-8 file without throwing', async () => {
    expect(await parse(new Uint8Array(0))).toEqual([{ kind: 'error', line: 0, message: 'Arquivo vazio: nenhum registro' }]);
    const garbage = await parse(Uint8Array.from({ length: 3000 }, (_, i) => (i * 131 + 7) % 256));
    expect(garbage.every((i) => i.kind === 'error')).toBe(true);
    expect(messages(garbage).at(-1)).toMatch(/^Linha \d+: arquivo termina sem o trailer 052/);
    // the same file with an accented trade name and reason text, saved as UTF-8: each shifted line is refused
    const utf8 = new TextEncoder().encode(
      decodeLatin1(edited((l) => {
        l[0] = at(l[0]!, 54, 'AUTO GERAL SÃO JOÃO');
        l[3] = at(l[3]!, 48, 'COMISSÃO');
      })),
    );
    const items = await parse(utf8);
    expect(messages(items).slice(0, 2)).toEqual([
      'Linha 1: texto em UTF-8 (o arquivo deve estar em latin-1): posições deslocadas, registro ignorado',
      'Linha 4: texto em UTF-8 (o arquivo deve estar em latin-1): posições deslocadas, registro ignorado',
    ]);
    expect(items.some((i) => i.kind === 'header')).toBe(false);
  });
});
