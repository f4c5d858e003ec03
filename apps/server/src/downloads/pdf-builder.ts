import { createRequire } from 'node:module';
import path from 'node:path';
import { formatBRL, formatBusinessDate, formatDateTime, todayBusiness } from '@concilia/domain';
import pdfMake from 'pdfmake';
import type { Content, ContentTable, CustomTableLayout, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';

/**
 * The one PDF builder: every PDF the product prints (DANFSE, reports) goes through buildPdf on pdfmake's server
 * API, with the house look below (header with title and emission time, 'Página n de m' footer, zebra tables).
 * Like the XLSX writer, values arrive as the product keeps them (centavos, percent numbers, 'YYYY-MM-DD') and
 * become text here, at the edge, with the domain's formatters.
 */

export type { Content, TableCell, TDocumentDefinitions };

// The Roboto shipped inside the pdfmake package: covers Portuguese (and '—', '–', NBSP) and needs no network.
const FONT_DIR = path.join(path.dirname(createRequire(import.meta.url).resolve('pdfmake/package.json')), 'fonts', 'Roboto');

pdfMake.setFonts({
  Roboto: {
    normal: path.join(FONT_DIR, 'Roboto-Regular.ttf'),
    bold: path.join(FONT_DIR, 'Roboto-Medium.ttf'),
    italics: path.join(FONT_DIR, 'Roboto-Italic.ttf'),
    bolditalics: path.join(FONT_DIR, 'Roboto-MediumItalic.ttf'),
  },
});
// Documents are built from our own data: nothing may be fetched from the network, and the only local files
// read are the fonts (images come in as data URLs) — a text that looks like a path can't leak a server file.
pdfMake.setUrlAccessPolicy(() => false);
pdfMake.setLocalAccessPolicy((p) => path.resolve(p).startsWith(FONT_DIR + path.sep));

export const PDF_CONTENT_TYPE = 'application/pdf';

/** House palette: one place, so every document looks the same. */
export const PDF_COLORS = {
  ink: '#1f2933',
  muted: '#5f6b7a',
  rule: '#b8c2cc',
  headerFill: '#e4e9f0',
  zebraFill: '#f5f7fa',
  totalFill: '#dfe6ee',
  accent: '#1d4e89',
} as const;

export async function buildPdf(doc: TDocumentDefinitions): Promise<Buffer> {
  const full: TDocumentDefinitions = {
    pageSize: 'A4',
    language: 'pt-BR',
    ...doc,
    info: { creator: 'Concilia', producer: 'Concilia', ...doc.info },
    defaultStyle: { font: 'Roboto', fontSize: 9, color: PDF_COLORS.ink, ...doc.defaultStyle },
  };
  return pdfMake.createPdf(full).getBuffer();
}

// ---------------------------------------------------------------------------------------------------------------
// Formatting at the edge

/** 123456 centavos → 'R$ 1.234,56' (the domain's formatter; the NBSP it puts after 'R$' keeps the amount on one line). */
export const pdfMoney = (centavos: number): string => formatBRL(centavos);

const pctFormat = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 4 });
/** 2.5 | '2.5000' → '2,50%' (percent points, as the product keeps rates; 2 to 4 decimals). */
export function pdfPercent(v: number | string | null | undefined): string {
  if (v === null || v === undefined || v === '') return '';
  const n = Number(v);
  return Number.isFinite(n) ? `${pctFormat.format(n)}%` : String(v);
}

const intFormat = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });
export const pdfNumber = (n: number): string => intFormat.format(n);

/**
 * A calendar day: 'YYYY-MM-DD' as is, a timestamp as its São Paulo day (a sale at 23:30 local is stored as the
 * next day in UTC; slicing the ISO text would move it).
 */
export function businessDayOf(v: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) return v;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? v : todayBusiness(d);
}

/** 'YYYY-MM-DD' or a timestamp → 'DD/MM/AAAA'. */
export const pdfDate = (v: string): string => formatBusinessDate(businessDayOf(v)) || v;

// ---------------------------------------------------------------------------------------------------------------
// Images

