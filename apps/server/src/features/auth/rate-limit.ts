import { type Db, tentativasLogin } from '@concilia/db';
import { MSG } from '@concilia/domain';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import { AppError } from '../../graphql/errors';

/**
 * Fixed-window counters in the database, so every server process shares them. Per IP every attempt
 * counts (a wide net against spraying) and is refused past the limit. Per username only what the caller
 * counts (failed sign-ins, reset mails sent) — and it never refuses: a lock anyone could set off would let
 * them keep any known login's owner out (OWASP). Sign-in turns it into a harder bot check and a delay.
 */
export async function hit(db: Db, chave: string, windowMs: number): Promise<number> {
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
  /** counts this attempt against the IP, refuses when the IP is over its limit, answers the username's count */
  admit(ip: string, username: string): Promise<number>;
  /** the username's count (failures) in the current window */
  failures(username: string): Promise<number>;
  /** counts one for the username */
  failed(username: string): Promise<void>;
  /** clears the username's count */
  succeeded(username: string): Promise<void>;
};

/**
 * How long a sign-in for a username waits after its failures: nothing before the first, then doubling from
 * LOGIN_DELAY_BASE_MS up to LOGIN_DELAY_MAX_MS — a guesser slows down, the owner is delayed, never locked out.
 */
export function loginDelayMs(failures: number, config: Pick<Config, 'loginDelayBaseMs' | 'loginDelayMaxMs'>): number {
  if (failures <= 0) return 0;
  return Math.min(config.loginDelayMaxMs, config.loginDelayBaseMs * 2 ** Math.min(failures - 1, 30));
}

export function loginLimiter(db: Db, config: Config, scope = 'login'): LoginLimiter {
  const windowMs = config.loginWindowMinutes * 60_000;
  const userKey = (u: string) => `${scope}:user:${u.toUpperCase()}`;
  const failures = (username: string) => current(db, userKey(username), windowMs);
  const admit = async (ip: string, username: string) => {
    const perIp = await hit(db, `${scope}:ip:${ip}`, windowMs);
    if (perIp > config.loginMaxPerIp) throw new AppError('RATE_LIMITED', MSG.muitasTentativas);
    return failures(username);
  };
  return {
    admit,
    failures,
    async failed(username) {
      await hit(db, userKey(username), windowMs);
    },
    async succeeded(username) {
      await db.delete(tentativasLogin).where(eq(tentativasLogin.chave, userKey(username)));
    },
  };
}
