import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { credenciaisOperadora, type Db } from '@concilia/db';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config';

/**
 * Operator credentials at rest (a merchant's Cielo API login and password): AES-256-GCM with a fresh IV per
 * value, the row's identity as associated data (a sealed value copied onto another client's row does not
 * open), and the key's id in the value, so a changed key is told from tampering. node:crypto is the library
 * here: what a sealing scheme needs beyond it is the format, which is this file.
 *
 * The key comes from CREDENTIALS_KEY (32 bytes, base64 or hex). Without it — the embedded quick start — one is
 * generated once into FILES_DIR/.credentials-key (mode 0600) and logged as such at start; production sets it.
 */
export type Key = { id: string; bytes: Buffer };
const keys = new Map<string, Key>();

function decodeKey(text: string): Buffer {
  const t = text.trim();
  const bytes = /^[0-9a-f]{64}$/i.test(t) ? Buffer.from(t, 'hex') : Buffer.from(t, 'base64');
  if (bytes.length !== 32) throw new Error('CREDENTIALS_KEY must be 32 bytes, in base64 or hex (e.g. `openssl rand -base64 32`)');
  return bytes;
}

/** The sealing key of this configuration (memoised per source). */
export function credentialsKey(config: Pick<Config, 'credentialsKey' | 'filesDir'>): Key {
  const source = config.credentialsKey ?? `file:${config.filesDir}`;
  const known = keys.get(source);
  if (known) return known;
  let bytes: Buffer;
  if (config.credentialsKey) bytes = decodeKey(config.credentialsKey);
  else {
    const file = path.join(config.filesDir, '.credentials-key');
    fs.mkdirSync(config.filesDir, { recursive: true });
    try {
      // 'wx': of two processes starting together, one writes the key and the other reads it
      fs.writeFileSync(file, crypto.randomBytes(32).toString('base64'), { flag: 'wx', mode: 0o600 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    bytes = decodeKey(fs.readFileSync(file, 'utf8'));
  }
  const key = { id: crypto.createHash('sha256').update(bytes).digest('base64url').slice(0, 8), bytes };
  keys.set(source, key);
  return key;
}

export type OperatorCredential = { login: string; senha: string };

/**
 * Seals any text under `context`, the associated data naming where the value lives (a table, a column, the
 * row's owner): the same value copied to another place does not open. Operator credentials and the register
 * kit's secret fields (apps/server/src/register-kit/register-secrets.ts) share this one format.
 */
export function sealText(key: Key, context: string, plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key.bytes, iv);
  cipher.setAAD(Buffer.from(context));
  const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', key.id, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ct.toString('base64url')].join('.');
}

/** Opens what sealText sealed under the same context; throws when the key differs or the value (or its place) was changed. */
export function openText(key: Key, context: string, sealed: string): string {
  const [version, keyId, iv, tag, ct] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !ct) throw new Error('sealed credential of an unknown format');
  if (keyId !== key.id) throw new Error(`credential sealed under key ${keyId}, not the configured ${key.id}`);
  const decipher = crypto.createDecipheriv('aes-256-gcm', key.bytes, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
}

const operatorContext = (codpessoa: number, codoperadora: number) => `credenciais_operadora:${codpessoa}:${codoperadora}`;

export function sealCredential(key: Key, codpessoa: number, codoperadora: number, value: OperatorCredential): string {
  return sealText(key, operatorContext(codpessoa, codoperadora), JSON.stringify(value));
}

/** Opens a sealed value; throws when the key differs or the value (or the row it is on) was changed. */
export function openCredential(key: Key, codpessoa: number, codoperadora: number, sealed: string): OperatorCredential {
  return JSON.parse(openText(key, operatorContext(codpessoa, codoperadora), sealed)) as OperatorCredential;
}

/** Stores (or replaces) a client's credentials at an operator, sealed. */
export async function storeCredential(
  db: Db, config: Pick<Config, 'credentialsKey' | 'filesDir'>, codpessoa: number, codoperadora: number, value: OperatorCredential,
): Promise<void> {
  const credencial = sealCredential(credentialsKey(config), codpessoa, codoperadora, value);
  await db.insert(credenciaisOperadora).values({ codpessoa, codoperadora, credencial })
    .onConflictDoUpdate({ target: [credenciaisOperadora.codpessoa, credenciaisOperadora.codoperadora], set: { credencial, atualizadoem: new Date() } });
}

/** The operator adapters' way in (never a resolver's): the opened credentials, or null when none are stored. */
export async function readCredential(
  db: Db, config: Pick<Config, 'credentialsKey' | 'filesDir'>, codpessoa: number, codoperadora: number,
): Promise<OperatorCredential | null> {
  const [row] = await db.select().from(credenciaisOperadora)
    .where(and(eq(credenciaisOperadora.codpessoa, codpessoa), eq(credenciaisOperadora.codoperadora, codoperadora)));
  return row ? openCredential(credentialsKey(config), codpessoa, codoperadora, row.credencial) : null;
}
