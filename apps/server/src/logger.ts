import { AsyncLocalStorage } from 'node:async_hooks';
import { pino, type Logger } from 'pino';

/** Carries the request id through everything one request does, so any log line can name it. */
export const requestScope = new AsyncLocalStorage<{ requestId: string }>();

// Secrets never reach the log, even when a whole request or input object is logged by mistake.
const REDACT = ['password', 'senha', 'senhaAtual', 'confirmaSenha', '*.password', '*.senha', '*.senhaAtual',
  '*.confirmaSenha', 'req.headers.cookie', 'res.headers["set-cookie"]', 'recaptcha', '*.recaptcha', 'idsession', 'token'];

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
