/**
 * The bank check's job (issue 21): pairs a person's operator settlements and debits with its bank postings over a
 * window of days. Queued in the same transaction as what changes either side — a bank statement loaded, an operator
 * file with settlements loaded — so a crash never leaves a load without its check.
 */
export const BANK_MATCH_QUEUE = 'conferencia-bancaria';

/** The job's payload: the persons whose books changed and the days (business dates, inclusive) to look at again. */
export type BankMatchPayload = { codpessoas: number[]; de: string; ate: string };

/**
 * The operator line kinds the bank check reads: money paid, paid early or taken back. Which sign of each counts is
 * the matcher's (OPERATOR_KINDS in bank-matching.ts); a file or a removal touching any of them queues the check.
 */
export const BANK_CHECK_LINE_KINDS: readonly string[] = ['settlement', 'anticipation', 'adjustment', 'chargeback'];
