import { type Db, subtreeOf } from '@concilia/db';
import { addDays, BUSINESS_TZ, type PosicaoStatus, REQUIRED_DOCUMENT_TYPES, todayBusiness } from '@concilia/domain';
import { type SQL, sql } from 'drizzle-orm';
import { fixedStatement, type PreparedReader } from '../../graphql/prepared';

/**
 * An establishment's contract position (spec part 2 §4) is derived, never typed: one query reads it from the
 * product's state. A registered code goes through the registration chain until its first operator file arrives:
 *
 *   DOCUMENTO_REJEITADO  the latest document of some type was refused (by the back office or the operator)
 *   AGUARDANDO_DOCUMENTO a required document (carta de autorização) was never sent    } operators that ask
 *   P                    documents sent, awaiting the back office's check              } documents only
 *   AGUARDANDO_SENHA     the operator is read with the client's API credentials and none are stored
 *   AGUARDANDO_EC        the merchant has not agreed to the request yet (aprovarUrl)
 *   A                    awaiting the operator's approval (validarPendenciaCadastroOperadora)
 *   T                    no plan contract gives the unit rates of this operator today
 *   AGUARDANDO_LIBERACAO_OPERADORA  approved, waiting for the operator to start sending
 *
 * Once a file has arrived the registration is evidently done: Z while a late-file alarm is open, T without rates
 * (the fee audit cannot check it), else F. Suspension and cancellations (the establishment's situação) win over
 * everything. A code an operator file brings that nobody registered is NN.
 */

/** An operator code whose status may have changed: its history gets a row when it did. */
export type CodigoOperadora = { codoperadora: number; codexterno: string };

/** A code's derived position. */
export type Posicao = {
  codestabelecimento: number | null;
  codoperadora: number;
  codexterno: string;
  /** the unit (null for NN) */
  codpessoa: number | null;
  status: PosicaoStatus;
  /** 'YYYY-MM-DD' (America/Sao_Paulo) of the first operator file that covered it, or null */
  primeiroarquivo: string | null;
};

/** How far back the operator files are read for codes nobody registered (NN): the files screen's month and some. */
export const NN_LOOKBACK_DAYS = 35;

const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? r : (r as { rows: T[] }).rows);
const TZ = sql.raw(`'America/Sao_Paulo'`);
const REQUIRED = sql.raw(`ARRAY[${REQUIRED_DOCUMENT_TYPES.map((t) => `'${t}'`).join(',')}]::text[]`);

/**
 * The positions of the registered establishments matching `where` (a condition over `e`, the estabelecimentos
 * row), as one SELECT. Each fact is a lateral look-up of one establishment, so a narrow `where` reads little.
 * `today` is the business date the rates are read for (todayBusiness() unless given).
 */
