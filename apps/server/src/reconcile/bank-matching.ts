import { type OpenDb, type RawTransaction, withRawTransaction } from '@concilia/db';
import { addDays, type BusinessDate, nextBusinessDay, todayBusiness } from '@concilia/domain';
import type { Logger } from 'pino';
import type { QueueHandler } from '../jobs/job-queue';
import type { BankMatchPayload } from './bank-match-queue';

/**
 * The bank check (issue 21) as set-based SQL: a client's operator settlements and debits against its bank postings,
 * over a window of days, in one transaction. Every rule is one statement over the still-unpaired lines, and pairs
 * only candidates that are each other's single candidate: two settlements a bank credit could equally be are left
 * alone, never guessed.
 *
 * Sides:
 * - operator: linhas_operadora of the client's units — settlements (money in when the net is positive, out when it
 *   is negative), anticipations (receivables paid early: money in on the anticipation's date, the date the line
 *   carries) and adjustments/chargebacks with a negative net (rent, chargebacks the operator debits). The account
 *   is the one the settlement names (extras.account: bank, branch, account, compared digits-only without leading
 *   zeros, with or without the check digit) among the client's registered accounts; a line naming none goes to the
 *   unit's only active account, else the client's only active account. A line whose account is not registered (or
 *   cannot be told) is out of the check: the check speaks only of accounts it can see.
 * - bank: linhas_banco of the client and its units.
 *
 * Rules, in order, each on what is still unpaired:
 * 1. EXATO — same account, direction, amount and date, one to one.
 * 2. DIA_UTIL — the same, the bank a business day after (or before) the operator's date.
 * 3. AGRUPADO — one posting = the sum of several lines of one operator, account and day (the posting on that day or
 *    a business day from it), or one line = the sum of several postings of its account and day.
 * 4. difference — the lines left of one operator, account and day against the one posting left of that account and
 *    day whose amount is within DIFFERENCE_SHARE of their total: CREDITADO_DIFERENCA, `diferenca` = bank − operator.
 *    Beyond that share a posting is more likely someone else's money than the same credit short.
 *
 * Then every line of the window gets its row: a pair's rows share `grupo` (−the smallest operator line id of the
 * group; a posting alone: its own id, so groups never collide) and result — CREDITADO, CREDITADO_DIFERENCA or
 * DEBITADO. An operator line alone is AGUARDANDO until a business day after its date has passed, then
 * NAO_CREDITADO (a settlement) or NAO_DEBITADO (a debit the operator announced and the bank never took: not money
 * missing, but a charge still to come, so the dashboard's 'Não creditado' leaves it out). A posting alone is CREDITO_SEM_ORIGEM or DEBITO_SEM_ORIGEM: every registered account is one the client
 * asked the check to watch, so any credit nothing explains is shown, whatever its history says.
 *
 * The window is widened by MARGIN_DAYS each side so a pair across its edge is seen whole; groups touching the
 * widened window are deleted and rebuilt with every line they held, so running again gives the same rows and the
 * order the files arrived in does not matter.
 */

/** calendar days added to each side of the window: a business day across a weekend and a holiday is at most 4 */
export const MARGIN_DAYS = 5;
/** how far a credit may be from its operator total and still be that credit with a difference */
export const DIFFERENCE_SHARE = 0.1;
/** below this (R$ 1,00) a difference of a small total is still the same credit */
export const DIFFERENCE_MIN_CENTAVOS = 100;

const digits = (x: string) => `ltrim(regexp_replace(coalesce(${x}, ''), '\\D', '', 'g'), '0')`;

/** The account a line is credited to (see above), among its own client's (`f`: the line's person and client). */
const ACCOUNT_OF_LINE = `
  CASE WHEN jsonb_typeof(l.extras -> 'account') = 'object' THEN (
    SELECT CASE WHEN count(*) = 1 THEN min(c.codcontabancaria) END FROM contas c
    WHERE c.cliente = f.cliente AND c.banco = ${digits(`l.extras -> 'account' ->> 'bank'`)}
      AND c.agencia = ${digits(`l.extras -> 'account' ->> 'branch'`)} AND ${digits(`l.extras -> 'account' ->> 'account'`)} IN (c.conta, c.contadv))
  ELSE coalesce(
    (SELECT CASE WHEN count(*) = 1 THEN min(c.codcontabancaria) END FROM contas c WHERE c.ativo AND c.codpessoa = l.codpessoa),
    (SELECT CASE WHEN count(*) = 1 THEN min(c.codcontabancaria) END FROM contas c
     WHERE c.ativo AND c.codpessoa = f.cliente AND NOT EXISTS (SELECT 1 FROM contas u WHERE u.ativo AND u.codpessoa = l.codpessoa)))
  END`;

