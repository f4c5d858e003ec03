import { caixaSaida, type Db } from '@concilia/db';
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export type Mail = { to: string; subject: string; text: string };
export type Mailer = {
  /** resolves once the message is safely in the outbox; SMTP delivery goes on in the background */
  send(mail: Mail): Promise<void>;
  /** resolves when every delivery started so far has ended (tests, shutdown) */
  idle(): Promise<void>;
};

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
  const deliver = async (id: number, mail: Mail) => {
    try {
      await transport!.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text });
      await db.update(caixaSaida).set({ enviadoem: new Date() }).where(eq(caixaSaida.codemail, id));
    } catch (err) {
      // the error's message only: a transport error object can carry the envelope and the message it failed on
      log.error({ outbox: id, toDomain: recipientDomain(mail.to), error: String((err as Error).message) }, 'SMTP delivery failed; message kept in the outbox');
      await db.update(caixaSaida).set({ erro: String((err as Error).message).slice(0, 500) }).where(eq(caixaSaida.codemail, id)).catch(() => {});
    }
  };
  return {
    async idle() {
      await Promise.all([...inFlight]);
    },
    async send(mail) {
      const [row] = await db
        .insert(caixaSaida)
        .values({ para: mail.to, assunto: mail.subject, texto: mail.text, viasmtp: !!transport })
        .returning({ id: caixaSaida.codemail });
      const queued = { outbox: row!.id, toDomain: recipientDomain(mail.to) };
      if (!transport) {
        log.info(queued, 'e-mail kept in the outbox (no SMTP_URL): npm run concilia -- caixa-saida --id <outbox>');
        return;
      }
      log.info(queued, 'e-mail queued for SMTP delivery');
      const p = deliver(row!.id, mail).finally(() => inFlight.delete(p));
      inFlight.add(p);
    },
  };
}
