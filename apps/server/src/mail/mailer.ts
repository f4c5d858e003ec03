import { caixaSaida, type Db } from '@concilia/db';
import { MSG } from '@concilia/domain';
import { and, asc, eq, isNull, lt, lte, notInArray, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

/** A file sent with a message (a service invoice's DANFSE and XML). */
export type MailAttachment = { filename: string; contentType: string; content: Buffer };
export type Mail = {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  attachments?: readonly MailAttachment[];
  /** the company (Dados NFe) whose own mailbox sends it, instead of the platform's SMTP_URL */
  mailbox?: number;
};

/** A company's own SMTP account (Dados NFe: Email, SMTP, Porta, Senha Email), the password opened. */
export type MailboxAccount = { name: string | null; address: string; host: string; port: number; password: string };

export type MailerOptions = {
  smtpUrl: string | null;
  from: string;
  /**
   * a company's mailbox by its codpessoa, read through `db` (the retry's transaction: on PGlite, the one connection);
   * null when it has none (any more)
   */
  mailbox?: (codpessoa: number, db: Pick<Db, 'select'>) => Promise<MailboxAccount | null>;
  /** certificate authorities trusted for the companies' SMTP servers instead of the system's (tests, private CAs) */
  mailboxCa?: string | Buffer;
};

/** A company mailbox that is not answering is given up on after this long, so the outbox's retry goes on. */
const MAILBOX_TIMEOUT_MS = 30_000;

/**
 * The transport of a company's mailbox. Its password never travels in the clear: port 465 speaks TLS from the start,
 * any other port must offer STARTTLS (requireTLS), or nothing is sent.
 */
function mailboxTransport(account: MailboxAccount, ca: string | Buffer | undefined) {
  return nodemailer.createTransport({
    host: account.host,
    port: account.port,
    secure: account.port === 465,
    requireTLS: account.port !== 465,
    auth: { user: account.address, pass: account.password },
    connectionTimeout: MAILBOX_TIMEOUT_MS,
    greetingTimeout: MAILBOX_TIMEOUT_MS,
    socketTimeout: MAILBOX_TIMEOUT_MS,
    ...(ca ? { tls: { ca } } : {}),
  });
}

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
 * Every message is first written to the outbox table; with SMTP configured it is then sent and marked. A message of
 * a company (a service invoice) is sent by that company's own mailbox (its Dados NFe SMTP account), with or without
 * the platform's SMTP, and its retries too.
 * Without SMTP it stays in the outbox, where an operator reads it (`npm run concilia -- caixa-saida`).
 * The log says only that a message was queued — its id and the recipient's domain, never its text: a
 * reset or access link in a log line is a live credential for whoever reads the logs.
 * Delivery is not awaited by the caller: an answer that waited for SMTP would take longer exactly when
 * an address exists, and tell who has an account.
 */
export function createMailer(db: Db, opts: MailerOptions, log: Logger): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  const inFlight = new Set<Promise<void>>();
  /** a company's mailbox sends its own messages whether or not the platform has SMTP */
  const viaSmtp = (mail: Mail) => mail.mailbox !== undefined || !!transport;
  /** the transport and sender of one message: its company's mailbox, or the platform's */
  const route = async (mail: Mail, exec: Pick<Db, 'select'>) => {
    if (mail.mailbox === undefined) return { via: transport!, from: opts.from, close: () => {} };
    const account = opts.mailbox ? await opts.mailbox(mail.mailbox, exec) : null;
    if (!account) throw new Error(MSG.emailCaixaEmpresaAusente);
    const via = mailboxTransport(account, opts.mailboxCa);
    return { via, from: account.name ? { name: account.name, address: account.address } : account.address, close: () => via.close() };
  };
  /** one SMTP attempt; `attempt` counts this one */
  const deliver = async (id: number, mail: Mail, attempt: number, exec: Pick<Db, 'update' | 'select'> = db): Promise<boolean> => {
    try {
      const { via, from, close } = await route(mail, exec);
      try {
        await via.sendMail({
          from, to: mail.to, replyTo: mail.replyTo, subject: mail.subject, text: mail.text,
          attachments: mail.attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
        });
      } finally {
        close();
      }
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
        .values({
          para: mail.to, assunto: mail.subject, texto: mail.text, viasmtp: viaSmtp(mail), anexos: toStored(mail.attachments),
          responderpara: mail.replyTo ?? null, codpessoaremetente: mail.mailbox ?? null,
        })
        .returning({ id: caixaSaida.codemail });
      const queued = { outbox: row!.id, toDomain: recipientDomain(mail.to), ...(mail.mailbox !== undefined ? { mailbox: mail.mailbox } : {}) };
      if (!viaSmtp(mail)) {
        log.info(queued, 'e-mail kept in the outbox (no SMTP_URL): npm run concilia -- caixa-saida --id <outbox>');
        return;
      }
      log.info(queued, 'e-mail queued for SMTP delivery');
      const p = deliver(row!.id, mail, 1).then(() => {}).finally(() => inFlight.delete(p));
      inFlight.add(p);
    },
    async retryFailed() {
      // without SMTP_URL only the companies' own mailboxes have anything to retry
      const platform = transport ? sql`true` : sql`${caixaSaida.codpessoaremetente} IS NOT NULL`;
      // taken one at a time under a row lock, so two processes retrying at once never send a message twice
      let tried = 0;
      let sent = 0;
      const seen: number[] = [];
      for (;;) {
        const outcome = await db.transaction(async (tx) => {
          const [due] = await tx.select().from(caixaSaida)
            .where(and(eq(caixaSaida.viasmtp, true), platform, isNull(caixaSaida.enviadoem), lte(caixaSaida.proximatentativa, sql`now()`),
              lt(caixaSaida.tentativas, MAIL_MAX_ATTEMPTS), notInArray(caixaSaida.codemail, seen.length ? seen : [0])))
            .orderBy(asc(caixaSaida.proximatentativa)).limit(1).for('update', { skipLocked: true });
          if (!due) return null;
          seen.push(due.codemail);
          return deliver(due.codemail, {
            to: due.para, subject: due.assunto, text: due.texto, replyTo: due.responderpara ?? undefined, attachments: fromStored(due.anexos),
            mailbox: due.codpessoaremetente ?? undefined,
          }, due.tentativas + 1, tx);
        });
        if (outcome === null) return { tried, sent };
        tried++;
        if (outcome) sent++;
      }
    },
  };
}