const OPERATOR_KINDS = `((l.tipo = 'settlement' AND l.valorliquido <> 0) OR (l.tipo = 'anticipation' AND l.valorliquido > 0)
  OR (l.tipo IN ('adjustment', 'chargeback') AND l.valorliquido < 0))`;

/** Both sides' unpaired lines, as the rules read them. */
const O = 'o AS (SELECT * FROM bo WHERE grupo IS NULL)';
const B = 'b AS (SELECT * FROM bb WHERE grupo IS NULL)';
/** a posting one business day from the operator's date, either way */
const ONE_DAY_APART = '(b.data = co.proximo OR o.data = cb.proximo)';
const SAME_DAY = 'b.data = o.data';

/** Writes the pairs of `par` (oid, bid, grupo) with `regra` into both sides. */
const assign = (regra: string) => `
  upd_o AS (UPDATE bo SET grupo = p.grupo, regra = '${regra}' FROM (SELECT DISTINCT oid, grupo FROM par) p WHERE bo.id = p.oid RETURNING 1),
  upd_b AS (UPDATE bb SET grupo = p.grupo FROM (SELECT DISTINCT bid, grupo FROM par) p WHERE bb.id = p.bid RETURNING 1)
  SELECT (SELECT count(*) FROM upd_o) + (SELECT count(*) FROM upd_b) AS n`;

const oneToOne = (regra: string, dates: string) => `
  WITH ${O}, ${B},
  cand AS (
    SELECT o.id AS oid, b.id AS bid, count(*) OVER (PARTITION BY o.id) AS po, count(*) OVER (PARTITION BY b.id) AS pb
    FROM o JOIN b ON b.codconta = o.codconta AND b.natureza = o.natureza AND b.valor = o.valor
      ${dates === SAME_DAY ? '' : 'JOIN cal co ON co.dia = o.data JOIN cal cb ON cb.dia = b.data'}
    WHERE ${dates}),
  par AS (SELECT oid, bid, -oid AS grupo FROM cand WHERE po = 1 AND pb = 1),
  ${assign(regra)}`;

/** Several operator lines of one operator, account and day = one posting (that day or a business day from it). */
const MANY_OPERATOR_LINES = `
  WITH ${O}, ${B},
  g AS (SELECT codoperadora, codconta, data, natureza, sum(valor) AS total, min(id) AS gid FROM o
        WHERE codconta IS NOT NULL GROUP BY codoperadora, codconta, data, natureza HAVING count(*) >= 2),
  cand AS (
    SELECT g.gid, b.id AS bid, count(*) OVER (PARTITION BY g.gid) AS pg, count(*) OVER (PARTITION BY b.id) AS pb
    FROM g JOIN cal co ON co.dia = g.data
      JOIN b ON b.codconta = g.codconta AND b.natureza = g.natureza AND b.valor = g.total
      JOIN cal cb ON cb.dia = b.data
    WHERE b.data = g.data OR b.data = co.proximo OR g.data = cb.proximo),
  par AS (
    SELECT o.id AS oid, c.bid, -c.gid AS grupo FROM cand c JOIN g ON g.gid = c.gid
      JOIN o ON (o.codoperadora, o.codconta, o.data, o.natureza) = (g.codoperadora, g.codconta, g.data, g.natureza)
    WHERE c.pg = 1 AND c.pb = 1),
  ${assign('AGRUPADO')}`;

/** One operator line = several postings of its account and day. */
const MANY_POSTINGS = `
  WITH ${O}, ${B},
  g AS (SELECT codconta, data, natureza, sum(valor) AS total, min(id) AS gid FROM b GROUP BY codconta, data, natureza HAVING count(*) >= 2),
  cand AS (
    SELECT o.id AS oid, g.gid, count(*) OVER (PARTITION BY o.id) AS po, count(*) OVER (PARTITION BY g.gid) AS pg
    FROM o JOIN g ON g.codconta = o.codconta AND g.natureza = o.natureza AND g.total = o.valor AND g.data = o.data),
  par AS (
    SELECT c.oid, b.id AS bid, -c.oid AS grupo FROM cand c JOIN g ON g.gid = c.gid
      JOIN b ON (b.codconta, b.data, b.natureza) = (g.codconta, g.data, g.natureza)
    WHERE c.po = 1 AND c.pg = 1),
  ${assign('AGRUPADO')}`;

