import { MSG } from '@concilia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { positionsOf, recordContractPositions } from '../src/features/contract-position/contract-position.service';
import { createTestApp, dataOf, engines, errorOf, type TestApp } from './harness';

/**
 * Contract position (issue 19): every status follows from hand-built states of an establishment — its documents,
 * credentials, approvals, plan, files, alarms and situação —, never from a typed code; the tree groups the codes a
 * user sees by operator and status with their counts; each change is recorded with its date (the Monitor dialog);
 * the approvals move a registration step by step and keep a refusal's reason; the registration panel turns rates
 * into the client's plan. Operators as the reference seed has them: 1 Cielo (asks documents and API credentials),
 * 2 Rede and 3 Getnet (documents only).
 */
const TREE = `query($v: PosicaoContratoFiltro!, $s: String) { getPosicaoContratosPorClientes(values: $v, statusFiltro: $s) {
  id parentId description leaf type status origem ultimoStatus operadora codexterno codpessoa edita selecionado dataRecebimentoPrimeiroArquivo childCount } }`;
const DETAIL = `query($c: String!, $o: Int!) { getInformacoesPosicaoContrato(codExterno: $c, operadora: $o) { codExterno operadora data status descricao } }`;
const VALIDAR = 'mutation($v: ValidarPendenciaInput!) { validarPendenciaCadastroOperadora(values: $v) }';
const APROVAR = 'mutation($id: Int!) { aprovarUrl(values: { editValues: { codestabelecimento: $id } }) }';
const LISTAR = 'query($v: EstabelecimentoFilter) { listarEstabelecimentos(values: $v) { codestabelecimento codexterno status situacao } }';
const PAINEL = `query($p: Int!) { getPainelCadastro(codpessoa: $p) { nome cadastro taxasDeclaradas { debito credito }
  operadoras { codoperadora operadora taxasPlano { debito credito parceladoA parceladoB ticket } }
  estabelecimentos { codexterno operadora status statusDescricao documentos pendentes } } }`;
const SALVAR_TAXAS = `mutation($p: Int!, $o: Int!, $t: TaxasCadastroInput!) { savePainelCadastroTaxa(codpessoa: $p, codoperadora: $o, taxas: $t) {
  operadoras { codoperadora taxasPlano { debito credito parceladoA parceladoB ticket } } } }`;

