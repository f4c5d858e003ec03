import type { Db } from '@concilia/db';
import { MSG } from '@concilia/domain';
import type { Config } from '../config';
import { resolveSession } from '../features/auth/session.service';
import { parseCookies, SESSION_COOKIE } from '../http/cookies';
import type { FileStorage } from '../ingest/file-storage';
import { storedBody } from '../ingest/stored-refs';
import { DOWNLOAD_PREFIX, takeOffer } from './download-store';

/** RFC 6266: an ASCII fallback name plus the exact name in UTF-8. */
export function disposition(fileName: string): string {
  const ascii = fileName.normalize('NFD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '_') || 'arquivo';
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

const text = (status: number, message: string) =>
  new Response(message, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });

/**
 * GET /download/<token>: the file offered to the user of this session, byte for byte, as an attachment.
 * A GET changes nothing but the offer (taken once), so it needs no CSRF header; the session cookie
 * (SameSite) and the token, bound to its user, decide who gets it.
 */
export async function serveDownload(request: Request, deps: { db: Db; config: Config; storage: FileStorage }): Promise<Response> {
  const { db, config } = deps;
  if (request.method !== 'GET') return text(405, MSG.requisicaoInvalida);
  const token = new URL(request.url).pathname.slice(DOWNLOAD_PREFIX.length);
  const user = await resolveSession(db, config, parseCookies(request.headers.get('cookie')).get(SESSION_COOKIE));
  // the same gate as every GraphQL call: a pending registration downloads nothing (an offer made before the
  // user was set back to pending stays untaken)
  if (user && !user.permitido) return text(403, MSG.cadastroPendente);
  const offer = user && /^[\w-]{16,64}$/.test(token) ? await takeOffer(db, token, user.codusuario) : null;
  const body = offer && (await storedBody(deps.storage, offer.sha256));
  if (!offer || !body) return text(404, MSG.downloadIndisponivel);
  const headers: Record<string, string> = {
    'content-type': offer.contentType,
    'content-disposition': disposition(offer.fileName),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  };
  if (offer.size != null) headers['content-length'] = String(offer.size);
  return new Response(body, { status: 200, headers });
}