/** What is left of one operator, account and day against the one posting left near its total ($1 share, $2 floor). */
const WITH_DIFFERENCE = `
  WITH ${O}, ${B},
  g AS (SELECT codoperadora, codconta, data, natureza, sum(valor) AS total, count(*) AS n, min(id) AS gid FROM o
        WHERE codconta IS NOT NULL GROUP BY codoperadora, codconta, data, natureza),
  cand AS (
    SELECT g.gid, g.n, b.id AS bid, count(*) OVER (PARTITION BY g.gid) AS pg, count(*) OVER (PARTITION BY b.id) AS pb
    FROM g JOIN b ON b.codconta = g.codconta AND b.natureza = g.natureza AND b.data = g.data
    WHERE abs(b.valor - g.total) <= greatest($2::bigint, round(g.total * $1::numeric))),
  par AS (
    SELECT o.id AS oid, c.bid, -c.gid AS grupo, c.n FROM cand c JOIN g ON g.gid = c.gid
      JOIN o ON (o.codoperadora, o.codconta, o.data, o.natureza) = (g.codoperadora, g.codconta, g.data, g.natureza)
    WHERE c.pg = 1 AND c.pb = 1),
  upd_o AS (UPDATE bo SET grupo = p.grupo, regra = CASE WHEN p.n > 1 THEN 'AGRUPADO' ELSE 'EXATO' END
            FROM par p WHERE bo.id = p.oid RETURNING 1),
  upd_b AS (UPDATE bb SET grupo = p.grupo FROM (SELECT DISTINCT bid, grupo FROM par) p WHERE bb.id = p.bid RETURNING 1)
  SELECT (SELECT count(*) FROM upd_o) + (SELECT count(*) FROM upd_b) AS n`;

/** Every line's row; $1: today (what is overdue). */
const RESULTS = `
  WITH dif AS (
    SELECT grupo, sum(v) AS diferenca FROM (
      SELECT grupo, -CASE natureza WHEN 'C' THEN valor ELSE -valor END AS v FROM bo WHERE grupo IS NOT NULL
      UNION ALL SELECT grupo, CASE natureza WHEN 'C' THEN valor ELSE -valor END FROM bb WHERE grupo IS NOT NULL) x
    GROUP BY grupo),
  rg AS (SELECT grupo, min(regra) AS regra FROM bo WHERE grupo IS NOT NULL GROUP BY grupo),
  ins AS (
    INSERT INTO conciliacoes_bancarias (grupo, codpessoa, codcliente, codcontabancaria, codlinha, codlinhabanco, resultado, regra, diferenca)
    SELECT coalesce(o.grupo, -o.id), o.codpessoa, o.codcliente, o.codconta, o.id, NULL,
           CASE WHEN o.grupo IS NULL THEN CASE WHEN c.proximo >= $1::date THEN 'AGUARDANDO' WHEN o.natureza = 'C' THEN 'NAO_CREDITADO' ELSE 'NAO_DEBITADO' END
                WHEN o.natureza = 'D' THEN 'DEBITADO' WHEN d.diferenca <> 0 THEN 'CREDITADO_DIFERENCA' ELSE 'CREDITADO' END,
           o.regra,
           CASE WHEN o.grupo IS NOT NULL THEN d.diferenca WHEN c.proximo < $1::date THEN -CASE o.natureza WHEN 'C' THEN o.valor ELSE -o.valor END ELSE 0 END
    FROM bo o JOIN cal c ON c.dia = o.data LEFT JOIN dif d ON d.grupo = o.grupo
    WHERE o.codconta IS NOT NULL
    UNION ALL
    SELECT coalesce(b.grupo, b.id), b.codpessoa, b.codcliente, b.codconta, NULL, b.id,
           CASE WHEN b.grupo IS NULL THEN CASE b.natureza WHEN 'C' THEN 'CREDITO_SEM_ORIGEM' ELSE 'DEBITO_SEM_ORIGEM' END
                WHEN b.natureza = 'D' THEN 'DEBITADO' WHEN d.diferenca <> 0 THEN 'CREDITADO_DIFERENCA' ELSE 'CREDITADO' END,
           r.regra,
           CASE WHEN b.grupo IS NOT NULL THEN d.diferenca ELSE CASE b.natureza WHEN 'C' THEN b.valor ELSE -b.valor END END
    FROM bb b LEFT JOIN dif d ON d.grupo = b.grupo LEFT JOIN rg r ON r.grupo = b.grupo
    RETURNING resultado)
  SELECT resultado, count(*) AS n FROM ins GROUP BY resultado`;

