import type { Db, OpenDb } from '@concilia/db';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Ingestion } from '../ingest/ingestion';
import type { Mailer } from '../mail/mailer';
import type { SessionUser } from '../features/auth/session.service';

export type Services = { db: Db; config: Config; log: Logger; mailer: Mailer; ingestion: Ingestion };

/** What every resolver gets: the services, who is asking, and a way to set cookies on the answer. */
export type Ctx = Services & {
  /** the database as it was opened: raw transactions (people's decisions on sale lines) */
  open: OpenDb;
  request: Request;
  requestId: string;
  ip: string;
  secure: boolean;
  cookies: Map<string, string>;
  setCookie(header: string): void;
  /** the signed-in user, or null; resolved once per request */
  currentUser(): Promise<SessionUser | null>;
  /**
   * the signed-in user whose registration is complete, or the 'Usuário não logado' / 'Cadastro Pendente'
   * error; `pendingPage` admits a pending user too — only for the calls the 'Cadastro Pendente' page makes
   * (features/auth/session.service.ts, admitSession)
   */
  requireUser(opts?: { pendingPage?: boolean }): Promise<SessionUser>;
};
