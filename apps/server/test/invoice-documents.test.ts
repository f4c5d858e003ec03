import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPdf, cellText, housePage, imageDataUrl, pdfPercent, sectionTitle, zebraTable } from '../src/downloads/pdf-builder';
import { type DanfseData, danfsePdf, formatChaveAcesso } from '../src/features/invoice-documents/danfse';
import {
  type MovimentoLinha, type MovimentoMensalidade, type MovimentoResumo, movimentoReportPdf, movimentoReportXlsx, sinteticoRows,
} from '../src/features/invoice-documents/movimento-report';
import { diasSemanaText, type PrevisaoInput, previsaoReportPdf, previsaoReportXlsx } from '../src/features/invoice-documents/previsao-report';
import { spreadsheetRows } from './spreadsheet-text';

/**
 * The product's PDFs are checked the way a person would: poppler renders every page (a broken file does not) and
 * pdftotext reads what is printed; the XLSX files are read back with exceljs as typed cells.
 */

let dir: string;
beforeAll(() => { dir = fs.mkdtempSync(path.join(os.tmpdir(), 'invoice-documents-')); });
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function save(name: string, pdf: Buffer): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, pdf);
  return file;
}

/** The printed text, with Intl's NBSP (after 'R$') read as the space a reader sees. */
function pdfText(file: string): string {
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\u00a0/g, ' ');
}

/** Renders every page at 60 dpi; returns each PNG's pixel size (read from its IHDR) and byte size. */
function render(file: string): { width: number; height: number; bytes: number }[] {
  const prefix = file.replace(/\.pdf$/, '');
  execFileSync('pdftoppm', ['-png', '-r', '60', file, prefix]);
  const base = path.basename(prefix);
  return fs.readdirSync(dir).filter((f) => f.startsWith(`${base}-`) && f.endsWith('.png')).sort().map((f) => {
    const png = fs.readFileSync(path.join(dir, f));
    return { width: png.readUInt32BE(16), height: png.readUInt32BE(20), bytes: png.length };
  });
}

// A4 at 60 dpi: 595.28 × 841.89 pt → 497 × 702 px (poppler rounds up)
const A4_PORTRAIT = { width: 497, height: 702 };
const A4_LANDSCAPE = { width: 702, height: 497 };

function expectPdf(pdf: Buffer): void {
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.subarray(-8).toString('latin1')).toContain('%%EOF');
}

/** A tiny solid-colour PNG, built here so the test carries no binary fixture. */
function solidPng(w: number, h: number, rgb: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) raw.set(rgb, y * (w * 3 + 1) + 1 + x * 3);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

const CHAVE = '35503082212345678000195000000000012324031234567890';

const DANFSE: DanfseData = {
  previa: false,
  ambiente: 'producao',
  chaveAcesso: CHAVE,
  numeroNfse: '123',
  competencia: '2024-03-31',
  emissaoNfse: '2024-04-01T13:05:00Z',
  numeroDps: '456',
  serieDps: '900',
  emissaoDps: '2024-04-01T13:04:00Z',
  prestador: {
    documento: '12345678000195', inscricaoMunicipal: '1.234.567-8', nome: 'Concilia Serviços de Conciliação Ltda',
    endereco: 'Avenida Paulista, 1000, Conj. 101, Bela Vista', municipio: 'São Paulo', uf: 'SP', cep: '01310100',
    telefone: '11987654321', email: 'financeiro@concilia.example',
  },
  simplesNacional: 'Optante - Microempresa ou Empresa de Pequeno Porte (ME/EPP)',
  regimeApuracaoSn: 'Regime de apuração dos tributos federais e municipal pelo SN',
  tomador: {
    documento: '98765432000198', inscricaoMunicipal: null, nome: 'Padaria Pão Quente Ltda',
    endereco: 'Rua das Flores, 25, Centro', municipio: 'Campinas', uf: 'SP', cep: '13010050',
    telefone: '1932345678', email: 'contato@paoquente.example',
  },
  codigoTributacaoNacional: '01.07.01',
  descricaoTributacaoNacional: 'Suporte técnico em informática',
  codigoTributacaoMunicipal: '02800',
  localPrestacao: 'São Paulo - SP',
  descricaoServico: 'Conciliação de vendas com cartões referente ao movimento de 01/03/2024 a 31/03/2024.',
  tributacaoIssqn: 'Operação Tributável',
  municipioIncidencia: 'São Paulo - SP',
  regimeEspecial: 'Nenhum',
  valorServico: 123456,
  descontoIncondicionado: 0,
  descontoCondicionado: 0,
  baseCalculoIssqn: 123456,
  aliquotaIssqn: '2.0000',
  valorIssqn: 2469,
  issqnRetido: false,
  pis: 802,
  cofins: 3704,
  irrf: 1852,
  csll: 1235,
  retencoesFederais: 0,
  valorLiquido: 123456,
  informacoesComplementares: 'Movimento fechado nº 2024-03-0001.\nDocumento emitido por ME ou EPP optante pelo Simples Nacional.',
  urlConsulta: 'https://www.nfse.gov.br/ConsultaPublica/?tpc=1&chave=' + CHAVE,
};

