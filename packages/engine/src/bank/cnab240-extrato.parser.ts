import { formatDecimal } from '@concilia/domain';
import { LineError, alphaOrNull, amount, date, dateOrNull, num, requireLength, slice } from '../read/fields';
import { checkTotals, type TotalCheck } from '../read/totals';
import { unknownCodeMessage } from '../read/unknown-codes';
import { decodeBankText, normalAgencia, normalBanco, withoutEofJunk, withoutLeadingZeros } from './bank-text';
import { CATEGORIAS_LANCAMENTO, NATUREZAS_LANCAMENTO } from './cnab240-extrato.codes';
import type { BankBalance, BankPosting, BankStatement, BankStatementAccount, LocatedMessage } from './model';

/**
 * FEBRABAN CNAB 240 "Extrato para Conciliação Bancária" (lote serviço 04, operação 'E', segmento E), positions in
 * docs/layouts/cnab240-extrato.md. One account per extrato lote: header de lote (account, opening balance),
 * segmento E postings, trailer de lote (closing balance, debit and credit sums, record count). Every bad line is
 * one error and the reading goes on; totals that disagree are warnings, since the postings read are still the
 * bank's (issue 21).
 */

export const CNAB240_RECORD = 240;

/** The last position each record needs; beyond it the layout has only blanks or optional text. */
const NEEDS = { header: 151, lote: 170, detalhe: 172, trailerLote: 212, trailerArquivo: 29 } as const;

interface OpenLote {
  account: BankStatementAccount;
  number: string;
  line: number;
  /** records of the lote, its header included (FEBRABAN counts types 1 to 5) */
  records: number;
  debits: number;
  credits: number;
  /** false for a lote of another service (cobrança, pagamentos): its details are not postings */
  extrato: boolean;
  warnedAccount: boolean;
}

