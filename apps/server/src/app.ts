import crypto from 'node:crypto';
import type { OpenDb } from '@concilia/db';
import { createYoga, type YogaServerInstance } from 'graphql-yoga';
import { type ExecutionArgs, getOperationAST } from 'graphql';
import type { Logger } from 'pino';
import type { Config } from './config';
import { admitSession, forgetSessions, resolveSession, type SessionUser } from './features/auth/session.service';
import type { Ctx } from './graphql/context';
import { makeMaskError, yogaLogging } from './graphql/errors';
import { parseCookies, SESSION_COOKIE } from './http/cookies';
import { requestGuards } from './http/guards.plugin';
import { requestLimits } from './graphql/request-limits';
import { requestScope } from './logger';
import { DOWNLOAD_PREFIX } from './downloads/download-store';
import { serveDownload } from './downloads/download-route';
import { serveIntegratorApi } from './features/integrador/integrador-route';
import { REPORT_FILE_PREFIX } from './reports/report-files';
import { serveReportFile } from './reports/report-file-route';
import { INTEGRADOR_API_PATH } from '@concilia/domain';
import { createIngestion, type Ingestion } from './ingest/ingestion';
import { storageFromConfig } from './ingest/s3-storage';
import { mailerOptions } from './mail/mailer-options';
import { createMailer, type Mailer } from './mail/mailer';
import { createMetrics, type Metrics } from './observability/metrics';
import { schema } from './schema/index';

/** What the HTTP layer knows about a request before GraphQL sees it. */
export type ServerContext = { requestId: string; ip: string; secure: boolean };

export type App = {
  yoga: YogaServerInstance<ServerContext, Ctx>;
  /** in-process entry for tests and the HTTP server alike */
  fetch(url: string, init: RequestInit, server?: Partial<ServerContext>): Promise<Response>;
  services: { db: OpenDb['db']; config: Config; log: Logger; mailer: Mailer; ingestion: Ingestion; metrics: Metrics };
  /** stops the background work of this app (load workers) before its database closes; see Workers.stop */
  stop(opts?: { graceMs?: number }): Promise<void>;
};

/** `jobsDb`: the database the ingestion's job loops use when it is not `db` (main.ts: a pool of their own on PostgreSQL). */
export function createApp(opts: { db: OpenDb; jobsDb?: OpenDb; config: Config; log: Logger; mailer?: Mailer; ingestion?: Ingestion }): App {
  const { config, log } = opts;
  const db = opts.db.db;
  const mailer = opts.mailer ?? createMailer(db, mailerOptions(config), log);
  const metrics = createMetrics(db);
  const ingestion = opts.ingestion ?? createIngestion({
    open: opts.jobsDb ?? opts.db, log, filesDir: config.filesDir, workers: config.ingestWorkers, metrics, leaseSeconds: config.jobLeaseSeconds,
    housekeeping: { mailer, settings: config },
    lateFiles: { mailer, settings: config },
    reports: { mailer, config },
    integrations: { config },
    toleranceCentavos: config.matchToleranceCentavos, feeToleranceCentavos: config.feeToleranceCentavos,
    storage: storageFromConfig(config),
  });
  const pendingCookies = new WeakMap<Request, string[]>();

  const yoga = createYoga<ServerContext, Ctx>({
    schema,
    graphqlEndpoint: '/graphql',
    graphiql: false,
    landingPage: false,
    logging: yogaLogging(log),
    maskedErrors: { maskError: makeMaskError(log) },
    // requestGuards holds the body limit (the declared length, a chunked body read up to it): Yoga's own limiter
    // would pipe every body through a TransformStream besides (~4 % of a request's CPU under load, bench:api)
    maxRequestBodySize: false,
    // The web is served from PUBLIC_URL itself and requestGuards refuses any other Origin and any method but POST, so
    // Yoga's CORS plugin (on by default: it echoes any Origin, with credentials) never let another site read an answer;
    // off, it no longer works out and appends its headers on every request (~0.6 % of a request's CPU, bench:api)
    cors: false,
    plugins: [
      requestGuards({ maxRequestBytes: config.maxRequestBytes, publicUrl: config.publicUrl }),
      ...requestLimits(config),
      {
        // the operation's name labels the access log line and the latency metric of the request
        onParams({ params }) {
          const scope = requestScope.getStore();
          if (scope) scope.operation = params.operationName ?? /^\s*(?:query|mutation|subscription)\s+(\w+)/.exec(params.query ?? '')?.[1] ?? 'anonima';
        },
        // a save may change who a signed-in user is (profile, unit, permission): the sessions this process holds in
        // memory are read again (session.service.ts, recentSessions)
        onExecute({ args }: { args: ExecutionArgs }) {
          if (getOperationAST(args.document, args.operationName)?.operation === 'mutation') return { onExecuteDone: forgetSessions };
        },
        onResponse({ request, response }) {
          for (const c of pendingCookies.get(request) ?? []) response.headers.append('Set-Cookie', c);
          const id = requestScope.getStore()?.requestId;
          if (id) response.headers.set('x-request-id', id);
        },
      },
    ],
    context: ({ request, requestId, ip, secure }): Ctx => {
      const cookies = parseCookies(request.headers.get('cookie'));
      let user: Promise<SessionUser | null> | undefined;
      const currentUser = () => (user ??= resolveSession(db, config, cookies.get(SESSION_COOKIE)));
      return {
        db, open: opts.db, config, log, mailer, ingestion, request, requestId, ip, secure, cookies,
        setCookie: (h) => pendingCookies.set(request, [...(pendingCookies.get(request) ?? []), h]),
        currentUser,
        requireUser: async (gate) => admitSession(await currentUser(), gate),
      };
    },
  });

  const fetchApp: App['fetch'] = (url, init, server = {}) => {
    const requestId = server.requestId ?? crypto.randomUUID();
    const secure = config.cookieSecure === 'auto' ? (server.secure ?? url.startsWith('https:')) : config.cookieSecure;
    // the download route sits beside GraphQL, as on the HTTP server (http/server.ts)
    const { pathname } = new URL(url);
    if (pathname.startsWith(DOWNLOAD_PREFIX)) return serveDownload(new Request(url, init), { db, config, storage: ingestion.storage });
    // and so does the link a scheduled report's e-mail carries
    if (pathname.startsWith(REPORT_FILE_PREFIX)) return serveReportFile(new Request(url, init), { db, config, storage: ingestion.storage });
    // the integrator API authenticates by its key, not by a session: it stays outside GraphQL and its guards
    if (pathname === INTEGRADOR_API_PATH) {
      return requestScope.run({ requestId }, () => serveIntegratorApi(new Request(url, init), { open: opts.db, storage: ingestion.storage }));
    }
    return requestScope.run({ requestId }, () =>
      Promise.resolve(yoga.fetch(url, init, { requestId, ip: server.ip ?? '127.0.0.1', secure })),
    );
  };

  return { yoga, fetch: fetchApp, services: { db, config, log, mailer, ingestion, metrics }, stop: (stopOpts) => ingestion.stop(stopOpts) };
}
