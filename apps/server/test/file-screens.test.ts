import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MSG, UPLOAD_LIMITS } from '@concilia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeScenarioFiles } from '../src/ingest/synthetic-files';
import { BASE_URL, createTestApp, dataOf, engines, errorOf, type TestApp } from './harness';

const SAMPLES = new URL('../../../packages/engine/test/samples/', import.meta.url);
const EEVC = new Uint8Array(fs.readFileSync(new URL('rede/R97470EEVC01.cmp', SAMPLES)));
/** The demo's Cielo establishment, registered to the unit 'Pão Quente - Centro'. */
const EC = '1023456789';
const ALL = { de: '2000-01-01', ate: '2099-12-31' };

const ENVIAR = `mutation enviarArquivo($arquivo: File!, $codpessoa: Int) {
  enviarArquivo(arquivo: $arquivo, codpessoa: $codpessoa) { codarquivo status mensagem duplicate } }`;
const FIELDS = 'codarquivo dataenvio datarecebimento dataprocessamento tipo origem status nomearquivo mensagem codoperadora codpessoa';
const LIST = (op: string, type: string) => `query ${op}($values: ${type}Filter) { ${op}(values: $values) { ${FIELDS} } }`;
const MANUT = LIST('listarManutencaoArquivos', 'ArquivoManutencao');
const ABERTO = `query listarConciliacaoEmAberto($values: ArquivoEmAbertoFilter) { listarConciliacaoEmAberto(values: $values) { codarquivo status } }`;
const EXTRATOS = `query listarExtratosOriginais($values: ExtratoOriginalFilter) { listarExtratosOriginais(values: $values) { codarquivo tipo nomearquivo } }`;
const BUCKETS = `query resultadosManutencaoArquivos($values: ArquivoManutencaoFilter) { resultadosManutencaoArquivos(values: $values) { valor label quantidade total } }`;
const KEY = (op: string, type: string) => `mutation ${op}($values: ${type}KeyValues!) { ${op}(values: $values) }`;
const BAIXAR = KEY('baixarManutencaoArquivos', 'ArquivoManutencao');
const BAIXAR_EXTRATO = KEY('baixarExtratosOriginais', 'ExtratoOriginal');
const BAIXAR_ABERTO = KEY('baixarConciliacaoEmAberto', 'ArquivoEmAberto');
const REPROCESSAR = KEY('reprocessarManutencaoArquivos', 'ArquivoManutencao');
const DELETAR = KEY('deletarManutencaoArquivos', 'ArquivoManutencao');

type Row = { codarquivo: number; status: string; nomearquivo: string; datarecebimento: string; mensagem: string | null; tipo: string | null; origem: string };

