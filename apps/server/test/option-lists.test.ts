import { isReferenceSeeded, loadReferenceData, seedReference } from '@concilia/db';
import { MSG, type OptionItem, OPTION_ALL } from '@concilia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, engines, errorOf, type TestApp } from './harness';

/** The option-list calls as the web client sends them. */
const Q = {
  listarOperadoras: 'query { listarOperadoras { valor label } }',
  listarBandeiras: 'query($codOperadora: Int) { listarBandeiras(codOperadora: $codOperadora) { valor label } }',
  listarItensProdutos: 'query { listarItensProdutos { valor label } }',
  getItensProdutosByOperadora: 'query($codOperadora: Int!) { getItensProdutosByOperadora(codOperadora: $codOperadora) { valor label } }',
  listarEstados: 'query { listarEstados { valor label } }',
  listarCidades: 'query($uf: String, $busca: String) { listarCidades(uf: $uf, busca: $busca) { valor label } }',
  listarItensUnidadesConciliadoras: 'query($codpessoa: Int) { listarItensUnidadesConciliadoras(codpessoa: $codpessoa) { valor label } }',
  listarItensConciliadores: 'query { listarItensConciliadores { valor label } }',
  getItensProdutosByOperadoraPos: 'query($codOperadora: Int) { getItensProdutosByOperadoraPos(codOperadora: $codOperadora) { valor label } }',
  getItensUnidadesPlanos: 'query($codplano: Int) { getItensUnidadesPlanos(codplano: $codplano) { valor label } }',
} as const;
type Call = keyof typeof Q;

const labels = (items: OptionItem[]) => items.map((i) => i.label);
const sortedPtBr = (xs: string[]) => [...xs].sort(new Intl.Collator('pt-BR', { sensitivity: 'base' }).compare);

