import { caixaSaida, type Db } from '@concilia/db';
import { and, asc, eq, isNull, lt, lte, notInArray, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

/** A file sent with a message (a service invoice's DANFSE and XML). */
export type MailAttachment = { filename: string; contentType: string; content: Buffer };
export type Mail = { to: string; subject: string; text: string; replyTo?: string; attachments?: readonly MailAttachment[] };

/** Attachments as the outbox keeps them (jsonb), so a failed delivery is retried with its files. */
type StoredAttachment = { nome: string; tipo: string; base64: string };
const toStored = (a: readonly MailAttachment[] | undefined): StoredAttachment[] | null =>
  a?.length ? a.map((x) => ({ nome: x.filename, tipo: x.contentType, base64: x.content.toString('base64') })) : null;
const fromStored = (a: unknown): MailAttachment[] | undefined =>
  Array.isArray(a) ? (a as StoredAttachment[]).map((x) => ({ filename: x.nome, contentType: x.tipo, content: Buffer.from(x.base64, 'base64') })) : undefined;
export type Mailer = {
  /** resolves once the message is safely in the outbox; SMTP delivery goes on in the background */
  send(mail: Mail): Promise<void>;
  /** resolves when every delivery started so far has ended (tests, shutdown) */
  idle(): Promise<void>;
  /** tries again the SMTP deliveries that failed and whose next attempt is due (housekeeping); answers how many were sent */
  retryFailed(): Promise<{ tried: number; sent: number }>;
};

/** Deliveries of one message, in all; a failed one waits 1, 2, 4, 8… minutes (with jitter) before the next. */
export const MAIL_MAX_ATTEMPTS = 6;
export function mailRetryDelayMs(attempts: number, random = Math.random): number {
  const base = 60_000 * 2 ** (attempts - 1);
  // equal jitter: half fixed, half random, so messages that failed together do not all come back together
  return Math.round(base / 2 + random() * (base / 2));
}

/** Only the domain of an address reaches the log: enough to tell a provider's trouble, not who asked. */
export function recipientDomain(address: string): string {
  const at = address.lastIndexOf('@');
  return at < 0 ? '?' : address.slice(at + 1).toLowerCase();
}

/**
 * Every message is first written to the outbox table; with SMTP configured it is then sent and marked.
 * Without SMTP it stays in the outbox, where an operator reads it (`npm run concilia -- caixa-saida`).
 * The log says only that a message was queued — its id and the recipient's domain, never its text: a
 * reset or access link in a log line is a live credential for whoever reads the logs.
 * Delivery is not awaited by the caller: an answer that waited for SMTP would take longer exactly when
 * an address exists, and tell who has an account.
 */
export function createMailer(db: Db, opts: { smtpUrl: string | null; from: string }, log: Logger): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  const inFlight = new Set<Promise<void>>();
  /** one SMTP attempt; `attempt` counts this one */
  const deliver = async (id: number, mail: Mail, attempt: number, exec: Pick<Db, 'update'> = db): Promise<boolean> => {
    try {
      await transport!.sendMail({
        from: opts.from, to: mail.to, replyTo: mail.replyTo, subject: mail.subject, text: mail.text,
        attachments: mail.attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
      });
      await exec.update(caixaSaida).set({ enviadoem: new Date(), tentativas: attempt, erro: null, proximatentativa: null }).where(eq(caixaSaida.codemail, id));
      return true;
    } catch (err) {
      const again = attempt < MAIL_MAX_ATTEMPTS ? new Date(Date.now() + mailRetryDelayMs(attempt)) : null;
      // the error's message only: a transport error object can carry the envelope and the message it failed on
      log.error({ outbox: id, toDomain: recipientDomain(mail.to), attempt, retryAt: again, error: String((err as Error).message) },
        again ? 'SMTP delivery failed; tried again later' : 'SMTP delivery failed for the last time; message kept in the outbox');
      await exec.update(caixaSaida).set({ erro: String((err as Error).message).slice(0, 500), tentativas: attempt, proximatentativa: again })
        .where(eq(caixaSaida.codemail, id)).catch(() => {});
      return false;
    }
  };
  return {
    async idle() {
      await Promise.all([...inFlight]);
    },
    async send(mail) {
      const [row] = await db
        .insert(caixaSaida)
        .values({ para: mail.to, assunto: mail.subject, texto: mail.text, viasmtp: !!transport, anexos: toStored(mail.attachments), responderpara: mail.replyTo ?? null })
        .returning({ id: caixaSaida.codemail });
      const queued = { outbox: row!.id, toDomain: recipientDomain(mail.to) };
      if (!transport) {
        log.info(queued, 'e-mail kept in the outbox (no SMTP_URL): npm run concilia -- caixa-saida --id <outbox>');
        return;
      }
      log.info(queued, 'e-mail queued for SMTP delivery');
      const p = deliver(row!.id, mail, 1).then(() => {}).finally(() => inFlight.delete(p));
      inFlight.add(p);
    },
    async retryFailed() {
      if (!transport) return { tried: 0, sent: 0 };
      // taken one at a time under a row lock, so two processes retrying at once never send a message twice
      let tried = 0;
      let sent = 0;
      const seen: number[] = [];
      for (;;) {
        const outcome = await db.transaction(async (tx) => {
          const [due] = await tx.select().from(caixaSaida)
            .where(and(eq(caixaSaida.viasmtp, true), isNull(caixaSaida.enviadoem), lte(caixaSaida.proximatentativa, sql`now()`),
              lt(caixaSaida.tentativas, MAIL_MAX_ATTEMPTS), notInArray(caixaSaida.codemail, seen.length ? seen : [0])))
            .orderBy(asc(caixaSaida.proximatentativa)).limit(1).for('update', { skipLocked: true });
          if (!due) return null;
          seen.push(due.codemail);
          return deliver(due.codemail, { to: due.para, subject: due.assunto, text: due.texto, replyTo: due.responderpara ?? undefined, attachments: fromStored(due.anexos) }, due.tentativas + 1, tx);
        });
        if (outcome === null) return { tried, sent };
        tried++;
        if (outcome) sent++;
      }
    },
  };
}
