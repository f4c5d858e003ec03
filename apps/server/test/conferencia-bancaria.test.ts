import { conferenciaBancariaScreen, MSG, RESULTADOS_CONFERENCIA } from '@concilia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, engines, errorOf, type TestApp } from './harness';

type Row = Record<string, unknown>;

const LIST = `query($v: ConferenciaBancariaFilter, $p: PaginaInput) { listarConferenciaBancaria(values: $v, pagina: $p) {
  codconciliacaobancaria codlinha codlinhabanco dataprevista datacredito codoperadora unidade estabelecimento conta
  valorinformado valorcreditado diferenca resultado regra historico } listarConferenciaBancariaTotal(values: $v) }`;
const CARDS = `query($v: ConferenciaBancariaFilter) { resultadosConferenciaBancaria(values: $v) { valor label quantidade total } }`;
const TRACE = `query($l: Int, $b: Int) { getRastreioConferenciaBancaria(codlinha: $l, codlinhabanco: $b) {
  resultado resultadoLabel diferenca passos { id etapa titulo data valor arquivo detalhe } } }`;
const CONTAS = `query { listarItensContasConferencia { valor label } }`;

/**
 * Conferência Bancária over a bank check planted by hand (the matcher is tested on its own): the bakery's Centro unit
 * with two Cielo sales paid by one settlement that reached its Itaú account on the day, a settlement credited R$ 0,10
 * short, one never credited, a Rede settlement still awaited, a POS rent debited; on the account, a credit and a fee no
 * operator file explains. Mercado Bom Preço (CLIENTE2) has a credit of its own.
 */
