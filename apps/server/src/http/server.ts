import crypto from 'node:crypto';
import http from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { App } from '../app';
import { DOWNLOAD_PREFIX } from '../downloads/download-store';
import { serveDownload } from '../downloads/download-route';
import { REPORT_FILE_PREFIX } from '../reports/report-files';
import { INTEGRADOR_API_PATH } from '@concilia/domain';
import { challengeForLogin } from '../features/auth/bot-check';
import { requestScope } from '../logger';
import { answerProbe } from '../observability/probes';
import { serveStatic } from './static-files';

function clientIp(req: http.IncomingMessage, trustProxy: boolean): string {
  const fwd = req.headers['x-forwarded-for'];
  if (trustProxy && typeof fwd === 'string' && fwd) return fwd.split(',')[0]!.trim();
  return req.socket.remoteAddress ?? 'desconhecido';
}

function isSecure(req: http.IncomingMessage, app: App): boolean {
  const { cookieSecure, trustProxy } = app.services.config;
  if (cookieSecure !== 'auto') return cookieSecure;
  if (trustProxy && req.headers['x-forwarded-proto'] === 'https') return true;
  return 'encrypted' in req.socket && !!req.socket.encrypted;
}

/** A fetch-style answer written to Node's response, its body streamed (a large original is never held). */
async function sendResponse(res: http.ServerResponse, answer: Response): Promise<void> {
  res.writeHead(answer.status, Object.fromEntries(answer.headers));
  if (!answer.body) {
    res.end();
    return;
  }
  await pipeline(Readable.fromWeb(answer.body as NodeReadableStream), res);
}

/** The path as metrics and the access log name it: a download's token and the web app's files stay out. */
function routeOf(pathname: string): string {
  if (pathname.startsWith(DOWNLOAD_PREFIX)) return DOWNLOAD_PREFIX.replace(/\/$/, '');
  if (pathname.startsWith(REPORT_FILE_PREFIX)) return REPORT_FILE_PREFIX.replace(/\/$/, '');
  if (['/graphql', '/altcha/challenge', '/healthz', '/readyz', '/metrics', INTEGRADOR_API_PATH].includes(pathname)) return pathname;
  return 'web';
}
const PROBES = new Set(['/healthz', '/readyz', '/metrics']);
/** read only (pathname), shared by the requests to /graphql */
const GRAPHQL_URL: Pick<URL, 'pathname' | 'searchParams'> = Object.freeze({ pathname: '/graphql', searchParams: new URLSearchParams() });

/**
 * One HTTP server: POST /graphql, GET /download/<token>, GET /relatorios/arquivo/<token> (a scheduled report's link),
 * POST /api/integrador/v1/vendas, the ALTCHA challenge, /healthz (the process answers), /readyz (database,
 * migrations, queue), /metrics (Prometheus) and the web app. Every request ends in one access-log line
 * with its id (probes at debug level) and in the latency histogram.
 */
export function createHttpServer(app: App): http.Server {
  const { config, log, metrics } = app.services;
  return http.createServer((req, res) => {
    const requestId = crypto.randomUUID();
    // the API's own path, as every GraphQL call sends it, needs no URL parsed (a visible part of a request's CPU under
    // load, bench:api); any other target is parsed and normalised as before
    const url = req.url === '/graphql' ? GRAPHQL_URL : new URL(req.url ?? '/', 'http://localhost');
    const scope: { requestId: string; operation?: string } = { requestId };
    const started = performance.now();
    res.once('finish', () => {
      const seconds = (performance.now() - started) / 1000;
      const route = routeOf(url.pathname);
      metrics.httpDuration.observe({ route, operation: scope.operation ?? '-', status: String(res.statusCode) }, seconds);
      const line = { requestId, method: req.method, route, operation: scope.operation, status: res.statusCode, ms: Math.round(seconds * 1000) };
      if (PROBES.has(url.pathname)) log.debug(line, 'request');
      else log.info(line, 'request');
    });
    requestScope.run(scope, async () => {
      try {
        if (url.pathname === '/graphql') {
          await app.yoga.handle(req, res, { requestId, ip: clientIp(req, config.trustProxy), secure: isSecure(req, app) });
          return;
        }
        if (url.pathname.startsWith(DOWNLOAD_PREFIX)) {
          const headers = new Headers();
          if (req.headers.cookie) headers.set('cookie', req.headers.cookie);
          await sendResponse(res, await serveDownload(new Request(new URL(url.pathname, config.publicUrl), { method: req.method, headers }), { db: app.services.db, config, storage: app.services.ingestion.storage }));
          return;
        }
        if (url.pathname.startsWith(REPORT_FILE_PREFIX)) {
          // through the app, as the download route: only the cookie is handed on, the body is the stored file streamed
          const headers = new Headers();
          if (req.headers.cookie) headers.set('cookie', req.headers.cookie);
          await sendResponse(res, await app.fetch(new URL(url.pathname, config.publicUrl).href, { method: req.method, headers }, { requestId }));
          return;
        }
        if (url.pathname === INTEGRADOR_API_PATH) {
          // handed to the app as a fetch Request with the body still streaming: the route counts its bytes as they come
          const headers = new Headers();
          for (const [name, value] of Object.entries(req.headers)) {
            for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, v);
          }
          const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : (Readable.toWeb(req) as ReadableStream<Uint8Array>);
          const init = { method: req.method, headers, body, duplex: 'half' } as RequestInit;
          await sendResponse(res, await app.fetch(new URL(url.pathname, config.publicUrl).href, init, { requestId, ip: clientIp(req, config.trustProxy), secure: isSecure(req, app) }));
          return;
        }
        if (url.pathname === '/altcha/challenge' && req.method === 'GET') {
          // ?login= asks for the challenge that login needs now: harder after repeated failures.
          const challenge = await challengeForLogin(app.services.db, config, url.searchParams.get('login'));
          res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
          res.end(JSON.stringify(challenge));
          return;
        }
        if (await answerProbe(url.pathname, res, { db: app.services.db, metrics, queueStaleSeconds: config.queueStaleSeconds })) return;
        if (req.method !== 'GET' && req.method !== 'HEAD') {
          res.writeHead(405).end();
          return;
        }
        serveStatic(config.webDist, req, res, url.pathname);
      } catch (err) {
        log.error({ err, requestId }, 'request failed');
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(`Erro interno. Código: ${requestId}`);
      }
    });
  });
}
