import { type Db, documentosEstabelecimento, estabelecimentos, operadoras, subtreeOf } from '@concilia/db';
import { DOCUMENTO_NOME_MAX, DOCUMENTO_TIPOS, DOCUMENTO_UPLOAD, DOCUMENTOS_PENDENTES_MAX, documentoTipoLabel, maximo, MSG } from '@concilia/domain';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { audit } from '../../audit';
import type { Ctx } from '../../graphql/context';
import { AppError } from '../../graphql/errors';
import { fieldError } from '../../register-kit/field-error';
import { receiveFile, sniffDocument } from '../../register-kit/register-files';
import type { SessionUser } from '../auth/session.service';
import { recordContractPositions } from '../contract-position/contract-position.service';

/**
 * The registration documents of an establishment (spec part 2 §7: uploadDocsEstabelecimento, canUpload,
 * estabelecimentoDownload, baixarArquivoEstabelecimento). Who may send, list and fetch them is who sees the
 * establishment — its unit in the caller's part of the hierarchy, the merchant's own users included — so there
 * is no screen permission: a document is the merchant's to send. An establishment the caller does not see answers
 * as one that does not exist.
 */


/** A document as listed: everything but its bytes. */
export type Documento = {
  coddocumento: number;
  codestabelecimento: number;
  tipo: string;
  tipoDescricao: string;
  nome: string;
  mime: string;
  tamanho: number;
  status: string;
  motivo: string | null;
  enviadoem: string;
  avaliadoem: string | null;
};

type Estabelecimento = { codestabelecimento: number; codoperadora: number; codexterno: string; situacao: string; cadastrodocumentos: boolean };

const visibleTo = (me: SessionUser) => sql`${estabelecimentos.codpessoa} IN ${subtreeOf(me.codpessoa)}`;

/**
 * The establishment if the caller sees it; `lock` holds its row until the transaction ends, so two uploads at
 * once count each other's documents against the pending limit.
 */
async function visibleEstablishment(db: Pick<Db, 'select'>, me: SessionUser, codestabelecimento: number, lock = false): Promise<Estabelecimento | null> {
  const query = db
    .select({
      codestabelecimento: estabelecimentos.codestabelecimento, codoperadora: estabelecimentos.codoperadora, codexterno: estabelecimentos.codexterno,
      situacao: estabelecimentos.situacao, cadastrodocumentos: operadoras.cadastrodocumentos,
    })
    .from(estabelecimentos)
    .innerJoin(operadoras, eq(operadoras.codoperadora, estabelecimentos.codoperadora))
    .where(and(eq(estabelecimentos.codestabelecimento, codestabelecimento), visibleTo(me)));
  const [row] = lock ? await query.for('update', { of: estabelecimentos }) : await query;
  return row ?? null;
}

/** Whether the establishment takes documents now: active, its operator asks them, and the back office is not swamped. */
async function acceptsDocuments(db: Pick<Db, 'select'>, e: Estabelecimento): Promise<boolean> {
  if (e.situacao !== 'ATIVO' || !e.cadastrodocumentos) return false;
  const [pendentes] = await db.select({ n: count() }).from(documentosEstabelecimento).where(and(
    eq(documentosEstabelecimento.codestabelecimento, e.codestabelecimento), eq(documentosEstabelecimento.status, 'PENDENTE'),
  ));
  return (pendentes?.n ?? 0) < DOCUMENTOS_PENDENTES_MAX;
}

async function requireVisible(db: Pick<Db, 'select'>, me: SessionUser, codestabelecimento: number): Promise<Estabelecimento> {
  const e = await visibleEstablishment(db, me, codestabelecimento);
  if (!e) throw new AppError('FORBIDDEN', MSG.registroNaoEncontrado);
  return e;
}

/** canUpload: false for an establishment the caller does not see, as for one that takes nothing (it says no more). */
export async function canUpload(db: Db, me: SessionUser, codestabelecimento: number): Promise<boolean> {
  const e = await visibleEstablishment(db, me, codestabelecimento);
  return !!e && (await acceptsDocuments(db, e));
}

/** The extensions a document's bytes allow its file name: a PDF named .png (or the reverse) is refused. */
const EXTENSOES: Record<string, readonly string[]> = { 'application/pdf': ['.pdf'], 'image/jpeg': ['.jpg', '.jpeg'], 'image/png': ['.png'] };
const extensaoDe = (nome: string) => Object.values(EXTENSOES).flat().find((x) => nome.toLowerCase().endsWith(x));

/** The name the download carries: the typed name, with the extension of what the bytes are when it has none. */
function nomeDoArquivo(nome: string, mime: string): string {
  const own = EXTENSOES[mime] ?? [];
  return own.some((x) => nome.toLowerCase().endsWith(x)) ? nome : `${nome}${own[0] ?? ''}`;
}

