import type { ColumnMapping, MappedField, ParseOptions } from '../layout';
import type { ParseErrorItem, ParsedItem } from '../model';
import { LineError } from '../read/fields';
import { readLines } from '../read/lines';
import { cellText } from './cell-values';
import { normalizeName } from './customer.codes';
import { readCsvRows } from './csv-rows.reader';
import { FIELD_NAMES, type FieldIndex, buildRecord } from './mapped-record.builder';
import { type SheetRow, isBlankRow } from './sheet-row';
import { isZip, readXlsxRows } from './xlsx.reader';

/**
 * The column-mapping importer (layout MAPEAMENTO): a CSV or XLSX export without a fixed layout, read through
 * the caller's `options.mapping` (which header holds which field; presets in mapping-presets.ts). XLSX is
 * recognised by the zip signature 'PK\x03\x04', anything else is CSV (separator from the mapping or
 * detected on the header line; encoding per text-encoding.ts).
 *
 * The header is the first non-blank row after `skipLines`; headers are compared with case, accents,
 * punctuation and repeated spaces ignored. A missing mapping, a mapping without the required saleDate and
 * gross, or a mapped header the file lacks is one error naming what is missing, and nothing is read. Then
 * every non-blank row is a record (mapped-record.builder.ts) or one 'Linha N: …' error.
 */

const REQUIRED: MappedField[] = ['saleDate', 'gross'];

const fail = (line: number, message: string): ParseErrorItem => ({ kind: 'error', line, message: `Linha ${line}: ${message}` });

function mappingProblem(mapping: ColumnMapping | undefined): string | null {
  if (!mapping) return 'mapeamento de colunas não informado: escolha um modelo ou indique a coluna de cada campo';
  const missing = REQUIRED.filter((f) => !mapping.columns[f]?.trim());
  if (missing.length > 0) return `mapeamento sem a coluna obrigatória de ${missing.map((f) => FIELD_NAMES[f]).join(' e ')}`;
  return null;
}

/** Where each mapped field is in the header row, or the error naming the headers not found. */
export function resolveHeader(row: SheetRow, mapping: ColumnMapping): FieldIndex | ParseErrorItem {
  const positions = new Map<string, number>();
  row.cells.forEach((c, i) => {
    const key = normalizeName(cellText(c));
    if (key !== '' && !positions.has(key)) positions.set(key, i);
  });
  const index: FieldIndex = {};
  const missing: string[] = [];
  for (const [field, header] of Object.entries(mapping.columns) as [MappedField, string | undefined][]) {
    if (!header?.trim()) continue;
    const at = positions.get(normalizeName(header));
    if (at === undefined) missing.push(`"${header}" (${FIELD_NAMES[field]})`);
    else index[field] = at;
  }
  if (missing.length > 0) return fail(row.line, `coluna${missing.length > 1 ? 's' : ''} não encontrada${missing.length > 1 ? 's' : ''} no cabeçalho: ${missing.join(', ')}`);
  return index;
}

/** The first chunks of the source until 4 bytes are known, and the source again with them put back. */
async function sniff(source: AsyncIterable<Uint8Array>): Promise<{ head: Uint8Array; source: AsyncIterable<Uint8Array> }> {
  const it = source[Symbol.asyncIterator]();
  const taken: Uint8Array[] = [];
  let length = 0;
  let done = false;
  while (length < 4) {
    const next = await it.next();
    if (next.done) {
      done = true;
      break;
    }
    taken.push(next.value.slice());
    length += next.value.length;
  }
  const head = new Uint8Array(length);
  taken.reduce((at, c) => (head.set(c, at), at + c.length), 0);
  async function* again(): AsyncGenerator<Uint8Array> {
    yield head;
    if (done) return;
    for (;;) {
      const next = await it.next();
      if (next.done) return;
      yield next.value;
    }
  }
  return { head, source: again() };
}

async function collect(source: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let length = 0;
  for await (const c of source) {
    chunks.push(c.slice());
    length += c.length;
  }
  const all = new Uint8Array(length);
  chunks.reduce((at, c) => (all.set(c, at), at + c.length), 0);
  return all;
}

export async function* parseColumnMapping(source: AsyncIterable<Uint8Array>, options?: ParseOptions): AsyncGenerator<ParsedItem> {
  const mapping = options?.mapping;
  const problem = mappingProblem(mapping);
  if (problem || !mapping) {
    yield fail(1, problem ?? '');
    return;
  }
  const sniffed = await sniff(source);
  if (sniffed.head.length === 0) {
    yield { kind: 'error', line: 0, message: 'Arquivo vazio: nenhum registro' };
    return;
  }
  const xlsx = isZip(sniffed.head);
  let date1904 = false;
  const rows: AsyncIterable<unknown> = xlsx
    ? readXlsxRows(await collect(sniffed.source))
    : readCsvRows(readLines(sniffed.source), { separator: mapping.separator ?? null, skipLines: mapping.skipLines });
  const skip = mapping.skipLines ?? 0;
  let index: FieldIndex | null = null;
  let seen = 0;

  for await (const item of rows as AsyncIterable<{ date1904: boolean } | SheetRow | ParseErrorItem>) {
    if ('date1904' in item) {
      date1904 = item.date1904;
      continue;
    }
    if ('kind' in item) {
      yield item;
      continue;
    }
    if (item.line <= skip || isBlankRow(item)) continue;
    seen++;
    if (index === null) {
      const resolved = resolveHeader(item, mapping);
      if ('kind' in resolved) {
        yield resolved;
        return;
      }
      index = resolved;
      continue;
    }
    try {
      yield buildRecord(item, index, { mapping, recordType: xlsx ? 'XLSX' : 'CSV', date1904, checkWidth: !xlsx });
    } catch (e) {
      if (!(e instanceof LineError)) throw e;
      yield { kind: 'error', line: e.line, message: e.message };
    }
  }
  if (seen === 0) yield { kind: 'error', line: 0, message: 'Arquivo vazio: nenhum registro' };
}
