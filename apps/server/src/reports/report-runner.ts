import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '@concilia/db';
import {
  CSV_BOM, CSV_EOL, csvData, csvDate, csvLine, csvMoney, REPORT_PDF_MAX_ROWS, type ReportColumn, type ReportDef, reportFilterSchema,
  type ReportFormat,
} from '@concilia/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../features/auth/session.service';
import { fromZod } from '../graphql/errors';
import { buildPdf, housePage, infoLines, PDF_CONTENT_TYPE, zebraTable } from '../downloads/pdf-builder';
import { openXlsxStream, XLSX_CONTENT_TYPE } from '../downloads/xlsx-writer';

/**
 * The report runner: any generator of the catalogue, on demand or by schedule. The generator's source is one
 * SELECT (scoped to the caller's part of the hierarchy, in a stable order); the runner reads it through a
 * server-side cursor in batches (plain SQL DECLARE/FETCH, the same on PGlite and PostgreSQL) and writes each batch
 * to the file as it comes — XLSX by exceljs' streaming writer, CSV by the product's CSV writer line by line — so a
 * report of a million rows holds one batch in memory. A PDF is laid out whole by pdfmake: it takes the first
 * REPORT_PDF_MAX_ROWS rows and says so in its header and in the answer's message.
 */

/** A generator's rows: a SELECT whose columns are named like the declaration's, for `me`, with the checked filter. */
export type ReportSource = (me: SessionUser, filtro: Record<string, unknown>) => SQL;

export const REPORT_BATCH = 2_000;

export type ReportFile = {
  /** the name the user downloads it by */
  arquivo: string;
  /** when it was generated (ISO) */
  data: string;
  mensagem: string;
  linhas: number;
  bytes: number;
  contentType: string;
  /** where it was written (a temporary file the caller streams and removes) */
  caminho: string;
};

const CONTENT_TYPES: Record<ReportFormat, string> = { xlsx: XLSX_CONTENT_TYPE, csv: 'text/csv; charset=utf-8', pdf: PDF_CONTENT_TYPE };
const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? r : (r as { rows: T[] }).rows);

/** The filter as the generator receives it: checked by the declaration's schema (the form's), 'Todos' (-999) left out. */
export function checkedFilter(def: ReportDef, raw: unknown): Record<string, unknown> {
  const parsed = reportFilterSchema(def).safeParse(raw ?? {});
  if (!parsed.success) throw fromZod(parsed.error);
  return Object.fromEntries(Object.entries(parsed.data as Record<string, unknown>).filter(([, v]) => v !== null && v !== undefined && v !== '' && v !== -999 && v !== '-999'));
}

function csvCell(c: ReportColumn, v: unknown) {
  if (v === null || v === undefined || v === '') return null;
  switch (c.kind) {
    case 'money': return csvMoney(Number(v));
    case 'date': return csvDate(String(v).slice(0, 10));
    case 'number': return Number(v);
    case 'percent': return csvData(String(Number(v)).replace('.', ','));
    default: return String(v);
  }
}

/** São Paulo's 'YYYYMMDD_HHMM' of a moment, for file names. */
function stamp(d: Date): string {
  const p = Object.fromEntries(new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
  }).formatToParts(d).map((x) => [x.type, x.value]));
  return `${p.year}${p.month}${p.day}_${p.hour}${p.minute}`;
}

/**
 * Runs `def` for `me` with an already checked filter and writes it in `formato` under `dir`; answers the file. The
 * cursor lives in a transaction of its own (a read: it changes nothing).
 */
