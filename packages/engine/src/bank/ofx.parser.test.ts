import { describe, expect, it } from 'vitest';
import { LineError } from '../read/fields';
import { bytesText, goldenBytes, textToBytes } from './bank-golden.helper';
import { detectBankStatement, parseBankStatement } from './index';
import { parseOfx } from './ofx.parser';

const SGML = 'itau-bb-sgml-latin1.ofx';
const XML = 'bradesco-xml-2x.ofx';
const utf8 = (s: string) => new TextEncoder().encode(s);
/** The golden SGML file as latin-1 text, edited, back to bytes. */
const edited = (edit: (text: string) => string) => textToBytes(edit(bytesText(goldenBytes(SGML))));

/** A minimal SGML statement around the given STMTTRN body and BANKACCTFROM. */
function sgml(acct: string, trn: string): string {
  return ['OFXHEADER:100', 'DATA:OFXSGML', 'CHARSET:1252', '', '<OFX>', '<BANKMSGSRSV1>', '<STMTTRNRS>', '<STMTRS>', '<CURDEF>BRL',
    '<BANKACCTFROM>', acct, '</BANKACCTFROM>', '<BANKTRANLIST>', '<STMTTRN>', trn, '</STMTTRN>', '</BANKTRANLIST>', '</STMTRS>',
    '</STMTTRNRS>', '</BANKMSGSRSV1>', '</OFX>', ''].join('\n');
}

