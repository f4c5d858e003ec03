import { withRawTransaction } from '@concilia/db';
import { auditoriaTaxasScreen } from '@concilia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditFees } from '../src/reconcile/fee-audit';
import { BASE_URL, createTestApp, dataOf, engines, errorOf, type TestApp } from './harness';
import { spreadsheetRows } from './spreadsheet-text';

type Row = Record<string, unknown>;

const LIST = `query($v: AuditoriaTaxaFilter, $p: PaginaInput) { listarAuditoriaTaxas(values: $v, pagina: $p) {
  codlinha datavenda unidade codoperadora estabelecimento nsu produto parcelas valorbruto taxacobrada percentualcobrado
  taxacontratada percentualcontratado diferenca situacao regra } listarAuditoriaTaxasTotal(values: $v) }`;
const CARDS = `query($v: AuditoriaTaxaFilter) { resultadosAuditoriaTaxas(values: $v) { valor label quantidade total } }`;
const EXPORT = `mutation($v: AuditoriaTaxaFilter) { exportarAuditoriaTaxas(values: $v) }`;

/**
 * Auditoria de Taxas over sales worked out by hand: a unit of the bakery with a contract for March 2026 at
 * Cielo, crédito à vista contracted at 2,00%, and three sales — R$ 200,00 charged R$ 5,00 (R$ 1,00 too much),
 * R$ 100,00 charged R$ 2,50 (R$ 0,50 too much) and R$ 50,00 charged R$ 1,00 (as contracted).
 */
