import crypto from 'node:crypto';
import { arquivos, contasBancarias, copyText, TenantKeys, withRawTransaction } from '@concilia/db';
import { contaBancariaTexto, FILE_MESSAGE_MAX_ERRORS, fileErrorMessage, fileWarningMessage, type FileOrigin, fillMessage, MSG } from '@concilia/domain';
import { type BankStatement, type BankStatementAccount, LineError, parseBankStatement } from '@concilia/engine';
import { and, eq, sql } from 'drizzle-orm';
import { BANK_MATCH_QUEUE, type BankMatchPayload } from '../reconcile/bank-match-queue';
import { attributionScope, withinScope } from './attribution';
import type { FileTotals, IngestResult } from './ingest-file';
import { OccurrenceCounter } from './occurrence-counter';
import type { IngestDeps } from './receive-file';

/**
 * Loads a bank statement (OFX, CNAB 240 extrato; issue 21) registered by receive-file: the same life as an operator
 * file (stored byte-exact, one transaction, PROCESSADO / PROCESSADO_AVISOS / ERRO with located messages), but its
 * postings go to linhas_banco, each to the registered active conta bancária the statement names.
 *
 * Attribution: an account must be registered (active) by a person the file may write to — the same scope as an
 * operator file's lines (attribution.ts: the uploader's part of the hierarchy; anywhere for trusted channels). The
 * postings of an account that is not are not loaded, and the file ends with a located warning naming the account to
 * register (the same words whether nobody registered it or another client did).
 *
 * Idempotence: a posting's key is the MD5 of its account, date, nature, amount and bank id (FITID, else the document
 * number), with `ocorrencia` counting genuine repeats within the file; (data, chave, ocorrencia) is unique, so the
 * same statement sent again, or an overlapping period, loads nothing twice. The bank check's job is queued in the
 * same transaction for the owners and days the statement brought.
 */

export interface BankFileRow {
  codarquivo: number;
  origem: FileOrigin;
  codusuario: number | null;
  codpessoa: number | null;
  sha256: string;
}

const BANK_LINE_COLUMNS = [
  'codarquivo', 'linha', 'chave', 'ocorrencia', 'codcontabancaria', 'codpessoa', 'codcliente', 'data', 'natureza', 'valor', 'historico', 'documento',
  'codigohistorico', 'categoria',
] as const;

class StatementErrors extends Error {
  constructor(readonly messages: string[], readonly total: number) {
    super('bank statement has errors');
  }
}