describe.each(engines())('file screens on %s', (engine) => {
  let t: TestApp;
  let cliente: string;
  let cliente2: string;
  let admin: string;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'concilia-files-screens-'));
  const sent: Record<string, { codarquivo: number; bytes: Uint8Array }> = {};

  /** One file through the real upload: a GraphQL multipart request, as the screen sends it. */
  async function upload(cookie: string, bytes: Uint8Array, name: string, codpessoa?: number) {
    const form = new FormData();
    form.set('operations', JSON.stringify({ query: ENVIAR, variables: { arquivo: null, codpessoa: codpessoa ?? null } }));
    form.set('map', JSON.stringify({ 0: ['variables.arquivo'] }));
    form.set('0', new File([new Uint8Array(bytes)], name));
    return t.fetch({ method: 'POST', headers: { cookie, 'x-graphql-yoga-csrf': '1' }, body: form });
  }
  async function send(key: string, cookie: string, bytes: Uint8Array, name: string, codpessoa?: number) {
    const r = await upload(cookie, bytes, name, codpessoa);
    sent[key] = { codarquivo: dataOf(r).enviarArquivo.codarquivo, bytes };
    await t.app.services.ingestion.drain();
    return dataOf(r).enviarArquivo;
  }
  const unitOf = async (nome: string) => Number((await t.exec(`SELECT codpessoa FROM pessoas WHERE nome = '${nome}'`))[0]!.codpessoa);
  const list = async (cookie: string, values: Record<string, unknown> = ALL, query = MANUT): Promise<Row[]> => {
    const data = dataOf(await t.call(query, { values }, { cookie }));
    return Object.values(data)[0] as Row[];
  };
  const codes = (rows: { codarquivo: number }[]) => rows.map((r) => r.codarquivo).sort((a, b) => a - b);
  const code = (key: string) => sent[key]!.codarquivo;

  beforeAll(async () => {
    t = await createTestApp(engine, { INGEST_WORKERS: '1' });
    [cliente, cliente2, admin] = [await t.login('CLIENTE'), await t.login('CLIENTE2'), await t.login('ADMIN')];
    const centro = await unitOf('Pão Quente - Centro');
    const matriz = await unitOf('Bom Preço - Matriz');
    const read = async (layouts: Parameters<typeof writeScenarioFiles>[0]['layouts'], scenario: Parameters<typeof writeScenarioFiles>[0]['scenario'], fileDate: string, sub: string) =>
      (await writeScenarioFiles({ dir: path.join(dir, sub), layouts, scenario, fileDate })).map((f) => ({ name: path.basename(f.path), bytes: new Uint8Array(fs.readFileSync(f.path)) }));
    // A: operator and customer files that agree on every sale (no differences): fully reconciled
    const [cieloA, csvA] = await read(['cielo-v15', 'cliente-csv'], { sales: 20, seed: 3, merchants: [EC], startDate: '2026-05-04', days: 5, shares: {} }, '2026-05-10', 'a');
    // B: an operator statement with no customer file: every sale only at the operator
    const [cieloB] = await read(['cielo-v15'], { sales: 30, seed: 5, merchants: [EC], startDate: '2026-06-01', days: 5 }, '2026-06-10', 'b');
    // C: the other client's own sales file
    const [csvC] = await read(['cliente-csv'], { sales: 10, seed: 9, merchants: ['000000987654321'], startDate: '2026-06-01', days: 3 }, '2026-06-05', 'c');
    await send('cieloA', cliente, cieloA!.bytes, cieloA!.name, centro);
    await send('csvA', cliente, csvA!.bytes, csvA!.name, centro);
    await send('cieloB', cliente, cieloB!.bytes, cieloB!.name);
    await send('ilegivel', cliente, Uint8Array.from([0, 159, 146, 150, 255, 1, 2, 3]), 'foto.bin');
    await send('csvC', cliente2, csvC!.bytes, csvC!.name, matriz);
    // the genuine Rede sample, sent at the top: its PV is nobody's, so the file has no owner
    await send('rede', admin, EEVC, 'R97470EEVC01.cmp');
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('uploads go through the real pipeline: loaded files end PROCESSADO, an unreadable one ends in ERRO with its message', async () => {
    const rows = await list(cliente);
    const byCode = new Map(rows.map((r) => [r.codarquivo, r]));
    for (const k of ['cieloA', 'csvA', 'cieloB']) expect(byCode.get(code(k)), k).toMatchObject({ status: 'PROCESSADO', origem: 'UPLOAD' });
    expect(byCode.get(code('ilegivel'))).toMatchObject({ status: 'ERRO', mensagem: MSG.arquivoNaoReconhecido, nomearquivo: 'foto.bin' });
    expect(byCode.get(code('cieloA'))).toMatchObject({ tipo: 'CIELO03', dataenvio: '2026-05-10' });
    expect(rows[0]!.datarecebimento).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('a client sees only its own files; a file nobody owns is seen only at the top', async () => {
    expect(codes(await list(cliente))).toEqual(codes(['cieloA', 'csvA', 'cieloB', 'ilegivel'].map((k) => ({ codarquivo: code(k) }))));
    expect(codes(await list(cliente2))).toEqual([code('csvC')]);
    expect(codes(await list(admin))).toEqual(codes(Object.keys(sent).map((k) => ({ codarquivo: code(k) }))));
    // and not by asking for another client's file by its code, on any screen
    expect(await list(cliente2, { ...ALL, codarquivo: code('cieloB') })).toEqual([]);
    expect(codes(await list(cliente2, ALL, ABERTO))).toEqual([code('csvC')]);
    expect(await list(cliente, { ...ALL, codarquivo: code('rede') }, EXTRATOS)).toEqual([]);
  });

  it('filters by code, name, type, origin, status, operator, unit and receipt-date window', async () => {
    expect(codes(await list(cliente, { ...ALL, codarquivo: code('cieloB') }))).toEqual([code('cieloB')]);
    expect(codes(await list(cliente, { ...ALL, nomearquivo: 'FOTO' }))).toEqual([code('ilegivel')]);
    expect(codes(await list(cliente, { ...ALL, status: 'ERRO' }))).toEqual([code('ilegivel')]);
    expect(codes(await list(cliente, { ...ALL, tipo: 'CIELO03' }))).toEqual(codes([{ codarquivo: code('cieloA') }, { codarquivo: code('cieloB') }]));
    expect(await list(cliente, { ...ALL, origem: 'PASTA' })).toEqual([]);
    expect(codes(await list(cliente, { ...ALL, codoperadora: 1, status: '-999' }))).toEqual(codes([{ codarquivo: code('cieloA') }, { codarquivo: code('cieloB') }]));
    // the unit: files it owns, and operator files that carry its establishment's lines (cieloB was sent without one)
    const centro = await unitOf('Pão Quente - Centro');
    expect(codes(await list(cliente, { ...ALL, codpessoa: centro }))).toEqual(codes(['cieloA', 'csvA', 'cieloB'].map((k) => ({ codarquivo: code(k) }))));
    // the window is on the receipt day, not the header's send date: every file here was received today
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
    expect(codes(await list(cliente, { de: today, ate: today }))).toEqual(codes(await list(cliente, ALL)));
    expect(await list(cliente, { de: '2026-06-01', ate: '2026-06-30' })).toEqual([]);
  });

  it('refuses invalid dates and an inverted window with the form messages', async () => {
    expect(errorOf(await t.call(MANUT, { values: { de: '2026-02-30', ate: '2026-03-10' } }, { cookie: cliente })).message).toBe(MSG.dataInvalida);
    expect(errorOf(await t.call(MANUT, { values: { de: '2026-03-10', ate: '2026-03-01' } }, { cookie: cliente })).message).toBe(MSG.periodoInvertido);
  });

  it('Arquivos em Aberto: files not loaded or with sales unpaired; a file whose every sale is reconciled is not there', async () => {
    const open = codes(await list(cliente, ALL, ABERTO));
    expect(open).toContain(code('cieloB'));
    expect(open).toContain(code('ilegivel'));
    expect(open).not.toContain(code('cieloA'));
    expect(open).not.toContain(code('csvA'));
    const [pairs] = await t.exec(`SELECT count(*)::int AS n FROM resultado_venda_operadora WHERE codarquivo = ${code('cieloA')} AND resultado = 'conciliado'`);
    expect(Number(pairs!.n)).toBe(20);
  });

  it('Extratos Originais: operator statements only', async () => {
    expect(codes(await list(cliente, ALL, EXTRATOS))).toEqual(codes([{ codarquivo: code('cieloA') }, { codarquivo: code('cieloB') }]));
    expect(codes(await list(admin, ALL, EXTRATOS))).toContain(code('rede'));
    expect(codes(await list(admin, ALL, EXTRATOS))).not.toContain(code('csvC'));
  });

  it('result cards count the sale lines of the filtered files by result, with their amounts, and filter by a result', async () => {
    const cards: { valor: string; label: string; quantidade: number; total: number }[] = dataOf(await t.call(BUCKETS, { values: ALL }, { cookie: cliente })).resultadosManutencaoArquivos;
    const conciliado = cards.find((c) => c.valor === 'conciliado')!;
    expect(conciliado).toMatchObject({ label: 'Conciliado', quantidade: 40 });
    const [sum] = await t.exec(`SELECT (SELECT sum(valorbruto) FROM linhas_operadora WHERE codarquivo = ${code('cieloA')} AND tipo = 'sale')
      + (SELECT sum(valor) FROM linhas_cliente WHERE codarquivo = ${code('csvA')}) AS total`);
    expect(conciliado.total).toBe(Number(sum!.total));
    expect(cards.find((c) => c.valor === 'somente_operadora')!.quantidade).toBeGreaterThan(20);
    expect(codes(await list(cliente, { ...ALL, resultado: 'somente_operadora' }))).toEqual([code('cieloB')]);
    // the other client's cards know nothing of these files
    const other = dataOf(await t.call(BUCKETS, { values: ALL }, { cookie: cliente2 })).resultadosManutencaoArquivos;
    expect(other.map((c: { valor: string }) => c.valor)).toEqual(['somente_cliente']);
  });

  it('downloads the original byte for byte, once, and only to the user who asked', async () => {
    for (const [op, doc] of [['baixarManutencaoArquivos', BAIXAR], ['baixarExtratosOriginais', BAIXAR_EXTRATO], ['baixarConciliacaoEmAberto', BAIXAR_ABERTO]] as const) {
      const where = dataOf(await t.call(doc, { values: { editValues: { codarquivo: code('cieloB') } } }, { cookie: cliente }))[op] as string;
      expect(where).toMatch(/^\/download\/[\w-]{16,}$/);
      const stranger = await t.app.fetch(`${BASE_URL}${where}`, { headers: { cookie: cliente2 } });
      expect(stranger.status).toBe(404);
      const res = await t.app.fetch(`${BASE_URL}${where}`, { headers: { cookie: cliente } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toContain('attachment');
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(sent.cieloB!.bytes);
      expect((await t.app.fetch(`${BASE_URL}${where}`, { headers: { cookie: cliente } })).status).toBe(404);
    }
    expect(errorOf(await t.call(BAIXAR, { values: { editValues: { codarquivo: code('cieloB') } } }, { cookie: cliente2 })).message).toBe(MSG.registroNaoEncontrado);
    // a customer file is no operator statement
    expect(errorOf(await t.call(BAIXAR_EXTRATO, { values: { editValues: { codarquivo: code('csvA') } } }, { cookie: cliente })).message).toBe(MSG.registroNaoEncontrado);
  });

  it('reprocess loads the stored original again: same lines, status back to PROCESSADO', async () => {
    const count = async () => Number((await t.exec(`SELECT count(*)::int AS n FROM linhas_operadora WHERE codarquivo = ${code('cieloB')}`))[0]!.n);
    const before = await count();
    expect(dataOf(await t.call(REPROCESSAR, { values: { editValues: { codarquivo: code('cieloB') } } }, { cookie: cliente })).reprocessarManutencaoArquivos).toBe(true);
    await t.app.services.ingestion.drain();
    expect(await count()).toBe(before);
    expect((await list(cliente, { ...ALL, codarquivo: code('cieloB') }))[0]).toMatchObject({ status: 'PROCESSADO' });
    expect(errorOf(await t.call(REPROCESSAR, { values: { editValues: { codarquivo: code('cieloB') } } }, { cookie: cliente2 })).message).toBe(MSG.registroNaoEncontrado);
  });

  it("deletes a file with its lines; another client's delete is refused", async () => {
    expect(errorOf(await t.call(DELETAR, { values: { editValues: { codarquivo: code('ilegivel') } } }, { cookie: cliente2 })).message).toBe(MSG.registroNaoEncontrado);
    expect(dataOf(await t.call(DELETAR, { values: { editValues: { codarquivo: code('ilegivel') } } }, { cookie: cliente })).deletarManutencaoArquivos).toBe(true);
    expect(await list(cliente, { ...ALL, codarquivo: code('ilegivel') })).toEqual([]);
  });

  it("refuses a file over the upload limit and a unit outside the user's branch", async () => {
    const big = await upload(cliente, new Uint8Array(UPLOAD_LIMITS.maxBytes + 1), 'grande.txt');
    expect(errorOf(big).message).toBe('Arquivo muito grande: o limite é 3 MB.');
    const matriz = await unitOf('Bom Preço - Matriz');
    expect(errorOf(await upload(cliente, Uint8Array.from([1, 2, 3]), 'x.txt', matriz)).message).toBe(MSG.semPermissao);
    // without the CSRF header a multipart request never reaches GraphQL
    const form = new FormData();
    form.set('operations', JSON.stringify({ query: ENVIAR, variables: { arquivo: null } }));
    form.set('map', JSON.stringify({ 0: ['variables.arquivo'] }));
    form.set('0', new File([new Uint8Array([1])], 'x.txt'));
    expect((await t.fetch({ method: 'POST', headers: { cookie: cliente }, body: form })).status).toBe(403);
  });
});
