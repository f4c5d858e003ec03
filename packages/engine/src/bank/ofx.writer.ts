import type { BusinessDate } from '@concilia/domain';
import { FieldWidthError } from '../generate/fixed-width.format';
import { centavosText, encodeBankText } from './bank-text';
import type { BankAccountRef, BankBalance, BankPostingInput } from './model';

/**
 * Writes an OFX bank statement (one account) for the scenario generator and the round-trip tests, the way
 * Brazilian banks export it (docs/layouts/ofx.md): SGML 1.02 with the header block and CHARSET:1252 by default
 * (leaves without end tags), or XML 2.1.1 in UTF-8. DTPOSTED carries Brasília's zone as banks write it.
 */
export interface OfxOptions {
  format?: 'sgml' | 'xml';
  /** DTSERVER's day */
  dataGeracao: BusinessDate;
  /** LEDGERBAL; the postings' sum on the last posting's date when absent */
  saldoFinal?: BankBalance;
  lineEnding?: '\r\n' | '\n';
}

const compact = (d: BusinessDate) => d.replace(/-/g, '');
const stamp = (d: BusinessDate) => `${compact(d)}120000[-3:BRT]`;

function escape(value: string): string {
  if (/[\r\n]/.test(value)) throw new FieldWidthError(`texto OFX "${value.slice(0, 40)}" com quebra de linha`);
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function writeOfx(account: BankAccountRef, postings: readonly BankPostingInput[], opts: OfxOptions): Uint8Array {
  const xml = opts.format === 'xml';
  const out: string[] = [];
  const leaf = (tag: string, value: string) => out.push(xml ? `<${tag}>${escape(value)}</${tag}>` : `<${tag}>${escape(value)}`);
  const open = (tag: string) => out.push(`<${tag}>`);
  const close = (tag: string) => out.push(`</${tag}>`);
  const status = () => {
    open('STATUS');
    leaf('CODE', '0');
    leaf('SEVERITY', 'INFO');
    close('STATUS');
  };

  if (xml) {
    out.push('<?xml version="1.0" encoding="UTF-8" standalone="no"?>');
    out.push('<?OFX OFXHEADER="200" VERSION="211" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>');
  } else {
    out.push('OFXHEADER:100', 'DATA:OFXSGML', 'VERSION:102', 'SECURITY:NONE', 'ENCODING:USASCII', 'CHARSET:1252',
      'COMPRESSION:NONE', 'OLDFILEUID:NONE', 'NEWFILEUID:NONE', '');
  }
  const dates = postings.map((p) => p.data).sort();
  const start = dates[0] ?? opts.dataGeracao;
  const end = dates[dates.length - 1] ?? opts.dataGeracao;
  const net = postings.reduce((s, p) => s + (p.natureza === 'D' ? -p.valor : p.valor), 0);
  const saldo = opts.saldoFinal ?? { data: end, valor: net };

  open('OFX');
  open('SIGNONMSGSRSV1');
  open('SONRS');
  status();
  leaf('DTSERVER', stamp(opts.dataGeracao));
  leaf('LANGUAGE', 'POR');
  close('SONRS');
  close('SIGNONMSGSRSV1');
  open('BANKMSGSRSV1');
  open('STMTTRNRS');
  leaf('TRNUID', '1');
  status();
  open('STMTRS');
  leaf('CURDEF', 'BRL');
  open('BANKACCTFROM');
  leaf('BANKID', account.banco);
  if (account.agencia !== '') leaf('BRANCHID', account.agencia);
  leaf('ACCTID', account.digito ? `${account.conta}-${account.digito}` : account.conta);
  leaf('ACCTTYPE', 'CHECKING');
  close('BANKACCTFROM');
  open('BANKTRANLIST');
  leaf('DTSTART', stamp(start));
  leaf('DTEND', stamp(end));
  postings.forEach((p, i) => {
    open('STMTTRN');
    leaf('TRNTYPE', p.tipo ?? (p.natureza === 'D' ? 'DEBIT' : 'CREDIT'));
    leaf('DTPOSTED', stamp(p.data));
    leaf('TRNAMT', centavosText(p.natureza === 'D' ? -p.valor : p.valor));
    leaf('FITID', p.fitid ?? `${compact(p.data)}${String(i + 1).padStart(6, '0')}`);
    if (p.documento !== null) leaf('CHECKNUM', p.documento);
    if (p.complemento) leaf('NAME', p.complemento);
    if (p.historico !== null) leaf('MEMO', p.historico);
    close('STMTTRN');
  });
  close('BANKTRANLIST');
  open('LEDGERBAL');
  leaf('BALAMT', centavosText(saldo.valor));
  leaf('DTASOF', stamp(saldo.data));
  close('LEDGERBAL');
  close('STMTRS');
  close('STMTTRNRS');
  close('BANKMSGSRSV1');
  close('OFX');
  const eol = opts.lineEnding ?? '\r\n';
  return encodeBankText(out.join(eol) + eol, xml ? 'utf-8' : 'windows-1252');
}
