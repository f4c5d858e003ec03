import { seedReference, withRawTransaction } from '@concilia/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditFees } from '../src/reconcile/fee-audit';
import { createTestApp, engines, type TestApp } from './harness';

/**
 * Issue 13, model gaps of the fee audit: every card operator's product codes are in operadora_codigos_produto
 * (Rede's sales were all "taxa não cadastrada"), an existing database gets the codes added since on its next
 * start, the product a parser names (a Getnet SM or Stone credit sold in installments is 'Crédito parcelado
 * loja') wins over what the code alone says, and a fee the parser derived is never called divergent.
 * Catalogue products: 1 crédito à vista, 2 parcelado loja, 4 débito.
 */
const WINDOW = { de: '2026-03-01', ate: '2026-03-31' } as const;

describe.each(engines())('fee audit coverage on %s', (engine) => {
  let t: TestApp;
  let unit: number;
  let file: number;
  let linha = 0;
  const ids = new Map<string, number>();
  const one = async (q: string) => Number(Object.values((await t.exec(q))[0]!)[0]);

  const line = async (nome: string, v: { op: number; produto: string; produtonome: string | null; bruto: number; taxa: number; parcelas?: number; extras?: object }) => {
    linha++;
    ids.set(nome, await one(`INSERT INTO linhas_operadora (codarquivo, linha, chave, ocorrencia, tipo, tiporegistro, codoperadora, codpessoa, codcliente,
        estabelecimento, data, valorbruto, valortaxa, valorliquido, totparcelas, produto, produtonome, extras, aceita)
      VALUES (${file}, ${linha}, md5('cov-${nome}')::uuid, 1, 'sale', 'X', ${v.op}, ${unit}, cliente_raiz(${unit}), 'EC1', '2026-03-10', ${v.bruto}, ${v.taxa},
        ${v.bruto - v.taxa}, ${v.parcelas ?? 1}, '${v.produto}', ${v.produtonome === null ? 'NULL' : `'${v.produtonome}'`},
        ${v.extras ? `'${JSON.stringify(v.extras)}'::jsonb` : 'NULL'}, true) RETURNING codlinha`));
  };
  const audit = async (nome: string) => {
    const [a] = await t.exec(`SELECT situacao, codprodutos, taxacontratada FROM auditoria_taxas WHERE codlinha = ${ids.get(nome)}`);
    return { situacao: a!.situacao, codprodutos: a!.codprodutos === null ? null : Number(a!.codprodutos), contratada: a!.taxacontratada === null ? null : Number(a!.taxacontratada) };
  };

  beforeAll(async () => {
    t = await createTestApp(engine);
    const padaria = await one(`SELECT codpessoa FROM pessoas WHERE nome = 'Padaria Pão Quente Ltda'`);
    const revenda = await one(`SELECT codpessoa FROM pessoas WHERE tipo = 'REVENDA'`);
    unit = await one(`INSERT INTO pessoas (tipo, nome, nomeabreviado, codpessoapai) VALUES ('UNIDADE', 'Pão Quente - Cobertura', 'PQ Cob', ${padaria}) RETURNING codpessoa`);
    const plano = await one(`INSERT INTO planos_conciliadores (nome, codpessoapai, tarifacao) VALUES ('Plano cobertura', ${revenda}, 'V') RETURNING codplanosconciliadores`);
    const contrato = await one(`INSERT INTO planos_conciliadores_contrato (codplanosconciliadores, vigenciade, vigenciaate)
      VALUES (${plano}, '2026-03-01', '2026-03-31') RETURNING codplanosconciliadorescontrato`);
    // Cielo 1, Rede 2, Getnet 3, Stone 4: 1% débito, 2% crédito à vista, 3% parcelado loja each
    for (const op of [1, 2, 3, 4]) {
      await t.exec(`INSERT INTO planos_conciliadores_contrato_unidades (codplanosconciliadorescontrato, codoperadora, codpessoa) VALUES (${contrato}, ${op}, ${unit})`);
      for (const [produto, de, ate, taxa] of [[4, 1, 1, '1.0000'], [1, 1, 1, '2.0000'], [2, 2, 12, '3.0000']] as const) {
        await t.exec(`INSERT INTO planos_conciliadores_taxas (codplanosconciliadores, codoperadora, codprodutos, tarifacao, de, ate, tipotaxa, taxa)
          VALUES (${plano}, ${op}, ${produto}, 'V', ${de}, ${ate}, 'P', ${taxa})`);
      }
    }
    file = await one(`INSERT INTO arquivos (codpessoa, status, origem, nomearquivo, dataenvio, sha256, tamanho)
      VALUES (${unit}, 'PROCESSADO', 'CLI', 'cobertura.txt', '2026-03-31', md5('cobertura'), 1) RETURNING codarquivo`);
    // Rede: the RV type is the product code (006 à vista, 010 parcelado, D débito); names as the parser writes them
    await line('redeVista', { op: 2, produto: '006', produtonome: 'Crédito à vista', bruto: 10000, taxa: 200 });
    await line('redeParcelado', { op: 2, produto: '010', produtonome: 'Crédito parcelado loja', bruto: 10000, taxa: 300, parcelas: 3 });
    await line('redeDebito', { op: 2, produto: 'D', produtonome: 'Débito', bruto: 10000, taxa: 100 });
    // a code with no name (an older line): the code table alone decides
    await line('redeSoCodigo', { op: 2, produto: '006', produtonome: null, bruto: 10000, taxa: 200 });
    // Stone: AccountType 2 is credit; sold in 3 installments the parser names it parcelado loja
    await line('stoneParcelado', { op: 4, produto: '2', produtonome: 'Crédito parcelado loja', bruto: 10000, taxa: 300, parcelas: 3 });
    await line('stoneDebito', { op: 4, produto: '1', produtonome: 'Débito', bruto: 10000, taxa: 100 });
    // Getnet SM (Mastercard crédito) in installments
    await line('getnetParcelado', { op: 3, produto: 'SM', produtonome: 'Crédito parcelado loja', bruto: 10000, taxa: 300, parcelas: 3 });
    // Cielo v15 installment sale whose fee the parser derived from the MDR rate: off by R$ 1,00, not 'divergente'
    await line('cieloDerivada', { op: 1, produto: '043', produtonome: 'Crédito parcelado loja', bruto: 10000, taxa: 400, parcelas: 2, extras: { derived: ['fee', 'net'] } });
    await line('cieloLida', { op: 1, produto: '043', produtonome: 'Crédito parcelado loja', bruto: 10000, taxa: 400, parcelas: 2 });
    await line('cieloDerivadaCerta', { op: 1, produto: '043', produtonome: 'Crédito parcelado loja', bruto: 10000, taxa: 300, parcelas: 2, extras: { derived: ['fee', 'net'] } });
    await withRawTransaction(t.opened, (tx) => auditFees(tx, WINDOW, 1));
  });
  afterAll(async () => {
    await t.close();
  });

  it('Rede, Stone and Getnet sales find their contracted rate: none is "taxa não cadastrada"', async () => {
    expect(await audit('redeVista')).toEqual({ situacao: 'ok', codprodutos: 1, contratada: 200 });
    expect(await audit('redeParcelado')).toEqual({ situacao: 'ok', codprodutos: 2, contratada: 300 });
    expect(await audit('redeDebito')).toEqual({ situacao: 'ok', codprodutos: 4, contratada: 100 });
    expect(await audit('redeSoCodigo')).toEqual({ situacao: 'ok', codprodutos: 1, contratada: 200 });
    expect(await audit('stoneParcelado')).toEqual({ situacao: 'ok', codprodutos: 2, contratada: 300 });
    expect(await audit('stoneDebito')).toEqual({ situacao: 'ok', codprodutos: 4, contratada: 100 });
    expect(await audit('getnetParcelado')).toEqual({ situacao: 'ok', codprodutos: 2, contratada: 300 });
  });

  it('a derived fee out of tolerance is "derivada", the same fee read from the file is "divergente"', async () => {
    expect(await audit('cieloDerivada')).toEqual({ situacao: 'derivada', codprodutos: 2, contratada: 300 });
    expect(await audit('cieloLida')).toEqual({ situacao: 'divergente', codprodutos: 2, contratada: 300 });
    expect(await audit('cieloDerivadaCerta')).toEqual({ situacao: 'ok', codprodutos: 2, contratada: 300 });
  });

  it('an existing database gets the product codes added since on its next start, once', async () => {
    const codes = async () => (await t.exec(`SELECT o.nome, count(*)::int AS n FROM operadora_codigos_produto c JOIN operadoras o USING (codoperadora)
      WHERE o.nome IN ('Rede', 'Stone') GROUP BY o.nome ORDER BY o.nome`)).map((r) => [r.nome, Number(r.n)]);
    expect(await codes()).toEqual([['Rede', 5], ['Stone', 4]]);
    // a database seeded before these codes existed
    await t.exec(`DELETE FROM auditoria_taxas`);
    await t.exec(`DELETE FROM operadora_codigos_produto WHERE codoperadora IN (2, 4)`);
    expect(await codes()).toEqual([]);
    await seedReference(t.db);
    expect(await codes()).toEqual([['Rede', 5], ['Stone', 4]]);
    await seedReference(t.db);
    expect(await codes()).toEqual([['Rede', 5], ['Stone', 4]]);
  });
});