/** Reads a CNAB 240 bank statement. Throws a LineError only for a file with no record at all. */
export function parseCnab240Extrato(bytes: Uint8Array): BankStatement {
  const decoded = decodeBankText(bytes);
  const warnings: LocatedMessage[] = [];
  const errors: LocatedMessage[] = [];
  const warn = (line: number, message: string) => warnings.push({ line, message: `Linha ${line}: ${message}` });
  const error = (line: number, message: string) => errors.push({ line, message: `Linha ${line}: ${message}` });
  const accounts: BankStatementAccount[] = [];
  const seen = new Set<string>();
  const warnOnce = (key: string, line: number, message: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    warn(line, message);
  };

  const lines = decoded.text.split(/\r\n|\n|\r/);
  let records = 0;
  let lotes = 0;
  let extratoLotes = 0;
  let lote: OpenLote | null = null;
  let headerSeen = false;
  let trailerLine = 0;
  let lastLine = 0;
  let firstUtf8 = 0;
  const odd = { short: { count: 0, first: 0, length: 0 }, long: { count: 0, first: 0, length: 0 } };

  const closeLote = (line: number, why: string) => {
    if (!lote) return;
    error(line, `lote ${lote.number} (linha ${lote.line}) sem o trailer de lote: ${why}`);
    lote = null;
  };

  for (let i = 0; i < lines.length; i++) {
    const line = i + 1;
    // a DOS end-of-file (Ctrl-Z) or NUL padding after the last record is not a record
    const text = withoutEofJunk(lines[i]!, false);
    if (text.trim() === '') continue;
    lastLine = line;
    records++;
    if (decoded.encoding === 'utf-8' && firstUtf8 === 0 && /[\u0080-\uffff]/.test(text)) firstUtf8 = line;
    if (text.length !== CNAB240_RECORD) {
      const o = text.length < CNAB240_RECORD ? odd.short : odd.long;
      if (o.count++ === 0) {
        o.first = line;
        o.length = text.length;
      }
    }
    const type = text.charAt(7);
    if (trailerLine > 0) {
      error(line, `registro tipo ${type} após o trailer de arquivo (linha ${trailerLine})`);
      continue;
    }
    if (records === 1 && type !== '0') error(line, `esperado o header de arquivo (tipo 0), encontrado registro tipo "${type}"`);
    try {
      switch (type) {
        case '0':
          requireLength(text, NEEDS.header, line, 'header de arquivo');
          if (headerSeen) error(line, 'segundo header de arquivo (tipo 0) no arquivo');
          headerSeen = true;
          date(slice(text, 144, 151), line, 'data de geração do arquivo', 'DDMMAAAA');
          break;
        case '1': {
          closeLote(line, 'novo header de lote');
          lotes++;
          lote = readLoteHeader(text, line, warn);
          if (lote.extrato) {
            extratoLotes++;
            accounts.push(lote.account);
          }
          break;
        }
        case '2':
        case '4':
          if (lote) lote.records++;
          break;
        case '3': {
          if (!lote) {
            error(line, 'registro de detalhe fora de um lote (sem header de lote antes)');
            break;
          }
          lote.records++;
          const segment = text.charAt(13);
          if (!lote.extrato) break;
          if (segment !== 'E') {
            warnOnce(`seg|${segment}`, line, `segmento "${segment}" não é de extrato (E): registros ignorados`);
            break;
          }
          const posting = readPosting(text, line, lote, warn, warnOnce);
          lote.account.postings.push(posting);
          if (posting.natureza === 'D') lote.debits += posting.valor;
          else lote.credits += posting.valor;
          break;
        }
        case '5': {
          if (!lote) {
            error(line, 'trailer de lote sem header de lote antes');
            break;
          }
          const open: OpenLote = lote;
          lote = null;
          open.records++;
          if (open.extrato) checkLoteTrailer(text, line, open, warn);
          break;
        }
        case '9':
          closeLote(line, 'trailer de arquivo');
          trailerLine = line;
          requireLength(text, NEEDS.trailerArquivo, line, 'trailer de arquivo');
          checkFileTrailer(text, line, { lotes, records, contas: extratoLotes }, warn);
          break;
        default:
          error(line, `tipo de registro "${type}" desconhecido (posição 8): registro ignorado`);
      }
    } catch (e) {
      if (!(e instanceof LineError)) throw e;
      errors.push({ line: e.line, message: e.message });
    }
  }

  if (records === 0) throw new LineError(1, 'arquivo CNAB 240', 'vazio: nenhum registro');
  closeLote(lastLine, 'o arquivo termina');
  if (trailerLine === 0) error(lastLine, 'arquivo termina sem o trailer de arquivo (tipo 9) (arquivo truncado?)');
  if (firstUtf8 > 0) warn(firstUtf8, 'texto em UTF-8 (o CNAB 240 é latin-1): lido como UTF-8, posições contadas em caracteres');
  if (odd.short.count > 0) {
    warn(odd.short.first, `registro com ${odd.short.length} posições, esperado ${CNAB240_RECORD} (brancos finais removidos?); ${odd.short.count} registro(s) assim no arquivo, lidos com o final em branco`);
  }
  if (odd.long.count > 0) {
    warn(odd.long.first, `registro com ${odd.long.length} posições, esperado ${CNAB240_RECORD}; ${odd.long.count} registro(s) assim no arquivo, lidas as ${CNAB240_RECORD} primeiras posições`);
  }
  warnings.sort((a, b) => a.line - b.line);
  errors.sort((a, b) => a.line - b.line);
  return { layout: 'CNAB240_EXTRATO', accounts, warnings, errors };
}

