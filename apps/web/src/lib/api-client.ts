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

/**
 * A call carrying files: one GraphQL multipart request (the protocol of enviarArquivo, the register kit's file fields
 * and the registration documents), each file a part mapped to its place in the variables ('values.editValues.logo',
 * 'file'), set to null in the JSON. Same credentials and CSRF header as gql; silent like the forms' saves — the form
 * puts the answer's errors beside their fields.
 */
export async function gqlWithFiles<T>(query: string, variables: Record<string, unknown>, files: readonly [path: string, file: File][]): Promise<T> {
  const vars = structuredClone(variables);
  for (const [path] of files) {
    const keys = path.split('.');
    let at = vars as Record<string, unknown>;
    for (const k of keys.slice(0, -1)) at = at[k] as Record<string, unknown>;
    at[keys.at(-1)!] = null;
  }
  const form = new FormData();
  form.set('operations', JSON.stringify({ query, variables: vars }));
  form.set('map', JSON.stringify(Object.fromEntries(files.map(([path], i) => [String(i), [`variables.${path}`]]))));
  files.forEach(([, file], i) => form.set(String(i), file, file.name));
  let body: { data?: T; errors?: { message: string; extensions?: { code?: string; issues?: { path: string; message: string }[] } }[] };
  try {
    const res = await fetch('/graphql', { method: 'POST', credentials: 'include', headers: { 'x-graphql-yoga-csrf': '1' }, body: form });
    body = await res.json();
  } catch {
    throw new NetworkError(MSG.erroServidor);
  }
  const first = body.errors?.[0];
  if (first) throw new ApiError(first.message, first.extensions?.code ?? null, first.extensions?.issues ?? []);
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