describe.each(engines())('Conferência Bancária (%s)', (engine) => {
  let t: TestApp;
  let cliente: string;
  let cliente2: string;
  let centro: number;
  let itau: number;
  let bb: number;
  const L: Record<string, number> = {};
  const B: Record<string, number> = {};
  const window = { de: '2026-03-01', ate: '2026-03-31' };

  beforeAll(async () => {
    t = await createTestApp(engine);
    [cliente, cliente2] = [await t.login('CLIENTE'), await t.login('CLIENTE2')];
    const one = async (q: string) => Number(Object.values((await t.exec(q))[0]!)[0]);
    const padaria = await one(`SELECT codpessoa FROM pessoas WHERE nome = 'Padaria Pão Quente Ltda'`);
    const mercado = await one(`SELECT codpessoa FROM pessoas WHERE nome = 'Mercado Bom Preço Ltda'`);
    centro = await one(`SELECT codpessoa FROM pessoas WHERE nome = 'Pão Quente - Centro'`);
    const arquivo = (dono: number, nome: string, operadora: string) => one(`INSERT INTO arquivos (codpessoa, codoperadora, status, origem, nomearquivo, dataenvio, sha256, tamanho)
      VALUES (${dono}, ${operadora}, 'PROCESSADO', 'CLI', '${nome}', '2026-03-31', md5('${nome}'), 1) RETURNING codarquivo`);
    const cielo = await arquivo(centro, 'cielo-conferencia.txt', '1');
    const extrato = await arquivo(padaria, 'extrato-itau.ofx', 'NULL');
    const extratoMercado = await arquivo(mercado, 'extrato-mercado.ofx', 'NULL');
    const conta = (dono: number, banco: string, agencia: string, numero: string, descricao: string) => one(`INSERT INTO contas_bancarias (codpessoa, banco, agencia, conta, digito, descricao)
      VALUES (${dono}, '${banco}', '${agencia}', '${numero}', '6', '${descricao}') RETURNING codcontabancaria`);
    itau = await conta(padaria, '341', '0001', '12345', 'Itaú da Padaria');
    bb = await conta(padaria, '001', '1234', '99887', 'BB da Padaria');
    const mercadoConta = await conta(mercado, '237', '0999', '55555', 'Bradesco do Mercado');
    let n = 0;
    const linha = async (key: string, tipo: string, operadora: number, data: string, liquido: number, bruto: number | null, nsu: string | null) => {
      L[key] = await one(`INSERT INTO linhas_operadora (codarquivo, linha, chave, ocorrencia, tipo, tiporegistro, codoperadora, codpessoa, codcliente, estabelecimento, nsu, data, valorbruto, valorliquido, totparcelas)
        VALUES (${cielo}, ${++n}, md5('conf-${key}')::uuid, 1, '${tipo}', 'X', ${operadora}, ${centro}, cliente_raiz(${centro}), 'CONF1', ${nsu ? `'${nsu}'` : 'NULL'}, '${data}', ${bruto ?? 'NULL'}, ${liquido}, 1) RETURNING codlinha`);
    };
    await linha('S1', 'sale', 1, '2026-03-02', 9800, 10000, '000101');
    await linha('S2', 'sale', 1, '2026-03-03', 4900, 5000, '000102');
    await linha('P1', 'settlement', 1, '2026-03-10', 14700, null, null);
    await linha('P2', 'settlement', 1, '2026-03-11', 20000, null, null);
    await linha('P3', 'settlement', 1, '2026-03-12', 30000, null, null);
    await linha('P4', 'settlement', 2, '2026-03-20', 5000, null, null);
    await linha('D1', 'adjustment', 1, '2026-03-13', -1500, null, null);
    await linha('P5', 'settlement', 1, '2026-04-06', 7777, null, null);
    for (const [s, v] of [['S1', 9800], ['S2', 4900]] as const) {
      await t.exec(`INSERT INTO pagamentos_previstos (codlinha, parcela, totparcelas, codpessoa, codcliente, codoperadora, estabelecimento, nsu, datavenda, dataprevista,
          valorbrutoprevisto, valorprevisto, origem, codlinhapagamento, datapagamento, valorpago, situacao)
        SELECT codlinha, 1, 1, codpessoa, codcliente, 1, 'CONF1', nsu, data, '2026-03-10', valorbruto, ${v}, 'credito_venda', ${L.P1}, '2026-03-10', ${v}, 'pago'
        FROM linhas_operadora WHERE codlinha = ${L[s]}`);
    }
    const lancamento = async (key: string, arq: number, conta: number, dono: number, data: string, natureza: 'C' | 'D', valor: number, historico: string) => {
      B[key] = await one(`INSERT INTO linhas_banco (codarquivo, linha, chave, ocorrencia, codcontabancaria, codpessoa, codcliente, data, natureza, valor, historico)
        VALUES (${arq}, ${++n}, md5('banco-${key}')::uuid, 1, ${conta}, ${dono}, cliente_raiz(${dono}), '${data}', '${natureza}', ${valor}, '${historico}') RETURNING codlinhabanco`);
    };
    await lancamento('B1', extrato, itau, padaria, '2026-03-10', 'C', 14700, 'CIELO PAGAMENTO');
    await lancamento('B2', extrato, itau, padaria, '2026-03-12', 'C', 19990, 'CIELO PAGAMENTO 2');
    await lancamento('B3', extrato, bb, padaria, '2026-03-15', 'C', 888, 'PIX RECEBIDO');
    await lancamento('B4', extrato, itau, padaria, '2026-03-13', 'D', 1500, 'CIELO ALUGUEL POS');
    await lancamento('B5', extrato, itau, padaria, '2026-03-14', 'D', 300, 'TARIFA');
    await lancamento('M1', extratoMercado, mercadoConta, mercado, '2026-03-16', 'C', 4242, 'CREDITO DO MERCADO');
    const par = (grupo: number, dono: number, conta: number, l: number | null, b: number | null, resultado: string, regra: string | null, diferenca: number) =>
      t.exec(`INSERT INTO conciliacoes_bancarias (grupo, codpessoa, codcliente, codcontabancaria, codlinha, codlinhabanco, resultado, regra, diferenca)
        VALUES (${grupo}, ${dono}, cliente_raiz(${dono}), ${conta}, ${l ?? 'NULL'}, ${b ?? 'NULL'}, '${resultado}', ${regra ? `'${regra}'` : 'NULL'}, ${diferenca})`);
    await par(1, padaria, itau, L.P1!, B.B1!, 'CREDITADO', 'EXATO', 0);
    await par(2, padaria, itau, L.P2!, B.B2!, 'CREDITADO_DIFERENCA', 'DIA_UTIL', -10);
    await par(3, padaria, itau, L.P3!, null, 'NAO_CREDITADO', null, 0);
    await par(4, padaria, itau, L.P4!, null, 'AGUARDANDO', null, 0);
    await par(5, padaria, bb, null, B.B3!, 'CREDITO_SEM_ORIGEM', null, 888);
    await par(6, padaria, itau, L.D1!, B.B4!, 'DEBITADO', 'EXATO', 0);
    await par(7, padaria, itau, null, B.B5!, 'DEBITO_SEM_ORIGEM', null, -300);
    await par(8, padaria, itau, L.P5!, null, 'NAO_CREDITADO', null, 0);
    await par(9, mercado, mercadoConta, null, B.M1!, 'CREDITO_SEM_ORIGEM', null, 4242);
  });
  afterAll(() => t?.close());

  const list = async (v: Row, cookie = cliente) => dataOf(await t.call(LIST, { v, p: { inicio: 0, tamanho: 50 } }, { cookie }));

  it('lists each pair of the window: the settlement, the bank posting, the difference, the result and the rule', async () => {
    const r = await list(window);
    expect(r.listarConferenciaBancariaTotal).toBe(7);
    const rows = r.listarConferenciaBancaria as Row[];
    expect(rows.map((x) => [x.dataprevista, x.datacredito, x.valorinformado, x.valorcreditado, x.diferenca, x.resultado, x.regra])).toEqual([
      ['2026-03-10', '2026-03-10', 14700, 14700, 0, 'CREDITADO', 'EXATO'],
      ['2026-03-11', '2026-03-12', 20000, 19990, -10, 'CREDITADO_DIFERENCA', 'DIA_UTIL'],
      ['2026-03-12', null, 30000, null, 0, 'NAO_CREDITADO', null],
      ['2026-03-13', '2026-03-13', -1500, -1500, 0, 'DEBITADO', 'EXATO'],
      [null, '2026-03-14', null, -300, -300, 'DEBITO_SEM_ORIGEM', null],
      [null, '2026-03-15', null, 888, 888, 'CREDITO_SEM_ORIGEM', null],
      ['2026-03-20', null, 5000, null, 0, 'AGUARDANDO', null],
    ]);
    expect(rows[0]).toMatchObject({
      codlinha: L.P1, codlinhabanco: B.B1, codoperadora: 1, unidade: 'Pão Quente - Centro', estabelecimento: 'CONF1',
      conta: '341 / 0001 / 12345-6', historico: 'CIELO PAGAMENTO',
    });
    // a posting no settlement explains belongs to the account's owner
    expect(rows[5]).toMatchObject({ unidade: 'Padaria Pão Quente Ltda', conta: '001 / 1234 / 99887-6', historico: 'PIX RECEBIDO' });
  });

  it('cards: one per result in R$, in the domain order, whatever the result filter', async () => {
    const cards = dataOf(await t.call(CARDS, { v: { ...window, resultado: 'CREDITADO' } }, { cookie: cliente })).resultadosConferenciaBancaria as Row[];
    expect(cards.map((c) => c.label)).toEqual(RESULTADOS_CONFERENCIA.map((r) => r.label));
    expect(cards.map((c) => [c.valor, c.quantidade, c.total])).toEqual([
      ['CREDITADO', 1, 14700], ['CREDITADO_DIFERENCA', 1, 20000], ['NAO_CREDITADO', 1, 30000], ['AGUARDANDO', 1, 5000],
      ['CREDITO_SEM_ORIGEM', 1, 888], ['DEBITADO', 1, 1500], ['NAO_DEBITADO', 0, 0], ['DEBITO_SEM_ORIGEM', 1, 300],
    ]);
    expect(cards[2]!.label).toBe(MSG.conferenciaNaoCreditado);
  });

  it('filters by result, operator, unit and account', async () => {
    const codes = async (v: Row) => ((await list({ ...window, ...v })).listarConferenciaBancaria as Row[]).map((x) => x.codlinha ?? `b${String(x.codlinhabanco)}`);
    expect(await codes({ resultado: 'NAO_CREDITADO' })).toEqual([L.P3]);
    expect(await codes({ codoperadora: 2 })).toEqual([L.P4]);
    expect(await codes({ codpessoa: centro })).toEqual([L.P1, L.P2, L.P3, L.D1, L.P4]);
    expect(await codes({ codcontabancaria: bb })).toEqual([`b${B.B3}`]);
    expect((await codes({ codcontabancaria: itau })).length).toBe(6);
    // the window: April holds the other settlement never credited
    expect(await codes({ de: '2026-04-01', ate: '2026-04-30' })).toEqual([L.P5]);
    // the kit's window rule: at most one month
    expect(errorOf(await t.call(LIST, { v: { de: '2026-01-01', ate: '2026-03-31' }, p: { inicio: 0, tamanho: 10 } }, { cookie: cliente })).message)
      .toBe(MSG.periodoMaximo);
  });

  it("another client's user sees none of it, and its own only; the Conta filter lists one's own accounts", async () => {
    const r = await list(window, cliente2);
    expect(r.listarConferenciaBancariaTotal).toBe(1);
    expect((r.listarConferenciaBancaria as Row[]).map((x) => [x.historico, x.valorcreditado])).toEqual([['CREDITO DO MERCADO', 4242]]);
    expect(((await list({ ...window, codcontabancaria: itau }, cliente2)).listarConferenciaBancaria as Row[])).toEqual([]);
    const cards = dataOf(await t.call(CARDS, { v: window }, { cookie: cliente2 })).resultadosConferenciaBancaria as Row[];
    expect(cards.filter((c) => Number(c.quantidade) > 0).map((c) => [c.valor, c.total])).toEqual([['CREDITO_SEM_ORIGEM', 4242]]);
    const contas = (cookie: string) => t.call(CONTAS, {}, { cookie }).then((x) => (dataOf(x).listarItensContasConferencia as Row[]).map((c) => c.label));
    expect(await contas(cliente)).toEqual(['001 / 1234 / 99887-6 · BB da Padaria', '341 / 0001 / 12345-6 · Itaú da Padaria']);
    expect(await contas(cliente2)).toEqual(['237 / 0999 / 55555-6 · Bradesco do Mercado']);
  });

  it('Rastrear: sales → forecasts → settlement → bank credit, by the settlement or by the posting', async () => {
    const trace = async (v: Row, cookie = cliente) => dataOf(await t.call(TRACE, v, { cookie })).getRastreioConferenciaBancaria as Row & { passos: Row[] };
    const r = await trace({ l: L.P1 });
    expect([r.resultado, r.resultadoLabel, r.diferenca]).toEqual(['CREDITADO', MSG.conferenciaCreditado, 0]);
    expect(r.passos.map((p) => [p.etapa, p.titulo, p.data, p.valor, p.arquivo])).toEqual([
      ['VENDA', MSG.conferenciaPassoVenda, '2026-03-02', 10000, 'cielo-conferencia.txt'],
      ['VENDA', MSG.conferenciaPassoVenda, '2026-03-03', 5000, 'cielo-conferencia.txt'],
      ['PREVISAO', MSG.conferenciaPassoPrevisao, '2026-03-10', 9800, null],
      ['PREVISAO', MSG.conferenciaPassoPrevisao, '2026-03-10', 4900, null],
      ['LIQUIDACAO', MSG.conferenciaPassoLiquidacao, '2026-03-10', 14700, 'cielo-conferencia.txt'],
      ['BANCO', MSG.conferenciaPassoBanco, '2026-03-10', 14700, 'extrato-itau.ofx'],
    ]);
    expect(r.passos[0]!.detalhe).toBe('NSU 000101 · 1/1');
    expect(r.passos[5]!.detalhe).toBe('341 / 0001 / 12345 · CIELO PAGAMENTO');
    expect(await trace({ b: B.B1 })).toEqual(r);
    // a settlement never credited stops at the settlement; a posting without origin is the bank step alone
    expect((await trace({ l: L.P3 })).passos.map((p) => p.etapa)).toEqual(['LIQUIDACAO']);
    expect((await trace({ b: B.B3 })).passos.map((p) => [p.etapa, p.valor])).toEqual([['BANCO', 888]]);
    // another client asks for the bakery's settlement and posting: nothing
    for (const v of [{ l: L.P1 }, { b: B.B1 }]) expect(await trace(v, cliente2)).toEqual({ resultado: null, resultadoLabel: null, diferenca: null, passos: [] });
    expect((await trace({})).passos).toEqual([]);
  });

  it('is a list screen every profile holds, under Conciliação', async () => {
    expect(conferenciaBancariaScreen.menuSection).toBe('Conciliação');
    const granted = await t.exec(`SELECT p.nome FROM perfil_recursos pr JOIN recursos r USING (codrecurso) JOIN perfis p USING (codperfil)
      WHERE r.recurso = '${conferenciaBancariaScreen.page}' ORDER BY p.nome`);
    expect(granted.map((g) => g.nome)).toEqual(expect.arrayContaining(['Administrador Plataforma', 'Cliente', 'Revenda']));
  });
});
