import { type FileRule, fileAccepted, type StoredFile } from '@concilia/domain';

/**
 * The register kit's 'file' fields (FieldDef.file) on the server. The file travels as a part of the save's
 * GraphQL multipart request (the Upload scalar 'File' of enviarArquivo), not as base64 inside JSON: the JSON
 * body keeps its 1 MB limit (MAX_REQUEST_BYTES) for every other call, a 5 MB logo would grow by a third as
 * text, and a multipart part is size-checked by the request guard before it is read (the guard's multipart
 * limit covers the largest sum of a register's file limits: REGISTER_UPLOAD_BYTES). Each field's own limit and
 * accepted types are then checked here, on the bytes, with the form's message ('Arquivo muito grande ou
 * extensão inválida.').
 */

/** A received file field: what beforeSave hooks see (null on the wire = keep the stored file). */
export type ReceivedFile = { bytes: Buffer; nome: string; tipo: string | null; tamanho: number };

/** The image types recognised by their first bytes: a file named .png that is not a PNG is refused. */
const SIGNATURES: [string, (b: Buffer) => boolean][] = [
  ['image/png', (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))],
  ['image/jpeg', (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff],
  ['image/gif', (b) => b.subarray(0, 4).toString('latin1') === 'GIF8'],
  ['image/webp', (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP'],
];

export const sniffImage = (bytes: Buffer): string | null => SIGNATURES.find(([, is]) => is(bytes))?.[0] ?? null;

/**
 * A registration document (PDF or a photo) recognised by its first bytes: a PDF begins with '%PDF-'. The rule's
 * accept list still decides which of these it takes (a GIF is recognised, and refused by DOCUMENTO_UPLOAD).
 */
export const sniffDocument = (bytes: Buffer): string | null =>
  bytes.subarray(0, 5).toString('latin1') === '%PDF-' ? 'application/pdf' : sniffImage(bytes);

/** Recognises a file's media type from its bytes, or null: receiveFile refuses what it does not recognise. */
export type Sniffer = (bytes: Buffer) => string | null;

const onlyImages = (rule: FileRule) => rule.accept.every((a) => a.toLowerCase().startsWith('image/'));

/**
 * Reads a multipart part and checks it against the rule: null when refused. Reading stops past the limit, so
 * a part larger than declared is never held whole. An image field (or a caller that passes its own `sniff`)
 * trusts the bytes, not the name or the browser's media type: the type recognised must be one the rule accepts.
 */
export async function receiveFile(rule: FileRule, file: File, sniff: Sniffer | null = onlyImages(rule) ? sniffImage : null): Promise<ReceivedFile | null> {
  if (!fileAccepted(rule, { name: file.name, size: file.size, type: file.type })) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of file.stream() as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > rule.maxBytes) return null;
    chunks.push(Buffer.from(chunk));
  }
  const bytes = Buffer.concat(chunks);
  if (size === 0) return null;
  let tipo = file.type || null;
  if (sniff) {
    tipo = sniff(bytes);
    if (!tipo || !rule.accept.includes(tipo)) return null;
  }
  return { bytes, nome: file.name, tipo, tamanho: size };
}

/** Images this small are answered as a data URL the form previews (a list of companies stays light). */
export const PREVIEW_MAX_BYTES = 300_000;

/** The stored file as the API answers it: name, size, type and, for a small previewable image, a data URL. */
export function storedFile(rule: FileRule, bytes: unknown, nome: unknown, tipo: unknown): StoredFile | null {
  if (!bytes) return null;
  const buf = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes as Uint8Array);
  const type = typeof tipo === 'string' ? tipo : onlyImages(rule) ? sniffImage(buf) : null;
  const preview = rule.preview && type?.startsWith('image/') && buf.length <= PREVIEW_MAX_BYTES;
  return {
    nome: typeof nome === 'string' && nome ? nome : 'arquivo',
    tamanho: buf.length,
    tipo: type,
    url: preview ? `data:${type};base64,${buf.toString('base64')}` : null,
  };
}
