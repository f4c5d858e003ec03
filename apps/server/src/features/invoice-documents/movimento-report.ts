import { formatBusinessDate, formatDateTime } from '@concilia/domain';
import {
  buildPdf, businessDayOf, type Content, figureGrid, housePage, infoLines, pdfMoney, pdfNumber, type PdfColumn, sectionTitle, zebraTable,
} from '../../downloads/pdf-builder';
import { writeXlsx, type XlsxColumn, type XlsxSheet } from '../../downloads/xlsx-writer';

/**
 * The closed billing-movement report (Movimento Fechado): 'A' (analítico) lists every sale line of the closing,
 * 'S' (sintético) its totals per day and terminal; both with the closing's summary and the monthly fees it billed.
 * PDF and XLSX are built from the same column lists, so the two files always say the same thing.
 */

/** A billing movement's period and amounts (money: integer centavos), open or closed. */
export type MovimentoValores = {
  /** client */
  nome: string;
  /** 'YYYY-MM-DD' */
  filtrode: string;
  filtroate: string;
  valorbruto: number;
  valorliquidoadm: number;
  valorliquidoterminal: number;
  creditos: number;
  debitos: number;
  valorservico: number;
  quantidade: number;
};

export type MovimentoResumo = MovimentoValores & {
  chave: string;
  /** the biller's Parâmetros 'Fecha Movimento' text (the reports' group text), printed when set */
  fechamovimento?: string | null;
  /** ISO timestamp of the closing */
  datainclusao: string;
};

export type MovimentoLinha = {
  datavenda: string;
  terminal: string;
  nsu: string | null;
  autorizacao: string | null;
  operadora: string;
  produto: string;
  parcelas: number;
  valorbruto: number;
  valorliquidoadm: number;
  valorliquidoterminal: number;
  /** percent points, e.g. '2.5000' */
  taxaterminal: string;
};

export type MovimentoMensalidade = { terminal: string; /** 'YYYY-MM' */ competencia: string; valor: number };

export type MovimentoTipo = 'A' | 'S';

export const movimentoTitle = (tipo: MovimentoTipo): string => `Movimento Fechado — ${tipo === 'A' ? 'Analítico' : 'Sintético'}`;

type Col = { key: string; header: string; kind: 'text' | 'number' | 'money' | 'percent' | 'date'; pdfWidth?: PdfColumn['width']; xlsxWidth?: number };

const ANALITICO: readonly Col[] = [
  { key: 'datavenda', header: 'Data venda', kind: 'date', xlsxWidth: 12 },
  { key: 'terminal', header: 'Terminal', kind: 'text', pdfWidth: 'auto', xlsxWidth: 14 },
  { key: 'nsu', header: 'NSU', kind: 'text', pdfWidth: 'auto', xlsxWidth: 14 },
  { key: 'autorizacao', header: 'Autorização', kind: 'text', pdfWidth: 'auto', xlsxWidth: 14 },
  { key: 'operadora', header: 'Operadora', kind: 'text', xlsxWidth: 16 },
  { key: 'produto', header: 'Produto', kind: 'text', xlsxWidth: 18 },
  { key: 'parcelas', header: 'Parc.', kind: 'number', xlsxWidth: 8 },
  { key: 'valorbruto', header: 'Valor bruto', kind: 'money', xlsxWidth: 15 },
  { key: 'valorliquidoadm', header: 'Líq. administradora', kind: 'money', xlsxWidth: 20 },
  { key: 'taxaterminal', header: 'Taxa terminal', kind: 'percent', xlsxWidth: 14 },
  { key: 'valorliquidoterminal', header: 'Líq. terminal', kind: 'money', xlsxWidth: 15 },
];
const ANALITICO_TOTALS = ['valorbruto', 'valorliquidoadm', 'valorliquidoterminal'];

