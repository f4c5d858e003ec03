import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { withRawTransaction } from '@concilia/db';
import {
  addDays, CSV_BOM, FILE_STATUS, PAYMENT_RESULTS, REPORT_GROUPS, REPORT_PDF_MAX_ROWS, REPORTS, type ReportDef, SALE_RESULTS, TIPOS_REGISTRO, todayBusiness,
} from '@concilia/domain';
import { fileText, generateScenario, type SyntheticSale, WRITERS } from '@concilia/engine';
import ExcelJS from 'exceljs';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_DAYS, seedDemoFiles } from '../src/ingest/demo-files.seed';
import { createIngestion, type Ingestion } from '../src/ingest/ingestion';
import { reconcilePayments } from '../src/reconcile/payment-reconciliation';
import { REPORT_SOURCES } from '../src/reports/sources';
import { BASE_URL, createTestApp, dataOf, engines, errorOf, type TestApp } from './harness';
import { pdfText } from './support/pdf-text';

/**
 * The report generators (issue 20) on the demo: the demo's generated operator and sales files (Cielo for 'Pão Quente -
 * Centro', Rede for 'Pão Quente - Savassi', Getnet for 'Bom Preço - Matriz', each with the unit's own sales file)
 * loaded through the real pipeline, a Mercado Pago statement of the Centro unit (marketplace ids), a file that failed,
 * and — in a statement of their own, so the delivered files stay as they came — what the demo's files never carry,
 * for the Savassi unit's Rede sales:
 *   P1  an overdue installment paid 3 days after its date, in full            → 'Pago com atraso', 3 days
 *   P2  an overdue installment paid on its date, R$ 1,37 short                 → 'Pago com valor diferente', −137
 *   P3  an overdue installment paid on its date, in full                       → 'Pago'
 *   P4  an installment still to come, anticipated yesterday at the contracted cost + R$ 2,50 (the unit's own
 *       advance-payment rate: 2 % a month, pro rata over 30 days)            → 'Antecipado'; R$ 2,50 to claim back
 *   S1  a sale taken back by a chargeback (reason 62), S2 one cancelled (reason 01) → 'Ajustado', the sale's result
 *       Chargeback / Cancelado
 * then the payment reconciliation runs again over the whole demo, as the matching job would.
 *
 * Every generator runs as ADMIN in each of its formats, the spreadsheet and the CSV read back and compared; the
 * main ones of each family are checked against figures computed here straight from the tables or the files.
 */

const quiet = pino({ level: 'silent' });

/**
 * The first page of a PDF as poppler draws it (grey, 30 dpi, a PGM: a header and one byte per pixel): its size and the
 * share of its pixels that carry ink — a page that renders blank, or not at all, fails.
 */
function renderFirstPage(pdf: Uint8Array): { width: number; height: number; ink: number } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'concilia-report-pdf-'));
  try {
    fs.writeFileSync(path.join(dir, 'r.pdf'), pdf);
    execFileSync('pdftoppm', ['-gray', '-r', '30', '-f', '1', '-l', '1', '-singlefile', path.join(dir, 'r.pdf'), path.join(dir, 'p')]);
    const pgm = fs.readFileSync(path.join(dir, 'p.pgm'));
    const [, w, h] = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 32).toString('latin1'))!;
    const width = Number(w);
    const height = Number(h);
    const pixels = pgm.subarray(pgm.length - width * height);
    let dark = 0;
    for (const v of pixels) if (v < 160) dark++;
    return { width, height, ink: dark / pixels.length };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The text of a PDF of many pages (poppler's pdftotext, as support/pdf-text.ts, with room for it). */
function bigPdfText(pdf: Uint8Array): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'concilia-relatorio-'));
  try {
    fs.writeFileSync(path.join(dir, 'r.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', path.join(dir, 'r.pdf'), '-'], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 }).replace(/\u00a0/g, ' ');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const MONEY_FORMAT = '"R$" #,##0.00;[Red]-"R$" #,##0.00';
const SALES_PER_UNIT = 120;
const MP_SELLER_FILE = '555000111';

type Row = Record<string, unknown>;
type Report = { arquivo: string; data: string; mensagem: string; linhas: number; rows: Row[]; totals: Row | null; header: string[]; body: Uint8Array; type: string };

const pascal = (key: string) => key.split('-').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
const defOf = (key: string) => {
  const def = REPORTS.find((r) => r.key === key);
  if (!def) throw new Error(`no report ${key}`);
  return def;
};
const num = (v: unknown) => Number(v ?? 0);
/** part / whole in percent, rounded half away from zero to `decimals` places, in integers (as PostgreSQL's round(numeric)). */
const pct = (part: number, whole: number, decimals: number) => {
  const n = part * 100 * 10 ** decimals;
  const q = Math.floor(n / whole);
  return (2 * (n - q * whole) >= whole ? q + 1 : q) / 10 ** decimals;
};

/** 'R$' text of the CSV ('1.234,56', '-1,37') → centavos. */
const centavosOf = (s: string) => {
  const m = /^(-?)([\d.]+),(\d{2})$/.exec(s);
  if (!m) throw new Error(`not an amount: ${s}`);
  return (m[1] ? -1 : 1) * Number(`${m[2]!.replace(/\./g, '')}${m[3]}`);
};

/** RFC 4180 with ';' (the product's CSV): fields, a quoted one may hold the separator and doubled quotes. */
function csvRecords(text: string): string[][] {
  const out: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') { field += '"'; i++; } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ';') { row.push(field); field = ''; } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(field); out.push(row); row = []; field = ''; i++;
    } else field += ch;
  }
  if (field !== '' || row.length) { row.push(field); out.push(row); }
  return out;
}

/** A CSV cell as the product keeps the value (centavos, 'YYYY-MM-DD', numbers), or null when empty. */
function fromCsv(kind: string, s: string): unknown {
  if (s === '') return null;
  switch (kind) {
    case 'money': return centavosOf(s);
    case 'date': { const [d, m, y] = s.split('/'); return `${y}-${m}-${d}`; }
    case 'number': return Number(s);
    case 'percent': return Number(s.replace(',', '.'));
    // a text that a spreadsheet would run as a formula is written with a leading quote
    default: return s.startsWith("'") ? s.slice(1) : s;
  }
}

/** A spreadsheet cell as the product keeps the value: money back to centavos, a percent cell (0.0235) back to 2.35. */
function fromXlsx(kind: string, v: unknown): unknown {
  if (v === null || v === undefined || v === '') return null;
  switch (kind) {
    case 'money': return Math.round(Number(v) * 100);
    case 'percent': return Math.round(Number(v) * 100 * 1e6) / 1e6;
    case 'date': return v instanceof Date ? v.toISOString().slice(0, 10) : String(v);
    case 'number': return Number(v);
    default: return String(v);
  }
}

