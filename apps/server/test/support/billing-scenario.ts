import type { TestApp } from '../harness';

export type SaleInput = { data: string; produto: string; bruto: number; taxa: number; parcelas?: number; terminal?: string; aceita?: boolean; codpessoa?: number };

/**
 * A client of the demo's reseller of its own ('Cliente Faturamento', so the demo's plans play no part) with
 * terminal T-BILL under a POS plan from 1 Feb to 30 Apr 2026: débito 2 %, parcelado 2–6x 3 %, no rate for
 * crédito à vista; 50,00 a month, cut-off day 31, fees from 15 Feb. `sale` adds an accepted Cielo sale line
 * (codes of the reference seed: 041 débito, 043 parcelado loja, 040 crédito à vista) to its unit.
 */
export async function billingScenario(t: TestApp, tag: string) {
  const one = async (q: string) => Number(Object.values((await t.exec(q))[0]!)[0]);
  const codrevenda = await one(`SELECT codpessoa FROM pessoas WHERE tipo = 'REVENDA'`);
  const codcliente = await one(`INSERT INTO pessoas (tipo, nome, codpessoapai, cnpj, email) VALUES ('CLIENTE', 'Cliente Faturamento', ${codrevenda},
    '11444777000161', 'financeiro@cliente-faturamento.test') RETURNING codpessoa`);
  const unidade = await one(`INSERT INTO pessoas (tipo, nome, codpessoapai) VALUES ('UNIDADE', 'Faturamento - Loja', ${codcliente}) RETURNING codpessoa`);
  const terminal = await one(`INSERT INTO terminais (codexterno, nome, vinculo, codpessoapai, codpessoacliente, datainiciocobranca, codoperadora)
    VALUES ('T-BILL', 'Caixa Faturamento', 'POS', ${codrevenda}, ${codcliente}, '2026-02-15', 1) RETURNING codterminal`);
  const plano = await one(`INSERT INTO planos_pos (nome, codpessoapai, cobramensalidade, valormensalidade, diacorte, tarifacao)
    VALUES ('POS Faturamento', ${codrevenda}, 'S', 5000, 31, 'P') RETURNING codplano`);
  for (const [codprodutos, de, ate, taxa] of [[4, 1, 1, '2.0000'], [2, 2, 6, '3.0000']] as const) {
    const codtaxa = await one(`INSERT INTO planos_pos_taxas (codplano, codprodutos) VALUES (${plano}, ${codprodutos}) RETURNING codplanostaxas`);
    await t.exec(`INSERT INTO planos_pos_taxas_faixas (codplanostaxas, de, ate, taxa) VALUES (${codtaxa}, ${de}, ${ate}, ${taxa})`);
  }
  const contrato = await one(`INSERT INTO planos_terminal (codplanos, vigenciade, vigenciaate) VALUES (${plano}, '2026-02-01', '2026-04-30') RETURNING codplanosterminal`);
  await t.exec(`INSERT INTO planos_terminal_terminais (codplanosterminal, codterminal) VALUES (${contrato}, ${terminal})`);
  const codarquivo = await one(`INSERT INTO arquivos (codpessoa, codoperadora, status, origem, nomearquivo, dataenvio, sha256, tamanho)
    VALUES (${unidade}, 1, 'PROCESSADO', 'CLI', 'faturamento.txt', '2026-03-31', md5('faturamento-${tag}'), 1) RETURNING codarquivo`);
  let linha = 0;
  const sale = async (v: SaleInput) => {
    linha++;
    await t.exec(`INSERT INTO linhas_operadora (codarquivo, linha, chave, ocorrencia, tipo, tiporegistro, codoperadora, codpessoa, codcliente, estabelecimento, terminal,
        data, valorbruto, valortaxa, valorliquido, totparcelas, produto, aceita)
      VALUES (${codarquivo}, ${linha}, md5('bill-${tag}-${linha}')::uuid, 1, 'sale', 'E', 1, ${v.codpessoa ?? unidade}, cliente_raiz(${v.codpessoa ?? unidade}), '9900000001', '${v.terminal ?? 'T-BILL'}',
        '${v.data}', ${v.bruto}, ${v.taxa}, ${v.bruto - v.taxa}, ${v.parcelas ?? 1}, '${v.produto}', ${v.aceita ?? true})`);
  };
  return { one, codrevenda, codcliente, unidade, sale };
}
