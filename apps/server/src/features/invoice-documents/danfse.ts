import { formatBusinessDate, formatCep, formatCpfCnpj, formatDateTime, formatPhone, onlyDigits } from '@concilia/domain';
import {
  buildPdf, type Content, imageDataUrl, pageFooter, PDF_COLORS, pdfMoney, pdfPercent, type TableCell,
} from '../../downloads/pdf-builder';

/**
 * DANFSE — Documento Auxiliar da NFS-e, in the spirit of the national layout (DANFSe v1.0): the blocks of the
 * national NFS-e in their order, each a bordered grid of small labels over values. The view model is flat and
 * already decided (who withheld what, which texts): this file only lays it out, so the same data always prints
 * the same document.
 */

/** A party of the invoice (prestador or tomador): the same fields for both, as the national layout shows them. */
export type DanfseParte = {
  /** CNPJ or CPF, digits or already masked (letters kept for the alphanumeric CNPJ) */
  documento: string;
  inscricaoMunicipal: string | null;
  nome: string;
  /** logradouro, número, complemento, bairro — one line */
  endereco: string | null;
  municipio: string | null;
  uf: string | null;
  cep: string | null;
  telefone: string | null;
  email: string | null;
};

export type DanfseData = {
  /** the preview before issuing: no chave nor número yet, printed 'SEM VALOR FISCAL' */
  previa: boolean;
  ambiente: 'producao' | 'homologacao';
  /** 50 digits; null on the preview */
  chaveAcesso: string | null;
  numeroNfse: string | null;
  /** 'YYYY-MM-DD' */
  competencia: string;
  /** ISO timestamp of the NFS-e's emission; null on the preview */
  emissaoNfse: string | null;
  numeroDps: string;
  serieDps: string;
  /** ISO timestamp of the DPS */
  emissaoDps: string | null;

  prestador: DanfseParte;
  /** 'Não Optante' | 'Optante - Microempreendedor Individual (MEI)' | 'Optante - Microempresa ou Empresa de Pequeno Porte (ME/EPP)' */
  simplesNacional: string;
  /** Regime de Apuração Tributária pelo SN, when optante */
  regimeApuracaoSn: string | null;
  /** null: 'tomador não identificado' */
  tomador: DanfseParte | null;

  /** cTribNac, e.g. '01.07.01' */
  codigoTributacaoNacional: string;
  descricaoTributacaoNacional: string | null;
  codigoTributacaoMunicipal: string | null;
  /** 'São Paulo - SP' */
  localPrestacao: string;
  descricaoServico: string;

  /** 'Operação Tributável', 'Imunidade'… */
  tributacaoIssqn: string;
  municipioIncidencia: string | null;
  regimeEspecial: string | null;

  /** money: integer centavos */
  valorServico: number;
  descontoIncondicionado: number;
  descontoCondicionado: number;
  baseCalculoIssqn: number;
  /** percent points, 2 to 4 decimals: 2 | '2.0000' */
  aliquotaIssqn: number | string;
  valorIssqn: number;
  /** the tomador withholds the ISSQN */
  issqnRetido: boolean;
  pis: number;
  cofins: number;
  irrf: number;
  csll: number;
  /** sum of the federal taxes withheld by the tomador (IRRF, CSLL, PIS/COFINS, CP) */
  retencoesFederais: number;
  valorLiquido: number;

  informacoesComplementares: string | null;
  /** the public consultation URL, printed as a QR code when the NFS-e is issued */
  urlConsulta?: string | null;
};

/** '3550308…' → groups of four digits, the habit of printed access keys (DANFE), so a person can read it out. */
export function formatChaveAcesso(chave: string): string {
  return onlyDigits(chave).replace(/(\d{4})(?=\d)/g, '$1 ');
}

const BLANK = '-';
const orBlank = (v: string | null | undefined): string => (v && v.trim() ? v : BLANK);
const MARGIN = 22;

type Field = { label: string; value: string; span?: 1 | 2 | 3 | 4; strong?: boolean; muted?: boolean };

