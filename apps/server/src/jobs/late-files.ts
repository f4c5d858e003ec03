import type { Db } from '@concilia/db';
import { addDays, BUSINESS_TZ, formatBusinessDate, holidayDates, MSG, ROUTES, todayBusiness } from '@concilia/domain';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { listOpenAlarms } from '../features/late-files/late-files.queries';
import type { Mailer } from '../mail/mailer';
import { publicLink } from '../http/public-link';
import { type QueueHandler, scheduleOnce } from './job-queue';
import { recordContractPositions } from '../features/contract-position/contract-position.service';

/**
 * Late-file alarms (issue 19; spec part 2 §4 status 'Z' — extrato VAN atrasado), a job rather than a page
 * computation: a run opens an alarm for each active establishment and expected day whose operator file has not
 * arrived by the limit hour, closes the alarms whose file has arrived since, and from LATE_FILE_DIGEST_HOUR sends
 * the day's digest once to each user who sees an open alarm. Scheduled like housekeeping: one run pending at a
 * time whatever the number of processes (advisory lock), each run schedules the next, SKIP LOCKED gives it to one
 * worker. Every statement is set-based and idempotent: a second run over the same state changes nothing.
 *
 * What "the file of day D arrived" means: the establishment's unit received an operator file of the
 * establishment's operator (not in ERRO: an unreadable file does not deliver the statement) on D or later — the
 * day counted in America/Sao_Paulo from `datarecebimento`. A file is the unit's when its owner (arquivos.codpessoa,
 * what the files screen shows) is the unit or a client/unit above it — a file a client sends covers its units — or
 * when its lines went to the unit (arquivos.unidades, recorded by the load: a platform's or a matriz's file). The
 * next delivery of a VAN carries the movement a missed one lacked, so a file arriving later also clears the earlier
 * days. Files rather than their lines: a day without sales still brings a file (header and trailer), and the line
 * tables are too big to scan for this. Only establishments that have already received a file are watched: one
 * that never did is still in registration (the monitor's other statuses), not late.
 */
export const LATE_FILES_QUEUE = 'arquivos-atrasados';
const SCHEDULE_LOCK = 0x6172717561747261n; // 'arquatra'

export type LateFileSettings = Pick<Config, 'lateFileHour' | 'lateFileCheckMinutes' | 'lateFileDigestHour' | 'lateFileLookbackDays' | 'publicUrl'>;

/** the business zone as a SQL literal: a constant, and a typed operand for AT TIME ZONE */
const TZ = sql.raw(`'${BUSINESS_TZ}'`);

const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? r : (r as { rows: T[] }).rows);

/** Queues the next run unless one is already waiting (or, with includeRunning, under way). */
export const scheduleLateFiles = (db: Db, inMinutes: number, opts: { includeRunning?: boolean } = {}): Promise<boolean> =>
  scheduleOnce(db, LATE_FILES_QUEUE, SCHEDULE_LOCK, inMinutes, opts);

/**
 * (unidade, dono): the persons whose files cover a unit — itself and the clients/units above it (a reseller's or
 * the platform's file does not say which client it is for). A recursive CTE body both statements share.
 */
const COVERS = sql`cobre(unidade, dono) AS (
    SELECT DISTINCT codpessoa, codpessoa FROM estabelecimentos
    UNION ALL
    SELECT c.unidade, p.codpessoapai FROM cobre c
    JOIN pessoas p ON p.codpessoa = c.dono
    JOIN pessoas pai ON pai.codpessoa = p.codpessoapai AND pai.tipo IN ('CLIENTE', 'UNIDADE'))`;

/**
 * (unidade, codarquivo, codoperadora, datarecebimento): the files received by `now` that count for a unit — those
 * of a person whose files cover it (cobre), and those whose lines went to it (arquivos.unidades: a platform's or a
 * matriz's file with the movement of establishments registered under other units). After COVERS.
 */
const receivedBy = (now: string) => sql`recebidos(unidade, codarquivo, codoperadora, datarecebimento) AS (
    SELECT c.unidade, a.codarquivo, a.codoperadora, a.datarecebimento FROM cobre c JOIN arquivos a ON a.codpessoa = c.dono
    WHERE a.status <> 'ERRO' AND a.datarecebimento <= ${now}::timestamptz
    UNION
    SELECT u.unidade, a.codarquivo, a.codoperadora, a.datarecebimento FROM arquivos a CROSS JOIN LATERAL unnest(a.unidades) AS u(unidade)
    WHERE a.status <> 'ERRO' AND a.datarecebimento <= ${now}::timestamptz)`;

