import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LIST_PAGE, MSG } from '@concilia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeScenarioFiles } from '../src/ingest/synthetic-files';
import { createTestApp, dataOf, engines, errorOf, type TestApp } from './harness';

/**
 * Long lists answer pages with the count of the whole filter (issue 12 item 2): the ticket search used to stop
 * at 5,000 rows without a word. A generated month of 1,100 Cielo sales of one unit, loaded through the app's
 * own ingestion, is more than one unpaged answer may hold (LIST_PAGE.max).
 */
const EC = '1023456789';
const SCENARIO = { sales: 1100, seed: 17, merchants: [EC], startDate: '2026-10-05', days: 10 } as const;
const WINDOW = { datavenda: '2026-10-01', datavendaate: '2026-10-31' } as const;
const FILES_WINDOW = { de: '2000-01-01', ate: '2100-01-01' } as const;

const Q = {
  listar: `query($v: TicketPesquisaFilter, $p: PaginaInput) { listarTickets(values: $v, pagina: $p) { id data resultado } listarTicketsTotal(values: $v) }`,
  pesquisar: `query($v: TicketFiltroInput!, $p: PaginaInput) { pesquisarTickets(values: $v, pagina: $p) { id } }`,
  cards: `query($v: TicketPesquisaFilter) { resultadosTickets(values: $v) { valor quantidade } }`,
  arquivos: `query($v: ArquivoManutencaoFilter, $p: PaginaInput) { listarManutencaoArquivos(values: $v, pagina: $p) { codarquivo nomearquivo } listarManutencaoArquivosTotal(values: $v) }`,
  importacao: `query($v: TicketImportacaoFilter, $p: PaginaInput) { listarImportacaoTickets(values: $v, pagina: $p) { id } listarImportacaoTicketsTotal(values: $v) }`,
  importaveis: `query($v: TicketImportacaoFiltroInput!, $p: PaginaInput) { pesquisarImportacaoTickets(values: $v, pagina: $p) { id } }`,
};

type Page = { id: string; data: string; resultado: string }[];