describe('OFX traps', () => {
  it('CRLF, LF and the trailing Ctrl-Z / blank lines give the same statement', () => {
    const reference = parseOfx(goldenBytes(SGML));
    const lf = edited((t) => t.replace(/\r\n/g, '\n'));
    expect(parseOfx(lf)).toEqual(reference);
    expect(parseOfx(edited((t) => `${t.slice(0, -1)}\r\n\r\n\r\n`))).toEqual(reference);
    expect(parseOfx(edited((t) => t.slice(0, -1)))).toEqual(reference);
  });

  it('latin-1 and UTF-8 accents read the same; a charset the text contradicts is a warning', () => {
    const latin = parseOfx(goldenBytes(SGML));
    const asUtf8 = parseOfx(utf8(bytesText(goldenBytes(SGML))));
    expect(asUtf8.accounts).toEqual(latin.accounts);
    expect(latin.accounts[0]!.postings[1]!.historico).toBe('TARIFA PACOTE SERVIÇOS');
    expect(asUtf8.warnings[0]!.message).toBe('Linha 6: o arquivo declara a codificação "1252" mas o texto está em UTF-8; lido como UTF-8');
    // the XML file declares UTF-8: re-encoded in latin-1 it is still read, with the warning
    const xmlLatin = textToBytes(new TextDecoder().decode(goldenBytes(XML)).replace('—', '-'));
    const read = parseOfx(xmlLatin);
    expect(read.accounts[0]!.postings[1]!.historico).toBe('Tarifa manutenção <conta>');
    expect(read.warnings[0]!.message).toContain('declara a codificação "utf-8" mas o texto está em latin-1');
  });

  it('TRNAMT with comma, thousands groups and signs; sign is the nature', () => {
    const amounts: [string, 'C' | 'D', number][] = [
      ['-12,50', 'D', 1250], ['1.234,56', 'C', 123456], ['-1,234.56', 'D', 123456], ['+0.5', 'C', 50], ['-.99', 'D', 99], ['100', 'C', 10000], ['12.500', 'C', 1250],
    ];
    for (const [raw, natureza, valor] of amounts) {
      const s = parseOfx(utf8(sgml('<BANKID>341<BRANCHID>1<ACCTID>9-1', `<TRNTYPE>OTHER\n<DTPOSTED>20261120\n<TRNAMT>${raw}\n<FITID>1`)));
      expect(s.errors, raw).toEqual([]);
      expect(s.accounts[0]!.postings[0], raw).toMatchObject({ natureza, valor });
    }
    const bad = parseOfx(utf8(sgml('<BANKID>341<BRANCHID>1<ACCTID>9-1', '<DTPOSTED>20261120\n<TRNAMT>1.234.567\n<FITID>1')));
    expect(bad.errors.map((e) => e.message)).toEqual(['Linha 14: lançamento 1 (STMTTRN): TRNAMT não é um valor (separador decimal repetido) ("1.234.567")']);
    const frac = parseOfx(utf8(sgml('<BANKID>341<BRANCHID>1<ACCTID>9-1', '<DTPOSTED>20261120\n<TRNAMT>-1.005\n<FITID>1')));
    expect(frac.errors[0]!.message).toBe('Linha 14: lançamento 1 (STMTTRN): TRNAMT com fração de centavo ("-1.005")');
  });

  it('DTPOSTED with time and zone keeps the day the bank wrote; a bad date is a located error', () => {
    for (const raw of ['20261120', '20261120120000', '20261120000000[-3:BRT]', '20261120235959.123[-03:EST]', '20261120000000[0:GMT]', '20261120000000[-3]']) {
      const s = parseOfx(utf8(sgml('<BANKID>341<BRANCHID>1<ACCTID>9-1', `<DTPOSTED>${raw}\n<TRNAMT>1.00\n<FITID>1`)));
      expect(s.accounts[0]!.postings[0]!.data, raw).toBe('2026-11-20');
    }
    const bad = parseOfx(utf8(sgml('<BANKID>341<BRANCHID>1<ACCTID>9-1', '<DTPOSTED>20261131\n<TRNAMT>1.00\n<FITID>1')));
    expect(bad.errors.map((e) => e.message)).toEqual(['Linha 14: lançamento 1 (STMTTRN): DTPOSTED inválida ("20261131")']);
    expect(bad.accounts[0]!.postings).toEqual([]);
  });

  it('account: BRANCHID missing, agency/account in ACCTID or bare digits (warning)', () => {
    const read = (acct: string) => parseOfx(utf8(sgml(acct, '<DTPOSTED>20261120\n<TRNAMT>1.00\n<FITID>1')));
    expect(read('<BANKID>0341\n<ACCTID>1234/56789-0').accounts[0]).toMatchObject({ banco: '341', agencia: '1234', conta: '56789', digito: '0' });
    expect(read('<BANKID>341\n<ACCTID>0001 0012345-X').accounts[0]).toMatchObject({ agencia: '0001', conta: '12345', digito: 'X' });
    expect(read('<BANKID>1\n<BRANCHID>1234-5\n<ACCTID>12345-6').accounts[0]).toMatchObject({ banco: '001', agencia: '1234', conta: '12345', digito: '6' });
    const bare = read('<BANKID>104\n<ACCTID>00012345678');
    expect(bare.accounts[0]).toMatchObject({ banco: '104', agencia: '', conta: '12345678', digito: null });
    expect(bare.warnings.map((w) => w.message)).toEqual([
      'Linha 10: agência ausente (sem BRANCHID e ACCTID "00012345678" sem separador agência/conta): conta lida sem agência',
    ]);
  });

  it('an empty SGML leaf does not swallow its siblings; XML with leaves on one line reads alike', () => {
    const s = parseOfx(utf8(sgml('<BANKID>341<BRANCHID>1<ACCTID>9-1', '<TRNTYPE>DEBIT\n<MEMO>\n<DTPOSTED>20261120\n<TRNAMT>-3.00\n<FITID>7\n<NAME>Loja')));
    expect(s.accounts[0]!.postings[0]).toMatchObject({ valor: 300, natureza: 'D', historico: 'Loja', fitid: '7' });
    const oneLine = new TextDecoder().decode(goldenBytes(XML)).replace(/\n\s*/g, '');
    const a = parseOfx(utf8(oneLine));
    const b = parseOfx(goldenBytes(XML));
    expect(a.accounts.map((x) => x.postings.map((p) => ({ ...p, line: 0 })))).toEqual(b.accounts.map((x) => x.postings.map((p) => ({ ...p, line: 0 }))));
  });

  it('a truncated file is a located error, the postings read so far stay', () => {
    const text = bytesText(goldenBytes(SGML));
    const cut = text.slice(0, text.indexOf('<STMTTRN>', text.indexOf('TARIFA')));
    const s = parseOfx(textToBytes(cut));
    expect(s.errors.map((e) => e.message)).toEqual([expect.stringMatching(/^Linha \d+: arquivo termina sem <\/OFX> \(arquivo truncado\?\)$/)]);
    expect(s.accounts[0]!.postings).toHaveLength(2);
  });

  it('TRNTYPE contradicting the sign and an unknown TRNTYPE are warnings, once per type', () => {
    const s = parseOfx(utf8(sgml('<BANKID>341<BRANCHID>1<ACCTID>9-1', '<TRNTYPE>DEBIT\n<DTPOSTED>20261120\n<TRNAMT>5.00\n<FITID>1')));
    expect(s.accounts[0]!.postings[0]!.natureza).toBe('C');
    expect(s.warnings.map((w) => w.message)).toEqual(['Linha 14: lançamento 1 (STMTTRN): TRNTYPE DEBIT com valor 5.00: natureza lida pelo sinal (crédito)']);
  });

  it('neither OFX nor CNAB: a located pt-BR LineError; empty file too', () => {
    expect(detectBankStatement(utf8('data;valor\n2026-11-20;1,00\n'))).toBeNull();
    expect(() => parseBankStatement(utf8('data;valor\n<OFX>\n'), 'extrato.csv')).toThrow(LineError);
    expect(() => parseBankStatement(utf8('data;valor\n<OFX>\n'), 'extrato.csv')).toThrow(
      'Linha 1: arquivo "extrato.csv" não é um extrato bancário OFX nem CNAB 240 de conciliação (lote de serviço 04, segmento E)',
    );
    expect(() => parseBankStatement(new Uint8Array([0x1a]), 'x.ofx')).toThrow('Linha 1: arquivo "x.ofx" vazio: nenhum registro');
  });
});
