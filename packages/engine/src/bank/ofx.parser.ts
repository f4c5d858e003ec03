import { type BusinessDate, isBusinessDate } from '@concilia/domain';
import { LineError } from '../read/fields';
import { unknownCodeMessage } from '../read/unknown-codes';
import { type DecodedText, decimalAmount, decodeBankText, normalAgencia, normalBanco, withoutEofJunk, withoutLeadingZeros } from './bank-text';
import type { BankBalance, BankPosting, BankStatement, BankStatementAccount, LocatedMessage } from './model';

/**
 * OFX bank statements, SGML 1.x and XML 2.x alike (docs/layouts/ofx.md). One tolerant reader builds a tree of
 * elements: SGML leaves have no end tag (`<TRNAMT>-12.50` on its own line), XML leaves have one, and banks mix
 * the two. Aggregates are found by searching descendants, so an empty SGML leaf that swallowed its siblings
 * (`<MEMO>` with no text) does not lose them.
 */

interface OfxNode {
  tag: string;
  line: number;
  value: string | null;
  children: OfxNode[];
  /** an explicit end tag was seen (SGML leaves never get one) */
  closed: boolean;
}

/**
 * Elements that only ever hold text. An empty one (`<MEMO>` straight followed by `<FITID>`) is closed at the next
 * tag instead of adopting the elements after it.
 */
const LEAVES = new Set([
  'TRNTYPE', 'DTPOSTED', 'DTUSER', 'DTAVAIL', 'TRNAMT', 'FITID', 'CORRECTFITID', 'CORRECTACTION', 'SRVRTID', 'CHECKNUM',
  'REFNUM', 'SIC', 'PAYEEID', 'NAME', 'MEMO', 'INV401KSOURCE', 'CURDEF', 'BANKID', 'BRANCHID', 'ACCTID', 'ACCTTYPE',
  'ACCTKEY', 'DTSTART', 'DTEND', 'BALAMT', 'DTASOF', 'CODE', 'SEVERITY', 'MESSAGE', 'DTSERVER', 'LANGUAGE', 'DTPROFUP',
  'ORG', 'FID', 'TRNUID', 'CURRATE', 'CURSYM', 'INTU.BID', 'INTU.USERID',
]);

/** TRNTYPE values of OFX 2.1.1 §11.4.4.3. */
const TRNTYPES = new Set([
  'CREDIT', 'DEBIT', 'INT', 'DIV', 'FEE', 'SRVCHG', 'DEP', 'ATM', 'POS', 'XFER', 'CHECK', 'PAYMENT', 'CASH', 'DIRECTDEP',
  'DIRECTDEBIT', 'REPEATPMT', 'HOLD', 'OTHER',
]);

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : all;
    }
    return ENTITIES[name.toLowerCase()] ?? all;
  });
}

interface Tree {
  root: OfxNode;
  lastLine: number;
}

