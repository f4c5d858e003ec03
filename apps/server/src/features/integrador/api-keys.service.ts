import crypto from 'node:crypto';
import { chavesApiIntegrador, type Db, pessoas, subtreeOf, usuarios } from '@concilia/db';
import { INTEGRADOR_CHAVE_INICIO, INTEGRADOR_CHAVE_PREFIXO } from '@concilia/domain';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

/**
 * The integrator API's keys (chaves_api_integrador): a key is `ck_` and 32 random bytes; only its SHA-256 is
 * kept, so a copy of the database gives no working key. A key is looked up by that hash — the hash of a
 * 256-bit random value needs no salt nor slow hashing, and an index finds it in one step.
 */

export interface ChaveApi {
  codchave: number;
  codpessoa: number;
  cliente: string;
  nome: string;
  prefixo: string;
  criadoem: Date;
  criadopor: string | null;
  revogadaem: Date | null;
  ultimousoem: Date | null;
}

export const hashOfKey = (chave: string): string => crypto.hash('sha256', chave, 'hex');

export function newKey(): { chave: string; prefixo: string; hash: string } {
  const chave = `${INTEGRADOR_CHAVE_INICIO}${crypto.randomBytes(32).toString('base64url')}`;
  return { chave, prefixo: chave.slice(0, INTEGRADOR_CHAVE_PREFIXO), hash: hashOfKey(chave) };
}

const criador = alias(usuarios, 'criador');

/** The keys of the clients in `codpessoaUsuario`'s subtree (narrowed to one client's or one key when asked), newest first. */
export async function visibleKeys(db: Db, codpessoaUsuario: number, filtro: { codpessoa?: number | null; codchave?: number } = {}): Promise<ChaveApi[]> {
  return db
    .select({
      codchave: chavesApiIntegrador.codchave, codpessoa: chavesApiIntegrador.codpessoa, cliente: pessoas.nome, nome: chavesApiIntegrador.nome,
      prefixo: chavesApiIntegrador.prefixo, criadoem: chavesApiIntegrador.criadoem, criadopor: criador.nome,
      revogadaem: chavesApiIntegrador.revogadaem, ultimousoem: chavesApiIntegrador.ultimousoem,
    })
    .from(chavesApiIntegrador)
    .innerJoin(pessoas, eq(pessoas.codpessoa, chavesApiIntegrador.codpessoa))
    .leftJoin(criador, eq(criador.codusuario, chavesApiIntegrador.criadopor))
    .where(and(
      sql`${chavesApiIntegrador.codpessoa} IN ${subtreeOf(codpessoaUsuario)}`,
      filtro.codpessoa == null ? undefined : sql`${chavesApiIntegrador.codpessoa} IN ${subtreeOf(filtro.codpessoa)}`,
      filtro.codchave === undefined ? undefined : eq(chavesApiIntegrador.codchave, filtro.codchave),
    ))
    .orderBy(desc(chavesApiIntegrador.criadoem), desc(chavesApiIntegrador.codchave));
}

/** The client of a key that is still valid, by the key itself; null for an unknown or revoked key. */
export async function clientOfKey(db: Db, chave: string): Promise<{ codchave: number; codpessoa: number } | null> {
  if (!chave.startsWith(INTEGRADOR_CHAVE_INICIO)) return null;
  const [row] = await db.select({ codchave: chavesApiIntegrador.codchave, codpessoa: chavesApiIntegrador.codpessoa })
    .from(chavesApiIntegrador)
    .where(and(eq(chavesApiIntegrador.hash, hashOfKey(chave)), isNull(chavesApiIntegrador.revogadaem)));
  return row ?? null;
}
