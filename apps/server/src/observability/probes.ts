import http from 'node:http';
import type { OpenDb } from '@concilia/db';
import type { Metrics } from './metrics';
import { readiness } from './readiness';

export type ProbeDeps = { db: OpenDb['db']; metrics: Metrics; queueStaleSeconds: number };

/**
 * GET /healthz, /readyz and /metrics, for the web server (http/server.ts) and for a worker's own small
 * server (METRICS_PORT): answers and returns true when the path is one of them.
 */
export async function answerProbe(pathname: string, res: http.ServerResponse, deps: ProbeDeps): Promise<boolean> {
  if (pathname === '/healthz') {
    res.writeHead(200, { 'content-type': 'text/plain', 'cache-control': 'no-store' });
    res.end('ok');
    return true;
  }
  if (pathname === '/readyz') {
    const r = await readiness(deps.db, { queueStaleSeconds: deps.queueStaleSeconds });
    res.writeHead(r.ready ? 200 : 503, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    res.end(JSON.stringify(r));
    return true;
  }
  if (pathname === '/metrics') {
    const text = await deps.metrics.registry.metrics();
    res.writeHead(200, { 'content-type': deps.metrics.registry.contentType, 'cache-control': 'no-store' });
    res.end(text);
    return true;
  }
  return false;
}

/** A worker has no web server: this one serves its probes and metrics, nothing else. */
export function createProbeServer(deps: ProbeDeps): http.Server {
  return http.createServer((req, res) => {
    answerProbe(new URL(req.url ?? '/', 'http://localhost').pathname, res, deps)
      .then((answered) => {
        if (!answered) res.writeHead(404).end();
      })
      .catch(() => {
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
  });
}
