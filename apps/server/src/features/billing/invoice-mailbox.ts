import { dadosNfe, type Db, pessoas } from '@concilia/db';
import { dadosNfeRegister } from '@concilia/domain';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { MailboxAccount } from '../../mail/mailer';
import { openSecret } from '../../register-kit/register-secrets';

/**
 * The mailbox a company's service invoices leave from: its Dados NFe account (Email, SMTP, Porta, Senha Email, the
 * password opened only here, for the delivery), named after the invoice's provider (Empresa Emissora NotaFiscal).
 */
export function invoiceMailbox(config: Pick<Config, 'credentialsKey' | 'filesDir'>) {
  return async (codpessoa: number, db: Pick<Db, 'select'>): Promise<MailboxAccount | null> => {
    const [d] = await db
      .select({ email: dadosNfe.email, smtp: dadosNfe.smtp, porta: dadosNfe.porta, senhaemail: dadosNfe.senhaemail, nome: pessoas.nome })
      .from(dadosNfe).leftJoin(pessoas, eq(pessoas.codpessoa, dadosNfe.codpessoaemissao))
      .where(eq(dadosNfe.codpessoa, codpessoa));
    if (!d?.email || !d.smtp || !d.porta) return null;
    const password = openSecret(config, dadosNfeRegister, 'senhaemail', codpessoa, d.senhaemail);
    if (password === null) return null;
    return { name: d.nome?.trim() || null, address: d.email.trim(), host: d.smtp.trim(), port: Number(d.porta), password };
  };
}
