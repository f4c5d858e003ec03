import crypto from 'node:crypto';
import { arquivos, operadoras, type RawTransaction, TenantKeys, terminais, withRawTransaction } from '@concilia/db';
import { FILE_MESSAGE_MAX_ERRORS, fileErrorMessage, fileWarningMessage, type FileOrigin, MSG } from '@concilia/domain';
import {
  type ColumnMapping, type CustomerSaleRecord, isBankLayout, layoutById, type LayoutId, type NormalizedRecord, type ParsedItem, recordIdentity,
} from '@concilia/engine';
import { eq, sql } from 'drizzle-orm';
import { BANK_CHECK_LINE_KINDS, BANK_MATCH_QUEUE } from '../reconcile/bank-match-queue';
import { MATCH_QUEUE } from '../reconcile/match-queue';
import { attributionScope, EstablishmentUnits, operatorLineKey, withinScope } from './attribution';
import type { IngestDeps } from './receive-file';
import { CopyBytes } from './copy-bytes';
import { CUSTOMER_LINE_COLUMNS, lineDate, OPERATOR_LINE_COLUMNS, writeCustomerLineRow, writeOperatorLineRow } from './line-rows';
import { OccurrenceCounter } from './occurrence-counter';
import { uniqueViolationOf } from '../db-errors';
import { ingestBankStatement } from './ingest-bank-statement';

/**
 * Loads one registered file: reads the stored original with its layout and COPYs its lines in one
 * transaction, so the file is either fully in or not at all. Lines of a previous load of the same file are
 * deleted in that same transaction (reprocess gives the same lines). A line already known from another file
 * (same identity) is not loaded again: the COPY goes straight into the line table and, only when it meets a
 * known line, the file is loaded again through a staging table with ON CONFLICT DO NOTHING.
 *
 * A file with bad lines ends in ERRO with its line-numbered messages and no lines. A file whose parser warned
 * (an unknown code, trailer counters that disagree while the amounts add up) loads whole and ends in
 * PROCESSADO_AVISOS, its warnings kept on the record (count + first ones) and in its message. Anything else that fails
 * (database gone, process killed) rolls back and the job is retried.
 */

/** Per record kind: how many lines and their summed amounts, as the file record and the CLI show them. */
export type FileTotals = Record<string, { linhas: number; bruto: number; liquido: number }>;

export interface IngestResult {
  status: 'PROCESSADO' | 'PROCESSADO_AVISOS' | 'ERRO' | 'AUSENTE';
  linhas: number;
  repetidas: number;
  totais: FileTotals;
  mensagem: string | null;
  /** warnings of a file that loaded (an unknown code, counters that disagree): how many, and the first ones */
  avisos: number;
  mensagensAvisos: string[];
}

class FileHasErrors extends Error {
  constructor(readonly messages: string[], readonly total: number) {
    super('file has line errors');
  }
}

const isUniqueViolation = (e: unknown): boolean => uniqueViolationOf(e) !== null;

/** What lines need to know to find their unit and operator, loaded once per file. */
interface Lookups {
  codoperadora: number | null;
  owner: number | null;
  /** establishment code → unit, for this file's operator, within the file's attribution scope */
  units: EstablishmentUnits;
  /** terminal code → its client and operator (customer files) */
  terminals: Map<string, { codpessoa: number; codoperadora: number | null }>;
  /** operator name (lower case) → code, for a customer file's operator column */
  operatorsByName: Map<string, number>;
  /** the tenant key of every person a line may be attributed to */
  tenants: TenantKeys;
}

