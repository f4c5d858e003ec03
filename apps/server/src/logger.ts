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

export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: { paths: REDACT, censor: '[oculto]' },
    mixin: () => {
      const s = requestScope.getStore();
      return s ? { requestId: s.requestId } : {};
    },
  });
}
