import { MSG } from '@concilia/domain';
import type { Plugin } from 'graphql-yoga';

function jsonError(status: number, message: string, code: string): Response {
  return new Response(JSON.stringify({ errors: [{ message, extensions: { code } }] }), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
}

/**
 * Refuses what never reaches GraphQL: anything but POST, bodies over the size limit, and cross-site
 * requests whose Origin is not this server (CSRF, on top of SameSite cookies and the required header).
 */
export function requestGuards(opts: { maxRequestBytes: number; publicUrl: string }): Plugin {
  const allowedOrigin = new URL(opts.publicUrl).origin;
  return {
    onRequest({ request, endResponse }) {
      if (request.method !== 'POST') {
        endResponse(jsonError(405, MSG.requisicaoInvalida, 'METHOD_NOT_ALLOWED'));
        return;
      }
      const length = Number(request.headers.get('content-length') ?? '0');
      if (!Number.isFinite(length) || length > opts.maxRequestBytes) {
        endResponse(jsonError(413, MSG.requisicaoGrande, 'PAYLOAD_TOO_LARGE'));
        return;
      }
      const origin = request.headers.get('origin');
      if (origin) {
        const self = new URL(request.url).origin;
        if (origin !== self && origin !== allowedOrigin) endResponse(jsonError(403, MSG.csrf, 'CSRF'));
      }
    },
  };
}
