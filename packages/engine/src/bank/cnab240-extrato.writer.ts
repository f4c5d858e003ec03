import type { BusinessDate } from '@concilia/domain';
import { ddmmaaaa, text, zeros } from '../generate/fixed-width.format';
import { encodeBankText } from './bank-text';
import { CNAB240_RECORD } from './cnab240-extrato.parser';
import type { BankAccountRef, BankBalance, BankPostingInput } from './model';

/**
 * Writes a CNAB 240 bank statement (one extrato lote: the account's postings) for the scenario generator and the
 * round-trip tests, positions of docs/layouts/cnab240-extrato.md. Latin-1 bytes, CRLF unless told. Like the
 * other writers it never truncates: a field that does not fit throws FieldWidthError.
 */
export interface Cnab240ExtratoOptions {
  /** header de arquivo: generation date */
  dataGeracao: BusinessDate;
  /** header de arquivo: file sequence number (NSA) */
  sequencia?: number;
  /** opening balance of the lote; zero on the first posting's date when absent */
  saldoInicial?: BankBalance;
  empresa?: { cnpj: string; nome: string };
  nomeBanco?: string;
  convenio?: string;
  lineEnding?: '\r\n' | '\n';
}

const record = (fields: string[]): string => {
  const line = fields.join('');
  if (line.length !== CNAB240_RECORD) throw new RangeError(`registro CNAB 240 com ${line.length} posições`);
  return line;
};

const situacao = (valor: number) => (valor < 0 ? 'D' : 'C');

export function writeCnab240Extrato(account: BankAccountRef, postings: readonly BankPostingInput[], opts: Cnab240ExtratoOptions): Uint8Array {
  const banco = zeros(account.banco, 3);
  const empresa = opts.empresa ?? { cnpj: '12345678000195', nome: 'CONCILIA DEMONSTRACAO' };
  // positions 18–72, the same in every record of the lote
  const conta = [
    '2', zeros(empresa.cnpj, 14), text(opts.convenio ?? '', 20), zeros(account.agencia, 5), ' ', zeros(account.conta, 12),
    text(account.digito ?? '', 1), ' ',
  ];
  const first = postings.reduce<BusinessDate | null>((d, p) => (d === null || p.data < d ? p.data : d), null) ?? opts.dataGeracao;
  const last = postings.reduce<BusinessDate>((d, p) => (p.data > d ? p.data : d), first);
  const inicial = opts.saldoInicial ?? { data: first, valor: 0 };
  const debits = postings.filter((p) => p.natureza === 'D').reduce((s, p) => s + p.valor, 0);
  const credits = postings.filter((p) => p.natureza === 'C').reduce((s, p) => s + p.valor, 0);
  const final = inicial.valor + credits - debits;

  const lines: string[] = [];
  lines.push(record([
    banco, '0000', '0', text('', 9), ...conta, text(empresa.nome, 30), text(opts.nomeBanco ?? '', 30), text('', 10), '2',
    ddmmaaaa(opts.dataGeracao), '000000', zeros(opts.sequencia ?? 1, 6), '089', '01600', text('', 20), text('', 20), text('', 29),
  ]));
  lines.push(record([
    banco, '0001', '1', 'E', '04', '40', '033', ' ', ...conta, text(empresa.nome, 30), text('', 40), ddmmaaaa(inicial.data),
    zeros(Math.abs(inicial.valor), 18), situacao(inicial.valor), 'F', 'BRL', zeros(opts.sequencia ?? 1, 5), text('', 62),
  ]));
  postings.forEach((p, i) => {
    lines.push(record([
      banco, '0001', '3', zeros(i + 1, 5), 'E', text('', 3), ...conta, text(empresa.nome, 30), text('', 6), text(p.tipo ?? 'DPV', 3),
      p.complemento ? '01' : '00', text(p.complemento ?? '', 20), 'S', ddmmaaaa(p.data), ddmmaaaa(p.data), zeros(p.valor, 18),
      p.natureza, zeros(p.categoria ?? 0, 3), text(p.codigohistorico ?? '', 4), text(p.historico ?? '', 25), text(p.documento ?? '', 39),
    ]));
  });
  lines.push(record([
    banco, '0001', '5', text('', 9), ...conta, text('', 16), zeros(0, 18), zeros(0, 18), zeros(0, 18), ddmmaaaa(last),
    zeros(Math.abs(final), 18), situacao(final), 'F', zeros(postings.length + 2, 6), zeros(debits, 18), zeros(credits, 18), text('', 28),
  ]));
  lines.push(record([banco, '9999', '9', text('', 9), zeros(1, 6), zeros(lines.length + 1, 6), zeros(1, 6), text('', 205)]));
  const eol = opts.lineEnding ?? '\r\n';
  return encodeBankText(lines.join(eol) + eol, 'windows-1252');
}
