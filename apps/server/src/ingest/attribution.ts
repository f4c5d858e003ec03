import crypto from 'node:crypto';
import { type Db, estabelecimentos, subtreeOf, usuarios } from '@concilia/db';
import { type FileOrigin, MSG } from '@concilia/domain';
import { type Column, eq, type SQL, sql } from 'drizzle-orm';

/**
 * Who a file's lines may be attributed to — the one rule every channel obeys (the upload, Importar Ticket,
 * Incluir Ticket, the inbox folder, the command line, the demo seed). It is applied where a file is received
 * (its owner, and the owner found from the header's establishment) and again where it is loaded (each
 * operator line's unit from its establishment, each customer line's client from its terminal). The load
 * derives the scope from the stored file (origin, sending user, owner), so a reprocess or a retry obeys the
 * same rule as the first load.
 *
 * - Trusted channels — the inbox folder (a file at its top or in `INBOX_DIR/<codpessoa>/`), the command line and
 *   the demo seed — are the operation's own hands: their lines go to whichever unit registered the
 *   establishment, anywhere in the hierarchy (as before issue 12).
 * - Every other channel is a person sending: the scope is the subtree of the sending user's person (the
 *   uploader's client, reseller or unit; the whole platform for a user at its top). A file sent by no user
 *   is scoped to the owner its channel named; with neither, no registered unit at all.
 *
 * A line naming an establishment registered outside the scope fails its file (ERRO, nothing loaded): without
 * this a client could write forged sales into another client's reconciliation and learn from the result cards
 * whether that client had a matching sale. An establishment nobody registered goes to the file's owner.
 */
export type AttributionScope =
  | { readonly whole: true }
  /** the subtree of `root`; root null: no registered unit at all */
  | { readonly whole: false; readonly root: number | null };

/** Channels that may attribute lines to any registered unit. */
export const TRUSTED_ORIGINS: ReadonlySet<FileOrigin> = new Set<FileOrigin>(['PASTA', 'CLI', 'DEMO']);

export interface FileSender {
  origem: FileOrigin;
  /** the signed-in user who sent the file (upload, ticket import and entry) */
  codusuario?: number | null;
  /** the owner the channel named (the chosen unit, the inbox folder's person, the CLI's --pessoa) */
  codpessoa?: number | null;
}

export async function attributionScope(db: Db, sender: FileSender): Promise<AttributionScope> {
  if (TRUSTED_ORIGINS.has(sender.origem)) return { whole: true };
  if (sender.codusuario !== null && sender.codusuario !== undefined) {
    const [user] = await db.select({ codpessoa: usuarios.codpessoa }).from(usuarios).where(eq(usuarios.codusuario, sender.codusuario));
    return { whole: false, root: user?.codpessoa ?? null };
  }
  return { whole: false, root: sender.codpessoa ?? null };
}

/** SQL condition: the person in `column` is inside the scope. */
export function withinScope(scope: AttributionScope, column: Column | SQL): SQL {
  if (scope.whole) return sql`true`;
  return scope.root === null ? sql`false` : sql`${column} IN ${subtreeOf(scope.root)}`;
}

/** Whether a person (a file's chosen owner) is inside the scope. */
export async function isWithinScope(db: Db, scope: AttributionScope, codpessoa: number): Promise<boolean> {
  const r = (await db.execute(sql`SELECT 1 AS ok WHERE ${withinScope(scope, sql`${codpessoa}::int`)}`)) as unknown as { rows: unknown[] };
  return r.rows.length > 0;
}

/** The unit of the establishment a file's header names, when it is registered inside the scope. */
export async function headerOwner(db: Db, scope: AttributionScope, codoperadora: number, merchantId: string): Promise<number | null> {
  const [est] = await db.select({ codpessoa: estabelecimentos.codpessoa }).from(estabelecimentos)
    .where(sql`${estabelecimentos.codoperadora} = ${codoperadora} AND ${estabelecimentos.codexterno} = ${merchantId}
      AND ${withinScope(scope, estabelecimentos.codpessoa)}`);
  return est?.codpessoa ?? null;
}

/** The units an operator file's lines may go to: its operator's establishments, each marked in or out of the scope. */
export class EstablishmentUnits {
  private constructor(
    private readonly units: ReadonlyMap<string, { codpessoa: number; allowed: boolean }>,
    private readonly owner: number | null,
  ) {}

  static async load(db: Db, scope: AttributionScope, codoperadora: number | null, owner: number | null): Promise<EstablishmentUnits> {
    const units = new Map<string, { codpessoa: number; allowed: boolean }>();
    if (codoperadora !== null) {
      const rows = await db.select({
        codexterno: estabelecimentos.codexterno, codpessoa: estabelecimentos.codpessoa,
        allowed: sql<boolean>`${withinScope(scope, estabelecimentos.codpessoa)}`,
      }).from(estabelecimentos).where(eq(estabelecimentos.codoperadora, codoperadora));
      for (const e of rows) units.set(e.codexterno, { codpessoa: e.codpessoa, allowed: e.allowed === true });
    }
    return new EstablishmentUnits(units, owner);
  }

  /** The located pt-BR error of a line naming an establishment registered outside the scope; null when it may load. */
  refusal(merchantId: string, line: number): string | null {
    const unit = this.units.get(merchantId);
    return unit && !unit.allowed ? MSG.arquivoEstabelecimentoAlheio.replace('{linha}', String(line)).replace('{codigo}', merchantId) : null;
  }

  /** Every unit a line may be attributed to (unitOf's answers but null). */
  persons(): number[] {
    const out = [...this.units.values()].filter((u) => u.allowed).map((u) => u.codpessoa);
    return this.owner === null ? out : [...out, this.owner];
  }

  /** The unit a line is attributed to: its establishment's (inside the scope), or the file's owner for one nobody registered. */
  unitOf(merchantId: string): number | null {
    const unit = this.units.get(merchantId);
    return unit?.allowed ? unit.codpessoa : this.owner;
  }
}

/** MD5 as lower-case hex, straight from node:crypto (half the cost of a Buffer and its toString('hex'), once per line). */
function md5Hex(text: string): string {
  return crypto.hash('md5', text, 'hex');
}

/**
 * The identity key of an operator line, in lower-case hex (the uuid column reads it as is): its record identity
 * and the unit it is attributed to, so that the de-duplication across files (unique data, chave, ocorrencia)
 * never reaches across tenants — a line of one client is never skipped as "already received" because another
 * client holds the same operator line.
 *
 * Written as md5(`<codpessoa>|<md5 hex of the identity>`) rather than md5 of the two at once so that SQL can
 * derive it from the key lines loaded before issue 12 carry (md5 of the identity alone): migration
 * 0015_tenant_line_keys rewrites those keys (and the pairing decisions that name them) with exactly this
 * formula, so an old file reprocessed gives back identical lines and its old duplicates are still recognised.
 */
export function operatorLineKey(codpessoa: number | null, identity: string): string {
  return md5Hex(`${codpessoa ?? ''}|${md5Hex(identity)}`);
}