describe.each(engines())('option lists (%s)', (engine) => {
  let t: TestApp;
  const cookies = new Map<string, string>();
  const list = async (call: Call, login: string, variables: Record<string, unknown> = {}): Promise<OptionItem[]> => {
    if (!cookies.has(login)) cookies.set(login, await t.login(login));
    return dataOf(await t.call(Q[call], variables, { cookie: cookies.get(login) }))[call];
  };
  const pessoa = async (nome: string) => String((await t.exec(`SELECT codpessoa FROM pessoas WHERE nome = '${nome}'`))[0]!.codpessoa);

  beforeAll(async () => {
    t = await createTestApp(engine);
    // The demo template may or may not carry the reference data yet; seeding is idempotent either way.
    await seedReference(t.db);
  });
  afterAll(() => t?.close());

  it('every call needs a session: without one it answers "Usuário não logado"', async () => {
    for (const call of Object.keys(Q) as Call[]) {
      const variables = call === 'getItensProdutosByOperadora' ? { codOperadora: 1 } : {};
      expect(errorOf(await t.call(Q[call], variables)), call).toEqual({ message: MSG.usuarioNaoLogado, code: 'UNAUTHENTICATED' });
    }
  });

  describe('reference data', () => {
    it('seeds every table once; a second run changes nothing', async () => {
      const data = loadReferenceData();
      const counts = async () => Object.fromEntries(await Promise.all(
        ['operadoras', 'bandeiras', 'produtos', 'operadora_bandeiras', 'operadora_produtos', 'operadora_codigos_produto', 'estados', 'cidades']
          .map(async (tb) => [tb, Number((await t.exec(`SELECT count(*) AS n FROM ${tb}`))[0]!.n)] as const),
      ));
      const before = await counts();
      expect(before).toMatchObject({
        operadoras: data.cartoes.operadoras.length, bandeiras: data.cartoes.bandeiras.length, produtos: data.cartoes.produtos.length,
        estados: 27, cidades: data.cidades.length,
      });
      expect(before.cidades).toBeGreaterThanOrEqual(5570);
      expect(before.cidades).toBeLessThanOrEqual(5571);
      expect(await isReferenceSeeded(t.db)).toBe(true);
      expect(await seedReference(t.db)).toBe(false);
      expect(await counts()).toEqual(before);
    });

    it('serials continue past the seeded codes, so a new operator, brand or product gets a fresh one', async () => {
      const [op] = await t.exec(`INSERT INTO operadoras (nome, tipo) VALUES ('Operadora Teste', 'CARTAO') RETURNING codoperadora`);
      const [b] = await t.exec(`INSERT INTO bandeiras (nome) VALUES ('Bandeira Teste') RETURNING codbandeira`);
      const [p] = await t.exec(`INSERT INTO produtos (nome, tipo) VALUES ('Produto Teste', 'CREDITO') RETURNING codprodutos`);
      const data = loadReferenceData().cartoes;
      expect(Number(op!.codoperadora)).toBe(Math.max(...data.operadoras.map((o) => o.codoperadora)) + 1);
      expect(Number(b!.codbandeira)).toBe(Math.max(...data.bandeiras.map((x) => x.codbandeira)) + 1);
      expect(Number(p!.codprodutos)).toBe(Math.max(...data.produtos.map((x) => x.codprodutos)) + 1);
      await t.exec(`DELETE FROM operadoras WHERE nome = 'Operadora Teste'`);
      await t.exec(`DELETE FROM bandeiras WHERE nome = 'Bandeira Teste'`);
      await t.exec(`DELETE FROM produtos WHERE nome = 'Produto Teste'`);
    });

    it("keeps each operator's own brand and product codes from its file layouts", async () => {
      const code = async (op: string, brand: string) => (await t.exec(`SELECT ob.codigooperadora AS c FROM operadora_bandeiras ob
        JOIN operadoras o USING (codoperadora) JOIN bandeiras b USING (codbandeira) WHERE o.nome = '${op}' AND b.nome = '${brand}'`))[0]?.c;
      expect(await code('Cielo', 'Visa')).toBe('001');
      expect(await code('Cielo', 'Elo')).toBe('007');
      expect(await code('Cielo', 'Pix')).toBe('888');
      expect(await code('Rede', 'Mastercard')).toBe('1');
      expect(await code('Rede', 'Amex')).toBe('X');
      expect(await code('Stone', 'Elo')).toBe('171');
      const produto = async (op: string, codigo: string) => (await t.exec(`SELECT p.nome AS produto, b.nome AS bandeira
        FROM operadora_codigos_produto c JOIN operadoras o USING (codoperadora) JOIN produtos p USING (codprodutos)
        LEFT JOIN bandeiras b ON b.codbandeira = c.codbandeira WHERE o.nome = '${op}' AND c.codigo = '${codigo}'`))[0];
      expect(await produto('Cielo', '040')).toEqual({ produto: 'Crédito à vista', bandeira: 'Visa' });
      expect(await produto('Cielo', '043')).toEqual({ produto: 'Crédito parcelado loja', bandeira: 'Visa' });
      expect(await produto('Cielo', '071')).toEqual({ produto: 'Débito', bandeira: 'Elo' });
      expect(await produto('Getnet', 'SM')).toEqual({ produto: 'Crédito à vista', bandeira: 'Mastercard' });
      expect(await produto('Getnet', 'SE')).toEqual({ produto: 'Débito', bandeira: 'Visa' });
    });
  });

  describe('operators, brands and products', () => {
    it('listarOperadoras: every active operator, by name, valor = codoperadora', async () => {
      const ops = await list('listarOperadoras', 'CLIENTE');
      expect(labels(ops)).toEqual(sortedPtBr(labels(ops)));
      for (const nome of ['Cielo', 'Rede', 'Getnet', 'Stone', 'PagSeguro', 'Safra', 'Sipag', 'Sicredi', 'Vero (Banrisul)', 'Mercado Pago',
        'Alelo', 'Ticket', 'VR', 'Pluxee (Sodexo)', 'Ben', 'Up Brasil', 'Pix']) {
        expect(labels(ops)).toContain(nome);
      }
      expect(ops).toContainEqual({ valor: '1', label: 'Cielo' });
      expect(ops).toContainEqual({ valor: '2', label: 'Rede' });
      // An inactive operator leaves the list.
      await t.exec(`UPDATE operadoras SET ativo = false WHERE nome = 'Safra'`);
      expect(labels(await list('listarOperadoras', 'CLIENTE'))).not.toContain('Safra');
      await t.exec(`UPDATE operadoras SET ativo = true WHERE nome = 'Safra'`);
    });

    it('listarBandeiras: all brands without an operator; with one, only the brands it captures', async () => {
      const all = await list('listarBandeiras', 'CLIENTE');
      expect(all).toContainEqual({ valor: '1', label: 'Visa' });
      expect(all).toContainEqual({ valor: '2', label: 'Mastercard' });
      expect(labels(all)).toEqual(expect.arrayContaining(['Elo', 'Amex', 'Hipercard', 'Hiper', 'Diners', 'Cabal', 'JCB', 'Sorocred',
        'Banescard', 'Alelo', 'Ticket', 'VR', 'Pluxee (Sodexo)']));
      expect(labels(all)).toEqual(sortedPtBr(labels(all)));
      expect(await list('listarBandeiras', 'CLIENTE', { codOperadora: OPTION_ALL })).toEqual(all);

      const rede = labels(await list('listarBandeiras', 'CLIENTE', { codOperadora: 2 }));
      expect(rede).toEqual(expect.arrayContaining(['Visa', 'Mastercard', 'Elo', 'Amex', 'Hipercard', 'Diners', 'Cabal', 'JCB']));
      expect(rede).not.toContain('Alelo');
      expect(rede).not.toContain('Pix');
      const alelo = (await list('listarOperadoras', 'CLIENTE')).find((o) => o.label === 'Alelo')!;
      expect(labels(await list('listarBandeiras', 'CLIENTE', { codOperadora: Number(alelo.valor) }))).toEqual(['Alelo']);
      expect(await list('listarBandeiras', 'CLIENTE', { codOperadora: 987654 })).toEqual([]);
    });

    it('listarItensProdutos and getItensProdutosByOperadora', async () => {
      const all = await list('listarItensProdutos', 'CLIENTE');
      expect(labels(all)).toEqual(expect.arrayContaining(['Crédito à vista', 'Crédito parcelado loja', 'Crédito parcelado emissor', 'Débito',
        'Pré-pago crédito', 'Pré-pago débito', 'Voucher alimentação', 'Voucher refeição', 'Pix']));
      expect(all).toContainEqual({ valor: '1', label: 'Crédito à vista' });
      expect(labels(all)).toEqual(sortedPtBr(labels(all)));

      const ticket = (await list('listarOperadoras', 'CLIENTE')).find((o) => o.label === 'Ticket')!;
      expect(labels(await list('getItensProdutosByOperadora', 'CLIENTE', { codOperadora: Number(ticket.valor) })))
        .toEqual(['Voucher alimentação', 'Voucher cultura', 'Voucher refeição']);
      const cielo = labels(await list('getItensProdutosByOperadora', 'CLIENTE', { codOperadora: 1 }));
      expect(cielo).toEqual(expect.arrayContaining(['Crédito à vista', 'Crédito parcelado loja', 'Crédito parcelado emissor', 'Débito',
        'Voucher refeição', 'Pix']));
      const rede = labels(await list('getItensProdutosByOperadora', 'CLIENTE', { codOperadora: 2 }));
      expect(rede).not.toContain('Voucher refeição');
      expect(await list('getItensProdutosByOperadora', 'CLIENTE', { codOperadora: OPTION_ALL })).toEqual(all);
      expect(await list('getItensProdutosByOperadora', 'CLIENTE', { codOperadora: 987654 })).toEqual([]);
    });

    it('getItensProdutosByOperadoraPos: the card products a POS plan prices — never Pix; by operator when one is given', async () => {
      const all = labels(await list('getItensProdutosByOperadoraPos', 'REVENDA'));
      expect(all).toEqual(expect.arrayContaining(['Crédito à vista', 'Débito', 'Voucher alimentação', 'Cartão BNDES']));
      expect(all).not.toContain('Pix');
      const cielo = labels(await list('getItensProdutosByOperadoraPos', 'REVENDA', { codOperadora: 1 }));
      expect(cielo).toEqual(expect.arrayContaining(['Crédito à vista', 'Débito', 'Voucher refeição']));
      expect(cielo).not.toContain('Pix');
      const ticket = (await list('listarOperadoras', 'CLIENTE')).find((o) => o.label === 'Ticket')!;
      expect(labels(await list('getItensProdutosByOperadoraPos', 'REVENDA', { codOperadora: Number(ticket.valor) })))
        .toEqual(['Voucher alimentação', 'Voucher cultura', 'Voucher refeição']);
    });
  });

  describe('states and cities (IBGE)', () => {
    it('listarEstados: the 27 units, valor = sigla, by name', async () => {
      const ufs = await list('listarEstados', 'CLIENTE');
      expect(ufs).toHaveLength(27);
      expect(ufs[0]).toEqual({ valor: 'AC', label: 'Acre' });
      expect(ufs).toContainEqual({ valor: 'SP', label: 'São Paulo' });
      expect(ufs).toContainEqual({ valor: 'DF', label: 'Distrito Federal' });
      expect(labels(ufs)).toEqual(sortedPtBr(labels(ufs)));
    });

    it('listarCidades(uf): every municipality of the state, valor = IBGE 7-digit code', async () => {
      const sp = await list('listarCidades', 'CLIENTE', { uf: 'SP' });
      expect(sp).toHaveLength(645);
      expect(sp).toContainEqual({ valor: '3550308', label: 'São Paulo' });
      expect(sp.every((c) => /^35\d{5}$/.test(c.valor))).toBe(true);
      expect(await list('listarCidades', 'CLIENTE', { uf: 'rj' })).toContainEqual({ valor: '3304557', label: 'Rio de Janeiro' });
      expect(await list('listarCidades', 'CLIENTE', { uf: 'MG' })).toContainEqual({ valor: '3106200', label: 'Belo Horizonte' });
      expect(await list('listarCidades', 'CLIENTE', { uf: 'DF' })).toEqual([{ valor: '5300108', label: 'Brasília' }]);
      // Alphabetical as a Brazilian reads it: 'Água Branca' among the A's, not after Z.
      const al = labels(await list('listarCidades', 'CLIENTE', { uf: 'AL' }));
      expect(al[0]).toBe('Água Branca');
      expect(al).toEqual(sortedPtBr(al));
      expect(await list('listarCidades', 'CLIENTE', { uf: 'ZZ' })).toEqual([]);
    });

    it('listarCidades without uf answers nothing, unless a search of 3+ letters is given', async () => {
      expect(await list('listarCidades', 'CLIENTE')).toEqual([]);
      expect(await list('listarCidades', 'CLIENTE', { busca: 'sã' })).toEqual([]);
      const found = await list('listarCidades', 'CLIENTE', { busca: 'sao jose dos c' });
      expect(found).toContainEqual({ valor: '3549904', label: 'São José dos Campos/SP' });
      expect(found.every((c) => c.label.startsWith('São José dos C'))).toBe(true);
      // Names that start with the search come first; never more than 50.
      const belo = await list('listarCidades', 'CLIENTE', { busca: 'BELO' });
      expect(belo[0]!.label.startsWith('Belo')).toBe(true);
      expect(belo).toContainEqual({ valor: '3106200', label: 'Belo Horizonte/MG' });
      expect((await list('listarCidades', 'CLIENTE', { busca: 'santa' })).length).toBe(50);
      // A search within a state narrows that state's list; LIKE wildcards are plain text.
      expect(await list('listarCidades', 'CLIENTE', { uf: 'SP', busca: 'paulo' })).toContainEqual({ valor: '3550308', label: 'São Paulo' });
      expect(await list('listarCidades', 'CLIENTE', { busca: '%%%' })).toEqual([]);
    });
  });

  describe('units and clients are scoped to the caller\'s hierarchy', () => {
    beforeAll(async () => {
      // A second reseller with a client and a unit of its own: nobody under 'Revenda Sul' may see them.
      const plataforma = "(SELECT codpessoa FROM pessoas WHERE tipo = 'PLATAFORMA')";
      await t.exec(`INSERT INTO pessoas (tipo, nome, codpessoapai) VALUES ('REVENDA', 'Revenda Norte Ltda', ${plataforma})`);
      await t.exec(`INSERT INTO pessoas (tipo, nome, codpessoapai)
        VALUES ('CLIENTE', 'Farmácia Vida Ltda', (SELECT codpessoa FROM pessoas WHERE nome = 'Revenda Norte Ltda'))`);
      await t.exec(`INSERT INTO pessoas (tipo, nome, codpessoapai)
        VALUES ('UNIDADE', 'Farmácia Vida - Belém', (SELECT codpessoa FROM pessoas WHERE nome = 'Farmácia Vida Ltda'))`);
    });

    it("a client sees its own units only, never another client's", async () => {
      const padaria = await list('listarItensUnidadesConciliadoras', 'CLIENTE');
      expect(labels(padaria)).toEqual(['Pão Quente - Centro', 'Pão Quente - Savassi']);
      expect(padaria[0]!.valor).toBe(await pessoa('Pão Quente - Centro'));
      expect(labels(await list('listarItensUnidadesConciliadoras', 'CLIENTE2'))).toEqual(['Bom Preço - Matriz']);
      // Asking for the neighbour's units by code gives nothing.
      const mercado = Number(await pessoa('Mercado Bom Preço Ltda'));
      expect(await list('listarItensUnidadesConciliadoras', 'CLIENTE', { codpessoa: mercado })).toEqual([]);
    });

    it('a reseller sees the units of its clients, and can narrow them to one client', async () => {
      const revenda = labels(await list('listarItensUnidadesConciliadoras', 'REVENDA'));
      expect(revenda).toEqual(['Bom Preço - Matriz', 'Pão Quente - Centro', 'Pão Quente - Savassi']);
      const mercado = Number(await pessoa('Mercado Bom Preço Ltda'));
      expect(labels(await list('listarItensUnidadesConciliadoras', 'REVENDA', { codpessoa: mercado }))).toEqual(['Bom Preço - Matriz']);
      expect(await list('listarItensUnidadesConciliadoras', 'REVENDA', { codpessoa: OPTION_ALL })).toHaveLength(3);
      const outra = Number(await pessoa('Farmácia Vida Ltda'));
      expect(await list('listarItensUnidadesConciliadoras', 'REVENDA', { codpessoa: outra })).toEqual([]);
    });

    it('the platform sees every unit', async () => {
      expect(labels(await list('listarItensUnidadesConciliadoras', 'ADMIN'))).toEqual([
        'Bom Preço - Matriz', 'Farmácia Vida - Belém', 'Pão Quente - Centro', 'Pão Quente - Savassi',
      ]);
    });

    it("getItensUnidadesPlanos: the clients whose terminals the caller's POS plans may bill; with a plan, those it holds", async () => {
      // the demo: the bakery's two terminals and the market's one, placed by the reseller; the POS plan holds Caixa 1
      expect(labels(await list('getItensUnidadesPlanos', 'REVENDA'))).toEqual(['Mercado Bom Preço Ltda', 'Padaria Pão Quente Ltda']);
      const [plano] = await t.exec("SELECT codplano FROM planos_pos WHERE nome = 'POS Revenda Sul'");
      expect(labels(await list('getItensUnidadesPlanos', 'REVENDA', { codplano: plano!.codplano }))).toEqual(['Padaria Pão Quente Ltda']);
      expect(labels(await list('getItensUnidadesPlanos', 'CLIENTE2'))).toEqual(['Mercado Bom Preço Ltda']);
      // another reseller's maintainer sees neither the clients nor, by code, the plan's
      await t.exec(`INSERT INTO usuarios (login, nome, codperfil, codpessoa, senhahash)
        SELECT 'NORTE', 'Nina Norte', u.codperfil, (SELECT codpessoa FROM pessoas WHERE nome = 'Revenda Norte Ltda'), u.senhahash FROM usuarios u WHERE u.login = 'REVENDA'`);
      expect(await list('getItensUnidadesPlanos', 'NORTE')).toEqual([]);
      expect(await list('getItensUnidadesPlanos', 'NORTE', { codplano: plano!.codplano })).toEqual([]);
    });

    it('listarItensConciliadores: clients in the caller\'s subtree', async () => {
      expect(await list('listarItensConciliadores', 'CLIENTE')).toEqual([{ valor: await pessoa('Padaria Pão Quente Ltda'), label: 'Padaria Pão Quente Ltda' }]);
      expect(labels(await list('listarItensConciliadores', 'CLIENTE2'))).toEqual(['Mercado Bom Preço Ltda']);
      expect(labels(await list('listarItensConciliadores', 'REVENDA'))).toEqual(['Mercado Bom Preço Ltda', 'Padaria Pão Quente Ltda']);
      expect(labels(await list('listarItensConciliadores', 'MESTREREVENDA'))).toEqual(['Mercado Bom Preço Ltda', 'Padaria Pão Quente Ltda']);
      expect(labels(await list('listarItensConciliadores', 'ADMIN'))).toEqual([
        'Farmácia Vida Ltda', 'Mercado Bom Preço Ltda', 'Padaria Pão Quente Ltda',
      ]);
    });
  });
});