/** The element tree of the body (from the first '<' on). Never throws: bad markup gives a partial tree. */
function buildTree(text: string, start: number, firstLine: number): Tree {
  const root: OfxNode = { tag: '#root', line: firstLine, value: null, children: [], closed: true };
  const stack: OfxNode[] = [root];
  let line = firstLine;
  let pos = start;
  /** the element whose start tag was the last token: text right after it is its value */
  let justOpened: OfxNode | null = null;
  /** a leaf that got its value: its end tag, if the bank wrote one, is expected next */
  let leafAwaitingEnd: OfxNode | null = null;
  const advance = (to: number) => {
    for (let i = pos; i < to; i++) if (text.charCodeAt(i) === 10) line++;
    pos = to;
  };
  while (pos < text.length) {
    const lt = text.indexOf('<', pos);
    const textEnd = lt === -1 ? text.length : lt;
    const chunk = text.slice(pos, textEnd);
    if (chunk.trim() !== '' && justOpened && stack[stack.length - 1] === justOpened) {
      justOpened.value = decodeEntities(chunk.trim());
      stack.pop();
      leafAwaitingEnd = justOpened;
      justOpened = null;
    }
    advance(textEnd);
    if (lt === -1) break;
    if (text.startsWith('<!--', lt)) {
      const end = text.indexOf('-->', lt + 4);
      advance(end === -1 ? text.length : end + 3);
      continue;
    }
    const gt = text.indexOf('>', lt + 1);
    if (gt === -1) {
      advance(text.length);
      break;
    }
    const raw = text.slice(lt + 1, gt);
    const tagLine = line;
    advance(gt + 1);
    if (raw.startsWith('?') || raw.startsWith('!')) continue;
    if (raw.startsWith('/')) {
      const tag = raw.slice(1).trim().toUpperCase();
      justOpened = null;
      if (leafAwaitingEnd && leafAwaitingEnd.tag === tag) {
        leafAwaitingEnd.closed = true;
        leafAwaitingEnd = null;
        continue;
      }
      leafAwaitingEnd = null;
      const at = stack.map((n) => n.tag).lastIndexOf(tag);
      if (at > 0) {
        stack[at]!.closed = true;
        stack.length = at;
      }
      continue;
    }
    leafAwaitingEnd = null;
    const selfClosing = raw.endsWith('/');
    const tag = (/^[^\s/>]+/.exec(raw)?.[0] ?? '').toUpperCase();
    if (tag === '') continue;
    const top = stack[stack.length - 1]!;
    if (top !== root && top.children.length === 0 && top.value === null && LEAVES.has(top.tag)) stack.pop();
    const node: OfxNode = { tag, line: tagLine, value: null, children: [], closed: selfClosing };
    stack[stack.length - 1]!.children.push(node);
    if (selfClosing) {
      justOpened = null;
    } else {
      stack.push(node);
      justOpened = node;
    }
  }
  return { root, lastLine: line };
}

function* descendants(node: OfxNode, tag: string): Generator<OfxNode> {
  for (const c of node.children) {
    if (c.tag === tag) yield c;
    else yield* descendants(c, tag);
  }
}

function first(node: OfxNode, tag: string): OfxNode | null {
  for (const n of descendants(node, tag)) return n;
  return null;
}

/** The text of the first descendant `tag`, trimmed; null when absent or blank. */
function valueOf(node: OfxNode, tag: string): string | null {
  const v = first(node, tag)?.value?.trim() ?? '';
  return v === '' ? null : v;
}

/**
 * An OFX date → the business date as written. 'YYYYMMDD', 'YYYYMMDDHHMMSS', with milliseconds and a zone
 * ('[-3:BRT]', '[0:GMT]'). The zone is not applied: a posting date is a day of the bank's books, and banks write
 * midnight of that day with whatever zone their exporter has ('20261120000000[0:GMT]' is still the 20th).
 */
export function ofxDate(raw: string, line: number, field: string): BusinessDate {
  const t = raw.trim();
  const m = /^(\d{4})(\d{2})(\d{2})(?:\d{2}(?:\d{2}(?:\d{2}(?:[.,]\d{1,6})?)?)?)?\s*(?:\[\s*[+-]?\d{1,2}(?:[.:]\d{1,2})?(?::\s*[A-Za-z]{0,9}\s*)?\])?$/.exec(t);
  const iso = m ? `${m[1]}-${m[2]}-${m[3]}` : '';
  if (!m) throw new LineError(line, field, `não é uma data OFX ("${t.slice(0, 40)}")`);
  if (!isBusinessDate(iso)) throw new LineError(line, field, `inválida ("${t.slice(0, 40)}")`);
  return iso;
}

interface AccountId {
  agencia: string;
  conta: string;
  digito: string | null;
}

