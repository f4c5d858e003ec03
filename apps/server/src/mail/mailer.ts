import { caixaSaida, type Db } from '@concilia/db';
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export type Mail = { to: string; subject: string; text: string };
export type Mailer = { send(mail: Mail): Promise<void> };

/**
 * Every message is first written to the outbox table; with SMTP configured it is then sent and marked.
 * Without SMTP it stays in the outbox and its text is logged, so a local user can still follow a link.
 */
export function createMailer(db: Db, opts: { smtpUrl: string | null; from: string }, log: Logger): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    async send(mail) {
      const [row] = await db
        .insert(caixaSaida)
        .values({ para: mail.to, assunto: mail.subject, texto: mail.text, viasmtp: !!transport })
        .returning({ id: caixaSaida.codemail });
      if (!transport) {
        log.info({ outbox: row!.id, to: mail.to, subject: mail.subject, text: mail.text }, 'e-mail kept in the outbox (no SMTP_URL)');
        return;
      }
      try {
        await transport.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text });
        await db.update(caixaSaida).set({ enviadoem: new Date() }).where(eq(caixaSaida.codemail, row!.id));
      } catch (err) {
        log.error({ err, outbox: row!.id }, 'SMTP delivery failed; message kept in the outbox');
        await db.update(caixaSaida).set({ erro: String((err as Error).message).slice(0, 500) }).where(eq(caixaSaida.codemail, row!.id));
      }
    },
  };
}
