import { MSG } from '@concilia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, engines, errorOf, type TestApp } from './harness';

/**
 * The establishments register's own rules (issue 19; the generic register suite covers list, filters, edit and
 * delete): one code per operator across every tenant, refused without saying whose it is; the unit must be a
 * reconciliation unit the caller administers; a client's user sees its own.
 */
const SALVAR = 'mutation($v: EstabelecimentoSaveValues!) { editarEstabelecimento(values: $v) { codestabelecimento codexterno codpessoa } }';
const LISTAR = 'query($v: EstabelecimentoFilter) { listarEstabelecimentos(values: $v) { codexterno nome codoperadora codpessoa } }';

describe.each(engines())('establishments (%s)', (engine) => {
  let t: TestApp;
  let revenda: string;
  let centro: number;
  let norte: number;
  const one = async (q: string) => Number(Object.values((await t.exec(q))[0]!)[0]);
  const salvar = (editValues: Record<string, unknown>, cookie = revenda) => t.call(SALVAR, { v: { editValues, insert: true } }, { cookie });

  beforeAll(async () => {
    t = await createTestApp(engine);
    centro = await one(`SELECT codpessoa FROM pessoas WHERE nome = 'Pão Quente - Centro'`);
    const plataforma = await one(`SELECT codpessoa FROM pessoas WHERE tipo = 'PLATAFORMA'`);
    const revendaNorte = await one(`INSERT INTO pessoas (tipo, nome, codpessoapai) VALUES ('REVENDA', 'Revenda Norte Ltda', ${plataforma}) RETURNING codpessoa`);
    const clienteNorte = await one(`INSERT INTO pessoas (tipo, nome, codpessoapai) VALUES ('CLIENTE', 'Farmácia Norte', ${revendaNorte}) RETURNING codpessoa`);
    norte = await one(`INSERT INTO pessoas (tipo, nome, codpessoapai) VALUES ('UNIDADE', 'Farmácia Norte - Loja', ${clienteNorte}) RETURNING codpessoa`);
    revenda = await t.login('REVENDA');
  });
  afterAll(() => t?.close());

  it('registers a code of a unit the reseller administers, trimmed, and lists it', async () => {
    const saved = dataOf(await salvar({ codexterno: ' 5544332211 ', nome: 'Pão Quente Centro - Stone', codoperadora: 4, codpessoa: centro })).editarEstabelecimento;
    expect(saved).toMatchObject({ codexterno: '5544332211', codpessoa: centro });
    const rows = dataOf(await t.call(LISTAR, { v: { codexterno: '5544332211' } }, { cookie: revenda })).listarEstabelecimentos;
    expect(rows).toEqual([{ codexterno: '5544332211', nome: 'Pão Quente Centro - Stone', codoperadora: 4, codpessoa: centro }]);
  });

  it("refuses a code already registered at the operator, even another tenant's, beside the field", async () => {
    await t.exec(`INSERT INTO estabelecimentos (codpessoa, codoperadora, codexterno, nome) VALUES (${norte}, 2, '099887766', 'Farmácia Norte - Rede')`);
    const r = await salvar({ codexterno: '099887766', nome: 'Outra', codoperadora: 2, codpessoa: centro });
    expect(errorOf(r).message).toBe(MSG.estabelecimentoJaCadastrado);
    expect(JSON.stringify(r.body)).not.toContain('Farmácia Norte');
    // the same code at another operator is another establishment
    expect(dataOf(await salvar({ codexterno: '099887766', nome: 'Pão Quente Centro - Getnet', codoperadora: 3, codpessoa: centro })).editarEstabelecimento.codexterno).toBe('099887766');
  });

  it("refuses a unit the caller does not administer and a person that is not a unit, and a client's user sees only its own establishments", async () => {
    expect(errorOf(await salvar({ codexterno: '1112223334', nome: 'Intruso', codoperadora: 1, codpessoa: norte })).code).toBe('FORBIDDEN');
    // a client is not a reconciliation unit: the code must name the unit whose lines it brings
    const padaria = await one(`SELECT codpessoa FROM pessoas WHERE nome = 'Padaria Pão Quente Ltda'`);
    expect(errorOf(await salvar({ codexterno: '1112223334', nome: 'Padaria', codoperadora: 1, codpessoa: padaria })).message).toBe(MSG.estabelecimentoUnidadeInvalida);
    // the merchant sends its establishments' registration documents: it sees them, and nobody else's
    const cliente = await t.login('CLIENTE');
    const seen = dataOf(await t.call(LISTAR, {}, { cookie: cliente })).listarEstabelecimentos.map((r: { codexterno: string }) => r.codexterno);
    expect(seen).toContain('1023456789');
    expect(seen).not.toContain('000000987654321');
    expect(errorOf(await salvar({ codexterno: '1112223335', nome: 'Intruso', codoperadora: 1, codpessoa: norte }, cliente)).code).toBe('FORBIDDEN');
  });
});
