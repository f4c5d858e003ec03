import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MSG } from '@concilia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, createTestApp, dataOf, engines, errorOf, type TestApp } from './harness';
import { spreadsheetRows } from './spreadsheet-text';

/**
 * Fechamento de Movimento Previsão (spec part 2 §2.2, §5, §7) against hand-computed cases. A client of the
 * reseller of its own ('Cliente Previsão', so the demo's plans play no part) has terminal T-PREV under a POS plan
 * from 1 Feb to 30 Apr 2026: débito (Cielo 041) 2 %; 30,00 a month, cut-off day 9. March 2026 starts on a Sunday.
 * Sales (centavos, the operator's fee in brackets; the POS fee at 2 %):
 *   Sun 01/03 10 000 (100) → 200      Mon 02/03 5 000 (50) → 100     Sat 07/03 2 550 (25) → round(51.0) = 51
 *   Mon 09/03  1 000 (10)  → 20       Tue 10/03 3 000 (30) → 60
 *   outside 01/03–15/03: Mon 23/02 4 000 (40), Mon 16/03 7 000 (70); and a refused sale on Mon 02/03.
 * Monthly fees: February's cut-off Mon 09/02 is before the window; March's, Mon 09/03, is in it.
 *
 * Forecast 01/03–15/03 (valorbruto, valorliquidoadm, valorliquidoterminal, mensalidades, valorservico):
 *   Mondays (2):           2 sales,  6 000,  5 940,  5 880, 3 000, 6 000 − 5 880 + 3 000 = 3 120
 *   Sundays and Saturdays: 2 sales, 12 550, 12 425, 12 299,     0, 251
 *   every day:             5 sales, 21 550, 21 335, 21 119, 3 000, 431 + 3 000 = 3 431
 */