/** A block: a title bar over rows of fields on a four-column grid (spans fill each row to four). */
function block(title: string, rows: readonly (readonly Field[])[]): Content {
  const body: TableCell[][] = [[{ text: title, bold: true, fontSize: 7.5, colSpan: 4, fillColor: PDF_COLORS.headerFill, color: PDF_COLORS.accent }, {}, {}, {}]];
  for (const row of rows) {
    const cells: TableCell[] = [];
    for (const f of row) {
      const span = f.span ?? 1;
      cells.push({
        colSpan: span,
        stack: [
          ...(f.label ? [{ text: f.label, fontSize: 6, color: PDF_COLORS.muted }] : []),
          { text: f.value, fontSize: f.strong ? 10 : 8, bold: !!f.strong, italics: !!f.muted, color: f.muted ? PDF_COLORS.muted : PDF_COLORS.ink, margin: [0, 1, 0, 0] },
        ],
      });
      for (let i = 1; i < span; i++) cells.push({});
    }
    body.push(cells);
  }
  return {
    // the title bar is a header row kept with the first row: never alone at a page's foot, repeated if the block breaks
    table: { widths: ['*', '*', '*', '*'], body, dontBreakRows: true, headerRows: 1, keepWithHeaderRows: 1 },
    layout: {
      hLineWidth: (i, node) => (i === 0 || i === node.table.body.length ? 0.8 : 0.4),
      vLineWidth: (i, node) => (i === 0 || i === (node.table.widths?.length ?? 4) ? 0.8 : 0.4),
      hLineColor: (i, node) => (i === 0 || i === node.table.body.length ? PDF_COLORS.ink : PDF_COLORS.rule),
      vLineColor: (i, node) => (i === 0 || i === (node.table.widths?.length ?? 4) ? PDF_COLORS.ink : PDF_COLORS.rule),
      paddingLeft: () => 4,
      paddingRight: () => 4,
      paddingTop: () => 2,
      paddingBottom: () => 2,
    },
    margin: [0, 0, 0, 5],
  };
}

function parteRows(p: DanfseParte): Field[][] {
  const municipio = [p.municipio, p.uf].filter(Boolean).join(' - ');
  return [
    [{ label: 'Nome / Nome Empresarial', value: orBlank(p.nome), span: 3 }, { label: 'CNPJ / CPF / NIF', value: orBlank(formatCpfCnpj(p.documento)) }],
    [
      { label: 'Inscrição Municipal', value: orBlank(p.inscricaoMunicipal) },
      { label: 'Telefone', value: orBlank(formatPhone(p.telefone)) },
      { label: 'E-mail', value: orBlank(p.email), span: 2 },
    ],
    [
      { label: 'Endereço', value: orBlank(p.endereco), span: 2 },
      { label: 'Município / UF', value: orBlank(municipio) },
      { label: 'CEP', value: orBlank(formatCep(p.cep)) },
    ],
  ];
}

function banner(text: string): Content {
  return {
    table: { widths: ['*'], body: [[{ text, bold: true, fontSize: 10, alignment: 'center', color: '#b42318', fillColor: '#fdecea' }]] },
    layout: { hLineWidth: () => 1, vLineWidth: () => 1, hLineColor: () => '#b42318', vLineColor: () => '#b42318', paddingTop: () => 4, paddingBottom: () => 4 },
    margin: [0, 0, 0, 5],
  };
}

function header(d: DanfseData, logo: string | undefined): Content {
  const qr = !d.previa && d.chaveAcesso && d.urlConsulta ? d.urlConsulta : undefined;
  return {
    table: {
      widths: [130, '*', 130],
      body: [[
        logo ? { image: logo, fit: [120, 48], margin: [0, 2, 0, 2] } : { text: '' },
        {
          stack: [
            { text: 'DANFSe v1.0', bold: true, fontSize: 14 },
            { text: 'Documento Auxiliar da NFS-e', fontSize: 9, color: PDF_COLORS.muted, margin: [0, 2, 0, 0] },
          ],
          alignment: 'center',
          margin: [0, 8, 0, 0],
        },
        qr ? { qr, fit: 56, alignment: 'right' } : { text: '' },
      ]],
    },
    layout: 'noBorders',
    margin: [0, 0, 0, 6],
  };
}

