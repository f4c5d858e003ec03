import { MSG } from '@concilia/domain';
import { documentText, type TadaDocumentNode } from './graphql';

/** An error the server answered (expected or masked), with its code when it has one. */
export class ApiError extends Error {
  constructor(message: string, readonly code: string | null, readonly issues: { path: string; message: string }[] = []) {
    super(message);
  }
}

/** The network failed or the server did not answer GraphQL: the shell goes to /error. */
export class NetworkError extends Error {}

type Listener = (e: ApiError | NetworkError) => void;

// Requests cut off because the page is being left are not failures the user should hear about.
let leaving = false;
if (typeof window !== 'undefined') window.addEventListener('pagehide', () => { leaving = true; });
const listeners = new Set<Listener>();

/** The shell subscribes once to apply the error rules of spec part 1 §8 in one place. */
export function onApiError(l: Listener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/**
 * One POST /graphql with the session cookie. The CSRF header makes every call a preflighted request,
 * which a cross-site form cannot send. `query` is a document's text: typed documents go through `call`;
 * the register kit's documents, built at run time from declarations, come here directly.
 */
export async function gql<T, V extends object = Record<string, unknown>>(query: string, variables?: V, opts: { silent?: boolean } = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch('/graphql', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json', 'x-graphql-yoga-csrf': '1' },
      body: JSON.stringify({ query, variables }),
    });
  } catch {
    const e = new NetworkError(MSG.erroServidor);
    if (!opts.silent && !leaving) listeners.forEach((l) => l(e));
    throw e;
  }
  let body: { data?: T; errors?: { message: string; extensions?: { code?: string; issues?: { path: string; message: string }[] } }[] };
  try {
    body = await res.json();
  } catch {
    const e = new NetworkError(MSG.erroServidor);
    if (!opts.silent) listeners.forEach((l) => l(e));
    throw e;
  }
  const first = body.errors?.[0];
  if (first) {
    const e = new ApiError(first.message, first.extensions?.code ?? null, first.extensions?.issues ?? []);
    if (!opts.silent) listeners.forEach((l) => l(e));
    throw e;
  }
  return body.data as T;
}

type CallOptions = { silent?: boolean };
/** Variables may be left out only when the document has no required one. */
type CallArgs<V> = Record<string, never> extends V ? [variables?: V, opts?: CallOptions] : [variables: V, opts?: CallOptions];

/**
 * Runs one of the typed documents of lib/operations: the answer and the variables are the document's
 * (gql.tada's ResultOf / VariablesOf), inferred from the schema. `silent` keeps the shell's global error
 * rules out of it, for screens that show the error themselves (the login page).
 */
export function call<R, V>(doc: TadaDocumentNode<R, V>, ...[variables, opts = {}]: CallArgs<V>): Promise<R> {
  return gql<R, object>(documentText(doc), (variables ?? undefined) as object | undefined, opts);
}