/** The files that count for an establishment `e` (joined through recebidos `a`). */
const filesOf = sql`recebidos a ON a.unidade = e.codpessoa AND a.codoperadora = e.codoperadora`;

/**
 * Opens the alarms of the days whose limit hour has passed by `now` without their file, and closes those whose file
 * has arrived; answers how many of each. `now` is a parameter so the tests (and a catch-up) do not depend on the clock.
 */
export async function checkLateFiles(db: Db, s: Pick<LateFileSettings, 'lateFileHour' | 'lateFileLookbackDays'>, now: Date = new Date()): Promise<{ abertos: number; resolvidos: number }> {
  const at = now.toISOString();
  const today = todayBusiness(now);
  const from = addDays(today, -s.lateFileLookbackDays);
  // the national calendar of business-days.ts, as SQL receives it: the holidays of the window's years
  const holidays = holidayDates(Number(from.slice(0, 4)), Number(today.slice(0, 4))).join(',');
  const count = async (q: ReturnType<typeof sql>) => rowsOf<{ n: number }>(await db.execute(q))[0]!.n;
  // closed first: a file that arrived before this run's opening pass keeps its day from being opened at all
  const resolvidos = await count(sql`
    WITH RECURSIVE ${COVERS}, ${receivedBy(at)},
    chegou AS (
      -- per open alarm, the first file that arrived on its day or later
      SELECT DISTINCT ON (al.codestabelecimento, al.data) al.codestabelecimento, al.data, a.codarquivo
      FROM alarmes_arquivo al
      JOIN estabelecimentos e ON e.codestabelecimento = al.codestabelecimento
      JOIN ${filesOf}
      WHERE al.resolvidoem IS NULL AND (a.datarecebimento AT TIME ZONE ${TZ})::date >= al.data
      ORDER BY al.codestabelecimento, al.data, a.datarecebimento, a.codarquivo
    ),
    fechados AS (
      UPDATE alarmes_arquivo al SET resolvidoem = ${at}::timestamptz, codarquivo = ch.codarquivo
      FROM chegou ch WHERE al.codestabelecimento = ch.codestabelecimento AND al.data = ch.data AND al.resolvidoem IS NULL
      RETURNING 1)
    SELECT count(*)::int AS n FROM fechados`);
  const abertos = await count(sql`
    WITH RECURSIVE ${COVERS}, ${receivedBy(at)},
    ultimo AS (
      -- the local day of the establishment's latest file; none: never received one, not watched
      SELECT e.codestabelecimento, max((a.datarecebimento AT TIME ZONE ${TZ})::date) AS dia
      FROM estabelecimentos e JOIN ${filesOf}
      GROUP BY e.codestabelecimento
    ),
    esperado AS (
      -- each active establishment × its operator's cadence (no row: business days at LATE_FILE_HOUR)
      SELECT e.codestabelecimento, d::date AS data
      FROM estabelecimentos e
      JOIN pessoas p ON p.codpessoa = e.codpessoa AND p.status = 'A'
      JOIN operadoras o ON o.codoperadora = e.codoperadora AND o.ativo
      LEFT JOIN cadencia_arquivos ca ON ca.codoperadora = e.codoperadora
      CROSS JOIN generate_series(${from}::timestamp, ${today}::timestamp, interval '1 day') d
      WHERE coalesce(ca.monitorar, true)
        AND (NOT coalesce(ca.diasuteis, true)
          OR (extract(isodow FROM d) < 6 AND d::date <> ALL(string_to_array(${holidays}::text, ',')::date[])))
        -- the limit hour of day d, São Paulo time, has passed
        AND ((d::date + coalesce(ca.horalimite, ${s.lateFileHour}::time)) AT TIME ZONE ${TZ}) <= ${at}::timestamptz
    ),
    abertos AS (
      INSERT INTO alarmes_arquivo (codestabelecimento, data, abertoem)
      SELECT x.codestabelecimento, x.data, ${at}::timestamptz FROM esperado x JOIN ultimo u ON u.codestabelecimento = x.codestabelecimento
      WHERE u.dia < x.data
      -- a day already alarmed (open or cleared) is left as it is
      ON CONFLICT (codestabelecimento, data) DO NOTHING
      RETURNING 1)
    SELECT count(*)::int AS n FROM abertos`);
  return { abertos, resolvidos };
}

