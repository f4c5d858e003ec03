import { describe, expect, it } from 'vitest';
import { formatDecimalPlain } from '../money';
import { csvData, csvDate, csvLine, csvMoney, writeCsv } from './csv-writer';

describe('the CSV writer', () => {
  it('writes pt-BR: ";" between fields, CRLF line ends, quotes around separators, quotes and line breaks, BOM on request', () => {
    const text = writeCsv([['Nome', 'Data', 'Valor'], ['Loja; Centro', csvDate('2026-03-25'), csvMoney(123456)], ['diz "oi"\r\nfim', null, 7]], { bom: true });
    expect(text).toBe('\uFEFFNome;Data;Valor\r\n"Loja; Centro";25/03/2026;1.234,56\r\n"diz ""oi""\r\nfim";;7\r\n');
    expect(writeCsv([['a']])).toBe('a\r\n');
  });

  it('writes negative amounts with the sign in front only: -150 centavos is -1,50 (not -1,-50)', () => {
    expect(csvLine([csvMoney(-150), csvMoney(-5), csvMoney(-123456), csvMoney(0)])).toBe('-1,50;-0,05;-1.234,56;0,00');
    expect(formatDecimalPlain(-150)).toBe('-1,50');
    expect(formatDecimalPlain(-123456)).toBe('-1234,56');
    expect(formatDecimalPlain(99)).toBe('0,99');
  });

  it('neutralises text cells a spreadsheet would run as a formula (OWASP CSV injection): a leading quote, and quoted', () => {
    const line = csvLine(['=HYPERLINK("http://x","clique")', '+55 11', '-Loja', '@SUM(A1)', '\tTab', '\rCR', 'Loja = boa', 'R$ -1']);
    expect(line.split(';')).toEqual([
      `"'=HYPERLINK(""http://x"",""clique"")"`, `"'+55 11"`, `"'-Loja"`, `"'@SUM(A1)"`, `"'\tTab"`, `"'\rCR"`, 'Loja = boa', 'R$ -1',
    ]);
  });

  it('never touches data cells: a negative amount, a number or a formatted figure stays what it is', () => {
    expect(csvLine([csvMoney(-150), -3, csvData('-12,5%'), csvDate('2026-01-02')])).toBe('-1,50;-3;-12,5%;02/01/2026');
  });

  it('machine layouts read back by a parser keep the quoting but not the neutralisation', () => {
    expect(csvLine(['-Loja', 'a;b'], { neutralise: false })).toBe('-Loja;"a;b"');
  });
});