function registeredPositions(where: SQL, today: SQL = sql`${todayBusiness()}::date`): SQL {
  return sql`
    SELECT e.codestabelecimento, e.codoperadora, e.codexterno, e.codpessoa,
      to_char((pa.primeiro AT TIME ZONE ${TZ})::date, 'YYYY-MM-DD') AS primeiroarquivo,
      CASE
        WHEN e.situacao <> 'ATIVO' THEN e.situacao
        WHEN pa.primeiro IS NOT NULL THEN
          CASE WHEN al.aberto THEN 'Z' WHEN NOT taxa.tem THEN 'T' ELSE 'F' END
        WHEN o.cadastrodocumentos AND doc.rejeitado THEN 'DOCUMENTO_REJEITADO'
        WHEN o.cadastrodocumentos AND doc.faltando THEN 'AGUARDANDO_DOCUMENTO'
        WHEN o.cadastrodocumentos AND doc.pendente THEN 'P'
        WHEN o.cadastrosenha AND NOT cred.tem THEN 'AGUARDANDO_SENHA'
        WHEN e.aprovadoecem IS NULL THEN 'AGUARDANDO_EC'
        WHEN e.aprovadooperadoraem IS NULL THEN 'A'
        WHEN NOT taxa.tem THEN 'T'
        ELSE 'AGUARDANDO_LIBERACAO_OPERADORA'
      END AS status
    FROM estabelecimentos e
    JOIN operadoras o ON o.codoperadora = e.codoperadora
    JOIN pessoas u ON u.codpessoa = e.codpessoa
    LEFT JOIN LATERAL (
      -- the files that cover the unit: its own and those of the clients/units above it (as the late-file check reads them)
      WITH RECURSIVE donos(codpessoa) AS (
        SELECT e.codpessoa
        UNION ALL SELECT p.codpessoapai FROM donos d JOIN pessoas p ON p.codpessoa = d.codpessoa
        JOIN pessoas pai ON pai.codpessoa = p.codpessoapai AND pai.tipo IN ('CLIENTE', 'UNIDADE'))
      SELECT min(a.datarecebimento) AS primeiro FROM arquivos a
      WHERE a.codpessoa IN (SELECT codpessoa FROM donos) AND a.codoperadora = e.codoperadora AND a.status <> 'ERRO'
    ) pa ON true
    LEFT JOIN LATERAL (
      SELECT EXISTS (SELECT 1 FROM alarmes_arquivo x WHERE x.codestabelecimento = e.codestabelecimento AND x.resolvidoem IS NULL) AS aberto
    ) al ON true
    LEFT JOIN LATERAL (
      SELECT EXISTS (
        SELECT 1 FROM planos_conciliadores_contrato_unidades cu
        JOIN planos_conciliadores_contrato c ON c.codplanosconciliadorescontrato = cu.codplanosconciliadorescontrato
        WHERE cu.codpessoa = e.codpessoa AND cu.codoperadora = e.codoperadora
          AND ${today} BETWEEN c.vigenciade AND c.vigenciaate) AS tem
    ) taxa ON true
    LEFT JOIN LATERAL (
      -- the client's credentials (stored on the client at sign-up) or the unit's own
      SELECT EXISTS (SELECT 1 FROM credenciais_operadora k WHERE k.codoperadora = e.codoperadora AND k.codpessoa IN (e.codpessoa, u.codpessoapai)) AS tem
    ) cred ON true
    LEFT JOIN LATERAL (
      -- the latest document of each type decides for that type: a refused one sent again is pending again
      SELECT coalesce(bool_or(ult.status = 'REJEITADO'), false) AS rejeitado,
        coalesce(bool_or(ult.status = 'PENDENTE'), false) AS pendente,
        NOT (${REQUIRED} <@ coalesce(array_agg(ult.tipo) FILTER (WHERE ult.status <> 'REJEITADO'), ARRAY[]::text[])) AS faltando
      FROM (SELECT DISTINCT ON (d.tipo) d.tipo, d.status FROM documentos_estabelecimento d
            WHERE d.codestabelecimento = e.codestabelecimento ORDER BY d.tipo, d.enviadoem DESC, d.coddocumento DESC) ult
    ) doc ON true
    WHERE ${where}`;
}

/**
 * Codes operator files brought in the last NN_LOOKBACK_DAYS that no establishment holds (NN), of the files
 * matching `owner` (a condition over `a`, the arquivos row). Read through the recent files, not the whole line table.
 */
function unregisteredPositions(owner: SQL): SQL {
  const since = addDays(todayBusiness(), -NN_LOOKBACK_DAYS);
  return sql`
    SELECT DISTINCT NULL::int AS codestabelecimento, l.codoperadora, l.estabelecimento AS codexterno, NULL::int AS codpessoa,
      NULL::text AS primeiroarquivo, 'NN' AS status
    FROM arquivos a
    JOIN linhas_operadora l ON l.codarquivo = a.codarquivo
    WHERE a.datarecebimento >= ${since}::date AND a.status <> 'ERRO' AND (${owner})
      AND l.estabelecimento IS NOT NULL AND l.estabelecimento <> ''
      AND NOT EXISTS (SELECT 1 FROM estabelecimentos e WHERE e.codoperadora = l.codoperadora AND e.codexterno = l.estabelecimento)`;
}

const asPosicao = (r: Record<string, unknown>): Posicao => ({
  codestabelecimento: r.codestabelecimento == null ? null : Number(r.codestabelecimento),
  codoperadora: Number(r.codoperadora),
  codexterno: String(r.codexterno),
  codpessoa: r.codpessoa == null ? null : Number(r.codpessoa),
  status: r.status as PosicaoStatus,
  primeiroarquivo: (r.primeiroarquivo as string | null) ?? null,
});

/**
 * The positions a user sees: the establishments of the units in `codpessoa`'s subtree and, among the codes
 * nobody registered, those of the files it sees (files without an owner only for the top of the hierarchy).
 */
export async function positionsVisibleTo(db: Pick<Db, 'execute'>, me: { codpessoa: number; codpessoapai: number | null }, codoperadora: number | null): Promise<Posicao[]> {
  const op = (col: SQL) => (codoperadora === null ? sql`true` : sql`${col} = ${codoperadora}`);
  const owner = me.codpessoapai === null
    ? sql`(a.codpessoa IN ${subtreeOf(me.codpessoa)} OR a.codpessoa IS NULL) AND ${op(sql`a.codoperadora`)}`
    : sql`a.codpessoa IN ${subtreeOf(me.codpessoa)} AND ${op(sql`a.codoperadora`)}`;
  const rows = rowsOf<Record<string, unknown>>(await db.execute(sql`
    ${registeredPositions(sql`e.codpessoa IN ${subtreeOf(me.codpessoa)} AND ${op(sql`e.codoperadora`)}`)}
    UNION ALL ${unregisteredPositions(owner)}`));
  return rows.map(asPosicao);
}