/** The account fields shared by header de lote, segmento E and trailer de lote (positions 53–72). */
function accountAt(text: string, line: number): Pick<BankStatementAccount, 'agencia' | 'conta' | 'digito'> {
  const agencia = normalAgencia(String(num(slice(text, 53, 57), line, 'agência')));
  const conta = withoutLeadingZeros(String(num(slice(text, 59, 70), line, 'conta corrente')));
  // the account DV is at 71; Itaú leaves 71 blank and writes its DAC at 72 ("DV da agência/conta")
  const digito = alphaOrNull(slice(text, 71, 71)) ?? alphaOrNull(slice(text, 72, 72));
  return { agencia, conta, digito };
}

function balance(text: string, at: number, line: number, what: string, warn: (line: number, message: string) => void): BankBalance | null {
  const data = dateOrNull(slice(text, at, at + 7), line, `data do ${what}`, 'DDMMAAAA');
  if (data === null) return null;
  const valor = amount(slice(text, at + 8, at + 25), line, `valor do ${what}`);
  const situacao = slice(text, at + 26, at + 26);
  if (situacao !== 'D' && situacao !== 'C' && situacao.trim() !== '') {
    warn(line, `situação do ${what} "${situacao}" não é D nem C: lido como credor`);
  }
  return { data, valor: situacao === 'D' ? -valor : valor };
}

function readLoteHeader(text: string, line: number, warn: (line: number, message: string) => void): OpenLote {
  requireLength(text, NEEDS.lote, line, 'header de lote');
  const number = slice(text, 4, 7);
  const operation = slice(text, 9, 9);
  const service = slice(text, 10, 11);
  const extrato = operation === 'E' && service === '04';
  if (!extrato) {
    warn(line, `lote ${number} de operação "${operation}" e serviço "${service}" não é extrato para conciliação (E, 04): seus registros são ignorados`);
  }
  const account: BankStatementAccount = {
    line,
    banco: normalBanco(slice(text, 1, 3).trim()),
    ...accountAt(text, line),
    saldoInicial: extrato ? balance(text, 143, line, 'saldo inicial', warn) : null,
    saldoFinal: null,
    postings: [],
  };
  return { account, number, line, records: 1, debits: 0, credits: 0, extrato, warnedAccount: false };
}

function readPosting(
  text: string,
  line: number,
  lote: OpenLote,
  warn: (line: number, message: string) => void,
  warnOnce: (key: string, line: number, message: string) => void,
): BankPosting {
  requireLength(text, NEEDS.detalhe, line, 'segmento E');
  const own = accountAt(text, line);
  const a = lote.account;
  if (!lote.warnedAccount && (own.agencia !== a.agencia || own.conta !== a.conta)) {
    lote.warnedAccount = true;
    warn(line, `segmento E da agência ${own.agencia} conta ${own.conta}, header do lote ${lote.number} da agência ${a.agencia} conta ${a.conta}: lançamento lido na conta do lote`);
  }
  const tipoLancamento = slice(text, 169, 169);
  if (tipoLancamento !== 'D' && tipoLancamento !== 'C') {
    throw new LineError(line, 'tipo do lançamento', `não é D nem C ("${tipoLancamento}")`);
  }
  const valor = amount(slice(text, 151, 168), line, 'valor do lançamento');
  const data = date(slice(text, 143, 150), line, 'data do lançamento', 'DDMMAAAA');
  const rawCategoria = slice(text, 170, 172).trim();
  const categoria = rawCategoria === '' || /^0+$/.test(rawCategoria) ? null : rawCategoria;
  if (categoria !== null) {
    if (CATEGORIAS_LANCAMENTO[categoria] === undefined) {
      warnOnce(`cat|${categoria}`, line, unknownCodeMessage('categoria do lançamento', categoria));
    } else if ((categoria[0] === '1') !== (tipoLancamento === 'D')) {
      warn(line, `categoria ${categoria} (${CATEGORIAS_LANCAMENTO[categoria]}) é de ${categoria[0] === '1' ? 'débito' : 'crédito'}, lançamento a ${tipoLancamento === 'D' ? 'débito' : 'crédito'}: natureza lida pelo tipo do lançamento`);
    }
  }
  const natureza = alphaOrNull(slice(text, 109, 111));
  if (natureza !== null && NATUREZAS_LANCAMENTO[natureza] === undefined) {
    warnOnce(`nat|${natureza}`, line, unknownCodeMessage('natureza do lançamento', natureza));
  }
  return {
    line,
    data,
    natureza: tipoLancamento,
    valor,
    documento: alphaOrNull(slice(text, 202, 240)),
    historico: alphaOrNull(slice(text, 177, 201)),
    codigohistorico: alphaOrNull(slice(text, 173, 176)),
    categoria,
    tipo: natureza,
    fitid: null,
    complemento: alphaOrNull(slice(text, 114, 133)),
  };
}