/** PNG or JPEG bytes → the data URL pdfmake embeds; anything else → undefined (a logo is decoration: a bad file must not stop the document). */
export function imageDataUrl(bytes: Buffer | Uint8Array | null | undefined): string | undefined {
  if (!bytes || bytes.length < 4) return undefined;
  const b = Buffer.from(bytes);
  if (b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return `data:image/png;base64,${b.toString('base64')}`;
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return `data:image/jpeg;base64,${b.toString('base64')}`;
  return undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// The house page: header with the title and the emission time, footer with 'Página n de m'

export type HousePage = {
  title: string;
  orientation?: 'portrait' | 'landscape';
  /** the emission moment; tests pin it */
  now?: Date;
  content: Content[];
  watermark?: string;
};

const MARGIN_X = 36;

export function housePage(p: HousePage): TDocumentDefinitions {
  const emitted = `Emitido em ${formatDateTime(p.now ?? new Date())}`;
  return {
    pageOrientation: p.orientation ?? 'portrait',
    pageMargins: [MARGIN_X, 64, MARGIN_X, 44],
    info: { title: p.title },
    header: (_page, _count, size) => ({
      margin: [MARGIN_X, 24, MARGIN_X, 0],
      stack: [
        {
          columns: [
            { text: p.title, bold: true, fontSize: 13, color: PDF_COLORS.accent },
            { text: emitted, width: 'auto', alignment: 'right', fontSize: 8, color: PDF_COLORS.muted, margin: [0, 4, 0, 0] },
          ],
        },
        { canvas: [{ type: 'line', x1: 0, y1: 5, x2: size.width - 2 * MARGIN_X, y2: 5, lineWidth: 0.75, lineColor: PDF_COLORS.accent }] },
      ],
    }),
    footer: pageFooter(),
    pageBreakBefore: keepSectionTitles,
    watermark: p.watermark ? { text: p.watermark, color: '#c0392b', opacity: 0.12, bold: true, fontSize: 48 } : undefined,
    content: p.content,
  };
}

/** 'Concilia' on the left, 'Página n de m' on the right: the footer of every document, aligned to its side margins. */
export const pageFooter = (marginX = MARGIN_X) => (page: number, count: number): Content => {
  return {
    margin: [marginX, 14, marginX, 0],
    columns: [
      { text: 'Concilia', fontSize: 7, color: PDF_COLORS.muted },
      { text: `Página ${page} de ${count}`, alignment: 'right', fontSize: 7, color: PDF_COLORS.muted },
    ],
  };
};

/** A block title ('Resumo', 'Mensalidades'…); housePage keeps it off a page's last lines (see keepSectionTitles). */
export function sectionTitle(text: string): Content {
  return { text, bold: true, fontSize: 10.5, color: PDF_COLORS.accent, margin: [0, 12, 0, 4], headlineLevel: 1 };
}

/**
 * pageBreakBefore of the house page: a section title starting in the page's last 60 pt (title, a table header
 * and a row) moves to the next page, so a title is never left alone at the foot of a page above its table.
 */
export function keepSectionTitles(node: { headlineLevel?: number; startPosition: { top: number; verticalRatio: number; pageInnerHeight: number } }): boolean {
  if (node.headlineLevel !== 1) return false;
  const fromTop = node.startPosition.verticalRatio * node.startPosition.pageInnerHeight;
  return node.startPosition.pageInnerHeight - fromTop < 60;
}

/** Label: value lines (client, period…), two columns of labels. */
export function infoLines(items: readonly { label: string; value: string }[]): Content {
  return {
    table: {
      widths: ['auto', '*'],
      body: items.map((i) => [
        { text: `${i.label}:`, bold: true, color: PDF_COLORS.muted },
        { text: i.value },
      ]),
    },
    layout: { defaultBorder: false, paddingLeft: () => 0, paddingRight: () => 8, paddingTop: () => 1, paddingBottom: () => 1 },
    margin: [0, 0, 0, 4],
  };
}

/** Key figures as boxes, `perRow` to a row: a small label over the value. */
export function figureGrid(items: readonly { label: string; value: string }[], perRow = 3): Content {
  const body: TableCell[][] = [];
  for (let i = 0; i < items.length; i += perRow) {
    const row: TableCell[] = items.slice(i, i + perRow).map((it) => ({
      stack: [
        { text: it.label, fontSize: 7, color: PDF_COLORS.muted },
        { text: it.value, bold: true, fontSize: 10, margin: [0, 1, 0, 0] },
      ],
    }));
    while (row.length < perRow) row.push({ text: '' });
    body.push(row);
  }
  return {
    table: { widths: Array<string>(perRow).fill('*'), body, dontBreakRows: true },
    layout: boxLayout,
  };
}

const boxLayout: CustomTableLayout = {
  hLineWidth: () => 0.5,
  vLineWidth: () => 0.5,
  hLineColor: () => PDF_COLORS.rule,
  vLineColor: () => PDF_COLORS.rule,
  paddingLeft: () => 5,
  paddingRight: () => 5,
  paddingTop: () => 3,
  paddingBottom: () => 3,
};

// ---------------------------------------------------------------------------------------------------------------
// Zebra tables, typed like the XLSX writer's columns so a report describes its columns once per format

export type PdfColumnKind = 'text' | 'number' | 'money' | 'percent' | 'date' | 'datetime';

export type PdfColumn = {
  key: string;
  header: string;
  kind: PdfColumnKind;
  /** pdfmake width: points, '*' (share the rest) or 'auto' (the content's); default by kind */
  width?: number | '*' | 'auto';
};

export function cellText(kind: PdfColumnKind, v: unknown): string {
  if (v === null || v === undefined || v === '') return '';
  switch (kind) {
    case 'money': return pdfMoney(Number(v));
    case 'number': return pdfNumber(Number(v));
    case 'percent': return pdfPercent(v as number | string);
    case 'date': return pdfDate(String(v));
    case 'datetime': return formatDateTime(String(v)) || String(v);
    default: return String(v);
  }
}

const rightAligned = (k: PdfColumnKind) => k === 'money' || k === 'number' || k === 'percent';

export type PdfTableOptions = {
  /** a last row summing these money or number columns (computed here in centavos, so it always adds up) */
  totals?: { label: string; keys: readonly string[] };
  fontSize?: number;
};

export function zebraTable(columns: readonly PdfColumn[], rows: readonly Record<string, unknown>[], opts: PdfTableOptions = {}): ContentTable {
  const header: TableCell[] = columns.map((c) => ({ text: c.header, bold: true, alignment: rightAligned(c.kind) ? 'right' : 'left' }));
  const body: TableCell[][] = [header];
  for (const r of rows) {
    body.push(columns.map((c) => ({ text: cellText(c.kind, r[c.key]), alignment: rightAligned(c.kind) ? 'right' : 'left', noWrap: c.kind === 'money' || c.kind === 'date' })));
  }
  const hasTotals = !!opts.totals && rows.length > 0;
  if (hasTotals) {
    const t = opts.totals!;
    body.push(columns.map((c, i) => {
      if (t.keys.includes(c.key)) {
        const sum = rows.reduce((acc, r) => acc + Number(r[c.key] ?? 0), 0);
        return { text: cellText(c.kind, sum), bold: true, alignment: 'right', noWrap: true };
      }
      return { text: i === 0 ? t.label : '', bold: true };
    }));
  }
  if (!rows.length) body.push([{ text: 'Nenhum registro.', colSpan: columns.length, italics: true, color: PDF_COLORS.muted }, ...columns.slice(1).map(() => ({}))]);
  const last = body.length - 1;
  return {
    table: {
      headerRows: 1,
      dontBreakRows: true,
      // amounts get a fixed width: side by side at their natural width, 'R$' columns run into each other
      widths: columns.map((c) => c.width ?? (c.kind === 'text' ? '*' : c.kind === 'money' ? 78 : 'auto')),
      body,
    },
    fontSize: opts.fontSize ?? 8,
    layout: {
      fillColor: (i) => (i === 0 ? PDF_COLORS.headerFill : hasTotals && i === last ? PDF_COLORS.totalFill : i % 2 === 0 ? PDF_COLORS.zebraFill : null),
      hLineWidth: (i, node) => (i === 0 || i === 1 || i === node.table.body.length || (hasTotals && i === last) ? 0.6 : 0),
      vLineWidth: () => 0,
      hLineColor: () => PDF_COLORS.rule,
      paddingLeft: () => 4,
      paddingRight: () => 4,
      paddingTop: () => 2.5,
      paddingBottom: () => 2.5,
    },
  };
}
