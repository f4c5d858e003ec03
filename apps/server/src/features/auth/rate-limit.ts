import { type Db, tentativasLogin } from '@concilia/db';
import { MSG } from '@concilia/domain';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import { AppError } from '../../graphql/errors';

/**
 * Fixed-window counters in the database, so every server process shares them. Per IP every attempt
 * counts (a wide net against spraying); per username only failures count (a lock against guessing).
 */
async function hit(db: Db, chave: string, windowMs: number): Promise<number> {
  const now = new Date();
  const windowStart = new Date(now.getTime() - windowMs);
  const [row] = await db
    .insert(tentativasLogin)
    .values({ chave, janelainicio: now, tentativas: 1 })
    .onConflictDoUpdate({
      target: tentativasLogin.chave,
      set: {
        tentativas: sql`CASE WHEN ${tentativasLogin.janelainicio} < ${windowStart} THEN 1 ELSE ${tentativasLogin.tentativas} + 1 END`,
        janelainicio: sql`CASE WHEN ${tentativasLogin.janelainicio} < ${windowStart} THEN ${now} ELSE ${tentativasLogin.janelainicio} END`,
      },
    })
    .returning({ n: tentativasLogin.tentativas });
  return row!.n;
}

async function current(db: Db, chave: string, windowMs: number): Promise<number> {
  const [row] = await db.select().from(tentativasLogin).where(eq(tentativasLogin.chave, chave));
  if (!row || row.janelainicio.getTime() < Date.now() - windowMs) return 0;
  return row.tentativas;
}

export type LoginLimiter = {
  /** counts this attempt against the IP and refuses when the IP or the username is over its limit */
  beforeAttempt(ip: string, username: string): Promise<void>;
  failed(username: string): Promise<void>;
  succeeded(username: string): Promise<void>;
};

export function loginLimiter(db: Db, config: Config, scope = 'login'): LoginLimiter {
  const windowMs = config.loginWindowMinutes * 60_000;
  const userKey = (u: string) => `${scope}:user:${u.toUpperCase()}`;
  return {
    async beforeAttempt(ip, username) {
      const perIp = await hit(db, `${scope}:ip:${ip}`, windowMs);
      const userFailures = await current(db, userKey(username), windowMs);
      if (perIp > config.loginMaxPerIp || userFailures >= config.loginMaxFailuresPerUser) {
        throw new AppError('RATE_LIMITED', MSG.muitasTentativas);
      }
    },
    async failed(username) {
      await hit(db, userKey(username), windowMs);
    },
    async succeeded(username) {
      await db.delete(tentativasLogin).where(eq(tentativasLogin.chave, userKey(username)));
    },
  };
}
