import type { BusinessDate, Centavos } from '@concilia/domain';

/**
 * Bank statements (issue 21, bank check): what the bank says reached or left the merchant's account, read from
 * OFX (every Brazilian bank exports it) or from the FEBRABAN CNAB 240 "Extrato para Conciliação Bancária".
 * A model of its own, apart from the operators' `ParsedItem`s: a bank posting is neither a sale nor a
 * settlement, and matching it against the operators' settlements is a later step.
 *
 * Conventions: money in integer centavos (the files' decimal text is converted digit by digit, never through
 * a float); dates are business dates 'YYYY-MM-DD' as the bank wrote them; text fields trimmed, null when blank.
 */

export type BankLayout = 'OFX' | 'CNAB240_EXTRATO';

/** A warning or a line the parser could not read: 1-based line of the file, pt-BR message that names it. */
export interface LocatedMessage {
  line: number;
  message: string;
}

/** A balance as the bank states it: signed, negative when the account is overdrawn. */
export interface BankBalance {
  data: BusinessDate;
  valor: Centavos;
}

/** One posting (lançamento) of the statement. */
export interface BankPosting {
  /** 1-based line of the posting (OFX: the line of its <STMTTRN>) */
  line: number;
  /** posting date (OFX DTPOSTED, CNAB "data do lançamento") */
  data: BusinessDate;
  /** C: money in, D: money out (OFX: the sign of TRNAMT; CNAB: "tipo do lançamento") */
  natureza: 'C' | 'D';
  /** centavos, never negative: the direction is `natureza` */
  valor: Centavos;
  /** OFX CHECKNUM, else REFNUM; CNAB "número do documento" */
  documento: string | null;
  /** OFX MEMO, else NAME; CNAB "descrição do histórico" */
  historico: string | null;
  /** the bank's own history code (CNAB, 4 characters); OFX has none */
  codigohistorico: string | null;
  /** FEBRABAN category ('202' líquido de cobrança, …: CATEGORIAS_LANCAMENTO) as written; OFX has none */
  categoria: string | null;
  /** OFX TRNTYPE ('DEBIT', 'XFER', …); CNAB "natureza do lançamento" ('DPV', 'SCR', 'SSR', 'CDS') */
  tipo: string | null;
  /** OFX FITID, the bank's id of the posting (not always unique: see docs/layouts/ofx.md); CNAB has none */
  fitid: string | null;
  /** OFX NAME when MEMO carries the history and NAME says more; CNAB "complemento do lançamento" */
  complemento: string | null;
}

/** One account of the statement, with its postings in file order. */
export interface BankStatementAccount {
  /** line where the account begins (OFX <STMTRS>, CNAB header de lote) */
  line: number;
  /** compensation code, 3 digits zero-padded ('001', '341'); '' when the file does not say */
  banco: string;
  /** branch digits without DV, leading zeros to 4 digits ('0001'); '' when the file does not say */
  agencia: string;
  /** account digits without DV, leading zeros removed */
  conta: string;
  /** account DV as written ('0', 'X'); null when the file gives none */
  digito: string | null;
  /** CNAB header de lote; OFX has none */
  saldoInicial: BankBalance | null;
  /** OFX LEDGERBAL; CNAB trailer de lote */
  saldoFinal: BankBalance | null;
  postings: BankPosting[];
}

export interface BankStatement {
  layout: BankLayout;
  accounts: BankStatementAccount[];
  /** what was read but not fully trusted: unknown codes, totals that disagree, odd encodings */
  warnings: LocatedMessage[];
  /** lines that could not be read (their posting is missing from `accounts`), a truncated file */
  errors: LocatedMessage[];
}

/** The account a writer writes to (the parser's account without what it reads from the file). */
export type BankAccountRef = Pick<BankStatementAccount, 'banco' | 'agencia' | 'conta' | 'digito'>;

/** What a writer takes: a posting without its line, its OFX-only / CNAB-only fields optional. */
export type BankPostingInput = Omit<BankPosting, 'line' | 'tipo' | 'fitid' | 'complemento'> &
  Partial<Pick<BankPosting, 'tipo' | 'fitid' | 'complemento'>>;
