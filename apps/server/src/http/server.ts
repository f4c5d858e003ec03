import crypto from 'node:crypto';
import http from 'node:http';
import type { App } from '../app';
import { newAltchaChallenge } from '../features/auth/bot-check';
import { requestScope } from '../logger';
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

/** One HTTP server: POST /graphql, the ALTCHA challenge, a health check, and the web app. */
export function createHttpServer(app: App): http.Server {
  const { config, log } = app.services;
  return http.createServer((req, res) => {
    const requestId = crypto.randomUUID();
    const url = new URL(req.url ?? '/', 'http://localhost');
    requestScope.run({ requestId }, async () => {
      try {
        if (url.pathname === '/graphql') {
          await app.yoga.handle(req, res, { requestId, ip: clientIp(req, config.trustProxy), secure: isSecure(req, app) });
          return;
        }
        if (url.pathname === '/altcha/challenge' && req.method === 'GET') {
          const challenge = await newAltchaChallenge(config);
          res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
          res.end(JSON.stringify(challenge));
          return;
        }
        if (url.pathname === '/healthz') {
          res.writeHead(200, { 'content-type': 'text/plain' });
          res.end('ok');
          return;
        }
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