const SINTETICO: readonly Col[] = [
  { key: 'dia', header: 'Data venda', kind: 'date', xlsxWidth: 12 },
  { key: 'terminal', header: 'Terminal', kind: 'text', xlsxWidth: 16 },
  { key: 'quantidade', header: 'Vendas', kind: 'number', xlsxWidth: 10 },
  { key: 'valorbruto', header: 'Valor bruto', kind: 'money', xlsxWidth: 15 },
  { key: 'valorliquidoadm', header: 'Líq. administradora', kind: 'money', xlsxWidth: 20 },
  { key: 'valorliquidoterminal', header: 'Líq. terminal', kind: 'money', xlsxWidth: 15 },
];
const SINTETICO_TOTALS = ['quantidade', 'valorbruto', 'valorliquidoadm', 'valorliquidoterminal'];

const MENSALIDADES: readonly Col[] = [
  { key: 'terminal', header: 'Terminal', kind: 'text', xlsxWidth: 16 },
  { key: 'competencia', header: 'Competência', kind: 'text', pdfWidth: 'auto', xlsxWidth: 12 },
  { key: 'valor', header: 'Valor', kind: 'money', pdfWidth: 90, xlsxWidth: 15 },
];

const toPdf = (cols: readonly Col[]): PdfColumn[] => cols.map((c) => ({ key: c.key, header: c.header, kind: c.kind, width: c.pdfWidth }));
const toXlsx = (cols: readonly Col[]): XlsxColumn[] => cols.map((c) => ({ key: c.key, header: c.header, kind: c.kind, width: c.xlsxWidth }));

type SinteticoRow = { dia: string; terminal: string; quantidade: number; valorbruto: number; valorliquidoadm: number; valorliquidoterminal: number };

/** One row per São Paulo day and terminal, in day then terminal order; sums in centavos, so they add up exactly. */
export function sinteticoRows(linhas: readonly MovimentoLinha[]): SinteticoRow[] {
  const by = new Map<string, SinteticoRow>();
  for (const l of linhas) {
    const dia = businessDayOf(l.datavenda);
    const k = `${dia}\u0000${l.terminal}`;
    const r = by.get(k) ?? { dia, terminal: l.terminal, quantidade: 0, valorbruto: 0, valorliquidoadm: 0, valorliquidoterminal: 0 };
    r.quantidade += 1;
    r.valorbruto += l.valorbruto;
    r.valorliquidoadm += l.valorliquidoadm;
    r.valorliquidoterminal += l.valorliquidoterminal;
    by.set(k, r);
  }
  return [...by.values()].sort((a, b) => (a.dia === b.dia ? a.terminal.localeCompare(b.terminal, 'pt-BR', { numeric: true }) : a.dia < b.dia ? -1 : 1));
}

/** 'YYYY-MM' → 'MM/AAAA' */
const competenciaText = (c: string): string => {
  const m = /^(\d{4})-(\d{2})/.exec(c);
  return m ? `${m[2]}/${m[1]}` : c;
};

const mensalidadeRows = (ms: readonly MovimentoMensalidade[]) => ms.map((m) => ({ terminal: m.terminal, competencia: competenciaText(m.competencia), valor: m.valor }));

const periodo = (m: MovimentoResumo) => `${formatBusinessDate(m.filtrode)} a ${formatBusinessDate(m.filtroate)}`;

