import { BOT_CHECK_ALGORITHM } from '@concilia/domain';
import { createChallenge, solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Config } from '../src/config';
import { newAltchaChallenge } from '../src/features/auth/bot-check';

/**
 * What the login widget posts: the challenge it was given and its solution, base64 JSON. By default the
 * everyday challenge; `challenge` solves one fetched from the server (GET /altcha/challenge?login=…).
 */
export async function solvedAltcha(config: Config, opts: { signingKey?: string; challenge?: Challenge } = {}): Promise<string> {
  const challenge = opts.challenge ?? (opts.signingKey
    ? await createChallenge({ algorithm: BOT_CHECK_ALGORITHM, cost: 1000, deriveKey, hmacSignatureSecret: opts.signingKey })
    : await newAltchaChallenge(config));
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('could not solve the ALTCHA challenge');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
