import fs from 'node:fs';
import type { Config } from '../config';
import { invoiceMailbox } from '../features/billing/invoice-mailbox';
import type { MailerOptions } from './mailer';

/** The mailer as the web and worker processes configure it: the platform's SMTP and the companies' own mailboxes. */
export function mailerOptions(config: Config): MailerOptions {
  return {
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    mailbox: invoiceMailbox(config),
    // read once at start: a missing file stops the process there, not at the first invoice
    ...(config.smtpCaFile ? { mailboxCa: fs.readFileSync(config.smtpCaFile) } : {}),
  };
}