/** checkTotals' text as a warning: a trailer that disagrees does not unmake the postings the bank listed. */
function totalsWarning(line: number, what: string, checks: readonly TotalCheck[], warn: (line: number, message: string) => void): void {
  const diff = checkTotals(line, what, checks);
  if (diff) warn(line, diff.message.slice(diff.message.indexOf(': ') + 2));
}

function checkLoteTrailer(text: string, line: number, lote: OpenLote, warn: (line: number, message: string) => void): void {
  requireLength(text, NEEDS.trailerLote, line, 'trailer de lote');
  const a = lote.account;
  a.saldoFinal = balance(text, 143, line, 'saldo final', warn);
  totalsWarning(line, `trailer do lote ${lote.number}`, [
    { name: 'quantidade de registros do lote', declared: num(slice(text, 171, 176), line, 'quantidade de registros do lote'), read: lote.records },
    { name: 'somatória dos débitos', declared: amount(slice(text, 177, 194), line, 'somatória dos débitos'), read: lote.debits, money: true },
    { name: 'somatória dos créditos', declared: amount(slice(text, 195, 212), line, 'somatória dos créditos'), read: lote.credits, money: true },
  ], warn);
  if (a.saldoInicial && a.saldoFinal) {
    const expected = a.saldoInicial.valor + lote.credits - lote.debits;
    if (expected !== a.saldoFinal.valor) {
      warn(line, `saldo final ${formatDecimal(a.saldoFinal.valor)} do lote ${lote.number} não confere com saldo inicial ${formatDecimal(a.saldoInicial.valor)} + créditos ${formatDecimal(lote.credits)} − débitos ${formatDecimal(lote.debits)} = ${formatDecimal(expected)}`);
    }
  }
}

function checkFileTrailer(text: string, line: number, read: { lotes: number; records: number; contas: number }, warn: (line: number, message: string) => void): void {
  const checks: TotalCheck[] = [
    { name: 'quantidade de lotes', declared: num(slice(text, 18, 23), line, 'quantidade de lotes'), read: read.lotes },
    { name: 'quantidade de registros', declared: num(slice(text, 24, 29), line, 'quantidade de registros'), read: read.records },
  ];
  // optional in practice: banks that do not fill it write zeros or blanks
  const contas = slice(text, 30, 35).trim();
  if (/^\d+$/.test(contas) && Number(contas) > 0) checks.push({ name: 'quantidade de contas', declared: Number(contas), read: read.contas });
  totalsWarning(line, 'trailer de arquivo', checks, warn);
}

/**
 * Whether a file's head is a CNAB 240 bank statement: a header de arquivo (type 0, lote 0000) followed by an
 * extrato header de lote (type 1, operation 'E', service '04'). Cobrança and pagamentos CNAB 240 files share the
 * header de arquivo, so the header de lote decides.
 */
export function looksCnab240Extrato(head: string): boolean {
  const lines = head.replace(/^\ufeff/, '').split(/\r\n|\n|\r/).filter((l) => l.trim() !== '');
  const [h, l] = lines;
  if (!h || !l) return false;
  if (!/^\d{3}00000/.test(h)) return false;
  return /^\d{3}\d{4}1E04/.test(l);
}