/** 'conta-dv' or 'conta' → digits and DV. */
function splitDv(text: string): { conta: string; digito: string | null } {
  const m = /^(\d+)[-.\s]+([\dXx])$/.exec(text);
  if (m) return { conta: withoutLeadingZeros(m[1]!), digito: m[2]!.toUpperCase() };
  return { conta: withoutLeadingZeros(text.replace(/\D/g, '')), digito: null };
}

/**
 * BANKACCTFROM → agency, account and DV. Banks disagree: BB writes BRANCHID '1234-5' and ACCTID '12345-6'; Itaú
 * and others omit BRANCHID and write ACCTID '1234/56789-0' or '1234 56789-0'; some write bare digits
 * ('00012345678') that cannot be split without knowing the bank: then the whole number is the account, with a
 * warning.
 */
function accountId(branch: string | null, acct: string | null, line: number, warn: (line: number, message: string) => void): AccountId {
  const a = (acct ?? '').trim();
  const agenciaOf = (b: string) => normalAgencia(b.split(/[-.]/)[0]!.replace(/\D/g, ''));
  if (a === '') {
    warn(line, 'conta sem ACCTID: conta lida em branco');
    return { agencia: branch ? agenciaOf(branch) : '', conta: '', digito: null };
  }
  const parts = /^(\d{1,5}(?:-[\dXx])?)\s*[/\\ ]\s*(.+)$/.exec(a);
  if (parts) {
    const agencia = agenciaOf(parts[1]!);
    if (branch && agenciaOf(branch) !== agencia) {
      warn(line, `BRANCHID "${branch}" difere da agência do ACCTID "${a}": lida a do ACCTID`);
    }
    return { agencia, ...splitDv(parts[2]!.trim()) };
  }
  if (!/^[\d]+([-.\s]+[\dXx])?$/.test(a)) warn(line, `ACCTID "${a}" com caracteres inesperados: lidos só os dígitos`);
  if (!branch) warn(line, `agência ausente (sem BRANCHID e ACCTID "${a}" sem separador agência/conta): conta lida sem agência`);
  return { agencia: branch ? agenciaOf(branch) : '', ...splitDv(a) };
}

function readBalance(node: OfxNode | null, line: number, errors: LocatedMessage[]): BankBalance | null {
  if (!node) return null;
  const amt = valueOf(node, 'BALAMT');
  const asof = valueOf(node, 'DTASOF');
  if (amt === null || asof === null) return null;
  try {
    return { valor: decimalAmount(amt, node.line, 'LEDGERBAL/BALAMT'), data: ofxDate(asof, node.line, 'LEDGERBAL/DTASOF') };
  } catch (e) {
    if (!(e instanceof LineError)) throw e;
    errors.push({ line, message: e.message });
    return null;
  }
}

interface OfxHeader {
  /** declared text encoding, lower case ('1252', 'utf-8', 'iso-8859-1'), null when none */
  charset: string | null;
  line: number;
}

/** The SGML header block ('CHARSET:1252', 'ENCODING:UTF-8') or the XML declaration's encoding. */
function readHeader(text: string, bodyStart: number): OfxHeader {
  const head = text.slice(0, bodyStart);
  const xml = /<\?xml[^>]*encoding\s*=\s*["']([^"']+)["']/i.exec(text.slice(0, 400));
  if (xml) return { charset: xml[1]!.toLowerCase(), line: 1 };
  const lines = head.split(/\r?\n/);
  let charset: string | null = null;
  let encoding: string | null = null;
  let at = 1;
  lines.forEach((l, i) => {
    const m = /^\s*([A-Z]+)\s*:\s*(.*?)\s*$/i.exec(l);
    if (!m) return;
    const key = m[1]!.toUpperCase();
    if (key === 'CHARSET') {
      charset = m[2]!.toLowerCase();
      at = i + 1;
    } else if (key === 'ENCODING') encoding = m[2]!.toLowerCase();
  });
  if (encoding === 'utf-8' || encoding === 'utf8' || encoding === 'unicode') return { charset: 'utf-8', line: at };
  return { charset: charset === 'none' ? null : charset, line: at };
}