const PREVISAO = 'mutation($f: FechaMovimentoPrevisaoFiltro!, $d: [Int!]!, $x: String) { getRelatorioFechaMovimentoPrevisao(filtro: $f, dias: $d, formato: $x) }';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe.each(engines())('Fechamento de Movimento Previsão (%s)', (engine) => {
  let t: TestApp;
  let revenda: string;
  let cliente: string;
  let linha = 0;
  let codarquivo: number;
  let unidade: number;
  const one = async (q: string) => Number(Object.values((await t.exec(q))[0]!)[0]);
  const sale = async (v: { data: string; bruto: number; taxa: number; aceita?: boolean }) => {
    linha++;
    await t.exec(`INSERT INTO linhas_operadora (codarquivo, linha, chave, ocorrencia, tipo, tiporegistro, codoperadora, codpessoa, codcliente, estabelecimento, terminal,
        data, valorbruto, valortaxa, valorliquido, totparcelas, produto, aceita)
      VALUES (${codarquivo}, ${linha}, md5('prev-${engine}-${linha}')::uuid, 1, 'sale', 'E', 1, ${unidade}, cliente_raiz(${unidade}), '9900000002', 'T-PREV',
        '${v.data}', ${v.bruto}, ${v.taxa}, ${v.bruto - v.taxa}, 1, '041', ${v.aceita ?? true})`);
  };
  /** Asks for the report and fetches it as the browser would: its bytes and headers. */
  const report = async (filtro: Record<string, unknown>, dias: number[], formato?: string, cookie = revenda) => {
    const p = dataOf(await t.call(PREVISAO, { f: filtro, d: dias, x: formato }, { cookie })).getRelatorioFechaMovimentoPrevisao as string;
    expect(p).toMatch(/^\/download\//);
    const res = await t.app.fetch(`${BASE_URL}${p}`, { method: 'GET', headers: { cookie } }, { ip: '127.0.0.1' });
    expect(res.status).toBe(200);
    return { body: new Uint8Array(await res.arrayBuffer()), type: res.headers.get('content-type') ?? '', disposition: res.headers.get('content-disposition') ?? '' };
  };
  /** The client's row of the spreadsheet, in reais as the cells hold them. */
  const rowOf = async (dias: number[]) => {
    const { body, type } = await report({ datavendade: '2026-03-01', datavendaate: '2026-03-15' }, dias, 'xlsx');
    expect(type).toContain(XLSX);
    const sheets = await spreadsheetRows(body);
    return sheets['Previsão']!.find((r) => r.values[0] === 'Cliente Previsão')?.values ?? null;
  };

  beforeAll(async () => {
    t = await createTestApp(engine);
    const codrevenda = await one(`SELECT codpessoa FROM pessoas WHERE tipo = 'REVENDA'`);
    const codcliente = await one(`INSERT INTO pessoas (tipo, nome, codpessoapai, cnpj) VALUES ('CLIENTE', 'Cliente Previsão', ${codrevenda}, '11222333000181') RETURNING codpessoa`);
    unidade = await one(`INSERT INTO pessoas (tipo, nome, codpessoapai) VALUES ('UNIDADE', 'Previsão - Loja', ${codcliente}) RETURNING codpessoa`);
    const terminal = await one(`INSERT INTO terminais (codexterno, nome, vinculo, codpessoapai, codpessoacliente, datainiciocobranca, codoperadora)
      VALUES ('T-PREV', 'Caixa Previsão', 'POS', ${codrevenda}, ${codcliente}, '2026-02-01', 1) RETURNING codterminal`);
    const plano = await one(`INSERT INTO planos_pos (nome, codpessoapai, cobramensalidade, valormensalidade, diacorte, tarifacao)
      VALUES ('POS Previsão', ${codrevenda}, 'S', 3000, 9, 'P') RETURNING codplano`);
    const codtaxa = await one(`INSERT INTO planos_pos_taxas (codplano, codprodutos) VALUES (${plano}, 4) RETURNING codplanostaxas`);
    await t.exec(`INSERT INTO planos_pos_taxas_faixas (codplanostaxas, de, ate, taxa) VALUES (${codtaxa}, 1, 1, '2.0000')`);
    const contrato = await one(`INSERT INTO planos_terminal (codplanos, vigenciade, vigenciaate) VALUES (${plano}, '2026-02-01', '2026-04-30') RETURNING codplanosterminal`);
    await t.exec(`INSERT INTO planos_terminal_terminais (codplanosterminal, codterminal) VALUES (${contrato}, ${terminal})`);
    codarquivo = await one(`INSERT INTO arquivos (codpessoa, codoperadora, status, origem, nomearquivo, dataenvio, sha256, tamanho)
      VALUES (${unidade}, 1, 'PROCESSADO', 'CLI', 'previsao.txt', '2026-03-31', md5('previsao-${engine}'), 1) RETURNING codarquivo`);

    await sale({ data: '2026-03-01', bruto: 10000, taxa: 100 });
    await sale({ data: '2026-03-02', bruto: 5000, taxa: 50 });
    await sale({ data: '2026-03-07', bruto: 2550, taxa: 25 });
    await sale({ data: '2026-03-09', bruto: 1000, taxa: 10 });
    await sale({ data: '2026-03-10', bruto: 3000, taxa: 30 });
    await sale({ data: '2026-02-23', bruto: 4000, taxa: 40 });
    await sale({ data: '2026-03-16', bruto: 7000, taxa: 70 });
    await sale({ data: '2026-03-02', bruto: 88800, taxa: 800, aceita: false });
    revenda = await t.login('REVENDA');
    cliente = await t.login('CLIENTE');
  });
  afterAll(() => t?.close());

  it('forecasts only the sales of the window on the chosen weekdays, and the fees whose cut-off falls on them, as hand-computed', async () => {
    // columns: Cliente, Vendas, Valor bruto, Líq. administradora, Líq. terminal, Mensalidades, Valor do serviço (R$)
    expect(await rowOf([2])).toEqual(['Cliente Previsão', 2, 60, 59.4, 58.8, 30, 31.2]);
    expect(await rowOf([7, 1])).toEqual(['Cliente Previsão', 2, 125.5, 124.25, 122.99, 0, 2.51]);
    expect(await rowOf([1, 2, 3, 4, 5, 6, 7])).toEqual(['Cliente Previsão', 5, 215.5, 213.35, 211.19, 30, 34.31]);
    // Wednesdays to Fridays: nothing of this client to bill
    expect(await rowOf([4, 5, 6])).toBeNull();
    // a forecast closes nothing
    expect(await one(`SELECT count(*) FROM movimentos`)).toBe(0);
    expect(await one(`SELECT count(*) FROM auditoria WHERE acao = 'RELATORIO_PREVISAO'`)).toBe(4);
  });

  it('the PDF prints the window, the weekdays and the client', async () => {
    const { body, type, disposition } = await report({ datavendade: '2026-03-01', datavendaate: '2026-03-15' }, [2]);
    expect(type).toContain('application/pdf');
    expect(Buffer.from(body.subarray(0, 4)).toString('latin1')).toBe('%PDF');
    expect(disposition).toContain('previsao-fechamento-2026-03-01-a-2026-03-15.pdf');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'previsao-'));
    try {
      const file = path.join(dir, 'previsao.pdf');
      fs.writeFileSync(file, body);
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\u00a0/g, ' ');
      expect(text).toContain('Fechamento de Movimento Previsão');
      expect(text).toContain('01/03/2026 a 15/03/2026');
      expect(text).toContain('Segunda-feira');
      expect(text).toMatch(/Cliente Previsão\s+2\s+R\$ 60,00/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("answers the spec's required messages, and refuses a reversed window and an unknown day", async () => {
    const r = await t.call(PREVISAO, { f: {}, d: [] }, { cookie: revenda });
    expect(errorOf(r)).toEqual({ message: MSG.previsaoVendaDeObrigatorio, code: 'BAD_USER_INPUT' });
    expect(r.body.errors[0].extensions.issues).toEqual([
      { path: 'datavendade', message: 'Venda De é obrigatório' },
      { path: 'datavendaate', message: 'Venda Até é obrigatório' },
      { path: 'dias', message: 'Dias é obrigatório' },
    ]);
    const semDias = await t.call(PREVISAO, { f: { datavendade: '2026-03-01', datavendaate: '2026-03-15' }, d: [] }, { cookie: revenda });
    expect(errorOf(semDias).message).toBe('Dias é obrigatório');
    const invertida = await t.call(PREVISAO, { f: { datavendade: '2026-03-15', datavendaate: '2026-03-01' }, d: [1] }, { cookie: revenda });
    expect(errorOf(invertida).message).toBe(MSG.periodoInvertido);
    const dia = await t.call(PREVISAO, { f: { datavendade: '2026-03-01', datavendaate: '2026-03-15' }, d: [8] }, { cookie: revenda });
    expect(errorOf(dia).message).toBe(MSG.previsaoDiaInvalido);
    const formato = await t.call(PREVISAO, { f: { datavendade: '2026-03-01', datavendaate: '2026-03-15' }, d: [1], x: 'doc' }, { cookie: revenda });
    expect(errorOf(formato).message).toBe(MSG.previsaoFormatoInvalido);
  });

  it("is the biller's: a client's user is refused, and so is a call without a session", async () => {
    const f = { datavendade: '2026-03-01', datavendaate: '2026-03-15' };
    expect(errorOf(await t.call(PREVISAO, { f, d: [1] }, { cookie: cliente })).code).toBe('FORBIDDEN');
    expect(errorOf(await t.call(PREVISAO, { f, d: [1] }, {})).code).toBe('UNAUTHENTICATED');
  });
});