describe.each(engines())('contract position (%s)', (engine) => {
  let t: TestApp;
  let admin: string;
  let padaria: number;
  let mercado: number;
  let seq = 0;
  const one = async (q: string) => Number(Object.values((await t.exec(q))[0]!)[0]);

  beforeAll(async () => {
    t = await createTestApp(engine);
    padaria = await one(`SELECT codpessoa FROM pessoas WHERE nome = 'Padaria Pão Quente Ltda'`);
    mercado = await one(`SELECT codpessoa FROM pessoas WHERE nome = 'Mercado Bom Preço Ltda'`);
    admin = await t.login('ADMIN');
  });
  afterAll(() => t?.close());

  /** a fresh unit of the bakery with one establishment at `codoperadora`, and its id */
  const establishment = async (codoperadora: number, cliente = padaria) => {
    seq += 1;
    const unidade = await one(`INSERT INTO pessoas (tipo, nome, codpessoapai) VALUES ('UNIDADE', 'Unidade ${seq}', ${cliente}) RETURNING codpessoa`);
    const id = await one(`INSERT INTO estabelecimentos (codpessoa, codoperadora, codexterno, nome) VALUES (${unidade}, ${codoperadora}, '77${String(seq).padStart(8, '0')}', 'Teste ${seq}') RETURNING codestabelecimento`);
    return { id, unidade, codexterno: `77${String(seq).padStart(8, '0')}`, codoperadora };
  };
  const doc = (id: number, status: string, tipo = 'CARTA_AUTORIZACAO') =>
    t.exec(`INSERT INTO documentos_estabelecimento (codestabelecimento, tipo, nome, arquivo, mime, tamanho, status) VALUES (${id}, '${tipo}', 'carta.pdf', '\\x255044462d', 'application/pdf', 5, '${status}')`);
  const contract = async (unidade: number, codoperadora: number) => {
    const plano = await one(`INSERT INTO planos_conciliadores (nome, codpessoapai) VALUES ('Plano ${unidade}', ${padaria}) RETURNING codplanosconciliadores`);
    const c = await one(`INSERT INTO planos_conciliadores_contrato (codplanosconciliadores, vigenciade, vigenciaate) VALUES (${plano}, current_date - 30, current_date + 300) RETURNING codplanosconciliadorescontrato`);
    await t.exec(`INSERT INTO planos_conciliadores_contrato_unidades (codplanosconciliadorescontrato, codoperadora, codpessoa) VALUES (${c}, ${codoperadora}, ${unidade})`);
  };
  const file = (owner: number, codoperadora: number) => one(`
    INSERT INTO arquivos (codpessoa, codoperadora, status, origem, nomearquivo, dataenvio, sha256, tamanho, datarecebimento)
    VALUES (${owner}, ${codoperadora}, 'PROCESSADO', 'UPLOAD', 'extrato.txt', current_date, md5(random()::text), 1, now() - interval '2 days') RETURNING codarquivo`);
  const status = async (id: number) => (await positionsOf(t.db, [id])).get(id);

  it('derives each status of the registration chain from the state of the establishment, in order', async () => {
    // Rede asks documents and no credentials
    const e = await establishment(2);
    expect(await status(e.id)).toBe('AGUARDANDO_DOCUMENTO');
    await doc(e.id, 'PENDENTE', 'CONTRATO_SOCIAL'); // an optional document alone does not stand for the letter
    expect(await status(e.id)).toBe('AGUARDANDO_DOCUMENTO');
    await doc(e.id, 'REJEITADO');
    expect(await status(e.id)).toBe('DOCUMENTO_REJEITADO');
    await t.exec(`UPDATE documentos_estabelecimento SET status = 'APROVADO' WHERE codestabelecimento = ${e.id} AND tipo = 'CONTRATO_SOCIAL'`);
    await doc(e.id, 'PENDENTE'); // the letter sent again: the latest of its type decides
    expect(await status(e.id)).toBe('P');
    await t.exec(`UPDATE documentos_estabelecimento SET status = 'APROVADO' WHERE codestabelecimento = ${e.id}`);
    expect(await status(e.id)).toBe('AGUARDANDO_EC');
    await t.exec(`UPDATE estabelecimentos SET aprovadoecem = now() WHERE codestabelecimento = ${e.id}`);
    expect(await status(e.id)).toBe('A');
    await t.exec(`UPDATE estabelecimentos SET aprovadooperadoraem = now() WHERE codestabelecimento = ${e.id}`);
    expect(await status(e.id)).toBe('T');
    await contract(e.unidade, 2);
    expect(await status(e.id)).toBe('AGUARDANDO_LIBERACAO_OPERADORA');
    // a file of the client (above the unit) covers it: the statement is arriving
    await file(padaria, 2);
    expect(await status(e.id)).toBe('F');
    await t.exec(`INSERT INTO alarmes_arquivo (codestabelecimento, data) VALUES (${e.id}, current_date - 1)`);
    expect(await status(e.id)).toBe('Z');
    await t.exec(`UPDATE alarmes_arquivo SET resolvidoem = now() WHERE codestabelecimento = ${e.id}`);
    expect(await status(e.id)).toBe('F');
    for (const situacao of ['SUSPENSO', 'CANCELADO', 'CANCELADOEC']) {
      await t.exec(`UPDATE estabelecimentos SET situacao = '${situacao}' WHERE codestabelecimento = ${e.id}`);
      expect(await status(e.id)).toBe(situacao);
    }
  });

  it("asks the API credentials where the operator reads the client's own account, and no documents where it asks none", async () => {
    const cielo = await establishment(1);
    await doc(cielo.id, 'APROVADO');
    expect(await status(cielo.id)).toBe('AGUARDANDO_SENHA');
    await t.exec(`INSERT INTO credenciais_operadora (codpessoa, codoperadora, credencial) VALUES (${padaria}, 1, 'v1.x.y.z.w')`);
    expect(await status(cielo.id)).toBe('AGUARDANDO_EC');

    await t.exec(`UPDATE operadoras SET cadastrodocumentos = false WHERE codoperadora = 3`);
    try {
      const getnet = await establishment(3);
      expect(await status(getnet.id)).toBe('AGUARDANDO_EC');
    } finally {
      await t.exec(`UPDATE operadoras SET cadastrodocumentos = true WHERE codoperadora = 3`);
    }
  });

  it('a file without a plan in force is T (rates awaited), whatever the registration said', async () => {
    const e = await establishment(3);
    await file(e.unidade, 3);
    expect(await status(e.id)).toBe('T');
    const erro = await establishment(3);
    await t.exec(`INSERT INTO arquivos (codpessoa, codoperadora, status, origem, nomearquivo, dataenvio, sha256, tamanho) VALUES (${erro.unidade}, 3, 'ERRO', 'UPLOAD', 'x.txt', current_date, md5(random()::text), 1)`);
    // an unreadable file delivered no statement
    expect(await status(erro.id)).toBe('AGUARDANDO_DOCUMENTO');
  });

  it('groups the codes by operator and status with their counts, lists codes nobody registered as NN, and filters by status', async () => {
    // a Rede statement line of a code no establishment holds, in a file of the bakery
    const arquivo = await file(padaria, 2);
    await t.exec(`INSERT INTO linhas_operadora (codarquivo, linha, chave, ocorrencia, tipo, tiporegistro, codoperadora, codcliente, estabelecimento, data, valorliquido)
      VALUES (${arquivo}, 1, gen_random_uuid(), 1, 'VENDA', 'CV', 2, cliente_raiz(NULL), '055500011', current_date - 1, 1000)`);
    const nodes = dataOf(await t.call(TREE, { v: { codoperadora: -999 } }, { cookie: admin })).getPosicaoContratosPorClientes as Record<string, unknown>[];
    const ops = nodes.filter((n) => n.type === 1);
    expect(ops.map((n) => n.description)).toEqual(['Cielo', 'Getnet', 'Rede']);
    for (const op of ops) {
      const groups = nodes.filter((n) => n.parentId === op.id);
      // an operator's count is the sum of its groups', a group's the number of its leaves
      expect(groups.reduce((s, g) => s + Number(g.childCount), 0)).toBe(op.childCount);
      for (const g of groups) expect(nodes.filter((n) => n.parentId === g.id && n.leaf && n.type === 3)).toHaveLength(Number(g.childCount));
    }
    const nn = nodes.find((n) => n.codexterno === '055500011')!;
    expect(nn).toMatchObject({ status: 'NN', parentId: 'op:2:st:NN', origem: null, edita: false, leaf: true, type: 3 });
    expect(nodes.find((n) => n.id === 'op:2:st:NN')).toMatchObject({ description: 'Unidades não cadastradas', childCount: 1 });
    const leaf = nodes.find((n) => n.codexterno === '1023456789')!;
    expect(leaf).toMatchObject({ operadora: 1, origem: 'Pão Quente / Pão Quente - Centro', selecionado: false });

    const onlyT = dataOf(await t.call(TREE, { v: { codoperadora: 3 }, s: 'T' }, { cookie: admin })).getPosicaoContratosPorClientes as Record<string, unknown>[];
    expect(onlyT.filter((n) => n.type === 1).map((n) => n.description)).toEqual(['Getnet']);
    expect(new Set(onlyT.filter((n) => n.type !== 1).map((n) => n.status))).toEqual(new Set(['T']));
    expect(dataOf(await t.call(TREE, { v: { codoperadora: null }, s: 'SEM_ESSE' }, { cookie: admin })).getPosicaoContratosPorClientes).toEqual([]);
  });

  it('records each change with its date, shows the previous status on the leaf, and a second record writes nothing', async () => {
    const e = await establishment(3);
    await recordContractPositions(t.db);
    expect(await recordContractPositions(t.db)).toBe(0);
    await doc(e.id, 'PENDENTE');
    expect(await recordContractPositions(t.db, [e])).toBe(1);
    const rows = dataOf(await t.call(DETAIL, { c: e.codexterno, o: 3 }, { cookie: admin })).getInformacoesPosicaoContrato;
    expect(rows.map((r: { status: string }) => r.status)).toEqual(['P', 'AGUARDANDO_DOCUMENTO']);
    expect(rows[0]).toMatchObject({ codExterno: e.codexterno, operadora: 'Getnet', descricao: 'Conferência prévia de documentos' });
    expect(Date.parse(rows[0].data)).toBeGreaterThanOrEqual(Date.parse(rows[1].data));
    const nodes = dataOf(await t.call(TREE, { v: { codoperadora: 3 }, s: 'P' }, { cookie: admin })).getPosicaoContratosPorClientes;
    expect(nodes.find((n: { codexterno: string }) => n.codexterno === e.codexterno)).toMatchObject({ ultimoStatus: 'AGUARDANDO_DOCUMENTO', edita: true });
  });

  it('moves a registration through the approvals: documents checked, the EC agrees, the operator approves or refuses with a reason', async () => {
    // Getnet: the bakery's Rede file of the test above covers its units at Rede
    const e = await establishment(3);
    const validar = (v: Record<string, unknown>, cookie = admin) => t.call(VALIDAR, { v: { codestabelecimento: e.id, ...v } }, { cookie });
    // nothing pending yet
    expect(errorOf(await validar({ aprovado: 'S' })).message).toBe(MSG.pendenciaInexistente);
    await doc(e.id, 'PENDENTE');
    expect(errorOf(await validar({ aprovado: 'N', motivo: '  ' })).message).toBe(MSG.pendenciaMotivoObrigatorio);
    expect(dataOf(await validar({ aprovado: 'N', motivo: 'Carta sem assinatura' })).validarPendenciaCadastroOperadora).toBe(true);
    const list = async () => dataOf(await t.call(LISTAR, { v: { codexterno: e.codexterno } }, { cookie: admin })).listarEstabelecimentos[0];
    expect((await list()).status).toBe('DOCUMENTO_REJEITADO');
    expect(await t.exec(`SELECT status, motivo FROM documentos_estabelecimento WHERE codestabelecimento = ${e.id}`)).toEqual([{ status: 'REJEITADO', motivo: 'Carta sem assinatura' }]);

    await doc(e.id, 'PENDENTE');
    dataOf(await validar({ aprovado: 'S' }));
    expect((await list()).status).toBe('AGUARDANDO_EC');
    // the merchant agrees: a client's user sees its own establishments and may record it
    const cliente = await t.login('CLIENTE');
    expect(dataOf(await t.call(APROVAR, { id: e.id }, { cookie: cliente })).aprovarUrl).toBe(true);
    expect(errorOf(await t.call(APROVAR, { id: e.id }, { cookie: cliente })).message).toBe(MSG.aprovarEcInexistente);
    expect((await list()).status).toBe('A');
    // the merchant cannot validate its own registration: that is the back office's screen
    expect(errorOf(await validar({ aprovado: 'S' }, cliente)).code).toBe('FORBIDDEN');

    // the operator refuses: the approved documents are refused with its reason, and the EC is asked again
    dataOf(await validar({ aprovado: 'N', motivo: 'CNPJ diverge do cadastro na operadora' }));
    expect((await list()).status).toBe('DOCUMENTO_REJEITADO');
    expect(await t.exec(`SELECT motivorecusa, aprovadoecem FROM estabelecimentos WHERE codestabelecimento = ${e.id}`))
      .toEqual([{ motivorecusa: 'CNPJ diverge do cadastro na operadora', aprovadoecem: null }]);
    await doc(e.id, 'PENDENTE');
    dataOf(await validar({ aprovado: 'S' }));
    dataOf(await t.call(APROVAR, { id: e.id }, { cookie: admin }));
    dataOf(await validar({ aprovado: 'S' }));
    expect((await list()).status).toBe('T');
    const history = dataOf(await t.call(DETAIL, { c: e.codexterno, o: 3 }, { cookie: admin })).getInformacoesPosicaoContrato.map((r: { status: string }) => r.status);
    // recorded by each approval (the documents above were written straight to the table, without a record of their own)
    expect(history).toEqual(['T', 'A', 'AGUARDANDO_EC', 'DOCUMENTO_REJEITADO', 'A', 'AGUARDANDO_EC', 'DOCUMENTO_REJEITADO']);
  });

  it("keeps every call to the caller's part of the hierarchy", async () => {
    const outro = await establishment(2, mercado);
    const cliente = await t.login('CLIENTE');
    // the merchant has no monitor, and cannot approve or read another client's establishment
    expect(errorOf(await t.call(TREE, { v: {} }, { cookie: cliente })).code).toBe('FORBIDDEN');
    expect(errorOf(await t.call(APROVAR, { id: outro.id }, { cookie: cliente })).code).toBe('FORBIDDEN');
    const mine = dataOf(await t.call(LISTAR, {}, { cookie: cliente })).listarEstabelecimentos.map((r: { codexterno: string }) => r.codexterno);
    expect(mine).toContain('1023456789');
    expect(mine).not.toContain('000000987654321');
    expect(mine).not.toContain(outro.codexterno);
    expect(errorOf(await t.call(PAINEL, { p: mercado }, { cookie: cliente })).code).toBe('FORBIDDEN');
  });

  it('the registration panel shows the positions and the rates declared at sign-up, and turns typed rates into the plan', async () => {
    await t.exec(`INSERT INTO cadastros (codigo, cnpj, codpessoa, codusuario, formapagamento, taxas)
      SELECT 'ABCDEFGHJKMN', '45723174000110', ${padaria}, codusuario, 'BOLETO', '{"debito":1.5,"credito":2.99,"parceladoA":null,"parceladoB":null,"ticket":null}'::jsonb
      FROM usuarios WHERE login = 'CLIENTE'`);
    const painel = dataOf(await t.call(PAINEL, { p: padaria }, { cookie: admin })).getPainelCadastro;
    expect(painel).toMatchObject({ nome: 'Padaria Pão Quente Ltda', cadastro: MSG.cadastroStatusPendente, taxasDeclaradas: { debito: 1.5, credito: 2.99 } });
    expect(painel.estabelecimentos.find((e: { codexterno: string }) => e.codexterno === '1023456789')).toMatchObject({ operadora: 'Cielo', statusDescricao: expect.any(String) });

    const saved = dataOf(await t.call(SALVAR_TAXAS, { p: padaria, o: 2, t: { debito: 1.5, credito: 2.99, parceladoA: 3.49 } }, { cookie: admin })).savePainelCadastroTaxa;
    expect(saved.operadoras.find((o: { codoperadora: number }) => o.codoperadora === 2).taxasPlano).toEqual({ debito: 1.5, credito: 2.99, parceladoA: 3.49, parceladoB: null, ticket: null });
    // typed again: the tiers are replaced, not added beside the old ones
    const again = dataOf(await t.call(SALVAR_TAXAS, { p: padaria, o: 2, t: { debito: 1.2, credito: 2.99 } }, { cookie: admin })).savePainelCadastroTaxa;
    expect(again.operadoras.find((o: { codoperadora: number }) => o.codoperadora === 2).taxasPlano).toEqual({ debito: 1.2, credito: 2.99, parceladoA: null, parceladoB: null, ticket: null });
    const plans = await one(`SELECT count(DISTINCT t.codplanosconciliadores) FROM planos_conciliadores_taxas t JOIN planos_conciliadores p USING (codplanosconciliadores) WHERE p.codpessoapai = ${padaria} AND t.codoperadora = 2 AND t.bincartao IS NULL AND t.de = 1 AND t.codprodutos IN (SELECT codprodutos FROM produtos WHERE nome = 'Débito')`);
    expect(plans).toBe(1);
    expect(errorOf(await t.call(SALVAR_TAXAS, { p: padaria, o: 2, t: { debito: 150 } }, { cookie: admin })).message).toBe(MSG.painelCadastroTaxaInvalida);
  });
});