describe.each(engines())('Auditoria de Taxas (%s)', (engine) => {
  let t: TestApp;
  let revenda: string;
  let unidade: number;
  const filtro = () => ({ de: '2026-03-01', ate: '2026-03-31', codpessoa: unidade });

  beforeAll(async () => {
    t = await createTestApp(engine);
    revenda = await t.login('REVENDA');
    const one = async (q: string) => Number(Object.values((await t.exec(q))[0]!)[0]);
    const padaria = await one(`SELECT codpessoa FROM pessoas WHERE nome = 'Padaria Pão Quente Ltda'`);
    const dono = await one(`SELECT codpessoa FROM pessoas WHERE tipo = 'REVENDA'`);
    unidade = await one(`INSERT INTO pessoas (tipo, nome, nomeabreviado, codpessoapai) VALUES ('UNIDADE', 'Pão Quente - Auditoria', 'PQ Auditoria', ${padaria}) RETURNING codpessoa`);
    const plano = await one(`INSERT INTO planos_conciliadores (nome, codpessoapai) VALUES ('Plano Auditoria', ${dono}) RETURNING codplanosconciliadores`);
    const contrato = await one(`INSERT INTO planos_conciliadores_contrato (codplanosconciliadores, vigenciade, vigenciaate)
      VALUES (${plano}, '2026-03-01', '2026-03-31') RETURNING codplanosconciliadorescontrato`);
    await t.exec(`INSERT INTO planos_conciliadores_contrato_unidades (codplanosconciliadorescontrato, codoperadora, codpessoa) VALUES (${contrato}, 1, ${unidade})`);
    await t.exec(`INSERT INTO planos_conciliadores_taxas (codplanosconciliadores, codoperadora, codprodutos, de, ate, tarifacao, tipotaxa, taxa)
      VALUES (${plano}, 1, 1, 1, 1, 'V', 'P', 2)`);
    const arquivo = await one(`INSERT INTO arquivos (codpessoa, codoperadora, status, origem, nomearquivo, dataenvio, sha256, tamanho)
      VALUES (${unidade}, 1, 'PROCESSADO', 'CLI', 'auditoria.txt', '2026-03-31', md5('auditoria.txt'), 1) RETURNING codarquivo`);
    for (const [n, dia, bruto, taxa] of [[1, 11, 20000, 500], [2, 12, 10000, 250], [3, 13, 5000, 100]] as const) {
      await t.exec(`INSERT INTO linhas_operadora (codarquivo, linha, chave, ocorrencia, tipo, tiporegistro, codoperadora, codpessoa, codcliente,
          estabelecimento, nsu, data, valorbruto, valortaxa, valorliquido, totparcelas, produto, aceita)
        VALUES (${arquivo}, ${n}, md5('auditoria-${n}')::uuid, 1, 'sale', 'E', 1, ${unidade}, cliente_raiz(${unidade}), 'AUD1', '00000${n}', '2026-03-${dia}', ${bruto}, ${taxa}, ${bruto - taxa}, 1, '040', true)`);
    }
    await withRawTransaction(t.opened, (tx) => auditFees(tx, { de: '2026-03-01', ate: '2026-03-31' }, 1));
  });
  afterAll(() => t?.close());

  it('lists each sale with the fee charged and contracted, in R$ and %, and the rate that applied', async () => {
    const r = dataOf(await t.call(LIST, { v: filtro(), p: { inicio: 0, tamanho: 10 } }, { cookie: revenda }));
    expect(r.listarAuditoriaTaxasTotal).toBe(3);
    const rows = r.listarAuditoriaTaxas as Row[];
    expect(rows.map((x) => [x.datavenda, x.valorbruto, x.taxacobrada, x.percentualcobrado, x.taxacontratada, x.percentualcontratado, x.diferenca, x.situacao])).toEqual([
      ['2026-03-11', 20000, 500, 2.5, 400, 2, 100, 'divergente'],
      ['2026-03-12', 10000, 250, 2.5, 200, 2, 50, 'divergente'],
      ['2026-03-13', 5000, 100, 2, 100, 2, 0, 'ok'],
    ]);
    expect(rows[0]).toMatchObject({ unidade: 'Pão Quente - Auditoria', codoperadora: 1, estabelecimento: 'AUD1', nsu: '000001', produto: 'Crédito à vista', parcelas: 1 });
    expect(rows[0]!.regra).toBe('Plano Auditoria: 2,00% · 1 parcela');
  });

  it('cards: two sales over-charged by R$ 1,50 in all, one as contracted; a card narrows the list', async () => {
    const cards = dataOf(await t.call(CARDS, { v: filtro() }, { cookie: revenda })).resultadosAuditoriaTaxas as Row[];
    expect(cards.map((c) => [c.valor, c.quantidade, c.total])).toEqual([['divergente', 2, 150], ['ok', 1, 0], ['nao_cadastrada', 0, 0], ['derivada', 0, 0]]);
    const r = dataOf(await t.call(LIST, { v: { ...filtro(), situacao: 'ok' } }, { cookie: revenda }));
    expect((r.listarAuditoriaTaxas as Row[]).map((x) => x.nsu)).toEqual(['000003']);
  });

  it('exports a real spreadsheet: typed cells with R$ and % formats, a total row, and what to claim per operator, unit and month', async () => {
    const path = dataOf(await t.call(EXPORT, { v: filtro() }, { cookie: revenda })).exportarAuditoriaTaxas as string;
    expect(path).toMatch(/^\/download\//);
    const got = await t.app.fetch(`${BASE_URL}${path}`, { headers: { cookie: revenda } }, { ip: '127.0.0.1' });
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toContain('spreadsheetml');
    const book = await spreadsheetRows(new Uint8Array(await got.arrayBuffer()));
    const vendas = book.Vendas!;
    const header = vendas[0]!.values;
    expect(header.slice(0, 3)).toEqual([auditoriaTaxasScreen.fields.datavenda.label, 'Unidade', 'Operadora']);
    const col = (label: string) => header.indexOf(label);
    const first = vendas[1]!;
    expect(first.values[col('Data Venda')]).toBe('2026-03-11');
    expect(first.values[col('Operadora')]).toBe('Cielo');
    expect(first.values[col('Valor Bruto')]).toBe(200);
    expect(first.formats[col('Valor Bruto')]).toContain('R$');
    expect(first.values[col('Cobrada %')]).toBeCloseTo(0.025, 10);
    expect(first.formats[col('Cobrada %')]).toContain('%');
    expect(first.values[col('Diferença')]).toBe(1);
    expect(first.values[col('Situação')]).toBe('Divergente');
    const total = vendas[vendas.length - 1]!;
    expect(total.values[0]).toBe('Total');
    expect(total.values[col('Diferença')]).toBeCloseTo(1.5, 10);
    const recuperar = book['A recuperar']!;
    expect(recuperar[1]!.values.slice(0, 5)).toEqual(['2026-03', 'Cielo', 'Pão Quente - Auditoria', 2, 1.5]);
  });

  it('another client sees none of it, and a window over one month is refused', async () => {
    const cliente2 = await t.login('CLIENTE2');
    expect(dataOf(await t.call(LIST, { v: filtro() }, { cookie: cliente2 })).listarAuditoriaTaxasTotal).toBe(0);
    expect(errorOf(await t.call(LIST, { v: { de: '2026-03-01', ate: '2026-04-15' } }, { cookie: revenda })).message).toMatch(/período máximo/i);
  });

  it('Taxas não cadastradas and Unidades não encontradas show what keeps sales from being priced, as the spec calls do', async () => {
    // a crédito parcelado sale in 3 installments: the plan has no rate for it
    const [f] = await t.exec(`SELECT codarquivo FROM arquivos WHERE nomearquivo = 'auditoria.txt'`);
    await t.exec(`INSERT INTO linhas_operadora (codarquivo, linha, chave, ocorrencia, tipo, tiporegistro, codoperadora, codpessoa, codcliente,
        estabelecimento, nsu, data, valorbruto, valortaxa, valorliquido, totparcelas, produto, aceita)
      VALUES (${f!.codarquivo}, 4, md5('auditoria-4')::uuid, 1, 'sale', 'E', 1, ${unidade}, cliente_raiz(${unidade}), 'AUD1', '000004', '2026-03-14', 30000, 990, 29010, 3, '043', true)`);
    await withRawTransaction(t.opened, (tx) => auditFees(tx, { de: '2026-03-01', ate: '2026-03-31' }, 1));
    const TAXAS = `query($v: TaxaSemCadastroFilter) { listarTaxasNaoCadastradas(values: $v) {
      codoperadora produto nomeproduto codprodutos totparcelas quantidade valorbruto valortaxa } listarTaxasNaoCadastradasTotal(values: $v) }`;
    const taxas = dataOf(await t.call(TAXAS, { v: filtro() }, { cookie: revenda }));
    expect(taxas.listarTaxasNaoCadastradas).toEqual([
      { codoperadora: 1, produto: '043', nomeproduto: 'Crédito parcelado loja', codprodutos: 2, totparcelas: 3, quantidade: 1, valorbruto: 30000, valortaxa: 990 },
    ]);
    expect(taxas.listarTaxasNaoCadastradasTotal).toBe(1);
    const spec = dataOf(await t.call(`query { getListarTaxasNaoCadastradas(dataInicial: "2026-03-01", dataFinal: "2026-03-31", codPessoa: ${unidade}) { produto totparcelas quantidade } }`, {}, { cookie: revenda }));
    expect(spec.getListarTaxasNaoCadastradas).toEqual([{ produto: '043', totparcelas: 3, quantidade: 1 }]);

    const UNIDADES = `query($v: UnidadeSemCadastroFilter) { listarUnidadesNaoEncontradas(values: $v) { codoperadora estabelecimento quantidade arquivos primeiradata ultimadata } }`;
    const unidades = dataOf(await t.call(UNIDADES, { v: { de: '2026-03-01', ate: '2026-03-31', estabelecimento: 'aud' } }, { cookie: revenda }));
    expect(unidades.listarUnidadesNaoEncontradas).toEqual([
      { codoperadora: 1, estabelecimento: 'AUD1', quantidade: 4, arquivos: 1, primeiradata: '2026-03-11', ultimadata: '2026-03-14' },
    ]);
    expect(dataOf(await t.call(UNIDADES, { v: { de: '2026-03-01', ate: '2026-03-31', codoperadora: 2 } }, { cookie: revenda })).listarUnidadesNaoEncontradas).toEqual([]);
    // another client's user sees neither
    const cliente2 = await t.login('CLIENTE2');
    expect(dataOf(await t.call(TAXAS, { v: filtro() }, { cookie: cliente2 })).listarTaxasNaoCadastradasTotal).toBe(0);
    expect(dataOf(await t.call(UNIDADES, { v: { de: '2026-03-01', ate: '2026-03-31' } }, { cookie: cliente2 })).listarUnidadesNaoEncontradas).toEqual([]);
  });
});