function encodingWarning(decoded: DecodedText, header: OfxHeader): LocatedMessage | null {
  if (!decoded.highBytes || header.charset === null) return null;
  const declaredUtf8 = /^utf-?8$/.test(header.charset);
  if (declaredUtf8 === (decoded.encoding === 'utf-8')) return null;
  const read = decoded.encoding === 'utf-8' ? 'UTF-8' : 'latin-1 (Windows-1252)';
  return { line: header.line, message: `Linha ${header.line}: o arquivo declara a codificação "${header.charset}" mas o texto está em ${read}; lido como ${read}` };
}

/** Reads an OFX file (SGML 1.x or XML 2.x). Throws a LineError when the bytes hold no <OFX> element at all. */
export function parseOfx(bytes: Uint8Array): BankStatement {
  const decoded = decodeBankText(bytes);
  // a Ctrl-Z (DOS end of file), NULs and blank lines after </OFX>: not part of the statement
  const text = withoutEofJunk(decoded.text, true);
  const warnings: LocatedMessage[] = [];
  const errors: LocatedMessage[] = [];
  const warn = (line: number, message: string) => warnings.push({ line, message: `Linha ${line}: ${message}` });
  const error = (line: number, message: string) => errors.push({ line, message: `Linha ${line}: ${message}` });

  const ofxAt = text.search(/<OFX[\s>]/i);
  if (ofxAt === -1) throw new LineError(1, 'arquivo OFX', 'sem o elemento <OFX> (não é um extrato OFX?)');
  const bodyStart = ofxAt;
  const header = readHeader(text, ofxAt);
  const encWarning = encodingWarning(decoded, header);
  if (encWarning) warnings.push(encWarning);

  const firstLine = 1 + (text.slice(0, bodyStart).match(/\n/g)?.length ?? 0);
  const { root, lastLine } = buildTree(text, bodyStart, firstLine);
  const ofx = first(root, 'OFX');
  if (!ofx) throw new LineError(firstLine, 'arquivo OFX', 'sem o elemento <OFX> (não é um extrato OFX?)');
  if (!ofx.closed) error(lastLine, 'arquivo termina sem </OFX> (arquivo truncado?)');

  const accounts: BankStatementAccount[] = [];
  for (const rs of descendants(ofx, 'STMTRS')) accounts.push(readAccount(rs, warn, error, errors));
  for (const cc of descendants(ofx, 'CCSTMTRS')) {
    warn(cc.line, 'extrato de cartão de crédito (CCSTMTRS) ignorado: só extratos de conta são lidos');
  }
  if (accounts.length === 0 && errors.length === 0) {
    warn(ofx.line, 'nenhum extrato de conta (STMTRS) no arquivo');
  }
  return { layout: 'OFX', accounts, warnings, errors };
}

