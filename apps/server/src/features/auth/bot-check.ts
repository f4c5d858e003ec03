import { botcheckUsados, type Db } from '@concilia/db';
import { BOT_CHECK_ALGORITHM, MSG } from '@concilia/domain';
import { createChallenge, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { lt } from 'drizzle-orm';
import type { Config } from '../../config';
import { AppError } from '../../graphql/errors';
import { loginLimiter } from './rate-limit';
import { sha256 } from './secrets';

const CHALLENGE_TTL_MS = 5 * 60_000;
/** PBKDF2 iterations per try of the everyday challenge (a second or so in a browser). */
export const ALTCHA_COST = 1000;
/** The harder challenge doubles the work per failure past the limit, up to 2^3 times the everyday one. */
const HARDER_STEPS_MAX = 3;

/**
 * The proof of work a sign-in for a username must bring: the everyday cost, or — once the username has
 * LOGIN_MAX_FAILURES_PER_USER failures in the window — a harder one that grows with them, bounded.
 */
export function altchaCostFor(failures: number, config: Pick<Config, 'loginMaxFailuresPerUser'>): number {
  if (failures < config.loginMaxFailuresPerUser) return ALTCHA_COST;
  return ALTCHA_COST * 2 ** Math.min(failures - config.loginMaxFailuresPerUser + 1, HARDER_STEPS_MAX);
}

const normalLogin = (login: string) => login.trim().toUpperCase();

/**
 * A self-hosted proof-of-work challenge for the login widget (GET /altcha/challenge). With ?login= it
 * is the one that login needs now (harder after failures) and names the login, signed with the rest.
 */
export async function newAltchaChallenge(config: Config, opts: { cost?: number; login?: string } = {}): Promise<Challenge> {
  return createChallenge({
    algorithm: BOT_CHECK_ALGORITHM,
    cost: opts.cost ?? ALTCHA_COST,
    deriveKey,
    hmacSignatureSecret: config.altchaHmacKey,
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
    ...(opts.login ? { data: { login: normalLogin(opts.login) } } : {}),
  });
}

/** The challenge GET /altcha/challenge answers: for ?login=, at the cost that login's failures call for. */
export async function challengeForLogin(db: Db, config: Config, login: string | null): Promise<Challenge> {
  if (!login?.trim()) return newAltchaChallenge(config);
  const failures = await loginLimiter(db, config).failures(normalLogin(login));
  return newAltchaChallenge(config, { cost: altchaCostFor(failures, config), login });
}

type Verified = { ok: boolean; signature: string | null; cost: number; login: string | null };

async function verifyAltcha(config: Config, token: string): Promise<Verified> {
  const refused: Verified = { ok: false, signature: null, cost: 0, login: null };
  let payload: { challenge: Challenge; solution: Solution };
  try {
    payload = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
  } catch {
    return refused;
  }
  if (!payload?.challenge?.parameters || !payload.solution) return refused;
  try {
    const r = await verifySolution({ challenge: payload.challenge, solution: payload.solution, deriveKey, hmacSignatureSecret: config.altchaHmacKey });
    // cost and data are covered by the signature just checked, so they are the server's own.
    const { cost, data } = payload.challenge.parameters;
    return { ok: r.verified, signature: payload.challenge.signature ?? null, cost, login: typeof data?.login === 'string' ? data.login : null };
  } catch {
    return refused;
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
 * spent on first use, so a bot cannot replay one solved challenge. When `harder` names a login whose
 * failures call for more work than the token carries, the answer is BOT_CHECK_HARDER: the page fetches
 * that login's challenge and tries again. reCAPTCHA has no harder level here (Google scales its own
 * checks); there the progressive delay is what grows.
 */
export async function assertBotCheck(
  db: Db, config: Config, token: string | null | undefined, ip: string, harder?: { login: string; cost: number },
): Promise<void> {
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
  if (harder && harder.cost > ALTCHA_COST && (r.cost < harder.cost || r.login !== normalLogin(harder.login))) {
    throw new AppError('BOT_CHECK_HARDER', MSG.botCheckReforcado);
  }
}
