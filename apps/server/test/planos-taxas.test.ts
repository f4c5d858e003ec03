import { MSG, planosConciliadoresRegister, planosConciliadoresTaxasRegister, planosPosTaxasRegister, rangesOverlap } from '@concilia/domain';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inputFieldNames } from '../../web/src/registers/register-fields';
import { deleteDocument, entryDocument, prepareDocument, saveDocument } from '../../web/src/registers/register-operations';
import { createIngestion } from '../src/ingest/ingestion';
import { createTestApp, dataOf, engines, errorOf, type TestApp } from './harness';

type Row = Record<string, unknown>;

/** Amounts as formatBRL writes them (a no-break space after R$). */
const brl = (text: string) => text.replace(/R\$ /g, 'R$\u00a0');

const TOTAIS = `query($de: String!, $ate: String!, $p: Int) { getTotaisTaxasCobradasAMais(dataInicial: $de, dataFinal: $ate, codPessoa: $p) {
  codoperadora codpessoa mes vendas valorvendas } }`;

/**
 * Planos & Taxas through the calls the screens send: the range rules a plan's rates obey, worked out by hand,
 * and the fee audit following a rate the user types (queued by month, run by the app's own workers).
 */
describe.each(engines())('plans and rates (%s)', (engine) => {
  let t: TestApp;
  let revenda: string;
  let plano: number;
  let unidade: number;
  const saveRate = (values: Row, insert = true) =>
    t.call(saveDocument(planosConciliadoresTaxasRegister), { values: { editValues: values, insert } }, { cookie: revenda });
  /** One range of a rate, as the wizard's list holds it. */
  const line = (over: Row = {}): Row => ({ codtaxa: null, de: 1, ate: 1, valorde: null, valorate: null, tipotaxa: 'P', taxa: 2, valortaxa: null, ...over });
  const LINE = new Set(Object.keys(line()));
  /** A rate of one range: the rate's own fields and the range's, told apart by name. */
  const base = (over: Row): Row => ({
    codplanosconciliadores: plano, codoperadora: 1, codprodutos: 1, bincartao: null, tarifacao: 'V', taxabndes: false,
    ...Object.fromEntries(Object.entries(over).filter(([k]) => !LINE.has(k))),
    listDeTaxas: [line(Object.fromEntries(Object.entries(over).filter(([k]) => LINE.has(k))))],
  });
  /** What the form sends back when the row is saved again: its editable fields, its ranges changed by `over`. */
  const again = (row: Row, over: Row = {}): Row => ({
    ...Object.fromEntries(inputFieldNames(planosConciliadoresTaxasRegister).map((k) => [k, row[k]])),
    listDeTaxas: (row.listDeTaxas as Row[]).map((l) => ({ ...l, ...over })),
  });
  const queued = async () => (await t.exec(`SELECT payload FROM jobs WHERE queue = 'conciliar-vendas' AND state = 'pending' AND payload ? 'somenteTaxas'`))
    .map((r) => r.payload);
  /** The queue's jobs run by a worker of this test, so what a save queued can be seen before it runs. */
  const runQueue = async () => {
    const ing = createIngestion({ open: t.opened, log: pino({ level: 'silent' }), filesDir: t.config.filesDir, workers: 1, pollMs: 20 });
    await ing.drain();
    await ing.stop();
  };
  const overcharged = async () => {
    const rows = dataOf(await t.call(TOTAIS, { de: '2026-03-01', ate: '2026-03-31', p: unidade }, { cookie: revenda })).getTotaisTaxasCobradasAMais as Row[];
    return rows.reduce((sum, r) => sum + Number(r.valorvendas), 0);
  };

  beforeAll(async () => {
    t = await createTestApp(engine);
    revenda = await t.login('REVENDA');
    const one = async (q: string) => Number(Object.values((await t.exec(q))[0]!)[0]);
    const padaria = await one(`SELECT codpessoa FROM pessoas WHERE nome = 'Padaria Pão Quente Ltda'`);
    unidade = await one(`INSERT INTO pessoas (tipo, nome, nomeabreviado, codpessoapai) VALUES ('UNIDADE', 'Pão Quente - Planos', 'PQ Planos', ${padaria}) RETURNING codpessoa`);
    const saved = dataOf(await t.call(saveDocument(planosConciliadoresRegister), {
      values: { editValues: { nome: 'Plano Março', tarifacao: 'V' }, insert: true },
    }, { cookie: revenda }));
    plano = saved.savePlanosConciliadores.codplanosconciliadores;
    // the contract sublist's own screen is not built yet: its row goes in directly
    const contrato = await one(`INSERT INTO planos_conciliadores_contrato (codplanosconciliadores, vigenciade, vigenciaate)
      VALUES (${plano}, '2026-03-01', '2026-03-31') RETURNING codplanosconciliadorescontrato`);
    await t.exec(`INSERT INTO planos_conciliadores_contrato_unidades (codplanosconciliadorescontrato, codoperadora, codpessoa) VALUES (${contrato}, 1, ${unidade})`);
    const arquivo = await one(`INSERT INTO arquivos (codpessoa, codoperadora, status, origem, nomearquivo, dataenvio, sha256, tamanho)
      VALUES (${unidade}, 1, 'PROCESSADO', 'CLI', 'planos.txt', '2026-03-31', md5('planos.txt'), 1) RETURNING codarquivo`);
    // two Cielo crédito à vista sales ('040' → product 1): R$ 200,00 kept R$ 5,00 (2,5%); R$ 100,00 kept R$ 2,50
    for (const [n, bruto, taxa] of [[1, 20000, 500], [2, 10000, 250]] as const) {
      await t.exec(`INSERT INTO linhas_operadora (codarquivo, linha, chave, ocorrencia, tipo, tiporegistro, codoperadora, codpessoa, codcliente,
          estabelecimento, data, valorbruto, valortaxa, valorliquido, totparcelas, produto, aceita)
        VALUES (${arquivo}, ${n}, md5('planos-${n}')::uuid, 1, 'sale', 'E', 1, ${unidade}, cliente_raiz(${unidade}), 'PLANOS1', '2026-03-1${n}', ${bruto}, ${taxa}, ${bruto - taxa}, 1, '040', true)`);
    }
  });
  afterAll(() => t?.close());

  describe('range rules', () => {
    let first: number;
    it('a first rate is saved with its percent and no amount', async () => {
      const r = dataOf(await saveRate(base({ valorate: 100_000, valortaxa: 99 }))).savePlanosConciliadoresTaxas;
      first = r.codplanosconciliadorestaxas;
      expect(r).toMatchObject({ taxa: 2, valortaxa: null, taxas: brl('2,00% · 1 parcela, até R$ 1.000,00') });
    });

    it('a range that meets it (R$ 500,00 to R$ 2.000,00 within 1 installment) is refused, naming the rate it meets', async () => {
      const r = await saveRate(base({ valorde: 50_000, valorate: 200_000 }));
      expect(errorOf(r)).toEqual({ code: 'BAD_USER_INPUT', message: MSG.taxaFaixaSobreposta.replace('{faixa}', brl('1 parcela, até R$ 1.000,00')) });
    });

    it('the range right after it (from R$ 1.000,01) is not a clash', async () => {
      expect(dataOf(await saveRate(base({ valorde: 100_001, taxa: 1.5 }))).savePlanosConciliadoresTaxas.taxas).toBe(brl('1,50% · 1 parcela, a partir de R$ 1.000,01'));
    });

    it('installments: 2 to 6 and 6 to 12 meet at 6; 7 to 12 does not', async () => {
      expect(dataOf(await saveRate(base({ de: 2, ate: 6, taxa: 3 }))).savePlanosConciliadoresTaxas.codplanosconciliadorestaxas).toEqual(expect.any(Number));
      expect(errorOf(await saveRate(base({ de: 6, ate: 12, taxa: 3.5 }))).message).toBe(MSG.taxaFaixaSobreposta.replace('{faixa}', '2 a 6 parcelas'));
      expect(dataOf(await saveRate(base({ de: 7, ate: 12, taxa: 3.5 }))).savePlanosConciliadoresTaxas.taxas).toBe('3,50% · 7 a 12 parcelas');
    });

    it('the same range with a BIN, as a BNDES rate, or for another product is another rate', async () => {
      for (const other of [{ bincartao: '409600' }, { taxabndes: true }, { codprodutos: 4 }]) {
        expect(dataOf(await saveRate(base({ ...other, valorate: 100_000 }))).savePlanosConciliadoresTaxas.codplanosconciliadorestaxas).toEqual(expect.any(Number));
      }
    });

    it('a fixed amount (tipo V) keeps no percent, and asks for the amount', async () => {
      expect(errorOf(await saveRate(base({ codprodutos: 2, tipotaxa: 'V', taxa: 2 }))).message).toBe(MSG.taxaValorObrigatoria);
      const r = dataOf(await saveRate(base({ codprodutos: 2, tipotaxa: 'V', taxa: 2, valortaxa: 50 }))).savePlanosConciliadoresTaxas;
      expect(r).toMatchObject({ taxa: null, valortaxa: 50, taxas: brl('R$ 0,50 · 1 parcela') });
    });

    it('BIN: at most 6 digits', async () => {
      expect(errorOf(await saveRate(base({ bincartao: '4096001' }))).message).toBe('Bin de cartão não pode exceder 6 caracteres');
      expect(errorOf(await saveRate(base({ bincartao: '40A6' }))).message).toBe(MSG.binSomenteDigitos);
    });

    it('an update may keep its own range (it does not meet itself), and keeps its code', async () => {
      const r = await saveRate({ ...base({ valorate: 100_000, taxa: 2.25, codtaxa: first }), codplanosconciliadorestaxas: first }, false);
      expect(dataOf(r).savePlanosConciliadoresTaxas).toMatchObject({ codplanosconciliadorestaxas: first, taxa: 2.25 });
    });

    it('the domain rule, case by case', () => {
      const r = (de: number, ate: number, valorde: number | null = null, valorate: number | null = null) => ({ de, ate, valorde, valorate });
      expect(rangesOverlap(r(1, 1), r(1, 1))).toBe(true);
      expect(rangesOverlap(r(1, 6), r(7, 12))).toBe(false);
      expect(rangesOverlap(r(1, 1, null, 1000), r(1, 1, 1000, null))).toBe(true); // both hold R$ 10,00
      expect(rangesOverlap(r(1, 1, null, 999), r(1, 1, 1000, null))).toBe(false);
      expect(rangesOverlap(r(2, 12, 500, 900), r(3, 3, 100, 499))).toBe(false);
    });

    it('clears the rates of this part', async () => {
      await t.exec(`DELETE FROM planos_conciliadores_taxas WHERE codplanosconciliadores = ${plano}`);
      await t.exec(`DELETE FROM jobs WHERE queue = 'conciliar-vendas'`);
    });
  });

  describe('the audit follows the rate the user types', () => {
    let rate: Row;

    it('before any rate, the two sales have none: nothing to claim', async () => {
      await runQueue();
      expect(await overcharged()).toBe(0);
    });

    it('a 2,00% rate queues March once; the audit then finds R$ 1,50 over-charged (R$ 5,00 − 4,00 + R$ 2,50 − 2,00)', async () => {
      rate = dataOf(await saveRate(base({ taxa: 2 }))).savePlanosConciliadoresTaxas;
      expect(await queued()).toEqual([{ de: '2026-03-11', ate: '2026-03-12', somenteTaxas: true }]);
      // a second save before the worker ran: the same month is already waiting
      rate = dataOf(await saveRate(again(rate), false)).savePlanosConciliadoresTaxas;
      expect(await queued()).toHaveLength(1);
      await runQueue();
      expect(await queued()).toEqual([]);
      expect(await overcharged()).toBe(150);
    });

    it('changed to 2,40%: R$ 0,30 over-charged (R$ 5,00 − 4,80 + R$ 2,50 − 2,40), R$ 1,20 less to claim', async () => {
      await saveRate(again(rate, { taxa: 2.4 }), false);
      await runQueue();
      expect(await overcharged()).toBe(30);
    });

    it('deleted: the sales have no rate again, and nothing is claimed', async () => {
      expect(dataOf(await t.call(deleteDocument(planosConciliadoresTaxasRegister), { values: { editValues: { codplanosconciliadorestaxas: rate.codplanosconciliadorestaxas } } }, { cookie: revenda })))
        .toEqual({ deletePlanosConciliadoresTaxas: true });
      await runQueue();
      expect(await overcharged()).toBe(0);
      const [a] = await t.exec(`SELECT count(*)::int AS n FROM auditoria_taxas WHERE codpessoa = ${unidade} AND situacao = 'nao_cadastrada'`);
      expect(Number(a!.n)).toBe(2);
    });
  });

  describe("the wizard's checks (resultadoAddTaxas, …Bndes, resultadoAtualizaTaxas, resultadoSubTaxas, getPrepareCadastroTaxa)", () => {
    const def = planosConciliadoresTaxasRegister;
    const check = async (operation: string, values: Row) => dataOf(await t.call(entryDocument(def, 'listDeTaxas', operation), { values }, { cookie: revenda }))[operation] as {
      mensagem: string | null; listDeTaxas: Row[]; taxas: string;
    };
    const entry = (over: Row) => ({ codoperadora: 1, codprodutos: 1, taxabndes: false, ...line(over) });
    const ranges = (list: Row[]) => list.map((l) => `${l.de}-${l.ate}:${l.taxa}`);
    let list: Row[] = [];

    it('the first add (insert) starts the list, whatever list came with it; the line gets a code below zero', async () => {
      const r = await check('resultadoAddTaxas', { ...entry({ de: 1, ate: 1, taxa: 2 }), insert: true, listDeTaxas: [line({ codtaxa: 99, de: 5, ate: 5 })] });
      expect(r).toEqual({ mensagem: null, taxas: '2,00% · 1 parcela', listDeTaxas: [line({ codtaxa: -1 })] });
      list = r.listDeTaxas;
    });

    it('7 to 12 joins the list and warns that 2 to 6 have no rate', async () => {
      const r = await check('resultadoAddTaxas', { ...entry({ de: 7, ate: 12, taxa: 3.5 }), insert: false, listDeTaxas: list });
      expect(r.mensagem).toBe(MSG.taxaFaixasSemTaxa.replace('{faixas}', '2 a 6 parcelas'));
      expect(ranges(r.listDeTaxas)).toEqual(['1-1:2', '7-12:3.5']);
      expect(r.listDeTaxas.map((l) => l.codtaxa)).toEqual([-1, -2]);
      list = r.listDeTaxas;
    });

    it('6 to 8 meets 7 to 12: refused, naming it, and the list is the same', async () => {
      const r = await check('resultadoAddTaxas', { ...entry({ de: 6, ate: 8, taxa: 3 }), listDeTaxas: list });
      expect(r).toEqual({ mensagem: MSG.taxaLinhaSobreposta.replace('{faixa}', '7 a 12 parcelas'), listDeTaxas: list, taxas: '2,00% · 1 parcela; 3,50% · 7 a 12 parcelas' });
    });

    it("a line's own rules answer as a message: 6 to 2, a percent without its rate", async () => {
      expect((await check('resultadoAddTaxas', { ...entry({ de: 6, ate: 2 }), listDeTaxas: list })).mensagem).toBe(MSG.faixaParcelasInvertida);
      expect((await check('resultadoAddTaxas', { ...entry({ de: 2, ate: 6, taxa: null }), listDeTaxas: list })).mensagem).toBe(MSG.taxaPercentualObrigatoria);
    });

    it('2 to 6 closes the gap: no message', async () => {
      const r = await check('resultadoAddTaxas', { ...entry({ de: 2, ate: 6, taxa: 3 }), listDeTaxas: list });
      expect(r.mensagem).toBeNull();
      expect(ranges(r.listDeTaxas)).toEqual(['1-1:2', '2-6:3', '7-12:3.5']);
      list = r.listDeTaxas;
    });

    it('an update puts the line in its place (its code kept); stretched over 7 it is refused', async () => {
      const code = list[1]!.codtaxa;
      const r = await check('resultadoAtualizaTaxas', { ...entry({ codtaxa: code, de: 2, ate: 6, taxa: 3.25 }), listDeTaxas: list });
      expect(r.mensagem).toBeNull();
      expect(r.listDeTaxas[1]).toMatchObject({ codtaxa: code, taxa: 3.25 });
      expect((await check('resultadoAtualizaTaxas', { ...entry({ codtaxa: code, de: 2, ate: 7 }), listDeTaxas: r.listDeTaxas })).mensagem)
        .toBe(MSG.taxaLinhaSobreposta.replace('{faixa}', '7 a 12 parcelas'));
      list = r.listDeTaxas;
    });

    it('removing 2 to 6 warns of the gap it leaves; a code not in the list says so', async () => {
      const r = await check('resultadoSubTaxas', { codtaxa: list[1]!.codtaxa, listDeTaxas: list });
      expect(r.mensagem).toBe(MSG.taxaFaixasSemTaxa.replace('{faixas}', '2 a 6 parcelas'));
      expect(ranges(r.listDeTaxas)).toEqual(['1-1:2', '7-12:3.5']);
      expect((await check('resultadoSubTaxas', { codtaxa: 12345, listDeTaxas: list })).mensagem).toBe(MSG.taxaLinhaNaoEncontrada);
    });

    it('a BNDES rate is for credit products: refused on débito (product 4), taken on crédito', async () => {
      expect((await check('resultadoAddTaxasBndes', { ...entry({}), codprodutos: 4, insert: true })).mensagem).toBe(MSG.taxaBndesSomenteCredito);
      expect((await check('resultadoAddTaxasBndes', { ...entry({}), insert: true })).taxas).toBe('2,00% · 1 parcela · BNDES');
    });

    it('the list saved is the rate: one row per range; prepare loads it back; saving without a range removes it', async () => {
      const saved = dataOf(await saveRate({ ...base({}), codprodutos: 4, listDeTaxas: list })).savePlanosConciliadoresTaxas;
      expect(ranges(saved.listDeTaxas)).toEqual(['1-1:2', '2-6:3.25', '7-12:3.5']);
      expect(saved.listDeTaxas.every((l: Row) => Number(l.codtaxa) > 0)).toBe(true);
      const prepare = async (values: Row) => dataOf(await t.call(prepareDocument(def), { values }, { cookie: revenda })).getPrepareCadastroTaxa;
      // a new rate of the same choice starts from what is stored, and says so
      const known = await prepare({ codplanosconciliadores: plano, codoperadora: 1, codprodutos: 4, taxabndes: false });
      expect(known).toEqual({ mensagem: MSG.taxaGrupoCarregado, listDeTaxas: saved.listDeTaxas, taxas: '2,00% · 1 parcela; 3,25% · 2 a 6 parcelas; 3,50% · 7 a 12 parcelas' });
      expect(await prepare({ codplanosconciliadores: plano, codoperadora: 1, codprodutos: 4, bincartao: '123456', taxabndes: false }))
        .toEqual({ mensagem: null, listDeTaxas: [], taxas: '' });
      // editing: the middle range goes, the others keep their codes
      const kept = saved.listDeTaxas.filter((l: Row) => l.de !== 2);
      const edited = dataOf(await saveRate({ ...again(saved), listDeTaxas: kept }, false)).savePlanosConciliadoresTaxas;
      expect(edited.listDeTaxas).toEqual(kept);
      const [n] = await t.exec(`SELECT count(*)::int AS n FROM planos_conciliadores_taxas WHERE codplanosconciliadores = ${plano} AND codprodutos = 4`);
      expect(Number(n!.n)).toBe(2);
      expect(errorOf(await saveRate({ ...again(saved), listDeTaxas: [] }, false)).message).toBe(MSG.taxasAoMenosUma);
      expect(errorOf(await saveRate({ ...base({}), codprodutos: 4, listDeTaxas: [line({ de: 2, ate: 6 }), line({ de: 5, ate: 8 })] })).message)
        .toBe(MSG.faixasSobrepostas.replace('{a}', '2 a 6 parcelas').replace('{b}', '5 a 8 parcelas'));
    });

    it("another reseller's plan is not prepared, and a line code naming its rate does not reach it", async () => {
      const [other] = await t.exec(`INSERT INTO planos_conciliadores (nome, codpessoapai, tarifacao) SELECT 'Plano alheio', codpessoa, 'P' FROM pessoas WHERE tipo = 'PLATAFORMA' RETURNING codplanosconciliadores`);
      const r = await t.call(prepareDocument(def), { values: { codplanosconciliadores: other!.codplanosconciliadores, codoperadora: 1, codprodutos: 1 } }, { cookie: revenda });
      expect(errorOf(r).code).toBe('FORBIDDEN');
    });

    it('clears the rates of this part', async () => {
      await t.exec(`DELETE FROM planos_conciliadores_taxas WHERE codplanosconciliadores = ${plano}`);
      await t.exec(`DELETE FROM jobs WHERE queue = 'conciliar-vendas'`);
    });
  });

  describe('POS ranges (resultadoAddTaxasPos, resultadoSubTaxasPos)', () => {
    const def = planosPosTaxasRegister;
    const check = async (operation: string, values: Row) => dataOf(await t.call(entryDocument(def, 'faixas', operation), { values }, { cookie: revenda }))[operation] as {
      mensagem: string | null; faixas: Row[]; taxas: string;
    };

    it('adds ranges that do not meet, warns of a gap, refuses one that meets, and takes one out', async () => {
      const first = await check('resultadoAddTaxasPos', { codprodutos: 2, de: 2, ate: 6, taxa: 3.49, insert: true, faixas: [] });
      expect(first).toEqual({ mensagem: MSG.taxaFaixasSemTaxa.replace('{faixas}', '1 parcela'), faixas: [{ codtaxa: -1, de: 2, ate: 6, taxa: 3.49 }], taxas: '3,49% · 2 a 6 parcelas' });
      const second = await check('resultadoAddTaxasPos', { codprodutos: 2, de: 1, ate: 1, taxa: 2.99, faixas: first.faixas });
      expect(second.mensagem).toBeNull();
      expect(second.faixas.map((f) => `${f.de}-${f.ate}`)).toEqual(['1-1', '2-6']);
      const clash = await check('resultadoAddTaxasPos', { codprodutos: 2, de: 6, ate: 12, taxa: 3.99, faixas: second.faixas });
      expect(clash).toEqual({ ...second, mensagem: MSG.taxaLinhaSobreposta.replace('{faixa}', '2 a 6 parcelas') });
      expect((await check('resultadoAddTaxasPos', { codprodutos: 2, de: 7, ate: 12, faixas: second.faixas })).mensagem).toBe('Taxa (%) é obrigatório.');
      const out = await check('resultadoSubTaxasPos', { codtaxa: -1, faixas: second.faixas });
      expect(out.faixas).toEqual([{ codtaxa: -2, de: 1, ate: 1, taxa: 2.99 }]);
    });
  });

  describe('Inserir Rápido', () => {
    const INSERIR = 'mutation($values: InserirRapidoInput!) { inserirRapido(values: $values) }';
    const quick = (values: Row) => t.call(INSERIR, { values }, { cookie: revenda });
    const full = { codoperadora: 1, nomePlano: 'Cielo rápido', taxaCredito: 2.5, taxaCredito0a6: 3, taxaCredito7a12: 3.5, taxaDebito: 1, vigenciaDe: '2026-01-01', vigenciaAte: '2026-12-31' };

    it("says what is missing, in the spec's words", async () => {
      expect(errorOf(await quick({ ...full, codoperadora: null }))).toEqual({ code: 'BAD_USER_INPUT', message: 'Operadora é obrigatório.' });
      expect(errorOf(await quick({ ...full, vigenciaDe: null })).message).toBe('Vigência "de" é obrigatório.');
      expect(errorOf(await quick({ ...full, vigenciaAte: null })).message).toBe('Vigência "até" é obrigatório.');
      expect(errorOf(await quick({ codoperadora: 1, nomePlano: 'Sem taxas', vigenciaDe: '2026-01-01', vigenciaAte: '2026-12-31' })).message).toBe(MSG.taxasAoMenosUma);
      // an operator that sells none of the products rated: nothing to price
      const [nova] = await t.exec(`INSERT INTO operadoras (nome, tipo) VALUES ('Operadora sem produtos', 'CARTAO') RETURNING codoperadora`);
      expect(errorOf(await quick({ ...full, codoperadora: Number(nova!.codoperadora), nomePlano: 'Só ticket' })).message).toBe(MSG.inserirRapidoSemProdutos);
      expect(await t.exec(`SELECT 1 FROM planos_conciliadores WHERE nome IN ('Sem taxas', 'Só ticket')`)).toEqual([]);
    });

    it('makes the plan, a rate per tier and a contract on the units registered at the operator', async () => {
      expect(dataOf(await quick(full))).toEqual({ inserirRapido: true });
      const [plano] = await t.exec(`SELECT codplanosconciliadores AS id, codpessoapai FROM planos_conciliadores WHERE nome = 'Cielo rápido'`);
      const rates = await t.exec(`SELECT codoperadora, codprodutos, de, ate, tipotaxa, taxa::float AS taxa FROM planos_conciliadores_taxas
        WHERE codplanosconciliadores = ${plano!.id} ORDER BY codprodutos, de`);
      // products of the reference seed: 1 crédito à vista, 2 crédito parcelado loja, 4 débito
      expect(rates).toEqual([
        { codoperadora: 1, codprodutos: 1, de: 1, ate: 1, tipotaxa: 'P', taxa: 2.5 },
        { codoperadora: 1, codprodutos: 2, de: 2, ate: 6, tipotaxa: 'P', taxa: 3 },
        { codoperadora: 1, codprodutos: 2, de: 7, ate: 12, tipotaxa: 'P', taxa: 3.5 },
        { codoperadora: 1, codprodutos: 4, de: 1, ate: 1, tipotaxa: 'P', taxa: 1 },
      ]);
      const lines = await t.exec(`SELECT u.codpessoa FROM planos_conciliadores_contrato c JOIN planos_conciliadores_contrato_unidades u USING (codplanosconciliadorescontrato)
        WHERE c.codplanosconciliadores = ${plano!.id} AND c.vigenciade = '2026-01-01' AND c.vigenciaate = '2026-12-31' AND u.codoperadora = 1 ORDER BY 1`);
      const cielo = await t.exec(`SELECT DISTINCT codpessoa FROM estabelecimentos WHERE codoperadora = 1 ORDER BY 1`);
      expect(lines.length).toBeGreaterThan(0);
      expect(lines).toEqual(cielo);
      expect(Number(plano!.codpessoapai)).toBe(Number((await t.exec(`SELECT codpessoa FROM usuarios WHERE login = 'REVENDA'`))[0]!.codpessoa));
    });
  });
});