export async function movimentoReportPdf(
  tipo: MovimentoTipo, m: MovimentoResumo, linhas: MovimentoLinha[], mensalidades: MovimentoMensalidade[], now?: Date,
): Promise<Buffer> {
  const content: Content[] = [
    infoLines([
      { label: 'Cliente', value: m.nome },
      { label: 'Período', value: periodo(m) },
      { label: 'Fechado em', value: formatDateTime(m.datainclusao) },
      { label: 'Fechamento', value: m.chave },
      ...(m.fechamovimento ? [{ label: 'Fecha Movimento', value: m.fechamovimento }] : []),
    ]),
    sectionTitle('Resumo'),
    figureGrid([
      { label: 'Valor bruto', value: pdfMoney(m.valorbruto) },
      { label: 'Líquido administradora', value: pdfMoney(m.valorliquidoadm) },
      { label: 'Líquido terminal', value: pdfMoney(m.valorliquidoterminal) },
      { label: 'Créditos', value: pdfMoney(m.creditos) },
      { label: 'Débitos', value: pdfMoney(m.debitos) },
      { label: 'Valor do serviço', value: pdfMoney(m.valorservico) },
      { label: 'Quantidade de vendas', value: pdfNumber(m.quantidade) },
    ], 4),
  ];
  if (tipo === 'A') {
    content.push(sectionTitle('Vendas'), zebraTable(toPdf(ANALITICO), linhas, { totals: { label: 'Total', keys: ANALITICO_TOTALS }, fontSize: 7.5 }));
  } else {
    content.push(sectionTitle('Vendas por dia e terminal'), zebraTable(toPdf(SINTETICO), sinteticoRows(linhas), { totals: { label: 'Total', keys: SINTETICO_TOTALS } }));
  }
  content.push(sectionTitle('Mensalidades'), zebraTable(toPdf(MENSALIDADES), mensalidadeRows(mensalidades), { totals: { label: 'Total', keys: ['valor'] } }));
  // eleven columns of a sale line only fit across the page
  return buildPdf(housePage({ title: movimentoTitle(tipo), orientation: tipo === 'A' ? 'landscape' : 'portrait', now, content }));
}

export async function movimentoReportXlsx(
  tipo: MovimentoTipo, m: MovimentoResumo, linhas: MovimentoLinha[], mensalidades: MovimentoMensalidade[],
): Promise<Buffer> {
  const resumo: XlsxSheet = {
    name: 'Resumo',
    columns: [
      { key: 'chave', header: 'Fechamento', kind: 'text', width: 14 },
      { key: 'nome', header: 'Cliente', kind: 'text', width: 30 },
      { key: 'filtrode', header: 'De', kind: 'date' },
      { key: 'filtroate', header: 'Até', kind: 'date' },
      // a moment, shown as São Paulo wall time: the writer's 'date' kind would keep only the UTC day
      { key: 'fechadoem', header: 'Fechado em', kind: 'text', width: 18 },
      { key: 'valorbruto', header: 'Valor bruto', kind: 'money', width: 15 },
      { key: 'valorliquidoadm', header: 'Líquido administradora', kind: 'money', width: 22 },
      { key: 'valorliquidoterminal', header: 'Líquido terminal', kind: 'money', width: 17 },
      { key: 'creditos', header: 'Créditos', kind: 'money', width: 14 },
      { key: 'debitos', header: 'Débitos', kind: 'money', width: 14 },
      { key: 'valorservico', header: 'Valor do serviço', kind: 'money', width: 17 },
      { key: 'quantidade', header: 'Quantidade', kind: 'number' },
      { key: 'fechamovimento', header: 'Fecha Movimento', kind: 'text', width: 30 },
    ],
    rows: [{ ...m, fechadoem: formatDateTime(m.datainclusao) }],
  };
  const vendas: XlsxSheet = tipo === 'A'
    ? { name: 'Vendas', columns: toXlsx(ANALITICO), rows: linhas, totals: { label: 'Total', keys: ANALITICO_TOTALS } }
    : { name: 'Por dia e terminal', columns: toXlsx(SINTETICO), rows: sinteticoRows(linhas), totals: { label: 'Total', keys: SINTETICO_TOTALS } };
  const mens: XlsxSheet = { name: 'Mensalidades', columns: toXlsx(MENSALIDADES), rows: mensalidadeRows(mensalidades), totals: { label: 'Total', keys: ['valor'] } };
  return writeXlsx([resumo, vendas, mens]);
}