/**
 * uploadDocsEstabelecimento: refusals in the order the merchant can act on them — an establishment not seen, one
 * that takes no documents, the type, the name, then the file (its size, its name and its bytes, read only up to
 * the limit). Kept as PENDENTE for the back office's check; the establishment's position may change with it.
 */
export async function uploadDocument(
  ctx: Ctx, me: SessionUser, input: { codestabelecimento: number; file: File; type: string; name: string | null | undefined },
): Promise<Documento> {
  const e = await requireVisible(ctx.db, me, input.codestabelecimento);
  if (!(await acceptsDocuments(ctx.db, e))) throw new AppError('BAD_USER_INPUT', MSG.documentoNaoAceito);
  if (!DOCUMENTO_TIPOS.some((d) => d.code === input.type)) throw fieldError('type', MSG.documentoTipoInvalido);
  const typed = (input.name ?? '').trim();
  if (typed.length > DOCUMENTO_NOME_MAX) throw fieldError('name', maximo(MSG.documentoNome, DOCUMENTO_NOME_MAX));

  const received = await receiveFile(DOCUMENTO_UPLOAD, input.file, sniffDocument);
  const ext = received ? extensaoDe(received.nome) : undefined;
  if (!received || !received.tipo || (ext && !EXTENSOES[received.tipo]?.includes(ext))) throw fieldError('file', MSG.uploadInvalido);
  const mime = received.tipo;
  // a file's name is the browser's: long ones are cut rather than refused, the merchant did not type it
  const nome = typed || received.nome.trim().slice(0, DOCUMENTO_NOME_MAX) || documentoTipoLabel(input.type);

  const saved = await ctx.db.transaction(async (tx) => {
    // checked again under the establishment's lock: another upload may have filled the pending limit meanwhile
    const locked = await visibleEstablishment(tx, me, e.codestabelecimento, true);
    if (!locked) throw new AppError('FORBIDDEN', MSG.registroNaoEncontrado);
    if (!(await acceptsDocuments(tx, locked))) throw new AppError('BAD_USER_INPUT', MSG.documentoNaoAceito);
    const [row] = await tx.insert(documentosEstabelecimento).values({
      codestabelecimento: e.codestabelecimento, tipo: input.type, nome, arquivo: received.bytes, mime, tamanho: received.tamanho,
      status: 'PENDENTE', enviadopor: me.codusuario,
    }).returning({ coddocumento: documentosEstabelecimento.coddocumento });
    return row!;
  });
  await recordContractPositions(ctx.db, [{ codoperadora: e.codoperadora, codexterno: e.codexterno }]);
  // never the bytes: who sent what, for which establishment
  await audit(ctx.db, {
    codusuario: me.codusuario, acao: 'ENVIAR', entidade: 'documentos_estabelecimento', chave: saved.coddocumento,
    dados: { codestabelecimento: e.codestabelecimento, tipo: input.type, nome, mime, tamanho: received.tamanho },
  });
  const [doc] = await listRows(ctx.db, eq(documentosEstabelecimento.coddocumento, saved.coddocumento));
  return doc!;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

async function listRows(db: Pick<Db, 'select'>, where: SQL): Promise<Documento[]> {
  const d = documentosEstabelecimento;
  const rows = await db
    .select({
      coddocumento: d.coddocumento, codestabelecimento: d.codestabelecimento, tipo: d.tipo, nome: d.nome, mime: d.mime, tamanho: d.tamanho,
      status: d.status, motivo: d.motivo, enviadoem: d.enviadoem, avaliadoem: d.avaliadoem,
    })
    .from(d)
    .where(where)
    .orderBy(desc(d.enviadoem), desc(d.coddocumento));
  return rows.map((r) => ({ ...r, tipoDescricao: documentoTipoLabel(r.tipo), enviadoem: r.enviadoem.toISOString(), avaliadoem: iso(r.avaliadoem) }));
}

/** estabelecimentoDownload: the establishment's documents, newest first, without their bytes. */
export async function listDocuments(db: Db, me: SessionUser, codestabelecimento: number): Promise<Documento[]> {
  const e = await requireVisible(db, me, codestabelecimento);
  return listRows(db, eq(documentosEstabelecimento.codestabelecimento, e.codestabelecimento));
}

/** A document's bytes, with the name and type it downloads as, if the caller sees its establishment. */
export async function documentFile(db: Db, me: SessionUser, coddocumento: number): Promise<{ fileName: string; contentType: string; body: Uint8Array }> {
  const d = documentosEstabelecimento;
  const [row] = await db
    .select({ nome: d.nome, mime: d.mime, arquivo: d.arquivo })
    .from(d)
    .innerJoin(estabelecimentos, eq(estabelecimentos.codestabelecimento, d.codestabelecimento))
    .where(and(eq(d.coddocumento, coddocumento), visibleTo(me)));
  if (!row) throw new AppError('FORBIDDEN', MSG.registroNaoEncontrado);
  return { fileName: nomeDoArquivo(row.nome, row.mime), contentType: row.mime, body: new Uint8Array(row.arquivo) };
}
