import { botcheckUsados, type Db } from '@concilia/db';
import { MSG } from '@concilia/domain';
import { createChallenge, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { lt } from 'drizzle-orm';
import type { Config } from '../../config';
import { AppError } from '../../graphql/errors';
import { sha256 } from './secrets';

const CHALLENGE_TTL_MS = 5 * 60_000;
const ALTCHA_COST = 1000;

/** A self-hosted proof-of-work challenge for the login widget (GET /altcha/challenge). */
export async function newAltchaChallenge(config: Config): Promise<Challenge> {
  return createChallenge({
    algorithm: 'PBKDF2/SHA-256',
    cost: ALTCHA_COST,
    deriveKey,
    hmacSignatureSecret: config.altchaHmacKey,
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
  });
}

async function verifyAltcha(config: Config, token: string): Promise<{ ok: boolean; signature: string | null }> {
  let payload: { challenge: Challenge; solution: Solution };
  try {
    payload = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
  } catch {
    return { ok: false, signature: null };
  }
  if (!payload?.challenge?.parameters || !payload.solution) return { ok: false, signature: null };
  try {
    const r = await verifySolution({ challenge: payload.challenge, solution: payload.solution, deriveKey, hmacSignatureSecret: config.altchaHmacKey });
    return { ok: r.verified, signature: payload.challenge.signature ?? null };
  } catch {
    return { ok: false, signature: null };
  }
}

async function verifyRecaptcha(config: Config, token: string, ip: string): Promise<boolean> {
  const body = new URLSearchParams({ secret: config.recaptchaSecret ?? '', response: token, remoteip: ip });
  try {
    const res = await fetch('https://www.google.com/recaptcha/api/siteverify', { method: 'POST', body });
    const json = (await res.json()) as { success?: boolean };
    return json.success === true;
  } catch {
    return false;
  }
}

/**
 * Refuses a sign-in without a valid bot-check token with the spec's message. An ALTCHA solution is
 * spent on first use, so a bot cannot replay one solved challenge.
 */
export async function assertBotCheck(db: Db, config: Config, token: string | null | undefined, ip: string): Promise<void> {
  if (config.botCheck === 'off') return;
  if (!token) throw new AppError('BOT_CHECK_FAILED', MSG.botCheckAusente);
  if (config.botCheck === 'recaptcha') {
    if (!(await verifyRecaptcha(config, token, ip))) throw new AppError('BOT_CHECK_FAILED', MSG.botCheckInvalido);
    return;
  }
  const r = await verifyAltcha(config, token);
  if (!r.ok || !r.signature) throw new AppError('BOT_CHECK_FAILED', MSG.botCheckInvalido);
  await db.delete(botcheckUsados).where(lt(botcheckUsados.expiraem, new Date()));
  const spent = await db
    .insert(botcheckUsados)
    .values({ assinatura: sha256(r.signature), expiraem: new Date(Date.now() + CHALLENGE_TTL_MS) })
    .onConflictDoNothing()
    .returning();
  if (spent.length === 0) throw new AppError('BOT_CHECK_FAILED', MSG.botCheckInvalido);
}