export async function danfsePdf(d: DanfseData, logo?: Buffer): Promise<Buffer> {
  const pendente = 'Gerado na emissão';
  const content: Content[] = [];
  if (d.previa) content.push(banner('SEM VALOR FISCAL — PRÉ-VISUALIZAÇÃO'));
  if (d.ambiente === 'homologacao') content.push(banner('NFS-e EMITIDA EM AMBIENTE DE HOMOLOGAÇÃO – SEM VALOR JURÍDICO'));
  content.push(header(d, imageDataUrl(logo)));

  content.push(block('CHAVE DE ACESSO DA NFS-e', [
    [d.chaveAcesso
      ? { label: 'Chave de Acesso da NFS-e', value: formatChaveAcesso(d.chaveAcesso), span: 4, strong: true }
      : { label: 'Chave de Acesso da NFS-e', value: pendente, span: 4, muted: true }],
    [
      d.numeroNfse ? { label: 'Número da NFS-e', value: d.numeroNfse } : { label: 'Número da NFS-e', value: pendente, muted: true },
      { label: 'Competência da NFS-e', value: orBlank(formatBusinessDate(d.competencia)) },
      d.emissaoNfse ? { label: 'Data e Hora da emissão da NFS-e', value: formatDateTime(d.emissaoNfse), span: 2 } : { label: 'Data e Hora da emissão da NFS-e', value: pendente, span: 2, muted: true },
    ],
    [
      { label: 'Número da DPS', value: orBlank(d.numeroDps) },
      { label: 'Série da DPS', value: orBlank(d.serieDps) },
      { label: 'Data e Hora da emissão da DPS', value: d.emissaoDps ? formatDateTime(d.emissaoDps) : BLANK, span: 2 },
    ],
  ]));

  content.push(block('EMITENTE DA NFS-e — PRESTADOR DO SERVIÇO', [
    ...parteRows(d.prestador),
    [
      { label: 'Simples Nacional na Data de Competência', value: orBlank(d.simplesNacional), span: 2 },
      { label: 'Regime de Apuração Tributária pelo SN', value: orBlank(d.regimeApuracaoSn), span: 2 },
    ],
  ]));

  content.push(block('TOMADOR DO SERVIÇO', d.tomador
    ? parteRows(d.tomador)
    : [[{ label: 'Tomador', value: 'TOMADOR DO SERVIÇO NÃO IDENTIFICADO NA NFS-e', span: 4 }]]));

  content.push(block('SERVIÇO PRESTADO', [
    [
      {
        label: 'Código de Tributação Nacional',
        value: d.descricaoTributacaoNacional ? `${d.codigoTributacaoNacional} - ${d.descricaoTributacaoNacional}` : orBlank(d.codigoTributacaoNacional),
        span: 2,
      },
      { label: 'Código de Tributação Municipal', value: orBlank(d.codigoTributacaoMunicipal) },
      { label: 'Local da Prestação', value: orBlank(d.localPrestacao) },
    ],
    [{ label: 'Descrição do Serviço', value: orBlank(d.descricaoServico), span: 4 }],
  ]));

  content.push(block('TRIBUTAÇÃO MUNICIPAL (ISSQN)', [
    [
      { label: 'Tributação do ISSQN', value: orBlank(d.tributacaoIssqn) },
      { label: 'Município de Incidência do ISSQN', value: orBlank(d.municipioIncidencia) },
      { label: 'Regime Especial de Tributação', value: orBlank(d.regimeEspecial) },
      { label: 'Retenção do ISSQN', value: d.issqnRetido ? 'Retido pelo Tomador' : 'Não Retido' },
    ],
    [
      { label: 'Valor do Serviço', value: pdfMoney(d.valorServico) },
      { label: 'Base de Cálculo do ISSQN', value: pdfMoney(d.baseCalculoIssqn) },
      { label: 'Alíquota Aplicada', value: pdfPercent(d.aliquotaIssqn) },
      { label: 'ISSQN Apurado', value: pdfMoney(d.valorIssqn) },
    ],
  ]));

  content.push(block('TRIBUTAÇÃO FEDERAL', [[
    { label: 'PIS', value: pdfMoney(d.pis) },
    { label: 'COFINS', value: pdfMoney(d.cofins) },
    { label: 'IRRF', value: pdfMoney(d.irrf) },
    { label: 'CSLL', value: pdfMoney(d.csll) },
  ]]));

  content.push(block('VALOR TOTAL DA NFS-E', [
    [
      { label: 'Valor do Serviço', value: pdfMoney(d.valorServico) },
      { label: 'Desconto Incondicionado', value: pdfMoney(d.descontoIncondicionado) },
      { label: 'Desconto Condicionado', value: pdfMoney(d.descontoCondicionado) },
      { label: 'ISSQN Retido', value: pdfMoney(d.issqnRetido ? d.valorIssqn : 0) },
    ],
    [
      { label: 'IRRF, CSLL, PIS/COFINS e CP Retidos', value: pdfMoney(d.retencoesFederais), span: 2 },
      { label: 'Valor Líquido da NFS-e', value: pdfMoney(d.valorLiquido), span: 2, strong: true },
    ],
  ]));

  content.push(block('INFORMAÇÕES COMPLEMENTARES', [[{ label: '', value: orBlank(d.informacoesComplementares), span: 4 }]]));

  const title = d.previa ? 'DANFSe - pré-visualização' : `DANFSe ${d.numeroNfse ?? ''}`.trim();
  return buildPdf({
    pageMargins: [MARGIN, MARGIN, MARGIN, 36],
    info: { title },
    footer: pageFooter(MARGIN),
    watermark: d.previa ? { text: 'SEM VALOR FISCAL', color: '#b42318', opacity: 0.1, bold: true, fontSize: 64 } : undefined,
    content,
  });
}