const md5Uuid = (text: string) => {
  const h = crypto.hash('md5', text, 'hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};

async function readAll(source: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const p of source) parts.push(p);
  return Buffer.concat(parts);
}

function parse(bytes: Uint8Array): BankStatement {
  try {
    const statement = parseBankStatement(bytes);
    if (statement.errors.length > 0) throw new StatementErrors(statement.errors.slice(0, FILE_MESSAGE_MAX_ERRORS).map((e) => e.message), statement.errors.length);
    return statement;
  } catch (e) {
    if (e instanceof LineError) throw new StatementErrors([e.message], 1);
    throw e;
  }
}

export async function ingestBankStatement(deps: IngestDeps, file: BankFileRow): Promise<IngestResult> {
  const { db } = deps.open;
  const { codarquivo } = file;
  await db.update(arquivos).set({ status: 'PROCESSANDO', mensagem: null }).where(eq(arquivos.codarquivo, codarquivo));
  try {
    const statement = parse(await readAll(deps.storage.read(file.sha256)));
    const scope = await attributionScope(db, { origem: file.origem, codusuario: file.codusuario, codpessoa: file.codpessoa });
    const warnings = statement.warnings.map((w) => w.message);
    const counter = new OccurrenceCounter(1 << 10);
    const totals: FileTotals = {};
    const rows: string[] = [];
    const owners = new Set<number>();
    const accounts: { account: BankStatementAccount; codcontabancaria: number; codpessoa: number }[] = [];
    for (const account of statement.accounts) {
      const [registered] = await db.select({ codcontabancaria: contasBancarias.codcontabancaria, codpessoa: contasBancarias.codpessoa })
        .from(contasBancarias).where(and(
          eq(contasBancarias.banco, account.banco), eq(contasBancarias.agencia, account.agencia), eq(contasBancarias.conta, account.conta),
          eq(contasBancarias.ativo, true), withinScope(scope, contasBancarias.codpessoa),
        ));
      if (!registered) {
        warnings.push(fillMessage(MSG.extratoContaNaoCadastrada, { linha: account.line, conta: contaBancariaTexto(account) }));
        continue;
      }
      if (account.postings.length > 0) owners.add(registered.codpessoa);
      accounts.push({ account, ...registered });
    }
    const tenants = await TenantKeys.load(db, owners);
    for (const { account, ...registered } of accounts) {
      const codcliente = tenants.of(registered.codpessoa);
      for (const p of account.postings) {
        const chave = md5Uuid(`${registered.codcontabancaria}|${p.data}|${p.natureza}|${p.valor}|${p.fitid ?? p.documento ?? ''}`);
        const ocorrencia = counter.next(Buffer.from(chave.replace(/-/g, ''), 'hex'));
        const t = (totals[p.natureza === 'C' ? 'credito' : 'debito'] ??= { linhas: 0, bruto: 0, liquido: 0 });
        t.linhas++;
        t.bruto += p.valor;
        t.liquido += p.valor;
        rows.push([
          codarquivo, p.line, chave, ocorrencia, registered.codcontabancaria, registered.codpessoa, codcliente, p.data, p.natureza, p.valor, p.historico,
          p.fitid ?? p.documento, p.codigohistorico ?? p.tipo, p.categoria,
        ].map(copyText).join('\t') + '\n');
      }
    }
    if (rows.length === 0 && statement.accounts.some((a) => a.postings.length > 0) && owners.size === 0) warnings.push(MSG.extratoSemLancamentos);
    const status = warnings.length > 0 ? 'PROCESSADO_AVISOS' as const : 'PROCESSADO' as const;

    return await withRawTransaction(deps.open, async (tx) => {
      // a reprocess starts clean: the bank check's pairs on this file's previous postings go with them
      await tx.query('DELETE FROM conciliacoes_bancarias WHERE codlinhabanco IN (SELECT codlinhabanco FROM linhas_banco WHERE codarquivo = $1)', [codarquivo]);
      await tx.query('DELETE FROM linhas_banco WHERE codarquivo = $1', [codarquivo]);
      const cols = BANK_LINE_COLUMNS.join(', ');
      await tx.query(`CREATE TEMP TABLE carga_banco ON COMMIT DROP AS SELECT ${cols} FROM linhas_banco WITH NO DATA`);
      async function* block() {
        for (let i = 0; i < rows.length; i += 500) yield rows.slice(i, i + 500).join('');
      }
      if (rows.length > 0) await tx.copyFrom('carga_banco', BANK_LINE_COLUMNS, block());
      const inserted = await tx.query<{ n: string; de: string | null; ate: string | null }>(
        `WITH ins AS (INSERT INTO linhas_banco (${cols}) SELECT ${cols} FROM carga_banco ORDER BY linha
           ON CONFLICT (data, chave, ocorrencia) DO NOTHING RETURNING data)
         SELECT count(*) AS n, min(data)::text AS de, max(data)::text AS ate FROM ins`,
      );
      const loaded = Number(inserted[0]!.n);
      const repetidas = rows.length - loaded;
      const mensagem = [
        fileWarningMessage(warnings.slice(0, FILE_MESSAGE_MAX_ERRORS), warnings.length),
        repetidas > 0 ? `${repetidas} lançamento(s) já recebido(s) em outro extrato não foram duplicados.` : '',
      ].filter(Boolean).join('\n') || null;
      // a statement sent with no owner belongs to the one person whose accounts it carries (the files screens' scope)
      const owner = file.codpessoa === null && owners.size === 1 ? [...owners][0]! : null;
      await tx.query(
        `UPDATE arquivos SET status = $2, linhas = $3, repetidas = $4, totais = $5, mensagem = $6, avisos = $7, mensagensavisos = $8,
           dataprocessamento = now(),
           codpessoa = CASE WHEN $9::int IS NOT NULL AND NOT EXISTS (SELECT 1 FROM arquivos o WHERE o.codpessoa = $9::int AND o.sha256 = arquivos.sha256)
             THEN $9::int ELSE codpessoa END
         WHERE codarquivo = $1`,
        [codarquivo, status, loaded, repetidas, JSON.stringify(totals), mensagem, warnings.length,
          warnings.length > 0 ? JSON.stringify(warnings.slice(0, FILE_MESSAGE_MAX_ERRORS)) : null, owner],
      );
      const span = inserted[0]!;
      if (loaded > 0 && span.de && span.ate) {
        const payload: BankMatchPayload = { codpessoas: [...owners].sort((a, b) => a - b), de: span.de, ate: span.ate };
        await tx.query('INSERT INTO jobs (queue, payload) VALUES ($1, $2::jsonb)', [BANK_MATCH_QUEUE, JSON.stringify(payload)]);
      }
      return { status, linhas: loaded, repetidas, totais: totals, mensagem, avisos: warnings.length, mensagensAvisos: warnings.slice(0, FILE_MESSAGE_MAX_ERRORS) };
    });
  } catch (e) {
    if (!(e instanceof StatementErrors)) throw e;
    const mensagem = fileErrorMessage(e.messages, e.total);
    await db.update(arquivos).set({
      status: 'ERRO', mensagem, linhas: 0, repetidas: 0, totais: null, avisos: 0, mensagensavisos: null, dataprocessamento: sql`now()`,
    }).where(eq(arquivos.codarquivo, codarquivo));
    // a statement in error keeps none of its previous postings (as an operator file in error keeps no lines)
    await withRawTransaction(deps.open, async (tx) => {
      await tx.query('DELETE FROM conciliacoes_bancarias WHERE codlinhabanco IN (SELECT codlinhabanco FROM linhas_banco WHERE codarquivo = $1)', [codarquivo]);
      await tx.query('DELETE FROM linhas_banco WHERE codarquivo = $1', [codarquivo]);
    });
    return { status: 'ERRO', linhas: 0, repetidas: 0, totais: {}, mensagem, avisos: 0, mensagensAvisos: [] };
  }
}