/**
 * The day's digest: from LATE_FILE_DIGEST_HOUR (São Paulo), one e-mail to each user with an address who may sign in
 * and sees at least one open alarm (an establishment whose unit is in the user's subtree). Each one is first recorded
 * in resumos_alarmes (user, day), so later runs of the same day — or a run on another process — send it no more;
 * a digest whose outbox write then failed is not retried that day (the home page still shows the alarms).
 */
export async function sendLateFileDigests(db: Db, mailer: Mailer, s: Pick<LateFileSettings, 'lateFileDigestHour' | 'publicUrl'>, now: Date = new Date()): Promise<number> {
  const at = now.toISOString();
  const today = todayBusiness(now);
  const hm = new Intl.DateTimeFormat('en-GB', { timeZone: BUSINESS_TZ, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(now);
  if (hm < s.lateFileDigestHour) return 0;
  const claimed = rowsOf<{ codusuario: number; email: string; nome: string; codpessoa: number }>(await db.execute(sql`
    WITH RECURSIVE abertos AS (
      SELECT DISTINCT e.codpessoa AS unidade, al.codestabelecimento, al.data FROM alarmes_arquivo al
      JOIN estabelecimentos e ON e.codestabelecimento = al.codestabelecimento WHERE al.resolvidoem IS NULL
    ),
    acima(unidade, codpessoa) AS (
      -- each unit with an alarm and every person above it: the users of those persons see the unit
      SELECT DISTINCT unidade, unidade FROM abertos
      UNION ALL SELECT a.unidade, p.codpessoapai FROM acima a JOIN pessoas p ON p.codpessoa = a.codpessoa WHERE p.codpessoapai IS NOT NULL
    ),
    destinatarios AS (
      SELECT u.codusuario, count(*)::int AS n FROM usuarios u
      JOIN acima ac ON ac.codpessoa = u.codpessoa JOIN abertos ab ON ab.unidade = ac.unidade
      WHERE coalesce(u.email, '') <> '' AND u.permitido AND (u.validade IS NULL OR u.validade >= ${today}::date)
      GROUP BY u.codusuario
    ),
    registrados AS (
      INSERT INTO resumos_alarmes (codusuario, data, alarmes, enviadoem)
      SELECT codusuario, ${today}::date, n, ${at}::timestamptz FROM destinatarios
      ON CONFLICT (codusuario, data) DO NOTHING
      RETURNING codusuario)
    SELECT u.codusuario, u.email, u.nome, u.codpessoa FROM usuarios u JOIN registrados r ON r.codusuario = u.codusuario
    ORDER BY u.codusuario`));
  for (const u of claimed) {
    // one listing per recipient: the digest is daily and its recipients few; the home page's own query
    const { total, itens } = await listOpenAlarms(db, u.codpessoa);
    const linhas = itens.map((a) => `- ${formatBusinessDate(a.data)} · ${a.operadora} · ${a.codexterno}${a.estabelecimento ? ` (${a.estabelecimento})` : ''} · ${a.unidade}`);
    if (total > itens.length) linhas.push(MSG.arquivosAtrasadosMais.replace('{n}', String(total - itens.length)));
    await mailer.send({
      to: u.email,
      subject: MSG.arquivosAtrasadosResumoAssunto.replace('{n}', String(total)),
      // replacer functions: a name with '$&' in it is text, not a replacement pattern
      text: MSG.arquivosAtrasadosResumoTexto.replace('{nome}', () => u.nome).replace('{linhas}', () => linhas.join('\n')).replace('{url}', () => publicLink(s, ROUTES.home.path)),
    });
  }
  return claimed.length;
}

export function lateFilesHandler(deps: { db: Db; log: Logger; mailer: Mailer; settings: LateFileSettings }): QueueHandler {
  return {
    run: async () => {
      try {
        const now = new Date();
        const alarms = await checkLateFiles(deps.db, deps.settings, now);
        const digests = await sendLateFileDigests(deps.db, deps.mailer, deps.settings, now);
        // what moves a contract position with time and files (alarms, first files, codes nobody registered) is
        // recorded here, so the monitor's history has the dates of this run rather than of the next look
        const posicoes = await recordContractPositions(deps.db);
        deps.log.info({ ...alarms, resumos: digests, posicoes }, 'late files checked');
      } finally {
        await scheduleLateFiles(deps.db, deps.settings.lateFileCheckMinutes);
      }
    },
    giveUp: async () => {},
  };
}
