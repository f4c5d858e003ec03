import { MSG, REGISTER_UPLOAD_BYTES, UPLOAD_LIMITS } from '@concilia/domain';
import type { Plugin } from 'graphql-yoga';

function jsonError(status: number, message: string, code: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ errors: [{ message, extensions: { code } }] }), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

/**
 * A body refused unread (too large, declared or found while reading chunks) is left on the connection: the
 * next request of a keep-alive client would be parsed from the middle of it, and waits until the socket
 * times out. `Connection: close` tells the client so, and Node's server ends the connection once this
 * answer is written (http/server.ts); the client opens a new one for its next request.
 */
const tooLarge = () => jsonError(413, MSG.requisicaoGrande, 'PAYLOAD_TOO_LARGE', { connection: 'close' });

async function readLimited(stream: ReadableStream<Uint8Array>, max: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

// Content types a cross-site HTML form can send without a CORS preflight.
const SIMPLE_TYPES = ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data'];
export const CSRF_HEADER = 'x-graphql-yoga-csrf';
/** room for the multipart envelope (operations, map, part headers) around one uploaded file */
const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * Refuses what never reaches GraphQL: anything but POST, bodies over the size limit, and cross-site
 * requests (CSRF, on top of SameSite cookies): a request must be one a page of another site could not
 * send without a preflight — a JSON content type or the CSRF header — and its Origin, when sent, must be
 * PUBLIC_URL's.
 */
export function requestGuards(opts: { maxRequestBytes: number; publicUrl: string }): Plugin {
  const allowedOrigin = new URL(opts.publicUrl).origin;
  return {
    async onRequest({ request, setRequest, endResponse, fetchAPI }) {
      if (request.method !== 'POST') {
        endResponse(jsonError(405, MSG.requisicaoInvalida, 'METHOD_NOT_ALLOWED'));
        return;
      }
      const declared = request.headers.get('content-length');
      const length = Number(declared ?? '0');
      const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      // A file upload (GraphQL multipart: enviarArquivo's one file, or a register save's file fields) carries up to
      // the larger of those limits; every other request keeps the general limit. Multipart is a "simple" type, so
      // the CSRF header is required below.
      const uploadMax = Math.max(UPLOAD_LIMITS.maxBytes, REGISTER_UPLOAD_BYTES) + MULTIPART_OVERHEAD;
      const max = type === 'multipart/form-data' ? Math.max(opts.maxRequestBytes, uploadMax) : opts.maxRequestBytes;
      if (!Number.isFinite(length) || length > max) {
        endResponse(tooLarge());
        return;
      }
      if ((!type || SIMPLE_TYPES.includes(type)) && !request.headers.has(CSRF_HEADER)) {
        endResponse(jsonError(403, MSG.csrf, 'CSRF'));
        return;
      }
      // PUBLIC_URL alone says where the app is served from. The request's own URL is built from its Host
      // header, which the caller writes: trusting it would let a page that makes a victim's browser send
      // Host: evil.example (DNS rebinding, a lax proxy) pass its own Origin as this server's.
      const origin = request.headers.get('origin');
      if (origin && origin !== allowedOrigin) {
        endResponse(jsonError(403, MSG.csrf, 'CSRF'));
        return;
      }
      // A chunked body declares no length, so the check above cannot see it: read it up to the limit.
      if (declared === null && request.body) {
        const body = await readLimited(request.body, max);
        if (!body) {
          endResponse(tooLarge());
          return;
        }
        setRequest(new fetchAPI.Request(request.url, { method: request.method, headers: request.headers, body }));
      }
    },
  };
}
