import { ERROR_CODES, type ErrorCode, MSG } from '@concilia/domain';
import { GraphQLError } from 'graphql';
import type { Logger } from 'pino';
import type { ZodError } from 'zod';
import { requestScope } from '../logger';

/** An expected error: a stable code and a pt-BR message the user can act on. Never masked. */
export class AppError extends GraphQLError {
  constructor(code: ErrorCode, message: string, extra: Record<string, unknown> = {}) {
    super(message, { extensions: { code: ERROR_CODES[code], ...extra } });
  }
}

export const notLoggedIn = () => new AppError('UNAUTHENTICATED', MSG.usuarioNaoLogado);

/** Bad input keeps every field's message, so a form can put each one beside its field. */
export function fromZod(error: ZodError): AppError {
  const issues = error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  return new AppError('BAD_USER_INPUT', issues[0]?.message ?? MSG.requisicaoInvalida, { issues });
}

/**
 * Unexpected errors are logged whole with the request id and answered with a generic pt-BR message that
 * carries only that id — never a stack trace or a database message.
 */
export function makeMaskError(log: Logger) {
  return (error: unknown): Error => {
    if (error instanceof GraphQLError && !error.originalError) return error;
    const original = error instanceof GraphQLError ? error.originalError : error;
    if (original instanceof AppError) return original;
    // A GraphQL error inside another (a variable that does not fit its input type) is about the request,
    // not the server: the caller gets it as bad input.
    if (original instanceof GraphQLError) {
      return new GraphQLError(error instanceof GraphQLError ? error.message : original.message, { extensions: { code: 'BAD_USER_INPUT' } });
    }
    const requestId = requestScope.getStore()?.requestId ?? 'sem-id';
    log.error({ err: original, requestId }, 'unexpected error');
    return new GraphQLError(`${MSG.erroInesperado} ${requestId}.`, {
      extensions: { code: 'INTERNAL_SERVER_ERROR', requestId },
      ...(error instanceof GraphQLError ? { path: error.path } : {}),
    });
  };
}

/**
 * Yoga reports every error it sends. Unexpected ones are already logged whole by the mask above, and
 * expected ones (a wrong password, an expired session) are routine, so Yoga's own reports go to debug.
 */
export function yogaLogging(log: Logger) {
  return {
    debug: (...args: unknown[]) => log.debug({ args }, 'yoga'),
    info: (...args: unknown[]) => log.info({ args }, 'yoga'),
    warn: (...args: unknown[]) => log.warn({ args }, 'yoga'),
    error: (...args: unknown[]) => log.debug({ args }, 'yoga reported an error'),
  };
}