export async function runReport(
  db: Db, dir: string, me: SessionUser, def: ReportDef, source: ReportSource, filtro: Record<string, unknown>, formato: ReportFormat, now = new Date(),
): Promise<ReportFile> {
  if (!def.formats.includes(formato)) throw new Error(`${def.key}: no ${formato} output`);
  await fs.promises.mkdir(dir, { recursive: true });
  const caminho = path.join(dir, `${crypto.randomUUID()}.${formato}`);
  const totals = def.columns.filter((c) => c.total).map((c) => c.key);
  const xlsxColumns = def.columns.map((c) => ({ key: c.key, header: c.label, kind: c.kind, width: c.width }));
  let linhas = 0;
  let truncated = false;

  const pdfRows: Record<string, unknown>[] = [];
  const csv = formato === 'csv' ? fs.createWriteStream(caminho) : null;
  const xlsx = formato === 'xlsx' ? openXlsxStream(caminho, { name: def.title.slice(0, 31), columns: xlsxColumns, totals: totals.length ? { label: 'Total', keys: totals } : undefined }) : null;
  const write = (text: string) => new Promise<void>((resolve, reject) => (csv!.write(text, (e) => (e ? reject(e) : resolve()))));
  try {
    if (csv) await write(`${CSV_BOM}${csvLine(def.columns.map((c) => c.label))}${CSV_EOL}`);
    await db.transaction(async (txn) => {
      const tx = txn as unknown as Db;
      const cursor = `relatorio_${crypto.randomBytes(6).toString('hex')}`;
      await tx.execute(sql`DECLARE ${sql.raw(cursor)} NO SCROLL CURSOR FOR ${source(me, filtro)}`);
      for (;;) {
        const batch = rowsOf<Record<string, unknown>>(await tx.execute(sql.raw(`FETCH FORWARD ${REPORT_BATCH} FROM ${cursor}`)));
        for (const r of batch) {
          if (formato === 'pdf') {
            if (pdfRows.length < REPORT_PDF_MAX_ROWS) pdfRows.push(r);
            else truncated = true;
          } else if (xlsx) xlsx.add(r);
          linhas++;
        }
        if (csv && batch.length) await write(batch.map((r) => `${csvLine(def.columns.map((c) => csvCell(c, r[c.key])))}${CSV_EOL}`).join(''));
        if (xlsx) await xlsx.drained();
        if (batch.length < REPORT_BATCH || truncated) break;
      }
      await tx.execute(sql.raw(`CLOSE ${cursor}`));
    });
    if (xlsx) await xlsx.close();
    if (csv) await new Promise<void>((resolve, reject) => csv.end((e?: Error | null) => (e ? reject(e) : resolve())));
    if (formato === 'pdf') {
      const wide = def.columns.length > 9;
      const note = truncated ? `As primeiras ${REPORT_PDF_MAX_ROWS.toLocaleString('pt-BR')} linhas; o relatório completo sai em XLSX ou CSV.` : null;
      const doc = housePage({
        title: def.title,
        now,
        orientation: def.columns.length > 7 ? 'landscape' : 'portrait',
        content: [
          ...(note ? [infoLines([{ label: 'Atenção', value: note }])] : []),
          zebraTable(
            // a wide report gets a smaller type and narrower amounts, so every column stays on the landscape page
            def.columns.map((c) => ({ key: c.key, header: c.label, kind: c.kind, width: wide && c.kind === 'money' ? 54 : undefined })),
            pdfRows,
            { fontSize: wide ? 6.5 : 8, ...(totals.length ? { totals: { label: 'Total', keys: totals } } : {}) },
          ),
        ],
      });
      await fs.promises.writeFile(caminho, await buildPdf(doc));
    }
  } catch (err) {
    await fs.promises.rm(caminho, { force: true });
    throw err;
  }
  const bytes = (await fs.promises.stat(caminho)).size;
  const mensagem = truncated
    ? `Relatório gerado com as primeiras ${REPORT_PDF_MAX_ROWS.toLocaleString('pt-BR')} linhas: para todas, gere em XLSX ou CSV.`
    : linhas === 0 ? 'Relatório gerado: nenhum registro no filtro.' : `Relatório gerado com ${linhas.toLocaleString('pt-BR')} linha(s).`;
  return {
    arquivo: `${def.key}_${stamp(now)}.${formato}`, data: now.toISOString(), mensagem, linhas: truncated ? REPORT_PDF_MAX_ROWS : linhas, bytes,
    contentType: CONTENT_TYPES[formato], caminho,
  };
}
