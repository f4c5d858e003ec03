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

/**
 * Every message is first written to the outbox table; with SMTP configured it is then sent and marked.
 * Without SMTP it stays in the outbox and its text is logged, so a local user can still follow a link.
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
      log.error({ err, outbox: id }, 'SMTP delivery failed; message kept in the outbox');
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
      if (!transport) {
        log.info({ outbox: row!.id, to: mail.to, subject: mail.subject, text: mail.text }, 'e-mail kept in the outbox (no SMTP_URL)');
        return;
      }
      const p = deliver(row!.id, mail).finally(() => inFlight.delete(p));
      inFlight.add(p);
    },
  };
}
