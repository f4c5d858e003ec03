import { vi } from 'vitest';

/** Thrown by a fake handler to answer the way the server answers an AppError. */
export class GqlError extends Error {
  constructor(message: string, readonly code: string | null = null, readonly issues: { path: string; message: string }[] = []) {
    super(message);
  }
}

type Vars = Record<string, unknown>;
type Handler = (vars: Vars) => unknown;

const answer = (body: unknown) => ({ ok: true, status: 200, json: async () => body }) as Response;

/**
 * A small stand-in for POST /graphql: routes each request by its operation name to a handler and
 * records every call, so tests assert on what the page sent without a server.
 */
export function fakeGraphql(handlers: Record<string, Handler>) {
  const calls: { op: string; vars: Vars }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: unknown, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as { query: string; variables?: Vars };
      const op = /^\s*(?:query|mutation)\s+(\w+)/.exec(body.query)?.[1] ?? '?';
      const vars = body.variables ?? {};
      calls.push({ op, vars });
      try {
        const handler = handlers[op];
        if (!handler) throw new GqlError(`fake graphql has no handler for ${op}`);
        return answer({ data: { [op]: await handler(vars) } });
      } catch (e) {
        if (e instanceof GqlError) return answer({ errors: [{ message: e.message, extensions: { code: e.code, issues: e.issues } }] });
        throw e;
      }
    }),
  );
  return { calls, callsOf: (op: string) => calls.filter((c) => c.op === op) };
}

export const APP_CONFIG_OFF = { botCheck: 'off', recaptchaSiteKey: null, treinamentoUrl: null, atendimento: false, versao: '4.45.0' };

export const USER_INFO = {
  nomeAbreviado: 'Ana', uscodigo: 1, logoMarcarRevenda: null, simulado: false, fullName: 'Ana Souza', codPessoa: 10,
  codPessoaPai: 1, codPerfil: 2, login: 'ANA', permitido: true, versaoAntiga: false,
};
