import { formatBusinessDate } from '@concilia/domain';
import { buildPdf, type Content, figureGrid, housePage, infoLines, pdfMoney, pdfNumber, type PdfColumn, sectionTitle, zebraTable } from '../../downloads/pdf-builder';
import { writeXlsx, type XlsxColumn } from '../../downloads/xlsx-writer';

/**
 * Fechamento de Movimento Previsão: what a closing would bill, per client, for the sales between two dates on
 * some weekdays only. Same columns in the PDF and in the XLSX.
 */

export type PrevisaoCliente = {
  nome: string;
  quantidade: number;
  /** money: integer centavos */
  valorbruto: number;
  valorliquidoadm: number;
  valorliquidoterminal: number;
  mensalidades: number;
  valorservico: number;
};

export type PrevisaoInput = {
  /** 'YYYY-MM-DD' */
  vendade: string;
  vendaate: string;
  /** 1 = Domingo … 7 = Sábado (the database's and the legacy screen's numbering) */
  dias: number[];
  clientes: PrevisaoCliente[];
  /** the user's Parâmetros 'Fecha Movimento' text (the reports' group text), printed when set */
  fechamovimento?: string | null;
};

export const PREVISAO_TITLE = 'Fechamento de Movimento Previsão';

const DIAS_SEMANA = ['Domingo', 'Segunda-feira', 'Terça-feira', 'Quarta-feira', 'Quinta-feira', 'Sexta-feira', 'Sábado'] as const;

/** [2, 4, 6] → 'Segunda-feira, Quarta-feira e Sexta-feira'; all seven → 'Todos os dias'. In week order, each once. */
export function diasSemanaText(dias: readonly number[]): string {
  const names = [...new Set(dias)].filter((d) => d >= 1 && d <= 7).sort((a, b) => a - b).map((d) => DIAS_SEMANA[d - 1]!);
  if (names.length === 7) return 'Todos os dias';
  if (names.length === 0) return 'Nenhum';
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} e ${names.at(-1)!}`;
}

type Col = { key: keyof PrevisaoCliente; header: string; kind: 'text' | 'number' | 'money'; xlsxWidth: number };

const COLUMNS: readonly Col[] = [
  { key: 'nome', header: 'Cliente', kind: 'text', xlsxWidth: 34 },
  { key: 'quantidade', header: 'Vendas', kind: 'number', xlsxWidth: 10 },
  { key: 'valorbruto', header: 'Valor bruto', kind: 'money', xlsxWidth: 15 },
  { key: 'valorliquidoadm', header: 'Líq. administradora', kind: 'money', xlsxWidth: 20 },
  { key: 'valorliquidoterminal', header: 'Líq. terminal', kind: 'money', xlsxWidth: 15 },
  { key: 'mensalidades', header: 'Mensalidades', kind: 'money', xlsxWidth: 15 },
  { key: 'valorservico', header: 'Valor do serviço', kind: 'money', xlsxWidth: 17 },
];
const TOTAL_KEYS = COLUMNS.filter((c) => c.kind !== 'text').map((c) => c.key);

const sum = (cs: readonly PrevisaoCliente[], k: keyof PrevisaoCliente) => cs.reduce((acc, c) => acc + Number(c[k]), 0);

export async function previsaoReportPdf(p: PrevisaoInput, now?: Date): Promise<Buffer> {
  const clientes = [...p.clientes].sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR'));
  const content: Content[] = [
    infoLines([
      { label: 'Vendas de', value: `${formatBusinessDate(p.vendade)} a ${formatBusinessDate(p.vendaate)}` },
      { label: 'Dias da semana', value: diasSemanaText(p.dias) },
      { label: 'Clientes', value: pdfNumber(clientes.length) },
      ...(p.fechamovimento ? [{ label: 'Fecha Movimento', value: p.fechamovimento }] : []),
    ]),
    sectionTitle('Resumo'),
    figureGrid([
      { label: 'Vendas', value: pdfNumber(sum(clientes, 'quantidade')) },
      { label: 'Valor bruto', value: pdfMoney(sum(clientes, 'valorbruto')) },
      { label: 'Mensalidades', value: pdfMoney(sum(clientes, 'mensalidades')) },
      { label: 'Valor do serviço', value: pdfMoney(sum(clientes, 'valorservico')) },
    ], 4),
    sectionTitle('Por cliente'),
    zebraTable(
      COLUMNS.map((c): PdfColumn => ({ key: c.key, header: c.header, kind: c.kind })),
      clientes,
      { totals: { label: 'Total', keys: TOTAL_KEYS } },
    ),
  ];
  return buildPdf(housePage({ title: PREVISAO_TITLE, orientation: 'landscape', now, content }));
}

export async function previsaoReportXlsx(p: PrevisaoInput): Promise<Buffer> {
  const clientes = [...p.clientes].sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR'));
  return writeXlsx([
    {
      name: 'Previsão',
      columns: COLUMNS.map((c): XlsxColumn => ({ key: c.key, header: c.header, kind: c.kind, width: c.xlsxWidth })),
      rows: clientes,
      totals: { label: 'Total', keys: TOTAL_KEYS },
    },
    {
      name: 'Filtro',
      columns: [
        { key: 'vendade', header: 'Vendas de', kind: 'date' },
        { key: 'vendaate', header: 'Vendas até', kind: 'date' },
        { key: 'dias', header: 'Dias da semana', kind: 'text', width: 60 },
        { key: 'fechamovimento', header: 'Fecha Movimento', kind: 'text', width: 40 },
      ],
      rows: [{ vendade: p.vendade, vendaate: p.vendaate, dias: diasSemanaText(p.dias), fechamovimento: p.fechamovimento ?? null }],
    },
  ]);
}