describe.each(engines())('paged lists on %s', (engine) => {
  let t: TestApp;
  let cliente: string;
  let unit: number;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'concilia-pages-'));
  const call = async (q: string, v: Record<string, unknown>) => dataOf(await t.call(q, v, { cookie: cliente }));
  const tickets = async (p: { inicio: number; tamanho: number }, v: Record<string, unknown> = {}) => {
    const d = await call(Q.listar, { v: { ...WINDOW, ...v }, p });
    return { rows: d.listarTickets as Page, total: d.listarTicketsTotal as number };
  };

  beforeAll(async () => {
    t = await createTestApp(engine, { INGEST_WORKERS: '1' });
    unit = Number((await t.exec(`SELECT codpessoa FROM pessoas WHERE nome = 'Pão Quente - Centro'`))[0]!.codpessoa);
    const files = await writeScenarioFiles({ dir, layouts: ['cielo-v15', 'cliente-csv'], scenario: SCENARIO, fileDate: '2026-10-15' });
    for (const f of files) await t.app.services.ingestion.receive({ source: fs.readFileSync(f.path), name: path.basename(f.path), origem: 'CLI', codpessoa: unit });
    await t.app.services.ingestion.drain();
    cliente = await t.login('CLIENTE');
  }, 180_000);
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('pages the ticket search: page 2 holds the next rows, the pages add up to the total, which the cards agree with', async () => {
    const first = await tickets({ inicio: 0, tamanho: 100 });
    const second = await tickets({ inicio: 100, tamanho: 100 });
    expect(first.rows).toHaveLength(100);
    expect(second.rows).toHaveLength(100);
    expect(first.total).toBeGreaterThan(LIST_PAGE.max);
    expect(second.total).toBe(first.total);
    // the order is the sale date, page after page, and no row is on two pages
    expect(second.rows[0]!.data >= first.rows.at(-1)!.data).toBe(true);
    expect(new Set([...first.rows, ...second.rows].map((r) => r.id)).size).toBe(200);
    // every page of the largest size: all the rows of the filter, each once, and nothing cut
    const all: Page = [];
    for (let inicio = 0; inicio < first.total; inicio += LIST_PAGE.max) all.push(...(await tickets({ inicio, tamanho: LIST_PAGE.max })).rows);
    expect(all).toHaveLength(first.total);
    expect(new Set(all.map((r) => r.id)).size).toBe(first.total);
    expect(all.slice(100, 200).map((r) => r.id)).toEqual(second.rows.map((r) => r.id));
    // past the end: an empty page, the same total
    const beyond = await tickets({ inicio: first.total, tamanho: 10 });
    expect(beyond).toEqual({ rows: [], total: first.total });
    // the cards count the whole filter, not the page
    const cards: { valor: string; quantidade: number }[] = (await call(Q.cards, { v: WINDOW })).resultadosTickets;
    expect(cards.reduce((n, c) => n + c.quantidade, 0)).toBe(first.total);
    // a card's result narrows the total to that card's count
    const card = cards.find((c) => c.valor === 'somente_operadora')!;
    const only = await tickets({ inicio: 0, tamanho: 10 }, { resultado: 'somente_operadora' });
    expect(only.total).toBe(card.quantidade);
    expect(new Set(only.rows.map((r) => r.resultado))).toEqual(new Set(['somente_operadora']));
    // a first page that holds the whole filter answers its total from its rows: the same total
    const whole = await tickets({ inicio: 0, tamanho: LIST_PAGE.max }, { resultado: 'somente_operadora' });
    expect(whole.rows.length).toBeLessThan(LIST_PAGE.max);
    expect(whole.total).toBe(card.quantidade);
    expect(whole.rows).toHaveLength(card.quantidade);
  });

  it('says so instead of cutting silently when a list without a page is longer than one answer may be', async () => {
    const listed = await t.call(Q.listar, { v: WINDOW }, { cookie: cliente });
    expect(errorOf(listed)).toEqual({ message: MSG.paginaNecessaria.replace('{max}', String(LIST_PAGE.max)), code: 'BAD_USER_INPUT' });
    const searched = await t.call(Q.pesquisar, { v: WINDOW }, { cookie: cliente });
    expect(errorOf(searched).message).toBe(MSG.paginaNecessaria.replace('{max}', String(LIST_PAGE.max)));
    // the spec's own search takes the same page
    const page = dataOf(await t.call(Q.pesquisar, { v: WINDOW, p: { inicio: 100, tamanho: 100 } }, { cookie: cliente })).pesquisarTickets;
    expect(page.map((r: { id: string }) => r.id)).toEqual((await tickets({ inicio: 100, tamanho: 100 })).rows.map((r) => r.id));
    // a list that fits is answered whole without a page, as before
    const day = dataOf(await t.call(Q.listar, { v: { datavenda: '2026-10-06', datavendaate: '2026-10-06' } }, { cookie: cliente }));
    expect(day.listarTickets.length).toBe(day.listarTicketsTotal);
    expect(day.listarTicketsTotal).toBeGreaterThan(0);
  });

  it('refuses a page of more rows than the largest, or one that starts before the first row', async () => {
    const invalid = MSG.paginaInvalida.replace('{max}', String(LIST_PAGE.max));
    for (const p of [{ inicio: 0, tamanho: LIST_PAGE.max + 1 }, { inicio: 0, tamanho: 0 }, { inicio: -1, tamanho: 10 }]) {
      expect(errorOf(await t.call(Q.listar, { v: WINDOW, p }, { cookie: cliente }))).toEqual({ message: invalid, code: 'BAD_USER_INPUT' });
    }
  });

  it('pages the file screens and the import list with their totals', async () => {
    const one = async (inicio: number) => call(Q.arquivos, { v: FILES_WINDOW, p: { inicio, tamanho: 1 } });
    const [p1, p2] = [await one(0), await one(1)];
    expect(p1.listarManutencaoArquivosTotal).toBe(2);
    expect(p1.listarManutencaoArquivos).toHaveLength(1);
    expect(p2.listarManutencaoArquivos).toHaveLength(1);
    // newest first, page after page
    expect(p1.listarManutencaoArquivos[0].codarquivo).toBeGreaterThan(p2.listarManutencaoArquivos[0].codarquivo);

    const filter = { de: '2026-10-01', ate: '2026-10-31', concioperadora: unit };
    const importable = await call(Q.importacao, { v: filter, p: { inicio: 0, tamanho: 5 } });
    const onlyOperator = (await tickets({ inicio: 0, tamanho: 1 }, { resultado: 'somente_operadora' })).total;
    expect(importable.listarImportacaoTicketsTotal).toBe(onlyOperator);
    expect(importable.listarImportacaoTickets).toHaveLength(5);
    const next = await call(Q.importaveis, { v: filter, p: { inicio: 5, tamanho: 5 } });
    const both = await call(Q.importacao, { v: filter, p: { inicio: 0, tamanho: 10 } });
    expect(both.listarImportacaoTickets.slice(5)).toEqual(next.pesquisarImportacaoTickets);
  });
});
