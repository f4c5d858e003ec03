import type { Db } from '@concilia/db';
import { MSG, POSICAO_NO_TIPO, POSICAO_STATUS, posicaoStatusLabel, statusesOfFilter } from '@concilia/domain';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../auth/session.service';
import { AppError } from '../../graphql/errors';
import { type CodigoOperadora, historyOf, type Posicao, positionsVisibleTo, recordContractPositions } from './contract-position.service';

/** A node of the contract-position tree as the API answers it (spec part 2 §3). */
export type PosicaoNo = {
  id: string;
  parentId: string | null;
  description: string;
  leaf: boolean;
  type: number;
  status: string | null;
  origem: string | null;
  ultimoStatus: string | null;
  operadora: number | null;
  codexterno: string | null;
  codpessoa: number | null;
  codestabelecimento: number | null;
  edita: boolean;
  selecionado: boolean;
  dataRecebimentoPrimeiroArquivo: string | null;
  childCount: number;
};

const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? r : (r as { rows: T[] }).rows);
const STATUS_ORDER = new Map<string, number>(POSICAO_STATUS.map((s, i) => [s.code, i]));
/** Entries grouped by a key, in first-seen order (Map.groupBy is not in the project's ES2023 library). */
function groupBy<T, K>(items: readonly T[], key: (t: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const it of items) {
    const k = key(it);
    const list = out.get(k);
    if (list) list.push(it);
    else out.set(k, [it]);
  }
  return out;
}

const codesOf = (ps: readonly Posicao[]) => sql.join(ps.map((p) => sql`(${p.codoperadora}::int, ${p.codexterno}::text, ${p.status}::text)`), sql`, `);

/** Each code's status before its current one, from the history. */
async function previousStatuses(db: Pick<Db, 'execute'>, ps: readonly Posicao[]): Promise<Map<string, string>> {
  if (!ps.length) return new Map();
  const rows = rowsOf<{ codoperadora: number; codexterno: string; status: string }>(await db.execute(sql`
    SELECT DISTINCT ON (h.codoperadora, h.codexterno) h.codoperadora, h.codexterno, h.status
    FROM historico_posicao_contrato h
    JOIN (VALUES ${codesOf(ps)}) v(codoperadora, codexterno, atual) ON v.codoperadora = h.codoperadora AND v.codexterno = h.codexterno
    WHERE h.status <> v.atual
    ORDER BY h.codoperadora, h.codexterno, h.desde DESC, h.id DESC`));
  return new Map(rows.map((r) => [`${r.codoperadora}:${r.codexterno}`, r.status]));
}

/**
 * The tree of the positions `me` sees, of one operator or all, narrowed to the statuses of `statusFiltro` ('q':
 * all). Looking at the positions records their changes first, so the previous status and the dialog's dates
 * are those of the moment a change was first seen when no write or job recorded it before.
 */