async function lookups(deps: IngestDeps, file: FileRow, customer: boolean): Promise<Lookups> {
  const { db } = deps.open;
  const { codoperadora, codpessoa: owner } = file;
  // which units this file's lines may go to, given its channel and sender (attribution.ts)
  const scope = await attributionScope(db, { origem: file.origem, codusuario: file.codusuario, codpessoa: owner });
  const units = await EstablishmentUnits.load(db, scope, codoperadora, owner);
  const terminals = new Map<string, { codpessoa: number; codoperadora: number | null }>();
  const operatorsByName = new Map<string, number>();
  if (customer) {
    // terminal codes are unique per client, not globally: a file with an owner only sees its own terminals
    const rows = await db.select({ codexterno: terminais.codexterno, codpessoa: terminais.codpessoacliente, codoperadora: terminais.codoperadora })
      .from(terminais).where(sql`${withinScope(scope, terminais.codpessoacliente)} AND ${owner === null ? sql`true` : sql`${terminais.codpessoacliente} IN (
        WITH RECURSIVE sub AS (SELECT codpessoa FROM pessoas WHERE codpessoa = ${owner}
          UNION ALL SELECT p.codpessoa FROM pessoas p JOIN sub ON p.codpessoapai = sub.codpessoa) SELECT codpessoa FROM sub)`}`);
    for (const t of rows) terminals.set(t.codexterno, { codpessoa: t.codpessoa, codoperadora: t.codoperadora });
    for (const o of await db.select({ codoperadora: operadoras.codoperadora, nome: operadoras.nome }).from(operadoras)) {
      operatorsByName.set(o.nome.toLowerCase(), o.codoperadora);
    }
  }
  const tenants = await TenantKeys.load(db, [...units.persons(), ...[...terminals.values()].map((t) => t.codpessoa)]);
  return { codoperadora, owner, units, terminals, operatorsByName, tenants };
}

function md5Hex(text: string): string {
  return crypto.hash('md5', text, 'hex');
}

/** The first and last of a set of dates ('YYYY-MM-DD', so text order is date order). */
class DateSpan {
  de: string | null = null;
  ate: string | null = null;

  add(date: string): void {
    if (this.de === null || date < this.de) this.de = date;
    if (this.ate === null || date > this.ate) this.ate = date;
  }
}

/** The operator lines the bank check takes (issue 21). */
const MONEY_KINDS = BANK_CHECK_LINE_KINDS;
const MONEY_KIND = new Set(MONEY_KINDS);

/**
 * What queueMatching asks of a file's loaded lines, gathered while their rows are written: the days of all of them
 * and, of the money movements (MONEY_KINDS), the days and units. Without it the reconciliation was queued from two
 * more scans of every line just loaded.
 */
class LoadedSpan {
  readonly lines = new DateSpan();
  readonly money = new DateSpan();
  readonly moneyUnits = new Set<number>();
  /** every unit an operator line went to: the file counts as arrived for each (arquivos.unidades, the late-file alarms) */
  readonly units = new Set<number>();
}

/** Turns parsed items into COPY rows, collecting errors and totals on the way. */
class RowWriter {
  readonly errors: string[] = [];
  errorCount = 0;
  /** the first warnings (a file that loads keeps them on its record) and how many there were */
  readonly warnings: string[] = [];
  warningCount = 0;
  totals: FileTotals = {};
  private counter = new OccurrenceCounter();

  constructor(
    private readonly codarquivo: number,
    private readonly look: Lookups,
    readonly customer: boolean,
  ) {}

  /** rows written so far */
  rowCount = 0;
  /** the days and units of the rows written (LoadedSpan) */
  readonly span = new LoadedSpan();

  /**
   * COPY bytes of the rows added and not yet handed out: written straight as UTF-8 (CopyBytes), not as strings the
   * COPY stream would flatten and encode.
   */
  private block = new CopyBytes();

  /** COPY rows in blocks (~64 KB): one async step per block, not per line. */
  async *rows(items: AsyncIterable<ParsedItem>): AsyncGenerator<Uint8Array> {
    for await (const item of items) {
      this.add(item);
      if (this.block.full) yield this.block.take();
    }
    yield* this.finish();
  }

  /** `rows` over a layout's arrays of items (LayoutDef.parseBatches): one async step per chunk of the file. */
  async *rowsOfBatches(batches: AsyncIterable<ParsedItem[]>): AsyncGenerator<Uint8Array> {
    for await (const items of batches) {
      for (let i = 0; i < items.length; i++) {
        this.add(items[i]!);
        if (this.block.full) yield this.block.take();
      }
    }
    yield* this.finish();
  }

  private *finish(): Generator<Uint8Array> {
    if (this.errorCount > 0) throw new FileHasErrors(this.errors, this.errorCount);
    if (this.block.length > 0) yield this.block.take();
  }