describe.each(engines())('report generators on %s', (engine) => {
  let t: TestApp;
  let ing: Ingestion;
  let admin: string;
  let cliente: string;
  let cliente2: string;
  const today = todayBusiness();
  /** every sale of the demo and every forecast of its installments */
  const W = { de: addDays(today, -DEMO_DAYS - 5), ate: addDays(today, 200) };
  const ids: Record<string, number> = {};
  /** the hand-made cases of the header comment, as they were picked */
  const fx: Record<string, Row> = {};
  let contratada = 0;
  /** the hand-made late-file alarm its file cleared: opened, cleared (São Paulo) and the file */
  let alarme: Row = {};

  const exec = (q: string) => t.exec(q);
  const one = async (q: string) => (await exec(q))[0]!;
  /**
   * The operator sales a correction names (establishment, NSU and sale date, as the operators do), straight from
   * the lines: the demo's own files carry a few, beside the hand-made S1 and S2. A chargeback outranks a cancellation.
   */
  const CORRIGIDAS = `SELECT s.codlinha, s.codpessoa, s.valorbruto,
      CASE WHEN bool_or(x.tipo = 'chargeback') THEN 'chargeback' WHEN bool_or(x.tipo = 'cancellation') THEN 'cancelado' END AS resultado
    FROM linhas_operadora s JOIN linhas_operadora x ON x.tipo IN ('chargeback', 'cancellation', 'adjustment') AND x.codoperadora = s.codoperadora
      AND x.estabelecimento = s.estabelecimento AND x.nsu = s.nsu AND x.datavenda = s.data
    WHERE s.tipo = 'sale' AND s.codpessoa IS NOT NULL GROUP BY s.codlinha, s.codpessoa, s.valorbruto`;

  /** Runs a generator through its GraphQL call and fetches the file as the browser would, read back by format. */
  async function gerar(key: string, filtro: Row, formato: string, cookie = admin): Promise<Report> {
    const def = defOf(key);
    const doc = `mutation($f: Relatorio${pascal(key)}FiltroInput!, $x: String) { ${def.operation}(filtro: $f, formato: $x) { arquivo data mensagem linhas download } }`;
    const g = dataOf(await t.call(doc, { f: filtro, x: formato }, { cookie }))[def.operation] as { arquivo: string; data: string; mensagem: string; linhas: number; download: string };
    const res = await t.app.fetch(`${BASE_URL}${g.download}`, { method: 'GET', headers: { cookie } }, { ip: '127.0.0.1' });
    expect(res.status).toBe(200);
    const body = new Uint8Array(await res.arrayBuffer());
    const type = res.headers.get('content-type') ?? '';
    const base = { ...g, body, type, rows: [] as Row[], totals: null as Row | null, header: [] as string[] };
    if (formato === 'xlsx') return { ...base, ...(await readXlsx(def, body, g.linhas)) };
    if (formato === 'csv') return { ...base, ...readCsv(def, body) };
    return base;
  }

  /** The sheet: header, rows (checked cell by cell against the column kinds) and the totals row. */
  async function readXlsx(def: ReportDef, body: Uint8Array, linhas: number) {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe(def.title.slice(0, 31));
    const cells = (r: number) => def.columns.map((_, i) => sheet.getRow(r).getCell(i + 1));
    const header = cells(1).map((c) => String(c.value));
    const rows: Row[] = [];
    for (let r = 2; r < 2 + linhas; r++) {
      rows.push(Object.fromEntries(cells(r).map((cell, i) => {
        const c = def.columns[i]!;
        if (c.kind === 'money' && cell.value !== null) {
          expect(typeof cell.value, `${def.key} ${c.key}`).toBe('number');
          expect(cell.numFmt, `${def.key} ${c.key}`).toBe(MONEY_FORMAT);
        }
        if (c.kind === 'date' && cell.value !== null) expect(cell.value, `${def.key} ${c.key}`).toBeInstanceOf(Date);
        return [c.key, fromXlsx(c.kind, cell.value)];
      })));
    }
    const last = cells(2 + linhas);
    const declared = def.columns.some((c) => c.total);
    let totals: Row | null = null;
    if (declared && linhas > 0) {
      expect(last[0]!.value).toBe('Total');
      totals = Object.fromEntries(last.map((cell, i) => {
        const c = def.columns[i]!;
        const v = cell.value as { formula?: string; result?: unknown } | null;
        // the file holds <f>SUM(…)</f><v>0</v> for a zero total, which exceljs reads back without a result
        return [c.key, c.total ? fromXlsx(c.kind, v?.result ?? (v?.formula ? 0 : null)) : null];
      }).filter(([k]) => def.columns.find((c) => c.key === k)!.total));
    } else {
      expect(last.every((c) => c.value === null), `${def.key}: nothing after the rows`).toBe(true);
    }
    return { header, rows, totals };
  }

  function readCsv(def: ReportDef, body: Uint8Array) {
    // the BOM kept, to see it is there
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(body);
    expect(text.startsWith(CSV_BOM)).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    const [header, ...records] = csvRecords(text.slice(1));
    for (const r of records) expect(r.length, `${def.key}: ${r.join(';')}`).toBe(def.columns.length);
    const rows = records.map((r) => Object.fromEntries(def.columns.map((c, i) => [c.key, fromCsv(c.kind, r[i]!)])));
    return { header: header!, rows, totals: null };
  }

  /** A report's rows in the spreadsheet (the default format). */
  const xlsx = (key: string, filtro: Row = W, cookie = admin) => gerar(key, filtro, 'xlsx', cookie);
  const sum = (rows: Row[], key: string) => rows.reduce((a, r) => a + num(r[key]), 0);

  beforeAll(async () => {
    t = await createTestApp(engine);
    ing = createIngestion({ open: t.opened, log: quiet, filesDir: t.config.filesDir, workers: 1, pollMs: 50 });
    for (const nome of ['Pão Quente - Centro', 'Pão Quente - Savassi', 'Bom Preço - Matriz', 'Padaria Pão Quente Ltda']) {
      ids[nome] = num((await one(`SELECT codpessoa FROM pessoas WHERE nome = '${nome}'`)).codpessoa);
    }
    const savassi = ids['Pão Quente - Savassi']!;

    await seedDemoFiles(t.opened, ing, SALES_PER_UNIT);
    await ing.drain();

    // a Mercado Pago settlement report of the Centro unit (its account is no registered establishment: the lines
    // are the file owner's), sales of the demo's days
    const sales = [...generateScenario({ sales: 24, merchants: [MP_SELLER_FILE], seed: 5, startDate: addDays(today, -10), days: 5 })]
      .map((s) => s.operator).filter((s): s is SyntheticSale => s !== null);
    const mp = [...fileText(WRITERS.mercadopago, { merchantId: MP_SELLER_FILE, fileDate: addDays(today, -4), sequence: 1, sales })].join('');
    await ing.receive({ source: new TextEncoder().encode(mp), name: 'settlement-report-mp.csv', origem: 'CLI', codpessoa: ids['Pão Quente - Centro']! });
    await ing.drain();

    // a file that failed, as a load leaves it
    await exec(`INSERT INTO arquivos (codpessoa, codoperadora, status, origem, nomearquivo, mensagem, dataenvio, sha256, tamanho)
      VALUES (${savassi}, 2, 'ERRO', 'UPLOAD', 'R78901EEVC99.cmp', 'Arquivo com 1 erro; nada foi carregado.\nLinha 7: valor bruto inválido', '${today}', md5('rejeitado-${engine}'), 10)`);

    // late-file alarms of the Savassi unit's Rede establishment (no late-file job runs here): one its file cleared
    // 20 h 30 min after it opened, one still open for 5 h; and two days of an ERP integration schedule of the Padaria
    const redeSavassi = num((await one(`SELECT codestabelecimento FROM estabelecimentos WHERE codexterno = '045678901'`)).codestabelecimento);
    const redeFile = await one(`SELECT codarquivo, nomearquivo FROM arquivos WHERE codoperadora = 2 AND status = 'PROCESSADO' ORDER BY codarquivo LIMIT 1`);
    alarme = { aberto: `${addDays(today, -3)} 10:00`, resolvido: `${addDays(today, -2)} 06:30`, arquivo: redeFile.nomearquivo };
    await exec(`INSERT INTO alarmes_arquivo (codestabelecimento, data, abertoem, resolvidoem, codarquivo) VALUES
      (${redeSavassi}, '${addDays(today, -3)}', '${alarme.aberto}-03', '${alarme.resolvido}-03', ${num(redeFile.codarquivo)}),
      (${redeSavassi}, '${addDays(today, -1)}', now() - interval '5 hours 1 minute', NULL, NULL)`);
    const integracao = num((await one(`INSERT INTO agendamentos_integracao (codpessoa, tipo, codoperadora, datainiciogeracao, protocolo, host)
      VALUES (${ids['Padaria Pão Quente Ltda']}, 'MOVIMENTO_CSV', 2, '${addDays(today, -10)}', 'SFTP', 'erp.padaria.example') RETURNING codagendamentointegracao`)).codagendamentointegracao);
    await exec(`INSERT INTO execucoes_integracao (codagendamentointegracao, datamovimento, iniciadoem, terminadoem, status, tentativas, arquivo, linhas, bytes, mensagem) VALUES
      (${integracao}, '${addDays(today, -2)}', '${addDays(today, -1)} 06:00-03', '${addDays(today, -1)} 06:01-03', 'ENTREGUE', 1, 'movimento_${addDays(today, -2)}.csv', 42, 4096, NULL),
      (${integracao}, '${addDays(today, -1)}', '${today} 06:00-03', '${today} 06:20-03', 'ERRO', 3, NULL, NULL, NULL, 'Servidor SFTP recusou a conexão')`);

    // ── the cases the demo's files never carry, in a statement of their own (see the header comment)
    const sint = num((await one(`INSERT INTO arquivos (codpessoa, codoperadora, status, origem, nomearquivo, dataenvio, sha256, tamanho, linhas)
      VALUES (${savassi}, 2, 'PROCESSADO', 'CLI', 'rede-casos-do-teste.txt', '${today}', md5('casos-${engine}'), 1, 6) RETURNING codarquivo`)).codarquivo);
    let linha = 0;
    const line = (f: Record<string, string | number | null>) => {
      linha++;
      const all: Record<string, string | number | null> = {
        codarquivo: sint, linha, chave: `md5('casos-${engine}-${linha}')::uuid`, ocorrencia: 1, codoperadora: 2, codpessoa: savassi, codcliente: `cliente_raiz(${savassi})`,
        estabelecimento: `'045678901'`, tiporegistro: `'TESTE'`, ...f,
      };
      return exec(`INSERT INTO linhas_operadora (${Object.keys(all).join(', ')}) VALUES (${Object.values(all).map((v) => v ?? 'NULL').join(', ')})`);
    };
    const pagamento = (where: string) => one(`SELECT p.*, p.dataprevista::text AS prevista, p.datavenda::text AS venda FROM pagamentos_previstos p
      WHERE p.codpessoa = ${savassi} AND ${where} ORDER BY p.dataprevista, p.codpagamento LIMIT 1`);
    const usadas = () => Object.values(fx).map((r) => r.codlinha).join(', ') || '0';
    const settlement = (p: Row, data: string, liquido: number) => line({
      tipo: `'settlement'`, nsu: `'${p.nsu}'`, data: `'${data}'`, datavenda: `'${p.venda}'`, dataprevista: `'${p.prevista}'`,
      parcela: num(p.parcela), totparcelas: num(p.totparcelas), valorbruto: p.valorbrutoprevisto === null ? null : num(p.valorbrutoprevisto), valorliquido: liquido,
    });
    fx.p1 = await pagamento(`p.situacao = 'em_aberto' AND p.dataprevista <= '${addDays(today, -3)}'`);
    await settlement(fx.p1, addDays(String(fx.p1.prevista), 3), num(fx.p1.valorprevisto));
    fx.p2 = await pagamento(`p.situacao = 'em_aberto' AND p.codlinha NOT IN (${usadas()})`);
    await settlement(fx.p2, String(fx.p2.prevista), num(fx.p2.valorprevisto) - 137);
    fx.p3 = await pagamento(`p.situacao = 'em_aberto' AND p.codlinha NOT IN (${usadas()})`);
    await settlement(fx.p3, String(fx.p3.prevista), num(fx.p3.valorprevisto));
    // alone on its date and brand at this establishment: a Cielo-style negotiation line (no installment) pays it whole
    fx.p4 = await pagamento(`p.situacao = 'a_vencer' AND p.dataprevista > '${addDays(today, 1)}' AND p.bandeira IS NOT NULL AND p.codlinha NOT IN (${usadas()})
      AND (SELECT count(*) FROM pagamentos_previstos q WHERE q.codoperadora = p.codoperadora AND q.estabelecimento = p.estabelecimento
           AND q.dataprevista = p.dataprevista AND q.bandeira = p.bandeira) = 1`);
    const antecipadoEm = addDays(today, -1);
    const dias = (Date.parse(String(fx.p4.prevista)) - Date.parse(antecipadoEm)) / 86_400_000;
    const bruto = num(fx.p4.valorprevisto);
    // contracted: round(bruto × 2 / 100 × dias / 30), half away from zero, in integers
    const n = bruto * 2 * dias;
    contratada = Math.floor(n / 3000) + (2 * (n % 3000) >= 3000 ? 1 : 0);
    fx.p4 = { ...fx.p4, dias, custo: contratada + 250, antecipadoEm };
    await exec(`INSERT INTO taxas_antecipacao (codpessoa, nome, vigenciade, vigenciaate, taxa) VALUES (${savassi}, 'Antecipação da Savassi', '2000-01-01', '2099-12-31', 2.0)`);
    await line({
      tipo: `'anticipation'`, lote: `'NEG0001'`, data: `'${antecipadoEm}'`, dataprevista: `'${fx.p4.prevista}'`, bandeira: `'${fx.p4.bandeira}'`,
      valorbruto: bruto, valortaxa: contratada + 250, valorliquido: bruto - contratada - 250,
    });
    const venda = (where: string) => one(`SELECT l.codlinha, l.nsu, l.data::text AS data, l.valorbruto, l.valorliquido, l.totparcelas
      FROM linhas_operadora l JOIN resultado_venda_operadora r USING (codlinha)
      WHERE l.tipo = 'sale' AND l.codpessoa = ${savassi} AND ${where} AND l.codlinha NOT IN (${usadas()}) ORDER BY l.codlinha LIMIT 1`);
    const correcao = (s: Row, tipo: string, motivo: string, nome: string) => line({
      tipo: `'${tipo}'`, nsu: `'${s.nsu}'`, data: `'${addDays(today, -2)}'`, datavenda: `'${s.data}'`, valorbruto: num(s.valorbruto),
      valorliquido: -num(s.valorliquido), motivo: `'${motivo}'`, motivonome: `'${nome}'`,
    });
    fx.s1 = await venda(`r.resultado = 'conciliado' AND l.totparcelas > 1`);
    await correcao(fx.s1, 'chargeback', '62', 'Contestação do portador');
    fx.s2 = await venda(`r.resultado = 'conciliado'`);
    await correcao(fx.s2, 'cancellation', '01', 'Cancelamento pelo estabelecimento');
    await withRawTransaction(t.opened, (tx) => reconcilePayments(tx, W, { hoje: today }));

    admin = await t.login('ADMIN');
    cliente = await t.login('CLIENTE');
    cliente2 = await t.login('CLIENTE2');
  }, 300_000);
  afterAll(async () => {
    await ing?.stop();
    await t?.close();
  });

  it('the catalogue and the sources hold the same generators, each with its own call, in the groups of the screen', () => {
    expect(Object.keys(REPORT_SOURCES).sort()).toEqual(REPORTS.map((r) => r.key).sort());
    expect(new Set(REPORTS.map((r) => r.key)).size).toBe(REPORTS.length);
    expect(new Set(REPORTS.map((r) => r.operation)).size).toBe(REPORTS.length);
    for (const r of REPORTS) {
      expect(REPORT_GROUPS, r.key).toContain(r.group);
      expect(r.key).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(r.operation).toBe(`gerarRelatorio${pascal(r.key)}`);
      expect(new Set(r.columns.map((c) => c.key)).size, r.key).toBe(r.columns.length);
    }
    // every family of the spec has generators
    expect(new Set(REPORTS.map((r) => r.group))).toEqual(new Set(REPORT_GROUPS));
  });

  it('the hand-made cases got the results they were made for', async () => {
    // the rebuild gave the expected payments new ids: an installment is its sale and number
    const situacao = async (p: Row) => (await one(`SELECT situacao, valorpago, datapagamento::text AS pago, custoantecipacao FROM pagamentos_previstos
      WHERE codlinha = ${p.codlinha} AND parcela = ${p.parcela}`));
    expect(await situacao(fx.p1!)).toMatchObject({ situacao: 'pago_atraso', pago: addDays(String(fx.p1!.prevista), 3) });
    expect(await situacao(fx.p2!)).toMatchObject({ situacao: 'pago_valor_diferente' });
    expect(await situacao(fx.p3!)).toMatchObject({ situacao: 'pago' });
    expect(await situacao(fx.p4!)).toMatchObject({ situacao: 'antecipado', pago: fx.p4!.antecipadoEm });
    // every installment of a corrected sale is adjusted: S1, S2 and the demo's own
    const ajustadas = await exec(`SELECT DISTINCT codlinha FROM pagamentos_previstos WHERE situacao = 'ajustado' ORDER BY codlinha`);
    const corrigidas = await exec(`${CORRIGIDAS} ORDER BY s.codlinha`);
    expect(ajustadas.map((r) => num(r.codlinha))).toEqual(corrigidas.map((r) => num(r.codlinha)));
    expect(corrigidas.find((r) => num(r.codlinha) === num(fx.s1!.codlinha))).toMatchObject({ resultado: 'chargeback' });
    expect(corrigidas.find((r) => num(r.codlinha) === num(fx.s2!.codlinha))).toMatchObject({ resultado: 'cancelado' });
  });

  describe('every generator, in each of its formats, as ADMIN', () => {
    it.each(REPORTS.map((r) => [r.key, r] as const))('%s', async (_key, def) => {
      const got: Partial<Record<string, Report>> = {};
      for (const formato of def.formats) {
        const r = await gerar(def.key, W, formato);
        got[formato] = r;
        expect(r.arquivo).toMatch(new RegExp(`^${def.key}_\\d{8}_\\d{4}\\.${formato}$`));
        expect(Number.isNaN(Date.parse(r.data))).toBe(false);
        // the demo (with the hand-made cases) gives every generator something to say
        expect(r.linhas, `${def.key} ${formato}`).toBeGreaterThan(0);
        expect(r.mensagem).toBe(`Relatório gerado com ${r.linhas.toLocaleString('pt-BR')} linha(s).`);
        if (formato === 'xlsx') {
          expect(r.type).toContain(XLSX);
          expect(r.header).toEqual(def.columns.map((c) => c.label));
          expect(r.rows).toHaveLength(r.linhas);
          if (def.columns.some((c) => c.total)) {
            for (const c of def.columns.filter((x) => x.total)) expect(r.totals![c.key], `${def.key} total ${c.key}`).toBe(sum(r.rows, c.key));
          }
        } else if (formato === 'csv') {
          expect(r.type).toContain('text/csv');
          expect(r.header).toEqual(def.columns.map((c) => c.label));
          expect(r.rows).toHaveLength(r.linhas);
        } else {
          expect(r.type).toContain('application/pdf');
          const text = pdfText(Buffer.from(r.body)).replace(/\u00a0/g, ' ');
          expect(text).toContain(def.title);
          if (def.columns.some((c) => c.total)) expect(text).toMatch(/Total/);
          expect(text).not.toContain('As primeiras');
          // drawn, not only written: an A4 page (either way round) with ink on it
          const page = renderFirstPage(r.body);
          expect(Math.max(page.width, page.height) / Math.min(page.width, page.height)).toBeCloseTo(841.89 / 595.28, 1);
          expect(page.ink, `${def.key} pdf ink`).toBeGreaterThan(0.005);
        }
      }
      // the spreadsheet and the CSV say the same, cell for cell
      if (got.xlsx && got.csv) expect(got.csv.rows).toEqual(got.xlsx.rows);
    }, 120_000);
  });

  describe('Vendas', () => {
    it("vendas-operadora: CLIENTE's units' operator sales, adding up to what its statements declare", async () => {
      const r = await xlsx('vendas-operadora', W, cliente);
      const padaria = [ids['Pão Quente - Centro'], ids['Pão Quente - Savassi']].join(', ');
      const declared = await one(`SELECT sum((a.totais->'sale'->>'linhas')::int) AS linhas, sum((a.totais->'sale'->>'bruto')::bigint) AS bruto,
        sum((a.totais->'sale'->>'liquido')::bigint) AS liquido FROM arquivos a WHERE a.codpessoa IN (${padaria}) AND a.totais ? 'sale'`);
      expect(r.linhas).toBe(num(declared.linhas));
      expect(r.totals).toMatchObject({ valorbruto: num(declared.bruto), valorliquido: num(declared.liquido) });
      expect(new Set(r.rows.map((x) => x.unidade))).toEqual(new Set(['Pão Quente - Centro', 'Pão Quente - Savassi']));
      const fees = await one(`SELECT sum(valortaxa) AS taxa FROM linhas_operadora WHERE tipo = 'sale' AND codpessoa IN (${padaria})`);
      expect(r.totals!.valortaxa).toBe(num(fees.taxa));
    });

    it('vendas-resumo-diario: each day, operator and unit as the lines add up, the fee rate to two decimals', async () => {
      const r = await xlsx('vendas-resumo-diario');
      const truth = await exec(`SELECT l.data::text AS dia, o.nome AS operadora, p.nome AS unidade, count(*)::int AS n, sum(l.valorbruto) AS bruto,
          sum(l.valortaxa) AS taxa, sum(l.valorliquido) AS liquido
        FROM linhas_operadora l JOIN operadoras o USING (codoperadora) JOIN pessoas p USING (codpessoa)
        WHERE l.tipo = 'sale' GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`);
      expect(r.rows.map((x) => [x.datavenda, x.operadora, x.unidade, x.quantidade, x.valorbruto, x.valortaxa, x.valorliquido]))
        .toEqual(truth.map((x) => [x.dia, x.operadora, x.unidade, x.n, num(x.bruto), num(x.taxa), num(x.liquido)]));
      for (const x of r.rows) expect(x.taxamedia).toBe(pct(num(x.valortaxa), num(x.valorbruto), 2));
      // the three operators' sale totals are their files' own
      const files = await one(`SELECT sum((totais->'sale'->>'bruto')::bigint) AS bruto FROM arquivos WHERE totais ? 'sale'`);
      expect(r.totals!.valorbruto).toBe(num(files.bruto));
    });

    it('vendas-bandeira-produto: per operator, brand and product, with the average ticket in whole centavos', async () => {
      const r = await xlsx('vendas-bandeira-produto', { ...W, codoperadora: 1 });
      const truth = await exec(`SELECT coalesce(bandeiranome, bandeira) AS b, coalesce(produtonome, produto) AS p, count(*)::int AS n, sum(valorbruto) AS bruto
        FROM linhas_operadora WHERE tipo = 'sale' AND codoperadora = 1 GROUP BY 1, 2`);
      expect(r.rows.every((x) => x.operadora === 'Cielo')).toBe(true);
      expect(Object.fromEntries(r.rows.map((x) => [`${x.bandeira}/${x.produto}`, [x.quantidade, x.valorbruto, x.ticketmedio]])))
        .toEqual(Object.fromEntries(truth.map((x) => [`${x.b}/${x.p}`, [x.n, num(x.bruto), Math.round(num(x.bruto) / num(x.n))]])));
    });

    it("vendas-cliente: the merchant's own sales, each with the result Pesquisar Ticket shows", async () => {
      const r = await xlsx('vendas-cliente');
      const files = await one(`SELECT sum((totais->'customerSale'->>'linhas')::int) AS n, sum((totais->'customerSale'->>'bruto')::bigint) AS valor
        FROM arquivos WHERE totais ? 'customerSale'`);
      expect(r.linhas).toBe(num(files.n));
      expect(r.totals!.valor).toBe(num(files.valor));
      const unpaired = await one(`SELECT count(*)::int AS n FROM linhas_cliente c
        WHERE NOT c.desconsiderado AND c.ocorrencia = 1 AND NOT EXISTS (SELECT 1 FROM conciliacoes_venda m WHERE m.codlinhasarqcli = c.codlinhasarqcli)`);
      expect(r.rows.filter((x) => x.resultado === SALE_RESULTS.somente_cliente)).toHaveLength(num(unpaired.n));
      // a chargeback or a cancellation reaches the merchant's side of its pair (S1 and S2 were paired)
      const pairs = await exec(`SELECT m.codlinhasarqcli, c.resultado FROM conciliacoes_venda m JOIN (${CORRIGIDAS}) c USING (codlinha)
        WHERE c.resultado IS NOT NULL`);
      expect(pairs.length).toBeGreaterThanOrEqual(2);
      for (const res of ['chargeback', 'cancelado'] as const) {
        expect(r.rows.filter((x) => x.resultado === SALE_RESULTS[res])).toHaveLength(pairs.filter((x) => x.resultado === res).length);
      }
    });
  });

  describe('Conciliação', () => {
    it('conciliacao-resumo: every sale line of either side once, by result, as the pairs and corrections say', async () => {
      const r = await xlsx('conciliacao-resumo');
      const by = (resultado: string) => r.rows.filter((x) => x.resultado === resultado);
      const count = (resultado: string) => sum(by(resultado), 'quantidade');
      const base = await one(`WITH corr AS (SELECT * FROM (${CORRIGIDAS}) c WHERE c.resultado IS NOT NULL) SELECT
          (SELECT count(*) FROM linhas_operadora WHERE tipo = 'sale' AND codpessoa IS NOT NULL)::int AS operadora,
          (SELECT count(*) FROM conciliacoes_venda)::int AS pares,
          (SELECT count(*) FROM conciliacoes_venda WHERE cardinality(divergencias) > 0 AND codlinha NOT IN (SELECT codlinha FROM corr))::int AS divergentes,
          (SELECT count(*) FROM conciliacoes_venda WHERE codlinha IN (SELECT codlinha FROM corr))::int AS pareadascorrigidas,
          (SELECT count(*) FROM corr)::int AS corrigidas,
          (SELECT count(*) FROM corr WHERE resultado = 'chargeback')::int AS chargebacks,
          (SELECT sum(valorbruto) FROM corr WHERE resultado = 'chargeback') AS valorchargebacks,
          (SELECT count(*) FROM corr WHERE resultado = 'cancelado')::int AS cancelados,
          (SELECT sum(valorbruto) FROM corr WHERE resultado = 'cancelado') AS valorcancelados,
          (SELECT count(*) FROM linhas_cliente c WHERE NOT c.desconsiderado AND c.ocorrencia = 1
             AND NOT EXISTS (SELECT 1 FROM conciliacoes_venda m WHERE m.codlinhasarqcli = c.codlinhasarqcli))::int AS somentecliente`);
      expect([count(SALE_RESULTS.chargeback), sum(by(SALE_RESULTS.chargeback), 'valor')]).toEqual([num(base.chargebacks), num(base.valorchargebacks)]);
      expect([count(SALE_RESULTS.cancelado), sum(by(SALE_RESULTS.cancelado), 'valor')]).toEqual([num(base.cancelados), num(base.valorcancelados)]);
      // S1 and S2 among them, on the Savassi unit's Rede line
      const savassiRede = (res: string) => r.rows.find((x) => x.unidade === 'Pão Quente - Savassi' && x.operadora === 'Rede' && x.resultado === res);
      expect(savassiRede(SALE_RESULTS.chargeback)).toMatchObject({ quantidade: 1, valor: num(fx.s1!.valorbruto) });
      expect(savassiRede(SALE_RESULTS.cancelado)).toMatchObject({ quantidade: 1, valor: num(fx.s2!.valorbruto) });
      expect(count(SALE_RESULTS.conciliado_divergencia)).toBe(num(base.divergentes));
      expect(count(SALE_RESULTS.conciliado) + count(SALE_RESULTS.conciliado_divergencia)).toBe(num(base.pares) - num(base.pareadascorrigidas));
      expect(count(SALE_RESULTS.somente_operadora)).toBe(num(base.operadora) - num(base.pares) - num(base.corrigidas) + num(base.pareadascorrigidas));
      expect(count(SALE_RESULTS.somente_cliente)).toBe(num(base.somentecliente));
      // the results in the product's order within each unit and operator
      const order: string[] = Object.values(SALE_RESULTS);
      const savassi = r.rows.filter((x) => x.unidade === 'Pão Quente - Savassi' && x.operadora === 'Rede').map((x) => order.indexOf(String(x.resultado)));
      expect(savassi).toEqual([...savassi].sort((a, b) => a - b));
      expect(r.totals!.quantidade).toBe(num(base.operadora) + num(base.somentecliente));
    });

    it('conciliacao-divergencias: both sides of each pair that still differs, the difference and the fields in words', async () => {
      const r = await xlsx('conciliacao-divergencias');
      const truth = await exec(`SELECT l.nsu, coalesce(l.valorbruto, l.valorliquido) AS op, c.valor AS cli, m.divergencias
        FROM conciliacoes_venda m JOIN linhas_operadora l ON l.codlinha = m.codlinha JOIN linhas_cliente c ON c.codlinhasarqcli = m.codlinhasarqcli
        WHERE cardinality(m.divergencias) > 0 AND m.codlinha NOT IN (SELECT codlinha FROM (${CORRIGIDAS}) c WHERE c.resultado IS NOT NULL)`);
      expect(r.linhas).toBe(truth.length);
      const words: Record<string, string> = { valor: 'Valor', data: 'Data da venda', parcelas: 'Parcelas', bandeira: 'Bandeira', produto: 'Produto' };
      expect(Object.fromEntries(r.rows.map((x) => [x.nsu, [x.valoroperadora, x.valorcliente, x.diferenca, x.divergencias]]))).toEqual(Object.fromEntries(truth.map((x) => {
        const d = (Array.isArray(x.divergencias) ? x.divergencias : String(x.divergencias).replace(/[{}]/g, '').split(',')) as string[];
        return [x.nsu, [num(x.op), num(x.cli), num(x.cli) - num(x.op), d.map((k) => words[k]).join(', ')]];
      })));
    });

    it('conciliacao-somente-operadora and -somente-cliente: the unpaired lines of each side', async () => {
      const op = await xlsx('conciliacao-somente-operadora', { ...W, codpessoa: ids['Pão Quente - Savassi'] });
      const opTruth = await exec(`SELECT l.nsu, l.valorbruto FROM linhas_operadora l WHERE l.tipo = 'sale' AND l.codpessoa = ${ids['Pão Quente - Savassi']}
        AND l.codlinha NOT IN (SELECT codlinha FROM conciliacoes_venda) AND l.codlinha NOT IN (SELECT codlinha FROM (${CORRIGIDAS}) c WHERE c.resultado IS NOT NULL)`);
      expect(op.rows.map((x) => x.nsu).sort()).toEqual(opTruth.map((x) => x.nsu).sort());
      expect(op.totals!.valorbruto).toBe(sum(opTruth, 'valorbruto'));
      const cli = await xlsx('conciliacao-somente-cliente');
      const cliTruth = await one(`SELECT count(*)::int AS n, sum(valor) AS valor FROM linhas_cliente c WHERE NOT c.desconsiderado AND c.ocorrencia = 1
        AND NOT EXISTS (SELECT 1 FROM conciliacoes_venda m WHERE m.codlinhasarqcli = c.codlinhasarqcli)`);
      expect([cli.linhas, cli.totals!.valor]).toEqual([num(cliTruth.n), num(cliTruth.valor)]);
      expect(cli.rows.every((x) => String(x.arquivo).startsWith('vendas_'))).toBe(true);
    });
  });

  describe('Extratos', () => {
    it("extratos-conferencia: each statement's own totals against its loaded lines; the lines another file had delivered are told apart", async () => {
      const r = await xlsx('extratos-conferencia');
      const files = await exec(`SELECT a.nomearquivo, t.key, (t.value->>'linhas')::int AS linhas, (t.value->>'bruto')::bigint AS bruto,
          (t.value->>'liquido')::bigint AS liquido, a.repetidas,
          (SELECT count(*) FROM linhas_operadora l WHERE l.codarquivo = a.codarquivo AND l.tipo = t.key)::int AS carregadas
        FROM arquivos a, jsonb_each(a.totais) t WHERE a.codoperadora IS NOT NULL AND a.status LIKE 'PROCESSADO%'`);
      expect(r.linhas).toBe(files.length);
      for (const f of files) {
        const row = r.rows.find((x) => x.nomearquivo === f.nomearquivo && x.tiporegistro === TIPOS_REGISTRO[f.key as keyof typeof TIPOS_REGISTRO]);
        expect(row, `${f.nomearquivo} ${f.key}`).toMatchObject({ linhasarquivo: f.linhas, linhascarregadas: f.carregadas, brutoarquivo: num(f.bruto), liquidoarquivo: num(f.liquido) });
      }
      // the demo's statements load whole, but for Cielo's file 04: its batch summaries (and corrections) came already in
      // file 03, and the lines it did not load are exactly the ones it counted as already received
      const cielo04 = r.rows.filter((x) => String(x.nomearquivo).startsWith('CIELO04'));
      expect(cielo04.find((x) => x.tiporegistro === 'Resumo de lote (RO/RV)')).toMatchObject({ linhascarregadas: 0, brutocarregado: 0, situacao: 'Já recebido em outro arquivo' });
      expect(cielo04.find((x) => x.tiporegistro === 'Pagamento')).toMatchObject({ situacao: 'Confere' });
      const repetidas = num((await one(`SELECT repetidas FROM arquivos WHERE nomearquivo LIKE 'CIELO04%'`)).repetidas);
      expect(cielo04.reduce((a, x) => a + num(x.linhasarquivo) - num(x.linhascarregadas), 0)).toBe(repetidas);
      expect(cielo04.every((x) => x.situacao === 'Confere' || x.situacao === 'Já recebido em outro arquivo')).toBe(true);
      expect(r.rows.filter((x) => !String(x.nomearquivo).startsWith('CIELO04')).every((x) => x.situacao === 'Confere')).toBe(true);
      // a loaded line changed after the load (here: by hand) shows as a difference, by its amount
      const settlement = num((await one(`SELECT codlinha FROM linhas_operadora WHERE tipo = 'settlement' AND codoperadora = 1 ORDER BY codlinha LIMIT 1`)).codlinha);
      await exec(`UPDATE linhas_operadora SET valorliquido = valorliquido - 1 WHERE codlinha = ${settlement}`);
      try {
        const after = (await xlsx('extratos-conferencia', { ...W, codoperadora: 1 })).rows.find((x) => String(x.nomearquivo).startsWith('CIELO04') && x.tiporegistro === 'Pagamento')!;
        expect(after.situacao).toBe('Diverge');
        expect(num(after.liquidoarquivo) - num(after.liquidocarregado)).toBe(1);
      } finally {
        await exec(`UPDATE linhas_operadora SET valorliquido = valorliquido + 1 WHERE codlinha = ${settlement}`);
      }
    });

    it('extratos-movimento-diario: lines per day, operator, unit and record kind, the corrections on their own day', async () => {
      const r = await xlsx('extratos-movimento-diario', { ...W, codpessoa: ids['Pão Quente - Savassi'] });
      const truth = await one(`SELECT count(*)::int AS n FROM linhas_operadora WHERE codpessoa = ${ids['Pão Quente - Savassi']} AND data BETWEEN '${W.de}' AND '${W.ate}'`);
      expect(r.totals!.linhas).toBe(num(truth.n));
      const day = r.rows.filter((x) => x.data === addDays(today, -2));
      expect(day.find((x) => x.tiporegistro === 'Chargeback')).toMatchObject({ linhas: 1, valorbruto: num(fx.s1!.valorbruto), valorliquido: -num(fx.s1!.valorliquido) });
      expect(day.find((x) => x.tiporegistro === 'Cancelamento')).toMatchObject({ linhas: 1, valorbruto: num(fx.s2!.valorbruto) });
    });
  });

  describe('Recebimentos', () => {
    const savassiRede = { codoperadora: 2, codpessoa: 0 };
    beforeAll(() => { savassiRede.codpessoa = ids['Pão Quente - Savassi']!; });

    it('recebimentos-agenda: the installments still to come, per date, as the expected payments add up', async () => {
      const r = await xlsx('recebimentos-agenda', { ...W, de: today }, cliente);
      const truth = await exec(`SELECT p.dataprevista::text AS dia, count(*)::int AS n, sum(valorprevisto) AS liquido, sum(valorbrutoprevisto) AS bruto
        FROM pagamentos_previstos p WHERE p.situacao = 'a_vencer' AND p.dataprevista BETWEEN '${today}' AND '${W.ate}'
          AND p.codpessoa IN (${ids['Pão Quente - Centro']}, ${ids['Pão Quente - Savassi']}) GROUP BY 1`);
      expect(r.totals).toMatchObject({ parcelas: sum(truth, 'n'), valorliquido: sum(truth, 'liquido'), valorbruto: sum(truth, 'bruto') });
      // P4 was anticipated: no longer to come
      const p4day = r.rows.filter((x) => x.dataprevista === fx.p4!.prevista && x.unidade === 'Pão Quente - Savassi');
      expect(sum(p4day, 'parcelas')).toBe(num(truth.find((x) => x.dia === fx.p4!.prevista)?.n ?? 0));
      expect(r.rows.every((x) => String(x.dataprevista) >= today)).toBe(true);
    });

    it('recebimentos-realizados: paid per payment date, with the difference and what came early at what cost', async () => {
      const r = await xlsx('recebimentos-realizados', { ...W, ...savassiRede });
      const at = (d: unknown) => r.rows.filter((x) => x.datapagamento === d);
      // Rede paid nothing of the demo: the four hand-made payments are all there is
      expect(r.totals).toMatchObject({
        parcelas: 4,
        valorprevisto: num(fx.p1!.valorprevisto) + num(fx.p2!.valorprevisto) + num(fx.p3!.valorprevisto) + num(fx.p4!.valorprevisto),
        diferenca: -137 - num(fx.p4!.custo),
        valorantecipado: num(fx.p4!.valorprevisto) - num(fx.p4!.custo),
        custoantecipacao: num(fx.p4!.custo),
      });
      expect(sum(at(fx.p4!.antecipadoEm), 'custoantecipacao')).toBe(num(fx.p4!.custo));
      expect(sum(at(addDays(String(fx.p1!.prevista), 3)), 'valorpago')).toBeGreaterThanOrEqual(num(fx.p1!.valorprevisto));
      // Cielo's file 04 paid every Cielo installment in full
      const cielo = await xlsx('recebimentos-realizados', { ...W, codoperadora: 1 });
      const paid = await one(`SELECT count(*)::int AS n, sum(valorpago) AS pago FROM pagamentos_previstos WHERE codoperadora = 1 AND situacao = 'pago'
        AND datapagamento BETWEEN '${W.de}' AND '${W.ate}'`);
      expect(cielo.totals).toMatchObject({ parcelas: num(paid.n), valorpago: num(paid.pago), diferenca: 0, valorantecipado: 0 });
    });

    it('recebimentos-atrasados: open past their date (days until today) and paid late (days until paid)', async () => {
      const r = await xlsx('recebimentos-atrasados', { ...W, ...savassiRede });
      const late = r.rows.filter((x) => x.situacao === PAYMENT_RESULTS.pago_atraso);
      expect(late).toEqual([expect.objectContaining({
        nsu: fx.p1!.nsu, dataprevista: fx.p1!.prevista, datapagamento: addDays(String(fx.p1!.prevista), 3), diasatraso: 3,
        valorprevisto: num(fx.p1!.valorprevisto), valorpago: num(fx.p1!.valorprevisto), parcela: `${fx.p1!.parcela}/${fx.p1!.totparcelas}`,
      })]);
      const open = await exec(`SELECT nsu, parcela, dataprevista::text AS d, valorprevisto FROM pagamentos_previstos
        WHERE situacao = 'em_aberto' AND codpessoa = ${savassiRede.codpessoa}`);
      const rows = r.rows.filter((x) => x.situacao === PAYMENT_RESULTS.em_aberto);
      expect(rows).toHaveLength(open.length);
      for (const x of rows) expect(x.diasatraso).toBe((Date.parse(today) - Date.parse(String(x.dataprevista))) / 86_400_000);
      expect(sum(rows, 'valorprevisto')).toBe(sum(open, 'valorprevisto'));
    });

    it('recebimentos-valor-diferente and -antecipados: the one of each, to the centavo', async () => {
      // the Savassi unit (the Centro unit's Mercado Pago statement has amounts of its own)
      const savassi = { ...W, codpessoa: ids['Pão Quente - Savassi'] };
      const dif = await xlsx('recebimentos-valor-diferente', savassi, cliente);
      expect(dif.rows).toEqual([expect.objectContaining({
        nsu: fx.p2!.nsu, datapagamento: fx.p2!.prevista, valorprevisto: num(fx.p2!.valorprevisto), valorpago: num(fx.p2!.valorprevisto) - 137, diferenca: -137,
      })]);
      const ant = await xlsx('recebimentos-antecipados', savassi, cliente);
      expect(ant.rows).toEqual([expect.objectContaining({
        nsu: fx.p4!.nsu, datapagamento: fx.p4!.antecipadoEm, dataprevista: fx.p4!.prevista, diasantecipados: fx.p4!.dias,
        valorprevisto: num(fx.p4!.valorprevisto), valorpago: num(fx.p4!.valorprevisto) - num(fx.p4!.custo), custoantecipacao: num(fx.p4!.custo),
      })]);
    });

    it('recebimentos-ajustes: by reason, the sales and installments each correction took back', async () => {
      const dia = { de: addDays(today, -2), ate: addDays(today, -2), codpessoa: ids['Pão Quente - Savassi'] };
      const r = await xlsx('recebimentos-ajustes', dia);
      const installments = async (s: Row) => (await exec(`SELECT valorprevisto FROM pagamentos_previstos WHERE codlinha = ${s.codlinha}`));
      const [i1, i2] = [await installments(fx.s1!), await installments(fx.s2!)];
      expect(r.rows).toEqual([
        { operadora: 'Rede', unidade: 'Pão Quente - Savassi', tipoajuste: 'Cancelamento', codmotivo: '01', motivo: 'Cancelamento pelo estabelecimento', vendas: 1, parcelas: i2.length, valorprevisto: sum(i2, 'valorprevisto') },
        { operadora: 'Rede', unidade: 'Pão Quente - Savassi', tipoajuste: 'Chargeback', codmotivo: '62', motivo: 'Contestação do portador', vendas: 1, parcelas: i1.length, valorprevisto: sum(i1, 'valorprevisto') },
      ]);
      expect(i1.length).toBe(num(fx.s1!.totparcelas));
      // dated by the correction: nothing the day before
      expect((await gerar('recebimentos-ajustes', { ...dia, de: addDays(today, -3), ate: addDays(today, -3) }, 'csv')).linhas).toBe(0);
    });
  });

  describe('Taxas', () => {
    it('taxas-auditoria: every audited sale, charged against contracted, the rates in percent of the gross', async () => {
      const r = await xlsx('taxas-auditoria');
      const truth = await one(`SELECT count(*)::int AS n, sum(taxacobrada) AS cobrada, sum(diferenca) AS dif FROM auditoria_taxas`);
      expect([r.linhas, r.totals!.taxacobrada, r.totals!.diferenca]).toEqual([num(truth.n), num(truth.cobrada), num(truth.dif)]);
      for (const x of r.rows.slice(0, 50)) {
        expect(x.percentualcobrado).toBe(pct(num(x.taxacobrada), num(x.valorbruto), 4));
        expect(['Divergente', 'Conforme o contrato', 'Taxa não cadastrada', 'Taxa derivada']).toContain(x.situacao);
      }
    });

    it('taxas-antecipacao: the anticipation priced at the unit\'s own rate, R$ 2,50 above the contract', async () => {
      const r = await xlsx('taxas-antecipacao', W, cliente);
      expect(r.rows).toEqual([{
        data: fx.p4!.antecipadoEm, dataprevista: fx.p4!.prevista, dias: fx.p4!.dias, operadora: 'Rede', unidade: 'Pão Quente - Savassi',
        estabelecimento: '045678901', valorbruto: num(fx.p4!.valorprevisto), taxa: 2, taxacobrada: contratada + 250, taxacontratada: contratada,
        diferenca: 250, situacao: 'Divergente',
      }]);
    });

    it('taxas-a-recuperar: the over-charges of sales and anticipations per month, operator and unit', async () => {
      const r = await xlsx('taxas-a-recuperar', W, cliente);
      const padaria = [ids['Pão Quente - Centro'], ids['Pão Quente - Savassi']].join(', ');
      const sales = await one(`SELECT count(*)::int AS n, sum(diferenca) AS v FROM auditoria_taxas
        WHERE situacao = 'divergente' AND diferenca > 0 AND codpessoa IN (${padaria})`);
      expect(r.totals).toMatchObject({ vendas: num(sales.n), valorvendas: num(sales.v), antecipacoes: 1, valorantecipacoes: 250, total: num(sales.v) + 250 });
      const mes = fx.p4!.antecipadoEm!.toString().slice(0, 7);
      expect(r.rows.find((x) => x.mes === mes && x.unidade === 'Pão Quente - Savassi')).toMatchObject({ antecipacoes: 1, valorantecipacoes: 250 });
    });
  });

  describe('Terminais', () => {
    it("terminais-vendas: each terminal's sales, named from the register when the client registered it", async () => {
      const r = await xlsx('terminais-vendas');
      const truth = await exec(`SELECT terminal, count(*)::int AS n, sum(valorbruto) AS bruto FROM linhas_operadora WHERE tipo = 'sale' GROUP BY 1`);
      expect(Object.fromEntries(r.rows.map((x) => [x.terminal, [x.quantidade, x.valorbruto]])))
        .toEqual(Object.fromEntries(truth.map((x) => [x.terminal, [x.n, num(x.bruto)]])));
      expect(r.rows.find((x) => x.terminal === '678901')).toMatchObject({ nometerminal: 'Pão Quente Caixa 1', vinculo: 'POS', operadora: 'Cielo' });
      expect(r.rows.find((x) => x.terminal === '678902')).toMatchObject({ nometerminal: 'Pão Quente Caixa 2', vinculo: 'TEF' });
      // Rede's terminals are nobody's register
      expect(r.rows.filter((x) => x.operadora === 'Rede').every((x) => x.nometerminal === null)).toBe(true);
    });

    it('terminais-cadastrados: every registered terminal with its movement, the idle one at zero', async () => {
      const r = await xlsx('terminais-cadastrados');
      const caixa1 = await one(`SELECT count(*)::int AS n, sum(valorbruto) AS bruto, max(data)::text AS ultima FROM linhas_operadora
        WHERE tipo = 'sale' AND terminal = '678901' AND codpessoa IN (${ids['Pão Quente - Centro']}, ${ids['Pão Quente - Savassi']})`);
      expect(r.rows.map((x) => [x.terminal, x.cliente, x.ativo])).toEqual([
        ['2030405060', 'Mercado Bom Preço Ltda', 'Não'], ['678901', 'Padaria Pão Quente Ltda', 'Sim'], ['678902', 'Padaria Pão Quente Ltda', 'Sim'],
      ]);
      expect(r.rows[1]).toMatchObject({ quantidade: num(caixa1.n), valorbruto: num(caixa1.bruto), ultimavenda: caixa1.ultima, operadora: 'Cielo', datainiciocobranca: '2026-01-01' });
      expect(r.rows[0]).toMatchObject({ quantidade: 0, valorbruto: 0, ultimavenda: null });
    });
  });

  describe('Arquivos', () => {
    it('arquivos-recebidos and -resumo-diario: every file received, and per day and operator how the loads ended', async () => {
      const r = await xlsx('arquivos-recebidos', { de: today, ate: today });
      const files = await exec(`SELECT nomearquivo, status, linhas, repetidas FROM arquivos ORDER BY datarecebimento, codarquivo`);
      expect(r.rows.map((x) => [x.nomearquivo, x.status, x.linhas, x.repetidas]))
        .toEqual(files.map((f) => [f.nomearquivo, FILE_STATUS[f.status as keyof typeof FILE_STATUS], f.linhas, f.repetidas]));
      expect(r.rows.find((x) => x.nomearquivo === 'settlement-report-mp.csv')).toMatchObject({ origem: 'Linha de comando', operadora: 'Mercado Pago' });
      const d = await xlsx('arquivos-resumo-diario', { de: today, ate: today });
      expect(d.rows.map((x) => [x.operadora, x.arquivos, x.processados, x.comerro])).toEqual([
        ['Cielo', 2, 2, 0], ['Getnet', 1, 1, 0], ['Mercado Pago', 1, num((await one(`SELECT count(*) FILTER (WHERE status = 'PROCESSADO')::int AS n FROM arquivos WHERE nomearquivo = 'settlement-report-mp.csv'`)).n), 0],
        ['Rede', 4, 3, 1], ['Vendas do cliente', 3, 3, 0],
      ]);
      expect(d.totals).toMatchObject({ arquivos: files.length, linhas: sum(files, 'linhas'), repetidas: sum(files, 'repetidas') });
      const rejected = await xlsx('arquivos-rejeitados', { de: today, ate: today });
      expect(rejected.rows).toEqual([expect.objectContaining({ nomearquivo: 'R78901EEVC99.cmp', operadora: 'Rede', dono: 'Pão Quente - Savassi', origem: 'Envio pela tela' })]);
    });
  });

  describe('Marketplace', () => {
    it("marketplace-vendas and -vendedores: the Mercado Pago sales with the platform's ids, and per seller", async () => {
      const v = await xlsx('marketplace-vendas', W, cliente);
      const truth = await exec(`SELECT l.nsu, l.mktpagamento, l.mktpedido, l.mktvendedor, l.valorbruto, l.valorliquido FROM linhas_operadora l
        JOIN operadoras o USING (codoperadora) WHERE o.nome = 'Mercado Pago' AND l.tipo = 'sale'`);
      expect(truth.length).toBeGreaterThan(0);
      expect(v.rows.map((x) => [x.pagamento, x.pedido, x.vendedor, x.valorbruto, x.valorliquido]).sort())
        .toEqual(truth.map((x) => [x.mktpagamento, x.mktpedido, x.mktvendedor, num(x.valorbruto), num(x.valorliquido)]).sort());
      expect(v.rows.every((x) => x.operadora === 'Mercado Pago' && x.unidade === 'Pão Quente - Centro')).toBe(true);
      const s = await xlsx('marketplace-vendedores', W, cliente);
      expect(s.totals).toMatchObject({ quantidade: truth.length, valorbruto: sum(truth, 'valorbruto'), valorliquido: sum(truth, 'valorliquido') });
      expect(sum(s.rows, 'pedidos')).toBe(new Set(truth.map((x) => `${x.mktvendedor}|${x.mktpedido}`)).size);
    });
  });

  describe('the second set: cancellations, installments, months, hours, rates, receivables, terminals, alarms, integrations', () => {
    const padaria = () => [ids['Pão Quente - Centro'], ids['Pão Quente - Savassi']].join(', ');

    it('vendas-canceladas: S1 and S2 on their own day, with the reason and the reversed amounts; every correction of the demo over the window', async () => {
      const r = await xlsx('vendas-canceladas', { de: addDays(today, -2), ate: addDays(today, -2), codpessoa: ids['Pão Quente - Savassi'] });
      expect(r.rows).toEqual([
        expect.objectContaining({ tipo: 'Cancelamento', nsu: fx.s2!.nsu, datavenda: fx.s2!.data, codmotivo: '01', motivo: 'Cancelamento pelo estabelecimento', valorbruto: num(fx.s2!.valorbruto), valorliquido: -num(fx.s2!.valorliquido) }),
        expect.objectContaining({ tipo: 'Chargeback', nsu: fx.s1!.nsu, datavenda: fx.s1!.data, codmotivo: '62', motivo: 'Contestação do portador', valorbruto: num(fx.s1!.valorbruto), valorliquido: -num(fx.s1!.valorliquido) }),
      ]);
      const all = await xlsx('vendas-canceladas');
      const truth = await one(`SELECT count(*)::int AS n, sum(valorbruto) AS bruto FROM linhas_operadora
        WHERE tipo IN ('cancellation', 'chargeback', 'adjustment') AND codpessoa IS NOT NULL AND data BETWEEN '${W.de}' AND '${W.ate}'`);
      expect([all.linhas, all.totals!.valorbruto]).toEqual([num(truth.n), num(truth.bruto)]);
    });

    it('vendas-parcelamento: per number of installments as the lines add up, each a share of its operator\'s gross', async () => {
      const r = await xlsx('vendas-parcelamento', { ...W, codoperadora: 1 });
      const truth = await exec(`SELECT greatest(coalesce(totparcelas, 1), 1) AS n, count(*)::int AS q, sum(valorbruto) AS bruto, sum(valortaxa) AS taxa
        FROM linhas_operadora WHERE tipo = 'sale' AND codoperadora = 1 AND codpessoa IS NOT NULL GROUP BY 1 ORDER BY 1`);
      const total = sum(truth, 'bruto');
      expect(r.rows.map((x) => [x.modalidade, x.quantidade, x.valorbruto, x.valortaxa, x.ticketmedio, x.participacao])).toEqual(truth.map((x) => [
        num(x.n) === 1 ? 'À vista' : `${x.n}x`, x.q, num(x.bruto), num(x.taxa), Math.round(num(x.bruto) / num(x.q)), pct(num(x.bruto), total, 2),
      ]));
    });

    it('vendas-mensal-unidade and vendas-por-hora: the sale lines per month and unit, and per hour of the day', async () => {
      const m = await xlsx('vendas-mensal-unidade', W, cliente);
      const truth = await exec(`SELECT to_char(coalesce(l.datavenda, l.data), 'YYYY-MM') AS mes, p.nome AS unidade, count(*)::int AS n, sum(l.valorbruto) AS bruto,
          sum(l.valortaxa) AS taxa FROM linhas_operadora l JOIN pessoas p USING (codpessoa)
        WHERE l.tipo = 'sale' AND l.codpessoa IN (${padaria()}) GROUP BY 1, 2`);
      // per month and unit (the Centro unit has Cielo and Mercado Pago lines)
      const byUnit = (rows: Row[]) => Object.entries(rows.reduce<Record<string, [number, number]>>((a, x) => {
        const k = `${x.mes} ${x.unidade}`;
        const [n, b] = a[k] ?? [0, 0];
        a[k] = [n + num(x.quantidade ?? x.n), b + num(x.valorbruto ?? x.bruto)];
        return a;
      }, {})).sort();
      expect(byUnit(m.rows)).toEqual(byUnit(truth));
      for (const x of m.rows) {
        expect(x.ticketmedio).toBe(Math.round(num(x.valorbruto) / num(x.quantidade)));
        expect(x.taxamedia).toBe(pct(num(x.valortaxa), num(x.valorbruto), 2));
      }
      const h = await xlsx('vendas-por-hora', W, cliente);
      const horas = await exec(`SELECT p.nome AS unidade, substr(l.hora, 1, 2) AS h, count(*)::int AS n, sum(l.valorbruto) AS bruto
        FROM linhas_operadora l JOIN pessoas p USING (codpessoa) WHERE l.tipo = 'sale' AND l.codpessoa IN (${padaria()}) GROUP BY 1, 2`);
      expect(Object.fromEntries(h.rows.map((x) => [`${x.unidade} ${x.faixa}`, [x.quantidade, x.valorbruto]])))
        .toEqual(Object.fromEntries(horas.map((x) => [`${x.unidade} ${x.h === null ? 'Sem hora informada' : `${x.h}h00 às ${x.h}h59`}`, [x.n, num(x.bruto)]])));
    });

    it('conciliacao-indice-diario: each operator sale once, split by its result, the rate to two decimals', async () => {
      const r = await xlsx('conciliacao-indice-diario');
      const truth = await one(`SELECT count(*)::int AS n, count(*) FILTER (WHERE r.resultado = 'conciliado')::int AS c,
          count(*) FILTER (WHERE r.resultado = 'conciliado_divergencia')::int AS d, count(*) FILTER (WHERE r.resultado = 'somente_operadora')::int AS s,
          count(*) FILTER (WHERE r.resultado IN ('cancelado', 'chargeback'))::int AS x
        FROM linhas_operadora l JOIN resultado_venda_operadora r USING (codlinha) WHERE l.tipo = 'sale' AND l.codpessoa IS NOT NULL`);
      expect(r.totals).toMatchObject({ quantidade: truth.n, conciliadas: truth.c, divergentes: truth.d, somenteoperadora: truth.s, corrigidas: truth.x });
      // S1 and S2 are the Savassi unit's corrections of the demo (with the demo's own chargeback at Cielo's Centro)
      expect(num(truth.x)).toBeGreaterThanOrEqual(2);
      for (const x of r.rows) {
        expect(num(x.conciliadas) + num(x.divergentes) + num(x.somenteoperadora) + num(x.corrigidas)).toBe(x.quantidade);
        expect(x.indice).toBe(pct(num(x.conciliadas) + num(x.divergentes), num(x.quantidade), 2));
      }
    });

    it('recebimentos-agenda-mensal, -atraso-faixas and -previsto-realizado: the month calendar, the overdue by age, and the four hand-made payments received', async () => {
      const agenda = await xlsx('recebimentos-agenda', { ...W, de: today }, cliente);
      const mensal = await xlsx('recebimentos-agenda-mensal', { ...W, de: today }, cliente);
      expect(mensal.totals).toEqual(agenda.totals);
      expect(mensal.rows.every((x) => /^\d{4}-\d{2}$/.test(String(x.mes)))).toBe(true);

      const savassiRede = { ...W, codoperadora: 2, codpessoa: ids['Pão Quente - Savassi'] };
      const faixas = await xlsx('recebimentos-atraso-faixas', savassiRede);
      const open = await exec(`SELECT dataprevista::text AS d, valorprevisto AS v FROM pagamentos_previstos
        WHERE situacao = 'em_aberto' AND codpessoa = ${savassiRede.codpessoa} AND codoperadora = 2`);
      const late = (x: Row) => (Date.parse(today) - Date.parse(String(x.d))) / 86_400_000;
      const bucket = (lo: number, hi: number) => sum(open.filter((x) => late(x) >= lo && late(x) <= hi), 'v');
      expect(faixas.rows).toEqual([{
        operadora: 'Rede', unidade: 'Pão Quente - Savassi', parcelas: open.length, ate7: bucket(-Infinity, 7), ate15: bucket(8, 15), ate30: bucket(16, 30),
        ate60: bucket(31, 60), mais60: bucket(61, Infinity), valoremaberto: sum(open, 'v'), maisantiga: open.map((x) => String(x.d)).sort()[0],
      }]);

      const pr = await xlsx('recebimentos-previsto-realizado', savassiRede);
      // Rede paid nothing of the demo: received is P1 in full, P2 R$ 1,37 short, P3 in full and P4 less its cost
      const p = [fx.p1!, fx.p2!, fx.p3!, fx.p4!].map((x) => num(x.valorprevisto));
      expect(pr.totals!.valorrecebido).toBe(p[0]! + p[1]! - 137 + p[2]! + p[3]! - num(fx.p4!.custo));
      const all = await one(`SELECT sum(valorprevisto) AS v, sum(valorprevisto) FILTER (WHERE situacao = 'em_aberto') AS aberto,
          sum(valorprevisto) FILTER (WHERE situacao = 'a_vencer') AS avencer, coalesce(sum(valorprevisto) FILTER (WHERE situacao = 'ajustado'), 0) AS ajustado
        FROM pagamentos_previstos WHERE codpessoa = ${savassiRede.codpessoa} AND codoperadora = 2`);
      expect(pr.totals).toMatchObject({ valorprevisto: num(all.v), valoremaberto: num(all.aberto), valoravencer: num(all.avencer), valorajustado: num(all.ajustado) });
      for (const x of pr.rows) expect(x.percentualrecebido).toBe(pct(num(x.valorrecebido), num(x.valorprevisto), 2));
    });

    it('recebimentos-domicilio-bancario and extratos-resumos-lote: the batch summaries, by credit date and account, and one by one', async () => {
      const d = await xlsx('recebimentos-domicilio-bancario', { ...W, codoperadora: 1 });
      const truth = await one(`SELECT count(*)::int AS n, sum(valorliquido) AS liquido FROM linhas_operadora
        WHERE tipo = 'summary' AND codoperadora = 1 AND codpessoa IS NOT NULL AND dataprevista BETWEEN '${W.de}' AND '${W.ate}'`);
      expect(d.totals).toMatchObject({ resumos: num(truth.n), valorliquido: num(truth.liquido) });
      expect(d.rows.every((x) => x.banco === '0341' && x.agencia === '01234' && x.conta === '000000000000001234567')).toBe(true);
      const l = await xlsx('extratos-resumos-lote', { ...W, codoperadora: 1 });
      const lotes = await one(`SELECT count(*)::int AS n, sum(valorbruto) AS bruto, sum((extras->>'saleCount')::int) AS vendas FROM linhas_operadora
        WHERE tipo = 'summary' AND codoperadora = 1 AND codpessoa IS NOT NULL AND data BETWEEN '${W.de}' AND '${W.ate}'`);
      expect([l.linhas, l.totals!.valorbruto, l.totals!.vendas]).toEqual([num(lotes.n), num(lotes.bruto), num(lotes.vendas)]);
      expect(l.rows[0]).toMatchObject({ operadora: 'Cielo', conta: '0341 / 01234 / 000000000000001234567' });
    });

    it('taxas-efetivas and -custo-mensal: the audit per product and installments; the month\'s fees and the anticipation\'s cost', async () => {
      const e = await xlsx('taxas-efetivas');
      const audit = await one(`SELECT count(*)::int AS n, sum(taxacobrada) AS cobrada, sum(taxacontratada) AS contratada, sum(diferenca) AS dif FROM auditoria_taxas`);
      expect(e.totals).toMatchObject({ quantidade: audit.n, taxacobrada: num(audit.cobrada), taxacontratada: num(audit.contratada), diferenca: num(audit.dif) });
      for (const x of e.rows) expect(x.percentualcobrado).toBe(pct(num(x.taxacobrada), num(x.valorbruto), 4));
      const c = await xlsx('taxas-custo-mensal', { ...W, codpessoa: ids['Pão Quente - Savassi'] }, cliente);
      const fees = await one(`SELECT sum(valortaxa) AS taxa, sum(valorbruto) AS bruto FROM linhas_operadora WHERE tipo = 'sale' AND codpessoa = ${ids['Pão Quente - Savassi']}`);
      // the only anticipation is P4's, R$ 2,50 above the contract
      expect(c.totals).toMatchObject({ valorbruto: num(fees.bruto), taxavendas: num(fees.taxa), custoantecipacao: num(fx.p4!.custo), custototal: num(fees.taxa) + num(fx.p4!.custo) });
      expect(c.rows.find((x) => x.mes === String(fx.p4!.antecipadoEm).slice(0, 7))!.custoantecipacao).toBe(num(fx.p4!.custo));
    });

    it('terminais-sem-vendas: the idle terminal over the demo; from tomorrow on, all three, with their last sale', async () => {
      const r = await xlsx('terminais-sem-vendas');
      expect(r.rows).toEqual([expect.objectContaining({ terminal: '2030405060', cliente: 'Mercado Bom Preço Ltda', ativo: 'Não', ultimavenda: null, diassemvenda: null })]);
      const amanha = await xlsx('terminais-sem-vendas', { de: addDays(today, 1), ate: addDays(today, 30) });
      const caixa1 = await one(`SELECT max(data)::text AS ultima FROM linhas_operadora
        WHERE tipo = 'sale' AND terminal = '678901' AND codpessoa IN (${padaria()})`);
      expect(amanha.rows.map((x) => x.terminal)).toEqual(['2030405060', '678901', '678902']);
      expect(amanha.rows[1]).toMatchObject({ ultimavenda: caixa1.ultima, diassemvenda: (Date.parse(today) - Date.parse(String(caixa1.ultima))) / 86_400_000 });
    });

    it('arquivos-alarmes, -ultimo-recebimento and -integracoes: the hand-made alarms and deliveries, each establishment\'s last file', async () => {
      const a = await xlsx('arquivos-alarmes', W, cliente);
      const br = (ts: string) => `${ts.slice(8, 10)}/${ts.slice(5, 7)}/${ts.slice(0, 4)} ${ts.slice(11)}`;
      expect(a.rows).toEqual([
        {
          data: addDays(today, -3), operadora: 'Rede', estabelecimento: '045678901', nomeestabelecimento: 'Pão Quente Savassi - Rede', unidade: 'Pão Quente - Savassi',
          abertoem: br(String(alarme.aberto)), situacao: 'Resolvido', resolvidoem: br(String(alarme.resolvido)), nomearquivo: alarme.arquivo, horasatraso: 20,
        },
        expect.objectContaining({ data: addDays(today, -1), situacao: 'Em aberto', resolvidoem: null, nomearquivo: null, horasatraso: 5 }),
      ]);
      expect((await gerar('arquivos-alarmes', W, 'csv', cliente2)).linhas).toBe(0);

      const u = await xlsx('arquivos-ultimo-recebimento', { de: today, ate: today });
      const files = await exec(`SELECT e.codexterno, count(a.codarquivo)::int AS n, max(a.nomearquivo) FILTER (WHERE a.codarquivo = (SELECT max(b.codarquivo)
          FROM arquivos b WHERE b.codpessoa = e.codpessoa AND b.codoperadora = e.codoperadora AND b.status <> 'ERRO')) AS ultimo
        FROM estabelecimentos e JOIN arquivos a ON a.codpessoa = e.codpessoa AND a.codoperadora = e.codoperadora AND a.status <> 'ERRO' GROUP BY 1`);
      expect(Object.fromEntries(u.rows.map((x) => [x.estabelecimento, [x.arquivos, x.ultimoarquivo, x.ultimorecebimento, x.diassemarquivo, x.alarmesabertos]])))
        .toEqual(Object.fromEntries(files.map((x) => [x.codexterno, [x.n, x.ultimo, today, 0, x.codexterno === '045678901' ? 1 : 0]])));

      const i = await xlsx('arquivos-integracoes', W, cliente);
      expect(i.rows).toEqual([
        { datamovimento: addDays(today, -2), cliente: 'Padaria Pão Quente Ltda', layout: 'Movimento conciliado (CSV)', operadora: 'Rede', protocolo: 'SFTP', status: 'Entregue',
          tentativas: 1, terminadoem: br(`${addDays(today, -1)} 06:01`), arquivo: `movimento_${addDays(today, -2)}.csv`, linhas: 42, mensagem: null },
        { datamovimento: addDays(today, -1), cliente: 'Padaria Pão Quente Ltda', layout: 'Movimento conciliado (CSV)', operadora: 'Rede', protocolo: 'SFTP', status: 'Erro',
          tentativas: 3, terminadoem: br(`${today} 06:20`), arquivo: null, linhas: null, mensagem: 'Servidor SFTP recusou a conexão' },
      ]);
      expect((await gerar('arquivos-integracoes', W, 'csv', cliente2)).linhas).toBe(0);
    });
  });

  describe('scope and filter', () => {
    const PADARIA = ['Pão Quente', 'Padaria', '1023456789', '045678901'];

    it.each([
      'vendas-operadora', 'conciliacao-resumo', 'recebimentos-agenda', 'extratos-conferencia', 'terminais-cadastrados', 'arquivos-recebidos', 'taxas-a-recuperar',
      'vendas-mensal-unidade', 'conciliacao-indice-diario', 'recebimentos-previsto-realizado', 'taxas-custo-mensal', 'arquivos-ultimo-recebimento',
    ])(
      "%s: CLIENTE2 (another client) gets none of CLIENTE's rows, and CLIENTE none of CLIENTE2's",
      async (key) => {
        const other = await gerar(key, W, 'csv', cliente2);
        const text = new TextDecoder().decode(other.body);
        for (const m of PADARIA) expect(text, `${key}: ${m}`).not.toContain(m);
        const own = await gerar(key, W, 'csv', cliente);
        const ownText = new TextDecoder().decode(own.body);
        expect(ownText).not.toContain('Bom Preço');
        expect(ownText).not.toContain('000000987654321');
        // neither is empty: each sees its own
        expect(own.linhas).toBeGreaterThan(0);
        if (!['taxas-a-recuperar'].includes(key)) expect(other.linhas).toBeGreaterThan(0);
      },
    );

    it("a unit of another client in the filter narrows to nothing: the caller's own scope still applies", async () => {
      const r = await gerar('vendas-operadora', { ...W, codpessoa: ids['Pão Quente - Centro'] }, 'csv', cliente2);
      expect(r.linhas).toBe(0);
      expect(r.mensagem).toBe('Relatório gerado: nenhum registro no filtro.');
    });

    it('a period whose Até is before its De answers the field message, and so does a missing date', async () => {
      const def = defOf('recebimentos-agenda');
      const doc = `mutation($f: RelatorioRecebimentosAgendaFiltroInput!) { ${def.operation}(filtro: $f) { arquivo } }`;
      const e = errorOf(await t.call(doc, { f: { de: today, ate: addDays(today, -1) } }, { cookie: cliente }));
      expect(e).toEqual({ message: 'A data final não pode ser anterior à inicial.', code: 'BAD_USER_INPUT' });
      const missing = errorOf(await t.call(doc, { f: { de: today } }, { cookie: cliente }));
      expect(missing.code).toBe('BAD_USER_INPUT');
      expect(missing.message).toMatch(/Previsto até/);
      const formato = errorOf(await t.call(`mutation($f: RelatorioRecebimentosAgendaFiltroInput!) { ${def.operation}(filtro: $f, formato: "ods") { arquivo } }`, { f: W }, { cookie: cliente }));
      expect(formato).toEqual({ message: 'Formato deve ser xlsx, csv, pdf.', code: 'BAD_USER_INPUT' });
    });
  });

  it(`the PDF stops at ${REPORT_PDF_MAX_ROWS} rows and says so, in the file and in the message; the CSV has them all`, async () => {
    const centro = ids['Pão Quente - Centro']!;
    await exec(`INSERT INTO arquivos (codpessoa, codoperadora, status, origem, nomearquivo, mensagem, dataenvio, sha256, tamanho)
      SELECT ${centro}, 1, 'ERRO', 'PASTA', 'CIELO03_' || lpad(g::text, 5, '0') || '.txt', 'Linha 1: registro desconhecido', '${today}', md5('limite-' || g), 10
      FROM generate_series(1, ${REPORT_PDF_MAX_ROWS + 1}) g`);
    try {
      const pdf = await gerar('arquivos-rejeitados', { de: today, ate: today, codoperadora: 1 }, 'pdf');
      expect(pdf.mensagem).toBe(`Relatório gerado com as primeiras ${REPORT_PDF_MAX_ROWS.toLocaleString('pt-BR')} linhas: para todas, gere em XLSX ou CSV.`);
      expect(pdf.linhas).toBe(REPORT_PDF_MAX_ROWS);
      // a hundred pages of text: more than pdfText's buffer holds
      const text = bigPdfText(pdf.body);
      expect(text.replace(/\s+/g, ' ')).toContain(`As primeiras ${REPORT_PDF_MAX_ROWS.toLocaleString('pt-BR')} linhas; o relatório completo sai em XLSX ou CSV.`);
      expect(text).toContain('CIELO03_05000.txt');
      expect(text).not.toContain('CIELO03_05001.txt');
      const csv = await gerar('arquivos-rejeitados', { de: today, ate: today, codoperadora: 1 }, 'csv');
      expect(csv.linhas).toBe(REPORT_PDF_MAX_ROWS + 1);
      expect(csv.rows).toHaveLength(REPORT_PDF_MAX_ROWS + 1);
    } finally {
      await exec(`DELETE FROM arquivos WHERE sha256 IN (SELECT md5('limite-' || g) FROM generate_series(1, ${REPORT_PDF_MAX_ROWS + 1}) g)`);
    }
  }, 180_000);
});
