import { AsyncLocalStorage } from 'node:async_hooks';
import { pino, type Logger } from 'pino';

/** Carries the request id through everything one request does, so any log line can name it. */
/** What one request carries through its async work: its id, and its GraphQL operation once parsed (access log, metrics). */
export const requestScope = new AsyncLocalStorage<{ requestId: string; operation?: string }>();

// Secrets never reach the log, even when a whole request or input object is logged by mistake: passwords,
// cookies, bot-check answers, the tokens of reset, sign-in and legacy links (under their argument names),
// GraphQL variables whole, and an e-mail's text (it carries a live link). No code logs these on purpose:
// the mailer logs an outbox number and a domain (test/log-hygiene.test.ts).
const SECRET_KEYS = ['password', 'senha', 'senhaAtual', 'confirmaSenha', 'recaptcha', 'idsession', 'idTrocaSenha', 'token', 'pass',
  'link', 'text', 'texto', 'variables', 'authorization', 'cookie'];
const REDACT = [...SECRET_KEYS, ...SECRET_KEYS.map((k) => `*.${k}`), 'req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'];

/** Bytes gathered before a write to stdout, and the longest a line waits when fewer come (a quiet server's error). */
const LOG_BUFFER_BYTES = 8192;
const LOG_FLUSH_MS = 1000;

/**
 * The process's logger, on stdout. Lines are gathered and written a few kilobytes at a time instead of one write
 * per line: the access log writes a line per request, and that write was ~5 % of a GraphQL request's CPU under load
 * (bench:api, docs/performance-api.md). Nothing waits longer than LOG_FLUSH_MS, and pino writes what is left
 * synchronously when the process exits, an uncaught error included; only a process killed outright (SIGKILL, the
 * kernel's OOM killer) loses up to LOG_BUFFER_BYTES of lines.
 */
export function createLogger(level: string): Logger {
  const destination = pino.destination({ dest: 1, sync: false, minLength: LOG_BUFFER_BYTES });
  setInterval(() => destination.flush(), LOG_FLUSH_MS).unref();
  return pino(
    {
      level,
      redact: { paths: REDACT, censor: '[oculto]' },
      mixin: () => {
        const s = requestScope.getStore();
        return s ? { requestId: s.requestId } : {};
      },
    },
    destination,
  );
}