export async function contractTree(db: Db, me: SessionUser, codoperadora: number | null, statusFiltro: string): Promise<PosicaoNo[]> {
  const wanted = new Set<string>(statusesOfFilter(statusFiltro));
  const all = await positionsVisibleTo(db, me, codoperadora);
  const registered = all.filter((p) => p.codestabelecimento !== null);
  if (registered.length) await recordContractPositions(db, registered);
  const positions = all.filter((p) => wanted.has(p.status));
  if (!positions.length) return [];

  const [previous, operadoras, pessoas] = await Promise.all([
    previousStatuses(db, positions),
    db.execute(sql`SELECT codoperadora, nome FROM operadoras`),
    db.execute(sql`
      SELECT u.codpessoa, coalesce(u.nomeabreviado, u.nome) AS unidade, coalesce(c.nomeabreviado, c.nome) AS cliente
      FROM pessoas u LEFT JOIN pessoas c ON c.codpessoa = u.codpessoapai
      WHERE u.codpessoa = ANY(${sql.raw(`ARRAY[${[...new Set(positions.map((p) => p.codpessoa ?? 0))].join(',')}]::int[]`)})`),
  ]);
  const opName = new Map(rowsOf<{ codoperadora: number; nome: string }>(operadoras).map((o) => [Number(o.codoperadora), o.nome]));
  const unitOf = new Map(rowsOf<{ codpessoa: number; unidade: string; cliente: string | null }>(pessoas).map((u) => [Number(u.codpessoa), u]));

  const nodes: PosicaoNo[] = [];
  const node = (n: Partial<PosicaoNo> & Pick<PosicaoNo, 'id' | 'description' | 'type'>): PosicaoNo => ({
    parentId: null, leaf: false, status: null, origem: null, ultimoStatus: null, operadora: null, codexterno: null, codpessoa: null,
    codestabelecimento: null, edita: false, selecionado: false, dataRecebimentoPrimeiroArquivo: null, childCount: 0, ...n,
  });
  const byOperator = groupBy(positions, (p) => p.codoperadora);
  const operators = [...byOperator.keys()].sort((a, b) => (opName.get(a) ?? '').localeCompare(opName.get(b) ?? '', 'pt-BR'));
  for (const op of operators) {
    const ofOp = byOperator.get(op)!;
    const opId = `op:${op}`;
    nodes.push(node({ id: opId, description: opName.get(op) ?? String(op), type: POSICAO_NO_TIPO.operadora, operadora: op, childCount: ofOp.length }));
    const byStatus = groupBy(ofOp, (p) => p.status);
    for (const status of [...byStatus.keys()].sort((a, b) => STATUS_ORDER.get(a)! - STATUS_ORDER.get(b)!)) {
      const leaves = byStatus.get(status)!.sort((a, b) => a.codexterno.localeCompare(b.codexterno));
      const stId = `${opId}:st:${status}`;
      nodes.push(node({
        id: stId, parentId: opId, description: posicaoStatusLabel(status), type: POSICAO_NO_TIPO.status, status, operadora: op, childCount: leaves.length,
      }));
      for (const p of leaves) {
        const unit = p.codpessoa === null ? undefined : unitOf.get(p.codpessoa);
        const origem = unit ? (unit.cliente ? `${unit.cliente} / ${unit.unidade}` : unit.unidade) : null;
        nodes.push(node({
          id: `est:${op}:${p.codexterno}`, parentId: stId, type: POSICAO_NO_TIPO.estabelecimento, leaf: true, status,
          description: `${p.codexterno} — ${unit?.unidade ?? 'não cadastrado'}`, origem,
          ultimoStatus: previous.get(`${op}:${p.codexterno}`) ?? null, operadora: op, codexterno: p.codexterno,
          codpessoa: p.codpessoa, codestabelecimento: p.codestabelecimento,
          // a registration still moving can be validated from the establishment; a code nobody registered cannot
          edita: p.codestabelecimento !== null && !['SUSPENSO', 'CANCELADO', 'CANCELADOEC'].includes(status),
          dataRecebimentoPrimeiroArquivo: p.primeiroarquivo,
        }));
      }
    }
  }
  return nodes;
}

/** The 'Monitor' dialog: the history of a code `me` sees, newest first (its current status at least). */
export async function statusHistory(
  db: Db, me: SessionUser, code: CodigoOperadora,
): Promise<{ codExterno: string; operadora: string; data: string; status: string }[]> {
  const found = (await positionsVisibleTo(db, me, code.codoperadora)).find((p) => p.codexterno === code.codexterno);
  if (!found) throw new AppError('FORBIDDEN', MSG.registroNaoEncontrado);
  if (found.codestabelecimento !== null) await recordContractPositions(db, [code]);
  const [op] = rowsOf<{ nome: string }>(await db.execute(sql`SELECT nome FROM operadoras WHERE codoperadora = ${code.codoperadora}`));
  const history = await historyOf(db, code);
  // a code nobody registered has a history once the late-file job has seen it; until then, what it is now
  const rows = history.length ? history : [{ status: found.status, desde: new Date().toISOString() }];
  return rows.map((h) => ({ codExterno: code.codexterno, operadora: op?.nome ?? '', data: h.desde, status: h.status }));
}