  private add(item: ParsedItem): void {
    if (item.kind === 'header' || item.kind === 'trailer') return;
    if (item.kind === 'warning') {
      this.warningCount++;
      if (this.warnings.length < FILE_MESSAGE_MAX_ERRORS) this.warnings.push(item.message);
      return;
    }
    if (item.kind === 'error') {
      this.errorCount++;
      if (this.errors.length < FILE_MESSAGE_MAX_ERRORS) this.errors.push(item.message);
      return;
    }
    // a line of an establishment registered outside the sender's part of the hierarchy fails the file like a bad line
    const refused = item.kind === 'customerSale' ? null : this.look.units.refusal(item.merchantId, item.line);
    if (refused) {
      this.errorCount++;
      if (this.errors.length < FILE_MESSAGE_MAX_ERRORS) this.errors.push(refused);
      return;
    }
    // once a line is bad the file will not load: keep reading for the other errors, stop writing rows
    if (this.errorCount > 0) return;
    this.row(item);
    this.rowCount++;
  }

  private count(r: NormalizedRecord): void {
    const t = (this.totals[r.kind] ??= { linhas: 0, bruto: 0, liquido: 0 });
    t.linhas++;
    const gross = 'gross' in r && typeof r.gross === 'number' ? r.gross : 'saleGross' in r && r.saleGross !== null ? r.saleGross : 0;
    t.bruto += gross;
    t.liquido += 'net' in r ? r.net : 'amount' in r ? r.amount : r.kind === 'customerSale' ? r.gross : 0;
  }

  private row(r: NormalizedRecord): void {
    const customer = r.kind === 'customerSale';
    // a record of the other side would land in the wrong table: a layout bug, not a user error
    if (customer !== this.customer) throw new Error(`record ${r.kind} in a ${this.customer ? 'customer' : 'operator'} file`);
    this.count(r);
    if (customer) return this.customerRow(r);
    const codpessoa = this.look.units.unitOf(r.merchantId);
    const data = lineDate(r);
    this.span.lines.add(data);
    if (codpessoa !== null) this.span.units.add(codpessoa);
    if (MONEY_KIND.has(r.kind)) {
      this.span.money.add(data);
      if (codpessoa !== null) this.span.moneyUnits.add(codpessoa);
    }
    // the unit is part of the key: a line never counts as "already received" because another tenant has it
    const chave = operatorLineKey(codpessoa, recordIdentity(r));
    writeOperatorLineRow(this.block, r as Exclude<NormalizedRecord, CustomerSaleRecord>, {
      codarquivo: this.codarquivo, chave, ocorrencia: this.counter.nextHex(chave), codoperadora: this.look.codoperadora, codpessoa,
      codcliente: this.look.tenants.of(codpessoa),
    });
  }

  private customerRow(r: CustomerSaleRecord): void {
    const terminal = r.terminal ? this.look.terminals.get(r.terminal) : undefined;
    // the sender's choice (a unit uploading its sales) comes first; the terminal's client otherwise
    const codpessoa = this.look.owner ?? terminal?.codpessoa ?? null;
    const hinted = r.operatorHint ? this.look.operatorsByName.get(r.operatorHint.toLowerCase()) ?? null : null;
    const chave = md5Hex(`${codpessoa ?? ''}|${recordIdentity(r)}`);
    this.span.lines.add(r.saleDate);
    writeCustomerLineRow(this.block, r, {
      codarquivo: this.codarquivo, chave, ocorrencia: this.counter.nextHex(chave),
      codoperadora: terminal?.codoperadora ?? hinted, codpessoa, codcliente: this.look.tenants.of(codpessoa),
    });
  }
}

interface FileRow {
  codarquivo: number;
  origem: FileOrigin;
  codusuario: number | null;
  layout: string | null;
  codpessoa: number | null;
  codoperadora: number | null;
  sha256: string;
  mapeamento: unknown;
}

/** One pass over the stored file into `table`; returns the rows sent. */
async function copyPass(deps: IngestDeps, tx: RawTransaction, file: FileRow, table: string, writer: RowWriter): Promise<number> {
  const layout = layoutById(file.layout as LayoutId);
  const source = deps.storage.read(file.sha256);
  const options = { mapping: (file.mapeamento as ColumnMapping | null) ?? undefined };
  const rows = layout.parseBatches ? writer.rowsOfBatches(layout.parseBatches(source, options)) : writer.rows(layout.parse(source, options));
  await tx.copyFrom(table, writer.customer ? CUSTOMER_LINE_COLUMNS : OPERATOR_LINE_COLUMNS, rows);
  return writer.rowCount;
}

