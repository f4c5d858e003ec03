import { arquivos, operadoras, type OpenDb } from '@concilia/db';
import { type FileOrigin, type FileStatus, MSG, todayBusiness } from '@concilia/domain';
import {
  BANK_FILE_TYPE, type ColumnMapping, type DetectedFile, detectBankStatement, detectFile, type FileHeader, HEAD_BYTES, layoutById, OPERATOR_NAMES, type Operator,
} from '@concilia/engine';
import { and, eq, sql } from 'drizzle-orm';
import { enqueue } from '../jobs/job-queue';
import { attributionScope, headerOwner, isWithinScope } from './attribution';
import type { FileStorage } from './file-storage';

/**
 * The front door of every channel (upload, inbox folder, CLI, demo seed): keep the original bytes, recognise
 * the layout, register the file and queue its load — or register it in error when it cannot be read at all.
 * The same bytes from the same owner are recognised by their SHA-256 and answered with the file already
 * registered, without a second load.
 */

export const INGEST_QUEUE = 'ingest';

export interface IngestDeps {
  open: OpenDb;
  storage: FileStorage;
  /** wakes this process's workers after a file is queued */
  kick?: () => void;
}

export interface ReceiveInput {
  source: AsyncIterable<Uint8Array> | Uint8Array;
  /** the file's own name, as the sender gave it */
  name: string;
  origem: FileOrigin;
  /**
   * the client or unit the file belongs to; found from the header's establishment when absent — only among
   * the units the channel and sender may attribute to (attribution.ts)
   */
  codpessoa?: number | null;
  codusuario?: number | null;
  /** a source without a fixed layout, read through this column mapping */
  mapping?: ColumnMapping;
}

export interface ReceivedFile {
  codarquivo: number;
  status: FileStatus;
  /** true when the same bytes were already received: nothing new was registered */
  duplicate: boolean;
  mensagem: string | null;
}

/** The operators table row of an engine operator; null for the merchant's own files. */
export async function operatorCode(open: OpenDb, operator: Operator): Promise<number | null> {
  const name = OPERATOR_NAMES[operator];
  if (!name) return null;
  const [row] = await open.db.select({ codoperadora: operadoras.codoperadora }).from(operadoras).where(eq(operadoras.nome, name));
  return row?.codoperadora ?? null;
}

/** The header of a file read from its first bytes only (parsers yield the header first). */
async function headerOf(detected: DetectedFile, head: Uint8Array, mapping?: ColumnMapping): Promise<FileHeader | null> {
  if (detected.layout === 'MAPEAMENTO') return null;
  async function* once() {
    yield head;
  }
  for await (const item of layoutById(detected.layout).parse(once(), { mapping })) {
    return item.kind === 'header' ? item : null;
  }
  return null;
}

export async function receiveFile(deps: IngestDeps, input: ReceiveInput): Promise<ReceivedFile> {
  const { open, storage } = deps;
  const stored = await storage.put(input.source, HEAD_BYTES);
  const detected: DetectedFile | null = input.mapping
    ? { layout: 'MAPEAMENTO', operator: input.mapping.operator, fileType: 'MAPEAMENTO', version: '' }
    : stored.size > 0 ? detectFile(stored.head) : null;
  // a bank statement (OFX, CNAB 240 extrato) is no operator layout: it is registered with its bank layout and loaded
  // by ingest-bank-statement.ts, its accounts deciding whose books each posting goes to
  const bank = !detected && !input.mapping && stored.size > 0 ? detectBankStatement(stored.head) : null;
  const mensagem = stored.size === 0 ? MSG.arquivoVazio : detected || bank ? null : MSG.arquivoNaoReconhecido;
  const codoperadora = detected ? await operatorCode(open, detected.operator) : null;
  const header = detected ? await headerOf(detected, stored.head, input.mapping) : null;

  // the same rule as the load's: a client's upload is never owned by another client's unit
  const scope = await attributionScope(open.db, input);
  let codpessoa = input.codpessoa ?? null;
  // the channels check the owner they name against the caller; this is the backstop should one forget
  if (codpessoa !== null && !(await isWithinScope(open.db, scope, codpessoa))) {
    throw new Error(`owner ${codpessoa} is outside the attribution scope of a ${input.origem} file`);
  }
  if (codpessoa === null && header && codoperadora !== null) codpessoa = await headerOwner(open.db, scope, codoperadora, header.merchantId);

  const status: FileStatus = mensagem ? 'ERRO' : 'AGUARDANDO';
  const inserted = await open.db.transaction(async (tx) => {
    const rows = await tx.insert(arquivos).values({
      codpessoa,
      codoperadora,
      tipo: detected?.fileType ?? (bank ? BANK_FILE_TYPE : null),
      layout: detected?.layout ?? bank,
      versao: detected?.version || null,
      status,
      origem: input.origem,
      nomearquivo: input.name,
      mensagem,
      dataenvio: header?.fileDate ?? todayBusiness(),
      dataprocessamento: mensagem ? sql`now()` : null,
      sha256: stored.sha256,
      tamanho: stored.size,
      mapeamento: input.mapping ?? null,
      codusuario: input.codusuario ?? null,
    }).onConflictDoNothing().returning({ codarquivo: arquivos.codarquivo });
    const row = rows[0];
    if (row && status === 'AGUARDANDO') await enqueue(tx, INGEST_QUEUE, { codarquivo: row.codarquivo });
    return row ?? null;
  });
  if (inserted) {
    if (status === 'AGUARDANDO') deps.kick?.();
    return { codarquivo: inserted.codarquivo, status, duplicate: false, mensagem };
  }
  const [existing] = await open.db.select({ codarquivo: arquivos.codarquivo, status: arquivos.status }).from(arquivos)
    .where(and(sql`coalesce(${arquivos.codpessoa}, 0) = ${codpessoa ?? 0}`, eq(arquivos.sha256, stored.sha256)));
  return { codarquivo: existing!.codarquivo, status: existing!.status, duplicate: true, mensagem: MSG.arquivoJaRecebido };
}
