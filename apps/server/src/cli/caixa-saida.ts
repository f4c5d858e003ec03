import { caixaSaida, type Db } from '@concilia/db';
import { formatDateTime } from '@concilia/domain';
import { and, desc, eq, sql } from 'drizzle-orm';

/**
 * `npm run concilia -- caixa-saida`: the operator's way to read the outbox. Without SMTP_URL the e-mails
 * (password-reset links among them) stay in the caixa_saida table and the server log only says that one was
 * queued, with its id — never its text, which holds a live link.
 */

/** Without --id, the latest messages that match, newest first. */
export const OUTBOX_LIMIT = 20;

export const CAIXA_SAIDA_USAGE = 'npm run concilia -- caixa-saida [--db URL] [--id N] [--para e-mail]';
export const CAIXA_SAIDA_HELP = `uso: ${CAIXA_SAIDA_USAGE}

Mostra as mensagens da caixa de saída (tabela caixa_saida), as mais recentes primeiro, com o texto inteiro.
Sem SMTP_URL os e-mails (links de redefinição de senha, por exemplo) ficam só aqui: o log do servidor
registra apenas que a mensagem entrou na fila, com o seu número ("outbox") e o domínio do destinatário.

  --db URL      banco a ler (padrão: DATABASE_URL, ou ./data/db)
  --id N        só a mensagem de número N
  --para e-mail só as mensagens para este endereço
  -h, --help    esta ajuda

Sem --id, mostra as ${OUTBOX_LIMIT} mensagens mais recentes que atendem ao filtro.
Códigos de saída: 0 mensagens mostradas; 1 nenhuma mensagem encontrada ou banco inacessível; 2 uso incorreto.`;

export type OutboxFilter = { id?: number; para?: string };
export type OutboxMessage = typeof caixaSaida.$inferSelect;

/** One message of the outbox by its number, or the latest ones (to one address, compared without case). */
export async function readOutbox(db: Db, filter: OutboxFilter): Promise<OutboxMessage[]> {
  return db
    .select()
    .from(caixaSaida)
    .where(and(
      filter.id !== undefined ? eq(caixaSaida.codemail, filter.id) : undefined,
      filter.para !== undefined ? sql`lower(${caixaSaida.para}) = ${filter.para.trim().toLowerCase()}` : undefined,
    ))
    .orderBy(desc(caixaSaida.codemail))
    .limit(OUTBOX_LIMIT);
}

function situation(m: OutboxMessage): string {
  if (m.enviadoem) return `enviada em ${formatDateTime(m.enviadoem)}`;
  if (m.erro) return `falhou no SMTP: ${m.erro}`;
  return m.viasmtp ? 'aguardando o SMTP' : 'não enviada (sem SMTP_URL)';
}

/** A message as an operator reads it: a header line, the subject, then the text as written. */
export function formatOutboxMessage(m: OutboxMessage): string {
  return [
    `#${m.codemail}  ${formatDateTime(m.criadoem)}  para ${m.para}  — ${situation(m)}`,
    `Assunto: ${m.assunto}`,
    '',
    m.texto,
  ].join('\n');
}

/** --id and --para as given on the command line, checked; a string is the one-line error to print. */
export function outboxFilter(values: { id?: string; para?: string }): OutboxFilter | string {
  const filter: OutboxFilter = {};
  if (values.id !== undefined) {
    const id = Number(values.id);
    if (!/^\d+$/.test(values.id) || !Number.isSafeInteger(id) || id <= 0) return `--id deve ser um número inteiro positivo: ${values.id}`;
    filter.id = id;
  }
  if (values.para !== undefined) {
    if (!/^[^\s@]+@[^\s@]+$/.test(values.para.trim())) return `--para deve ser um endereço de e-mail: ${values.para}`;
    filter.para = values.para;
  }
  return filter;
}