/** Removes the sale pairs built on a file's lines (reprocess, delete). */
export function unpairFileSql(customer: boolean): string {
  return customer
    ? 'DELETE FROM conciliacoes_venda WHERE codlinhasarqcli IN (SELECT codlinhasarqcli FROM linhas_cliente WHERE codarquivo = $1)'
    : 'DELETE FROM conciliacoes_venda WHERE codlinha IN (SELECT codlinha FROM linhas_operadora WHERE codarquivo = $1)';
}

/**
 * Queues the reconciliation of the days this file brought lines for, in the load's own transaction: a file
 * that is in is always reconciled, a file that rolled back never is. Every dated line counts, not only sales:
 * a payments file reconciles the sales it pays.
 */
async function queueMatching(tx: RawTransaction, codarquivo: number, customer: boolean, loaded: LoadedSpan | null): Promise<void> {
  const [span] = loaded
    ? [loaded.lines]
    : await tx.query<{ de: string | null; ate: string | null }>(customer
      ? 'SELECT min(datavenda)::text AS de, max(datavenda)::text AS ate FROM linhas_cliente WHERE codarquivo = $1'
      : 'SELECT min(data)::text AS de, max(data)::text AS ate FROM linhas_operadora WHERE codarquivo = $1', [codarquivo]);
  if (!span?.de || !span.ate) return;
  await tx.query(`INSERT INTO jobs (queue, payload) VALUES ($1, $2::jsonb)`, [MATCH_QUEUE, JSON.stringify({ codarquivo, de: span.de, ate: span.ate, somenteVendas: customer })]);
  if (customer) return;
  // money paid or taken back changes what the bank should show: the bank check of those units and days, too (issue 21)
  const [bank] = loaded
    // in the order array_agg(DISTINCT) gives them
    ? [{ codpessoas: [...loaded.moneyUnits].sort((a, b) => a - b), de: loaded.money.de, ate: loaded.money.ate }]
    : await tx.query<{ codpessoas: number[] | null; de: string | null; ate: string | null }>(
      `SELECT array_agg(DISTINCT codpessoa) FILTER (WHERE codpessoa IS NOT NULL) AS codpessoas, min(data)::text AS de, max(data)::text AS ate
       FROM linhas_operadora WHERE codarquivo = $1 AND tipo = ANY($2::text[])`, [codarquivo, MONEY_KINDS]);
  if (!bank?.codpessoas?.length || !bank.de || !bank.ate) return;
  await tx.query(`INSERT INTO jobs (queue, payload) VALUES ($1, $2::jsonb)`,
    [BANK_MATCH_QUEUE, JSON.stringify({ codpessoas: bank.codpessoas.map(Number), de: bank.de, ate: bank.ate })]);
}

/** The merchant's own sales go to linhas_cliente; everything an operator sends to linhas_operadora. */
export function isCustomerFile(layout: string, mapping: ColumnMapping | null): boolean {
  return layout === 'CLIENTE_CSV' || (layout === 'MAPEAMENTO' && mapping?.operator === 'cliente');
}