export interface BankCheckResult {
  /** rows written per result */
  resultados: Record<string, number>;
  /** lines paired per rule (both sides counted) */
  regras: Record<string, number>;
  /** milliseconds per step: where a slow window spends its time */
  ms: Record<string, number>;
  /** the widened window looked at */
  de: BusinessDate;
  ate: BusinessDate;
}

/**
 * The bank check of the persons' clients over [de, ate] (widened by MARGIN_DAYS), in the caller's transaction.
 * `hoje` decides overdue from awaiting; it defaults to today in São Paulo and is a parameter so tests are deterministic.
 */
export async function reconcileBankWindow(tx: RawTransaction, scope: BankMatchPayload, hoje: BusinessDate = todayBusiness()): Promise<BankCheckResult> {
  const lo = addDays(scope.de, -MARGIN_DAYS);
  const hi = addDays(scope.ate, MARGIN_DAYS);
  const clients = (await tx.query<{ cliente: number }>(
    `SELECT DISTINCT CASE WHEN tipo = 'UNIDADE' THEN codpessoapai ELSE codpessoa END AS cliente FROM pessoas
     WHERE codpessoa = ANY($1::int[]) ORDER BY 1`, [scope.codpessoas],
  )).map((r) => Number(r.cliente)).filter((c) => Number.isFinite(c) && c > 0);
  const result: BankCheckResult = { resultados: {}, regras: {}, ms: {}, de: lo, ate: hi };
  let t0 = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    result.ms[name] = Math.round(now - t0);
    t0 = now;
  };
  if (clients.length === 0) return result;
  // one check of a client at a time, in a fixed order so two jobs sharing clients cannot deadlock
  for (const c of clients) await tx.query(`SELECT pg_advisory_xact_lock(hashtext('conferencia-bancaria'), $1::int)`, [c]);
  const family = (await tx.query<{ codpessoa: number }>(
    'SELECT codpessoa FROM pessoas WHERE codpessoa = ANY($1::int[]) OR codpessoapai = ANY($1::int[])', [clients],
  )).map((r) => Number(r.codpessoa));

  for (const t of ['bo', 'bb', 'cal', 'velhos', 'fam', 'contas']) await tx.query(`DROP TABLE IF EXISTS ${t}`);
  // groups that touch the widened window go, whole, with every line they held (and rows of lines deleted since)
  await tx.query(`CREATE TEMP TABLE velhos ON COMMIT DROP AS
    SELECT DISTINCT m.grupo FROM conciliacoes_bancarias m
    WHERE m.codpessoa = ANY($1::int[]) AND (
      EXISTS (SELECT 1 FROM linhas_operadora l WHERE l.codlinha = m.codlinha AND l.data BETWEEN $2::date AND $3::date)
      OR EXISTS (SELECT 1 FROM linhas_banco l WHERE l.codlinhabanco = m.codlinhabanco AND l.data BETWEEN $2::date AND $3::date)
      OR (m.codlinha IS NOT NULL AND NOT EXISTS (SELECT 1 FROM linhas_operadora l WHERE l.codlinha = m.codlinha))
      OR (m.codlinhabanco IS NOT NULL AND NOT EXISTS (SELECT 1 FROM linhas_banco l WHERE l.codlinhabanco = m.codlinhabanco)))`,
  [family, lo, hi]);
  lap('grupos');
  // each person's client, and the accounts of each client with their numbers as the lines are compared to them
  await tx.query(`CREATE TEMP TABLE fam ON COMMIT DROP AS
    SELECT codpessoa, CASE WHEN tipo = 'UNIDADE' THEN codpessoapai ELSE codpessoa END AS cliente FROM pessoas WHERE codpessoa = ANY($1::int[])`, [family]);
  await tx.query(`CREATE TEMP TABLE contas ON COMMIT DROP AS
    SELECT c.codcontabancaria, c.codpessoa, f.cliente, c.ativo, ${digits('c.banco')} AS banco, ${digits('c.agencia')} AS agencia,
           ${digits('c.conta')} AS conta, ${digits(`c.conta || coalesce(c.digito, '')`)} AS contadv
    FROM contas_bancarias c JOIN fam f ON f.codpessoa = c.codpessoa`);
  // half-empty pages: each rule marks its pairs in place, and room on the page keeps those updates off the index
  // (measured: the first rule's marking takes 40 % less)
  await tx.query(`CREATE TEMP TABLE bo WITH (fillfactor = 50) ON COMMIT DROP AS
    SELECT l.codlinha AS id, l.codpessoa, l.codcliente, l.codoperadora, l.data, CASE WHEN l.valorliquido > 0 THEN 'C' ELSE 'D' END AS natureza,
           abs(l.valorliquido) AS valor, ${ACCOUNT_OF_LINE} AS codconta, NULL::bigint AS grupo, NULL::text AS regra
    FROM linhas_operadora l JOIN fam f ON f.codpessoa = l.codpessoa
    WHERE l.codpessoa = ANY($1::int[]) AND ${OPERATOR_KINDS} AND (l.data BETWEEN $2::date AND $3::date
      OR l.codlinha IN (SELECT m.codlinha FROM conciliacoes_bancarias m JOIN velhos v ON v.grupo = m.grupo))`,
  [family, lo, hi]);
  await tx.query(`CREATE TEMP TABLE bb WITH (fillfactor = 50) ON COMMIT DROP AS
    SELECT l.codlinhabanco AS id, l.codpessoa, l.codcliente, l.codcontabancaria AS codconta, l.data, l.natureza, l.valor, NULL::bigint AS grupo
    FROM linhas_banco l
    WHERE l.codpessoa = ANY($1::int[]) AND (l.data BETWEEN $2::date AND $3::date
      OR l.codlinhabanco IN (SELECT m.codlinhabanco FROM conciliacoes_bancarias m JOIN velhos v ON v.grupo = m.grupo))`,
  [family, lo, hi]);
  await tx.query(`DELETE FROM conciliacoes_bancarias m USING velhos v WHERE m.grupo = v.grupo AND m.codpessoa = ANY($1::int[])`, [family]);
  for (const t of ['bo', 'bb']) {
    await tx.query(`CREATE INDEX ON ${t} (id)`);
    await tx.query(`ANALYZE ${t}`);
  }
  lap('linhas');

  // the business-day calendar of the days on either side, as a table the rules join: each day and the next business day after it
  const [span] = await tx.query<{ de: string | null; ate: string | null }>(
    `SELECT min(data)::text AS de, max(data)::text AS ate FROM (SELECT data FROM bo UNION ALL SELECT data FROM bb) x`,
  );
  const days: string[] = [];
  const next: string[] = [];
  if (span?.de && span.ate) {
    for (let d = addDays(span.de, -1); d <= addDays(span.ate, 1); d = addDays(d, 1)) {
      days.push(d);
      next.push(nextBusinessDay(addDays(d, 1)));
    }
  }
  await tx.query(`CREATE TEMP TABLE cal ON COMMIT DROP AS SELECT d::date AS dia, p::date AS proximo FROM unnest($1::text[], $2::text[]) AS x(d, p)`, [days, next]);

  const steps: [string, string, unknown[]][] = [
    ['EXATO', oneToOne('EXATO', SAME_DAY), []],
    ['DIA_UTIL', oneToOne('DIA_UTIL', ONE_DAY_APART), []],
    ['AGRUPADO', MANY_OPERATOR_LINES, []],
    ['AGRUPADO_EXTRATO', MANY_POSTINGS, []],
    ['DIFERENCA', WITH_DIFFERENCE, [DIFFERENCE_SHARE, DIFFERENCE_MIN_CENTAVOS]],
  ];
  for (const [name, text, params] of steps) {
    const [row] = await tx.query<{ n: string | number }>(text, params);
    result.regras[name] = Number(row?.n ?? 0);
    lap(name);
  }
  for (const r of await tx.query<{ resultado: string; n: string | number }>(RESULTS, [hoje])) result.resultados[r.resultado] = Number(r.n);
  lap('resultados');
  return result;
}

/** The bank check of a window in a transaction of its own: its rows appear together or not at all. */
export function reconcileBank(open: OpenDb, scope: BankMatchPayload, hoje?: BusinessDate): Promise<BankCheckResult> {
  return withRawTransaction(open, (tx) => reconcileBankWindow(tx, scope, hoje));
}

export function bankMatchHandler(open: OpenDb, log: Logger): QueueHandler {
  return {
    async run(job) {
      const { codpessoas, de, ate } = job.payload as BankMatchPayload;
      const t0 = performance.now();
      const r = await reconcileBank(open, { codpessoas, de, ate });
      log.info({ codpessoas, de, ate, resultados: r.resultados, regras: r.regras, passos: r.ms, ms: Math.round(performance.now() - t0) }, 'bank check done');
    },
    // nothing to mark: the next load of either side queues the days again
    async giveUp(job, error) {
      log.error({ job: job.id, error }, 'bank check gave up');
    },
  };
}
