import { describe, expect, it } from 'vitest';
import type { ParsedItem, SummaryRecord } from '../model';
import { decodeLatin1 } from '../read/lines';
import { at, digest, errors, expectGolden, fixtureBytes, messages, parseWith, textBytes } from '../test-support.helper';
import { getnetLayouts } from './index';

const GETNET = getnetLayouts[0]!;
const NAME = 'getnet/GETNET_V10_20200702.txt';
const parse = (bytes: Uint8Array, chunk?: number) => parseWith(GETNET, bytes, undefined, chunk);
const fixtureLines = () => decodeLatin1(fixtureBytes(NAME)).split('\r\n').slice(0, -1);
function edited(edit: (lines: string[]) => void): Uint8Array {
  const lines = fixtureLines();
  edit(lines);
  return textBytes(`${lines.join('\n')}\n`);
}
const kinds = (items: ParsedItem[]) => items.map((i) => `${i.kind}${'recordType' in i ? ` ${i.recordType}` : ''}`);

describe('Getnet V10, fixture with every record type', () => {
  it('matches the golden file, with no error', async () => {
    const items = await parse(fixtureBytes(NAME));
    expect(errors(items)).toEqual([]);
    expectGolden('getnet-GETNET_V10_20200702', digest(items, 20));
  });

  it('maps each record type; a CV repeated under a later installment RV is one sale', async () => {
    const items = await parse(fixtureBytes(NAME));
    expect(kinds(items)).toEqual([
      'header', 'summary 1', 'sale 2', 'sale 2', 'summary 1', 'installmentForecast 1', 'sale 2', 'summary 1', 'installmentForecast 1',
      'summary 1', 'installmentForecast 1', 'summary 1', 'sale 2', 'summary 1', 'cancellation 3', 'chargeback 3', 'adjustment 3',
      'adjustment 3', 'anticipation 4', 'anticipation 5', 'settlement 5', 'settlement 5', 'trailer',
    ]);
    expect(items.filter((i) => i.kind === 'sale' && i.nsu === '000000222222')).toHaveLength(1);
    expect(items[3]).toMatchObject({ tid: 'TID-GETNET-0000000000000000000000000001', capture: { code: 'INT', name: 'Internet' } });
    expect(items[12]).toMatchObject({ product: { code: 'ED', name: 'Débito' }, brand: { code: 'ED', name: 'Elo' } });
    expect(items[16]).toMatchObject({ amount: -8990, reason: { code: '02', name: 'ALUGUEL POS JUNHO' } });
    expect(items[17]).toMatchObject({ amount: 2500, reason: { code: '16', name: 'Estorno de chargeback' } });
    expect(items[20]).toMatchObject({ amount: 3000, account: { bank: '001' } });
  });

  it('the forecasts of an installment RV add up to its sale, the trailer counts every record', async () => {
    const items = await parse(fixtureBytes(NAME));
    const forecasts = items.filter((i) => i.kind === 'installmentForecast');
    expect(forecasts.reduce((t, f) => t + (f.kind === 'installmentForecast' ? f.gross : 0), 0)).toBe(30000);
    const rvs = items.filter((i): i is SummaryRecord => i.kind === 'summary');
    expect(items.at(-1)).toEqual({
      kind: 'trailer', line: 23, recordCount: 23, gross: rvs.reduce((t, r) => t + r.gross, 0), fee: rvs.reduce((t, r) => t + r.fee, 0),
      net: rvs.reduce((t, r) => t + r.net, 0), saleCount: 4,
    });
  });

  it('gives identical items for CRLF, LF, no final newline and any chunking', async () => {
    const crlf = fixtureBytes(NAME);
    const reference = await parse(crlf);
    const text = decodeLatin1(crlf);
    expect(await parse(textBytes(text.replace(/\r\n/g, '\n')))).toEqual(reference);
    expect(await parse(textBytes(text.replace(/\r\n$/, '')))).toEqual(reference);
    expect(await parse(crlf, 13)).toEqual(reference);
    expect(await parse(crlf, 1)).toEqual(reference);
  });
});

describe('Getnet V10, bad input', () => {
  it('reports a truncated line, a line of the wrong length and keeps reading', async () => {
    const items = await parse(edited((l) => {
      l[2] = l[2]!.slice(0, 150);
      l[10] = `${l[10]!}XYZ`;
    }));
    expect(messages(items)).toEqual([
      'Linha 3: registro 2 com 150 posições, esperado ao menos 189 (linha truncada?)',
      // the RV is checked when the next RV begins
      'Linha 2: RV 100000001 (registro 1) não confere: quantidade de CVs informado 2, lido 1; valor bruto informado 150,00, lido 50,00',
      'Linha 11: registro 2 com 403 posições, esperado 400',
    ]);
    expect(items.filter((i) => i.kind === 'sale')).toHaveLength(2);
  });

  it('reports a non-numeric amount, a bad date, a bad sign', async () => {
    expect(messages(await parse(edited((l) => (l[2] = at(l[2]!, 71, '0000000100A0')))))).toContain('Linha 3: valor da transação não numérico ("0000000100A0")');
    expect(messages(await parse(edited((l) => (l[2] = at(l[2]!, 38, '32072020')))))).toContain('Linha 3: data da transação inválida ("32072020")');
    expect(messages(await parse(edited((l) => (l[12] = at(l[12]!, 63, '*')))))).toEqual(['Linha 13: valor do ajuste com sinal inválido ("*")']);
  });

  it('reports a wrong trailer count on the trailer line, and a missing trailer', async () => {
    expect(messages(await parse(edited((l) => (l[22] = at(l[22]!, 2, '000000021')))))).toEqual([
      'Linha 23: trailer 9 não confere: quantidade de registros informado 21, lido 23',
    ]);
    expect(messages(await parse(edited((l) => l.pop())))).toEqual(['Linha 22: arquivo termina sem o trailer 9 (arquivo truncado?)']);
  });

  it('reports an empty file, binary garbage, another layout and a UTF-8 file without throwing', async () => {
    expect(await parse(new Uint8Array(0))).toEqual([{ kind: 'error', line: 0, message: 'Arquivo vazio: nenhum registro' }]);
    const garbage = await parse(Uint8Array.from({ length: 5000 }, (_, i) => (i * 131 + 7) % 256));
    expect(garbage.every((i) => i.kind === 'error')).toBe(true);
    expect(messages(await parse(textBytes('hello\nworld')))).toEqual([
      'Linha 1: esperado o cabeçalho 0 do Getnet V10, encontrado registro "h"',
      'Linha 2: arquivo termina sem o trailer 9 (arquivo truncado?)',
    ]);
    const utf8 = new TextEncoder().encode(decodeLatin1(edited((l) => (l[14] = at(l[14]!, 169, 'ALUGUEL MÁQUINA JUNHO')))));
    expect(messages(await parse(utf8))).toEqual(['Linha 15: texto em UTF-8 (o arquivo deve estar em latin-1): posições deslocadas, registro ignorado']);
  });
});