/** todayBusiness() with its formatter made once (building an Intl.DateTimeFormat per call was ~6 % of a register list's CPU). */
const businessDay = new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TZ, year: 'numeric', month: '2-digit', day: '2-digit' });

/**
 * The positions of a list's establishments (the establishments register shows them with every list): one fixed text,
 * built once and prepared. Its two values (the ids, the business date) are read through scalar subqueries, so a plan
 * never depends on them: PostgreSQL plans the statement once per connection and keeps that plan (the custom plans it
 * chose while it could see the values cost ~1.1 ms of planning against ~0.35 ms of running, at every call).
 */
const positionsOfIds = fixedStatement(() => registeredPositions(
  sql`e.codestabelecimento = ANY((SELECT ${sql.placeholder('ids')}::int[])::int[])`,
  sql`(SELECT ${sql.placeholder('today')}::date)`,
));

/**
 * The derived status of the establishment `codestabelecimento` names (a column of the row a list reads): a correlated
 * subquery, so a list reads its rows and their positions in one statement (the establishments register). The business
 * date is read through a scalar subquery, as in positionsOfIds, so the list's plan does not depend on the day.
 */
export function positionStatusOf(codestabelecimento: SQL): SQL<PosicaoStatus> {
  const today = sql`(SELECT ${businessDay.format(new Date())}::date)`;
  return sql<PosicaoStatus>`(SELECT pos.status FROM (${registeredPositions(sql`e.codestabelecimento = ${codestabelecimento}`, today)}) pos)`;
}

/** The derived status of each of these establishments. */
export async function positionsOf(db: PreparedReader, codestabelecimentos: readonly number[]): Promise<Map<number, PosicaoStatus>> {
  if (!codestabelecimentos.length) return new Map();
  const rows = await positionsOfIds(db, { ids: codestabelecimentos.map((n) => Math.trunc(Number(n))), today: businessDay.format(new Date()) });
  return new Map(rows.map((r) => [Number(r.codestabelecimento), r.status as PosicaoStatus]));
}

/**
 * Records the status of each code that differs from its last recorded one (every registered code and the NN
 * codes of recent files; only `only` when given); answers how many rows were written. Called after every write
 * that can change a position, and by the late-file job for what changes with time and files. Two runs at once
 * may both record the same change: the history reads collapse a repeat (historyOf).
 */
export async function recordContractPositions(db: Pick<Db, 'execute'>, only?: readonly CodigoOperadora[]): Promise<number> {
  if (only && !only.length) return 0;
  const source = only
    ? registeredPositions(sql`(e.codoperadora, e.codexterno) IN (${sql.join(only.map((c) => sql`(${c.codoperadora}::int, ${c.codexterno}::text)`), sql`, `)})`)
    : sql`${registeredPositions(sql`true`)} UNION ALL ${unregisteredPositions(sql`true`)}`;
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`
    WITH atual AS (${source}),
    novos AS (
      INSERT INTO historico_posicao_contrato (codoperadora, codexterno, status)
      SELECT a.codoperadora, a.codexterno, a.status FROM atual a
      WHERE a.status IS DISTINCT FROM (
        SELECT h.status FROM historico_posicao_contrato h WHERE h.codoperadora = a.codoperadora AND h.codexterno = a.codexterno
        ORDER BY h.desde DESC, h.id DESC LIMIT 1)
      RETURNING 1)
    SELECT count(*)::int AS n FROM novos`));
  return row?.n ?? 0;
}

/** A row of a code's status history. */
export type HistoricoPosicao = { status: string; desde: string };

/** The status history of one code, newest first, a status repeated by concurrent records shown once. */
export async function historyOf(db: Pick<Db, 'execute'>, code: CodigoOperadora): Promise<HistoricoPosicao[]> {
  const rows = rowsOf<{ status: string; desde: string }>(await db.execute(sql`
    SELECT status, desde FROM (
      SELECT h.status, to_char(h.desde AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS desde, h.desde AS instante, h.id,
        lag(h.status) OVER (ORDER BY h.desde, h.id) AS anterior
      FROM historico_posicao_contrato h WHERE h.codoperadora = ${code.codoperadora} AND h.codexterno = ${code.codexterno}) x
    WHERE anterior IS DISTINCT FROM status
    ORDER BY instante DESC, id DESC`));
  return rows.map((r) => ({ status: r.status, desde: r.desde }));
}