function readAccount(
  rs: OfxNode,
  warn: (line: number, message: string) => void,
  error: (line: number, message: string) => void,
  errors: LocatedMessage[],
): BankStatementAccount {
  const from = first(rs, 'BANKACCTFROM');
  const fromLine = from?.line ?? rs.line;
  if (!from) warn(rs.line, 'extrato sem BANKACCTFROM: conta desconhecida');
  const bankId = from ? valueOf(from, 'BANKID') : null;
  const bankDigits = (bankId ?? '').replace(/\D/g, '');
  if (from && bankId === null) warn(fromLine, 'banco ausente (BANKID)');
  else if (bankId !== null && bankDigits !== bankId) warn(fromLine, `BANKID "${bankId}" com caracteres inesperados: lidos só os dígitos`);
  const id = accountId(from ? valueOf(from, 'BRANCHID') : null, from ? valueOf(from, 'ACCTID') : null, fromLine, warn);
  const curdef = valueOf(rs, 'CURDEF');
  if (curdef !== null && curdef.toUpperCase() !== 'BRL') warn(rs.line, `moeda ${curdef} (CURDEF): valores lidos como estão, sem conversão`);

  const postings: BankPosting[] = [];
  const seenTypes = new Set<string>();
  const fitids = new Map<string, number>();
  let ordinal = 0;
  for (const trn of descendants(rs, 'STMTTRN')) {
    ordinal++;
    const where = `lançamento ${ordinal} (STMTTRN)`;
    try {
      const posting = readPosting(trn, where, (m) => warn(trn.line, m), seenTypes);
      if (posting.fitid !== null) {
        const firstAt = fitids.get(posting.fitid);
        if (firstAt !== undefined) warn(trn.line, `FITID "${posting.fitid}" repetido (já na linha ${firstAt}): o banco não o mantém único, não o use sozinho como chave`);
        else fitids.set(posting.fitid, trn.line);
      }
      postings.push(posting);
    } catch (e) {
      if (!(e instanceof LineError)) throw e;
      error(trn.line, `${where}: ${e.field} ${e.reason}`);
    }
  }
  return {
    line: rs.line,
    banco: normalBanco(bankDigits),
    ...id,
    saldoInicial: null,
    saldoFinal: readBalance(first(rs, 'LEDGERBAL'), rs.line, errors),
    postings,
  };
}

function readPosting(trn: OfxNode, where: string, warn: (message: string) => void, seenTypes: Set<string>): BankPosting {
  const line = trn.line;
  const rawAmount = valueOf(trn, 'TRNAMT');
  const rawDate = valueOf(trn, 'DTPOSTED');
  if (rawDate === null) throw new LineError(line, 'DTPOSTED', 'ausente');
  if (rawAmount === null) throw new LineError(line, 'TRNAMT', 'ausente');
  const data = ofxDate(rawDate, line, 'DTPOSTED');
  const amount = decimalAmount(rawAmount, line, 'TRNAMT');
  const natureza = amount < 0 ? 'D' : 'C';
  const rawType = valueOf(trn, 'TRNTYPE');
  const tipo = rawType === null ? null : rawType.toUpperCase();
  if (tipo !== null && !TRNTYPES.has(tipo) && !seenTypes.has(tipo)) {
    seenTypes.add(tipo);
    warn(`${where}: ${unknownCodeMessage('tipo de transação (TRNTYPE)', tipo)}`);
  }
  // The sign decides (OFX: TRNAMT is signed from the account's side); a type that says otherwise is the bank's slip.
  if ((tipo === 'DEBIT' && natureza === 'C' && amount !== 0) || (tipo === 'CREDIT' && natureza === 'D')) {
    warn(`${where}: TRNTYPE ${tipo} com valor ${rawAmount}: natureza lida pelo sinal (${natureza === 'C' ? 'crédito' : 'débito'})`);
  }
  const memo = valueOf(trn, 'MEMO');
  const name = valueOf(trn, 'NAME');
  return {
    line,
    data,
    natureza,
    valor: Math.abs(amount),
    documento: valueOf(trn, 'CHECKNUM') ?? valueOf(trn, 'REFNUM'),
    historico: memo ?? name,
    codigohistorico: null,
    categoria: null,
    tipo,
    fitid: valueOf(trn, 'FITID'),
    complemento: memo !== null && name !== null && name !== memo ? name : null,
  };
}

/**
 * Whether a file's head is OFX: the SGML header block ('OFXHEADER:100'), or an <OFX> element after at most an XML
 * declaration, processing instructions and comments. Never on free text: a CSV mentioning "<OFX>" is not one.
 */
export function looksOfx(head: string): boolean {
  const t = head.replace(/^\ufeff/, '').trimStart();
  if (/^OFXHEADER\s*:/i.test(t)) return true;
  const rest = t.replace(/^(?:<\?[^>]*\?>\s*|<!--[\s\S]*?-->\s*)*/, '');
  return /^<OFX[\s>]/i.test(rest);
}
