import { chavesApiIntegrador, type OpenDb, tentativasLogin } from '@concilia/db';
import {
  INTEGRADOR_MAX_BYTES, INTEGRADOR_REQUISICOES_POR_MINUTO, integradorRequisicaoSchema, MSG,
} from '@concilia/domain';
import { eq, sql } from 'drizzle-orm';
import type { FileStorage } from '../../ingest/file-storage';
import { hit } from '../auth/rate-limit';
import { clientOfKey } from './api-keys.service';
import { receiveIntegratorSales } from './integrador-vendas.service';

/**
 * POST /api/integrador/v1/vendas (docs/integrador-api.md): an integrator's system sends a client's sales with
 * `Authorization: Bearer ck_…`. No session and no cookie take part, so the GraphQL guards (CSRF header, origin)
 * do not apply: the key alone authenticates, and only its hash is ever compared or stored. The key never
 * reaches a log line — the access log names the route only.
 */

const WINDOW_MS = 60_000;

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
const error = (status: number, mensagem: string, headers: Record<string, string> = {}) => json(status, { mensagem }, headers);

/** The body, or null once it passes `max` bytes (told by Content-Length, or counted as it streams in). */
async function readLimited(request: Request, max: number): Promise<Uint8Array | null> {
  if (Number(request.headers.get('content-length') ?? 0) > max) return null;
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** Counts the request against its key (the sign-in limiter's shared counters); the seconds to wait when over. */
async function overLimit(db: OpenDb['db'], codchave: number): Promise<number | null> {
  const chave = `integrador:chave:${codchave}`;
  if ((await hit(db, chave, WINDOW_MS)) <= INTEGRADOR_REQUISICOES_POR_MINUTO) return null;
  const [row] = await db.select({ inicio: tentativasLogin.janelainicio }).from(tentativasLogin).where(eq(tentativasLogin.chave, chave));
  const left = row ? row.inicio.getTime() + WINDOW_MS - Date.now() : WINDOW_MS;
  return Math.max(1, Math.ceil(left / 1000));
}

export async function serveIntegratorApi(request: Request, deps: { open: OpenDb; storage: FileStorage }): Promise<Response> {
  if (request.method !== 'POST') return error(405, MSG.integradorMetodo, { allow: 'POST' });
  const { db } = deps.open;
  const auth = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '');
  if (!auth) return error(401, MSG.integradorChaveAusente, { 'www-authenticate': 'Bearer' });
  const key = await clientOfKey(db, auth[1]!);
  if (!key) return error(401, MSG.integradorChaveInvalida, { 'www-authenticate': 'Bearer error="invalid_token"' });

  const wait = await overLimit(db, key.codchave);
  if (wait !== null) return error(429, MSG.integradorMuitasRequisicoes.replace('{segundos}', String(wait)), { 'retry-after': String(wait) });
  await db.update(chavesApiIntegrador).set({ ultimousoem: sql`now()` }).where(eq(chavesApiIntegrador.codchave, key.codchave));

  const bytes = await readLimited(request, INTEGRADOR_MAX_BYTES);
  if (!bytes) return error(413, MSG.integradorCorpoGrande.replace('{max}', INTEGRADOR_MAX_BYTES.toLocaleString('pt-BR')));
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return error(400, MSG.integradorJsonInvalido);
  }
  const parsed = integradorRequisicaoSchema.safeParse(body);
  if (!parsed.success) return error(400, parsed.error.issues[0]?.message ?? MSG.requisicaoInvalida);
  return json(200, await receiveIntegratorSales(deps, key, parsed.data.vendas));
}