export async function ingestFile(deps: IngestDeps, codarquivo: number): Promise<IngestResult> {
  const { db } = deps.open;
  const [file] = await db.select({
    codarquivo: arquivos.codarquivo, layout: arquivos.layout, codpessoa: arquivos.codpessoa, codoperadora: arquivos.codoperadora,
    sha256: arquivos.sha256, mapeamento: arquivos.mapeamento, origem: arquivos.origem, codusuario: arquivos.codusuario,
  }).from(arquivos).where(eq(arquivos.codarquivo, codarquivo));
  // deleted while it waited in the queue: nothing to do
  if (!file || !file.layout) return { status: 'AUSENTE', linhas: 0, repetidas: 0, totais: {}, mensagem: null, avisos: 0, mensagensAvisos: [] };
  // a bank statement (OFX, CNAB 240 extrato): its postings go to linhas_banco, by the accounts it names
  if (isBankLayout(file.layout)) return ingestBankStatement(deps, file);

  await db.update(arquivos).set({ status: 'PROCESSANDO', mensagem: null }).where(eq(arquivos.codarquivo, codarquivo));
  const customer = isCustomerFile(file.layout, file.mapeamento as ColumnMapping | null);
  const table = customer ? 'linhas_cliente' : 'linhas_operadora';
  const look = await lookups(deps, file, customer);

  try {
    const result = await withRawTransaction(deps.open, async (tx) => {
      // a reprocess starts clean: the pairs built on this file's previous lines go with them
      await tx.query(unpairFileSql(customer), [codarquivo]);
      await tx.query(`DELETE FROM ${table} WHERE codarquivo = $1`, [codarquivo]);
      await tx.query('SAVEPOINT carga_direta');
      let writer = new RowWriter(codarquivo, look, customer);
      let sent: number;
      let loaded: number;
      try {
        sent = await copyPass(deps, tx, file, table, writer);
        loaded = sent;
      } catch (e) {
        if (!isUniqueViolation(e)) throw e;
        // some lines are already known from other files: load through a staging table, skipping those
        await tx.query('ROLLBACK TO SAVEPOINT carga_direta');
        const cols = (customer ? CUSTOMER_LINE_COLUMNS : OPERATOR_LINE_COLUMNS).join(', ');
        await tx.query(`CREATE TEMP TABLE carga ON COMMIT DROP AS SELECT ${cols} FROM ${table} WITH NO DATA`);
        writer = new RowWriter(codarquivo, look, customer);
        sent = await copyPass(deps, tx, file, 'carga', writer);
        const inserted = await tx.query<{ n: string }>(
          `WITH ins AS (INSERT INTO ${table} (${cols}) SELECT ${cols} FROM carga ORDER BY linha ON CONFLICT (${customer ? 'datavenda' : 'data'}, chave, ocorrencia) DO NOTHING RETURNING 1)
           SELECT count(*) AS n FROM ins`,
        );
        loaded = Number(inserted[0]!.n);
      }
      const repetidas = sent - loaded;
      // the screens show the file's message: its warnings first (what the user should read), then the repeats
      const mensagem = [
        fileWarningMessage(writer.warnings, writer.warningCount),
        repetidas > 0 ? `${repetidas} linha(s) já recebida(s) em outro arquivo não foram duplicadas.` : '',
      ].filter(Boolean).join('\n') || null;
      const status = writer.warningCount > 0 ? 'PROCESSADO_AVISOS' as const : 'PROCESSADO' as const;
      await tx.query(
        `UPDATE arquivos SET status = $6, linhas = $2, repetidas = $3, totais = $4, mensagem = $5, avisos = $7, mensagensavisos = $8,
           unidades = $9::int[], dataprocessamento = now()
         WHERE codarquivo = $1`,
        [codarquivo, loaded, repetidas, JSON.stringify(writer.totals), mensagem, status, writer.warningCount,
          writer.warningCount > 0 ? JSON.stringify(writer.warnings) : null,
          // all the lines sent, repeats included: a line another file brought first still arrived in this one
          customer ? null : [...writer.span.units].sort((a, b) => a - b)],
      );
      // people's disregards are kept by line identity: a reloaded line comes back disregarded
      if (customer) {
        await tx.query(`UPDATE linhas_cliente l SET desconsiderado = true FROM desconsideracoes d
          WHERE l.codarquivo = $1 AND d.datavenda = l.datavenda AND d.chave = l.chave AND d.ocorrencia = l.ocorrencia`, [codarquivo]);
      }
      // every row sent was loaded (no repeats skipped): the days and units gathered while writing them are the loaded lines'
      await queueMatching(tx, codarquivo, customer, loaded === sent ? writer.span : null);
      return { status, linhas: loaded, repetidas, totais: writer.totals, mensagem, avisos: writer.warningCount, mensagensAvisos: writer.warnings };
    });
    return result;
  } catch (e) {
    if (!(e instanceof FileHasErrors)) throw e;
    const mensagem = fileErrorMessage(e.messages, e.total);
    await db.update(arquivos).set({
      status: 'ERRO', mensagem, linhas: 0, repetidas: 0, totais: null, avisos: 0, mensagensavisos: null, unidades: null, dataprocessamento: sql`now()`,
    }).where(eq(arquivos.codarquivo, codarquivo));
    return { status: 'ERRO', linhas: 0, repetidas: 0, totais: {}, mensagem, avisos: 0, mensagensAvisos: [] };
  }
}

/** After the last attempt failed: the file says so, and nothing of it was loaded (each attempt rolled back). */
export async function giveUpFile(deps: IngestDeps, codarquivo: number): Promise<void> {
  await deps.open.db.update(arquivos).set({ status: 'ERRO', mensagem: MSG.arquivoFalhaDefinitiva, dataprocessamento: sql`now()` })
    .where(eq(arquivos.codarquivo, codarquivo));
}