const PREVIA: DanfseData = { ...DANFSE, previa: true, chaveAcesso: null, numeroNfse: null, emissaoNfse: null, ambiente: 'homologacao' };

describe('pdf-builder', () => {
  it('formats cells at the edge: centavos to R$, percent points with 2–4 decimals, São Paulo days', () => {
    expect(cellText('money', 123456).replace(/\u00a0/g, ' ')).toBe('R$ 1.234,56');
    expect(cellText('money', -150).replace(/\u00a0/g, ' ')).toBe('-R$ 1,50');
    expect(pdfPercent('2.5000')).toBe('2,50%');
    expect(pdfPercent(1.23456)).toBe('1,2346%');
    expect(cellText('date', '2024-03-05')).toBe('05/03/2024');
    // 01:30 UTC on the 6th is still the 5th in São Paulo
    expect(cellText('date', '2024-03-06T01:30:00Z')).toBe('05/03/2024');
    expect(cellText('number', 12345)).toBe('12.345');
    expect(cellText('text', null)).toBe('');
  });

  it('accepts PNG and JPEG logos only', () => {
    expect(imageDataUrl(solidPng(2, 2, [0, 0, 0]))).toMatch(/^data:image\/png;base64,/);
    expect(imageDataUrl(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toMatch(/^data:image\/jpeg;base64,/);
    expect(imageDataUrl(Buffer.from('GIF89a'))).toBeUndefined();
    expect(imageDataUrl(undefined)).toBeUndefined();
  });

  it('prints the house header (title, emission time in São Paulo) and the page footer', async () => {
    const file = save('house.pdf', await buildPdf(housePage({ title: 'Relatório de teste', now: new Date('2024-04-01T02:30:00Z'), content: [{ text: 'Olá, ção' }] })));
    const text = pdfText(file);
    expect(text).toContain('Relatório de teste');
    expect(text).toContain('Emitido em 31/03/2024 23:30');
    expect(text).toContain('Olá, ção');
    expect(text).toContain('Página 1 de 1');
  });

  it('never leaves a section title alone at the foot of a page', async () => {
    const page1 = async (spacer: number) => {
      const content = [
        { text: 'topo', margin: [0, 0, 0, spacer] as [number, number, number, number] },
        sectionTitle('Seção X'),
        zebraTable([{ key: 'a', header: 'Coluna', kind: 'text' }], Array.from({ length: 5 }, (_, i) => ({ a: `linha ${i}` }))),
      ];
      const file = save(`titulo-${spacer}.pdf`, await buildPdf(housePage({ title: 'T', content })));
      return execFileSync('pdftotext', ['-f', '1', '-l', '1', file, '-'], { encoding: 'utf8' });
    };
    // 734 pt of portrait content area: at 690 the title would fit but its table would not
    expect(await page1(690)).not.toContain('Seção X');
    expect(await page1(500)).toContain('Seção X');
  });

  it('refuses to read local files other than its fonts', async () => {
    await expect(buildPdf({ content: [{ image: '/etc/passwd' }] })).rejects.toThrow(/denied/);
  });
});

describe('DANFSE', () => {
  it('groups the access key by four digits', () => {
    expect(formatChaveAcesso(CHAVE)).toBe('3550 3082 2123 4567 8000 1950 0000 0000 0123 2403 1234 5678 90');
  });

  it('prints an issued NFS-e with every block, formatted ids and amounts, on one A4 page', async () => {
    const file = save('danfse.pdf', await danfsePdf(DANFSE, solidPng(120, 40, [29, 78, 137])));
    expectPdf(fs.readFileSync(file));
    const pages = render(file);
    expect(pages).toHaveLength(1);
    expect(pages[0]).toMatchObject(A4_PORTRAIT);
    expect(pages[0]!.bytes).toBeGreaterThan(10_000);
    const text = pdfText(file);
    for (const t of [
      'DANFSe v1.0', 'Documento Auxiliar da NFS-e', 'CHAVE DE ACESSO DA NFS-e', formatChaveAcesso(CHAVE),
      'Número da NFS-e', 'Competência da NFS-e', '31/03/2024', '01/04/2024 10:05', 'Número da DPS', '456', '900',
      'EMITENTE DA NFS-e', '12.345.678/0001-95', '1.234.567-8', 'Concilia Serviços de Conciliação Ltda', 'São Paulo - SP', '01310-100',
      '(11) 98765-4321', 'financeiro@concilia.example', 'Optante - Microempresa ou Empresa de Pequeno Porte (ME/EPP)',
      'TOMADOR DO SERVIÇO', '98.765.432/0001-98', 'Padaria Pão Quente Ltda', 'Campinas - SP', '13010-050', '(19) 3234-5678',
      'SERVIÇO PRESTADO', '01.07.01 - Suporte técnico em informática', '02800', 'Conciliação de vendas com cartões',
      'TRIBUTAÇÃO MUNICIPAL', 'Operação Tributável', 'R$ 1.234,56', '2,00%', 'R$ 24,69', 'Não Retido',
      'TRIBUTAÇÃO FEDERAL', 'R$ 8,02', 'R$ 37,04', 'R$ 18,52', 'R$ 12,35',
      'VALOR TOTAL DA NFS-E', 'Valor Líquido da NFS-e', 'INFORMAÇÕES COMPLEMENTARES', 'Movimento fechado nº 2024-03-0001.',
      'Página 1 de 1',
    ]) expect(text, t).toContain(t);
    expect(text).not.toContain('SEM VALOR FISCAL');
    expect(text).not.toContain('HOMOLOGAÇÃO');
  });

  it('marks the preview SEM VALOR FISCAL and the homologation environment, without a key or number', async () => {
    const file = save('danfse-previa.pdf', await danfsePdf(PREVIA));
    const pages = render(file);
    expect(pages).toHaveLength(1);
    expect(pages[0]).toMatchObject(A4_PORTRAIT);
    const text = pdfText(file);
    expect(text).toContain('SEM VALOR FISCAL — PRÉ-VISUALIZAÇÃO');
    expect(text).toContain('NFS-e EMITIDA EM AMBIENTE DE HOMOLOGAÇÃO – SEM VALOR JURÍDICO');
    expect(text).toContain('Gerado na emissão');
    expect(text).not.toContain('3550 3082');
    expect(text).toContain('R$ 1.234,56');
  });

  it('lets long texts (2,000 characters each, the national limit) flow to a second page, nothing cut off', async () => {
    const longo = (fim: string) => `${'Serviço de conciliação de vendas com cartões de crédito e débito. '.repeat(30).slice(0, 1990)} ${fim}`;
    const file = save('danfse-longa.pdf', await danfsePdf({ ...DANFSE, descricaoServico: longo('FIM-DESCRICAO'), informacoesComplementares: longo('FIM-INFORMACOES') }));
    const pages = render(file);
    for (const p of pages) expect(p).toMatchObject(A4_PORTRAIT);
    const text = pdfText(file);
    expect(text).toContain('FIM-DESCRICAO');
    expect(text).toContain('FIM-INFORMACOES');
    expect(text).toContain(`Página ${pages.length} de ${pages.length}`);
  });

  it('says so when the tomador is not identified, and prints without a logo', async () => {
    const file = save('danfse-sem-tomador.pdf', await danfsePdf({ ...DANFSE, tomador: null, urlConsulta: null }, Buffer.from('not an image')));
    const text = pdfText(file);
    expect(text).toContain('TOMADOR DO SERVIÇO NÃO IDENTIFICADO NA NFS-e');
    expect(text).not.toContain('Padaria');
  });
});

const RESUMO: MovimentoResumo = {
  chave: '2024-03-0001', nome: 'Padaria Pão Quente Ltda', filtrode: '2024-03-01', filtroate: '2024-03-31', datainclusao: '2024-04-01T14:20:00Z',
  valorbruto: 12345678, valorliquidoadm: 12000000, valorliquidoterminal: 11900000, creditos: 5000, debitos: 2500, valorservico: 19990, quantidade: 90,
};

/** 90 sale lines over three days and two terminals: enough for a second landscape page. */
const LINHAS: MovimentoLinha[] = Array.from({ length: 90 }, (_, i) => ({
  datavenda: `2024-03-0${1 + (i % 3)}`,
  terminal: i % 2 ? 'PDV-02' : 'PDV-01',
  nsu: String(100000 + i),
  autorizacao: i % 10 === 0 ? null : `A${String(i).padStart(5, '0')}`,
  operadora: i % 2 ? 'Cielo' : 'Rede',
  produto: i % 3 ? 'Crédito à vista' : 'Débito',
  parcelas: 1 + (i % 3),
  valorbruto: 123456 + i,
  valorliquidoadm: 120000 + i,
  valorliquidoterminal: 119000 + i,
  taxaterminal: '2.5000',
}));

const MENSALIDADES: MovimentoMensalidade[] = [
  { terminal: 'PDV-01', competencia: '2024-03', valor: 9990 },
  { terminal: 'PDV-02', competencia: '2024-03', valor: 10000 },
];

const sumOf = (k: 'valorbruto' | 'valorliquidoadm' | 'valorliquidoterminal') => LINHAS.reduce((a, l) => a + l[k], 0);
const brl = (c: number) => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(c / 100).replace(/\u00a0/g, ' ');

describe('Movimento Fechado', () => {
  it('sums the sintético per São Paulo day and terminal, in order', () => {
    const rows = sinteticoRows([
      { ...LINHAS[0]!, datavenda: '2024-03-02T02:00:00Z', terminal: 'PDV-10', valorbruto: 100 }, // 01/03 23:00 in São Paulo
      { ...LINHAS[0]!, datavenda: '2024-03-01', terminal: 'PDV-10', valorbruto: 50 },
      { ...LINHAS[0]!, datavenda: '2024-03-01', terminal: 'PDV-9', valorbruto: 7 },
      { ...LINHAS[0]!, datavenda: '2024-03-02', terminal: 'PDV-1', valorbruto: 1 },
    ]);
    expect(rows.map((r) => [r.dia, r.terminal, r.quantidade, r.valorbruto])).toEqual([
      ['2024-03-01', 'PDV-9', 1, 7], ['2024-03-01', 'PDV-10', 2, 150], ['2024-03-02', 'PDV-1', 1, 1],
    ]);
  });

  it('prints the analítico: header, summary, one row per sale, totals, monthly fees, over two landscape pages', async () => {
    const file = save('movimento-a.pdf', await movimentoReportPdf('A', RESUMO, LINHAS, MENSALIDADES, new Date('2024-04-02T12:00:00Z')));
    expectPdf(fs.readFileSync(file));
    const pages = render(file);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    for (const p of pages) expect(p).toMatchObject(A4_LANDSCAPE);
    expect(pages[0]!.bytes).toBeGreaterThan(10_000);
    const text = pdfText(file);
    for (const t of [
      'Movimento Fechado — Analítico', 'Emitido em 02/04/2024 09:00', 'Padaria Pão Quente Ltda', '01/03/2024 a 31/03/2024', '01/04/2024 11:20',
      'Valor bruto', 'R$ 123.456,78', 'Líquido administradora', 'R$ 120.000,00', 'Líquido terminal', 'R$ 119.000,00',
      'Créditos', 'R$ 50,00', 'Débitos', 'R$ 25,00', 'Valor do serviço', 'R$ 199,90',
      'NSU', 'Autorização', '100089', 'A00089', 'Crédito à vista', '2,50%', 'R$ 1.234,56',
      `Página 1 de ${pages.length}`, `Página 2 de ${pages.length}`,
      'Mensalidades', '03/2024', 'R$ 99,90', 'R$ 199,90',
      brl(sumOf('valorbruto')), brl(sumOf('valorliquidoadm')), brl(sumOf('valorliquidoterminal')),
    ]) expect(text, t).toContain(t);
    // the header row repeats on the second page
    expect(text.split('Autorização').length - 1).toBe(pages.length);
  });

  it('prints the sintético with one row per day and terminal, in portrait', async () => {
    const file = save('movimento-s.pdf', await movimentoReportPdf('S', RESUMO, LINHAS, MENSALIDADES));
    const pages = render(file);
    expect(pages).toHaveLength(1);
    expect(pages[0]).toMatchObject(A4_PORTRAIT);
    const text = pdfText(file);
    expect(text).toContain('Movimento Fechado — Sintético');
    expect(text).not.toContain('Autorização');
    // 01/03, PDV-01: sales 0, 6, 12, … 84 (i ≡ 0 mod 6) — 15 of them
    const dia1pdv1 = LINHAS.filter((l) => l.datavenda === '2024-03-01' && l.terminal === 'PDV-01');
    expect(dia1pdv1).toHaveLength(15);
    expect(text).toMatch(new RegExp(`01/03/2024\\s+PDV-01\\s+15\\s+${brl(dia1pdv1.reduce((a, l) => a + l.valorbruto, 0)).replace(/[.$]/g, '\\$&')}`));
    expect(text).toContain(brl(sumOf('valorbruto')));
  });

  it('writes the XLSX with typed money cells in R$, headers and totals', async () => {
    const sheets = await spreadsheetRows(await movimentoReportXlsx('A', RESUMO, LINHAS, MENSALIDADES));
    expect(Object.keys(sheets)).toEqual(['Resumo', 'Vendas', 'Mensalidades']);
    const resumo = sheets.Resumo!;
    expect(resumo[0]!.values).toEqual(['Fechamento', 'Cliente', 'De', 'Até', 'Fechado em', 'Valor bruto', 'Líquido administradora', 'Líquido terminal', 'Créditos', 'Débitos', 'Valor do serviço', 'Quantidade', 'Fecha Movimento']);
    expect(resumo[1]!.values).toEqual(['2024-03-0001', 'Padaria Pão Quente Ltda', '2024-03-01', '2024-03-31', '01/04/2024 11:20', 123456.78, 120000, 119000, 50, 25, 199.9, 90]);
    expect(resumo[1]!.formats[5]).toContain('"R$"');

    const vendas = sheets.Vendas!;
    expect(vendas[0]!.values).toEqual(['Data venda', 'Terminal', 'NSU', 'Autorização', 'Operadora', 'Produto', 'Parc.', 'Valor bruto', 'Líq. administradora', 'Taxa terminal', 'Líq. terminal']);
    expect(vendas).toHaveLength(1 + 90 + 1);
    const first = vendas[1]!;
    expect(first.values[0]).toBe('2024-03-01');
    expect(first.values[7]).toBe(1234.56);
    expect(first.formats[7]).toContain('"R$"');
    expect(first.values[9]).toBe(0.025);
    const total = vendas.at(-1)!;
    expect(total.values[0]).toBe('Total');
    expect(total.values[7]).toBeCloseTo(sumOf('valorbruto') / 100, 2);
    expect(total.values[10]).toBeCloseTo(sumOf('valorliquidoterminal') / 100, 2);

    const mens = sheets.Mensalidades!;
    expect(mens.map((r) => r.values)).toEqual([['Terminal', 'Competência', 'Valor'], ['PDV-01', '03/2024', 99.9], ['PDV-02', '03/2024', 100], ['Total', null, 199.9]]);
  });

  it('writes the sintético XLSX per day and terminal', async () => {
    const sheets = await spreadsheetRows(await movimentoReportXlsx('S', RESUMO, LINHAS, MENSALIDADES));
    expect(Object.keys(sheets)).toEqual(['Resumo', 'Por dia e terminal', 'Mensalidades']);
    const rows = sheets['Por dia e terminal']!;
    expect(rows[0]!.values).toEqual(['Data venda', 'Terminal', 'Vendas', 'Valor bruto', 'Líq. administradora', 'Líq. terminal']);
    expect(rows).toHaveLength(1 + 6 + 1);
    expect(rows.at(-1)!.values.slice(0, 3)).toEqual(['Total', null, 90]);
  });
});

const PREVISAO: PrevisaoInput = {
  vendade: '2024-03-01', vendaate: '2024-03-31', dias: [6, 2, 4, 2],
  clientes: [
    { nome: 'Padaria Pão Quente Ltda', quantidade: 120, valorbruto: 123456, valorliquidoadm: 120000, valorliquidoterminal: 119000, mensalidades: 9990, valorservico: 1990 },
    { nome: 'Açougue Boi Bom', quantidade: 30, valorbruto: 50000, valorliquidoadm: 49000, valorliquidoterminal: 48500, mensalidades: 0, valorservico: 500 },
  ],
};

describe('Fechamento de Movimento Previsão', () => {
  it('writes the weekdays out, in week order', () => {
    expect(diasSemanaText([6, 2, 4, 2])).toBe('Segunda-feira, Quarta-feira e Sexta-feira');
    expect(diasSemanaText([1])).toBe('Domingo');
    expect(diasSemanaText([7, 1])).toBe('Domingo e Sábado');
    expect(diasSemanaText([1, 2, 3, 4, 5, 6, 7])).toBe('Todos os dias');
  });

  it('prints the forecast per client with totals', async () => {
    const file = save('previsao.pdf', await previsaoReportPdf(PREVISAO));
    const pages = render(file);
    expect(pages).toHaveLength(1);
    expect(pages[0]).toMatchObject(A4_LANDSCAPE);
    const text = pdfText(file);
    for (const t of [
      'Fechamento de Movimento Previsão', '01/03/2024 a 31/03/2024', 'Segunda-feira, Quarta-feira e Sexta-feira',
      'Açougue Boi Bom', 'Padaria Pão Quente Ltda', 'R$ 1.234,56', 'R$ 1.734,56', 'R$ 99,90', 'R$ 24,90', 'Total', '150', 'Página 1 de 1',
    ]) expect(text, t).toContain(t);
    // sorted by name: Açougue before Padaria
    expect(text.indexOf('Açougue')).toBeLessThan(text.indexOf('Padaria'));
  });

  it('writes the forecast XLSX', async () => {
    const sheets = await spreadsheetRows(await previsaoReportXlsx(PREVISAO));
    expect(Object.keys(sheets)).toEqual(['Previsão', 'Filtro']);
    const rows = sheets['Previsão']!;
    expect(rows[0]!.values).toEqual(['Cliente', 'Vendas', 'Valor bruto', 'Líq. administradora', 'Líq. terminal', 'Mensalidades', 'Valor do serviço']);
    expect(rows[2]!.values).toEqual(['Padaria Pão Quente Ltda', 120, 1234.56, 1200, 1190, 99.9, 19.9]);
    expect(rows[2]!.formats[2]).toContain('"R$"');
    expect(rows[3]!.values).toEqual(['Total', 150, 1734.56, 1690, 1675, 99.9, 24.9]);
    expect(sheets.Filtro![1]!.values).toEqual(['2024-03-01', '2024-03-31', 'Segunda-feira, Quarta-feira e Sexta-feira']);
  });
});
