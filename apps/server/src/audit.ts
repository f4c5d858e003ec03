import { auditoria, type Db } from '@concilia/db';
import { requestScope } from './logger';

/** Appends one line to the audit log: who did what to which record. Never any secret in `dados`. */
export async function audit(
  db: Db,
  entry: { codusuario: number | null; acao: string; entidade: string; chave?: string | number | null; dados?: unknown },
): Promise<void> {
  await db.insert(auditoria).values({
    codusuario: entry.codusuario,
    acao: entry.acao,
    entidade: entry.entidade,
    chave: entry.chave == null ? null : String(entry.chave),
    dados: entry.dados ?? null,
    requestid: requestScope.getStore()?.requestId ?? null,
  });
}
