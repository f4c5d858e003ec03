import { conferenciaBancariaScreen, formatBusinessDate, MSG } from '@concilia/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFromMenu, signIn } from '../support/app-pages';
import { type Browser, openBrowser, screenshot } from '../support/browser';
import { registerPage } from '../support/register-page';
import { startServer, type TestServer } from '../support/test-server';

/**
 * Conferência Bancária as the bakery's treasurer uses it (issue 21): opened from Conciliação, the March window shows
 * the result cards in R$ and the rows of the bank check — a Cielo settlement credited on the day, one never credited —
 * and 'Rastrear' follows the credited one from the sale to the bank posting. The bank check is planted: the matcher is
 * tested on its own.
 */
describe('Conferência Bancária', () => {
  let server: TestServer;
  let b: Browser;

  beforeAll(async () => {
    server = await startServer('pglite');
    const db = server.db.db;
    const one = async (q: ReturnType<typeof sql>) => Number(Object.values(((await db.execute(q)) as unknown as { rows: Record<string, unknown>[] }).rows[0]!)[0]);
    const padaria = await one(sql`SELECT codpessoa FROM pessoas WHERE nome = 'Padaria Pão Quente Ltda'`);
    const centro = await one(sql`SELECT codpessoa FROM pessoas WHERE nome = 'Pão Quente - Centro'`);
    const cielo = await one(sql`INSERT INTO arquivos (codpessoa, codoperadora, status, origem, nomearquivo, dataenvio, sha256, tamanho)
      VALUES (${centro}, 1, 'PROCESSADO', 'CLI', 'cielo-marco.txt', '2026-03-31', md5('cielo-marco.txt'), 1) RETURNING codarquivo`);
    const extrato = await one(sql`INSERT INTO arquivos (codpessoa, status, origem, nomearquivo, dataenvio, sha256, tamanho)
      VALUES (${padaria}, 'PROCESSADO', 'CLI', 'extrato-itau-marco.ofx', '2026-03-31', md5('extrato-itau-marco.ofx'), 1) RETURNING codarquivo`);
    const conta = await one(sql`INSERT INTO contas_bancarias (codpessoa, banco, agencia, conta, digito, descricao)
      VALUES (${padaria}, '341', '0001', '12345', '6', 'Itaú da Padaria') RETURNING codcontabancaria`);
    const linha = (n: number, tipo: string, data: string, liquido: number, bruto: number | null) => one(sql`INSERT INTO linhas_operadora
        (codarquivo, linha, chave, ocorrencia, tipo, tiporegistro, codoperadora, codpessoa, codcliente, estabelecimento, nsu, data, valorbruto, valorliquido, totparcelas)
      VALUES (${cielo}, ${n}, md5(${`e2e-conf-${n}`})::uuid, 1, ${tipo}, 'X', 1, ${centro}, cliente_raiz(${centro}), '1023456789', ${`00090${n}`}, ${data}, ${bruto}, ${liquido}, 1) RETURNING codlinha`);
    const venda = await linha(1, 'sale', '2026-03-02', 12000, 12345);
    const pago = await linha(2, 'settlement', '2026-03-10', 12000, null);
    const faltou = await linha(3, 'settlement', '2026-03-12', 33300, null);
    await db.execute(sql`INSERT INTO pagamentos_previstos (codlinha, parcela, totparcelas, codpessoa, codcliente, codoperadora, estabelecimento, nsu, datavenda, dataprevista,
        valorbrutoprevisto, valorprevisto, origem, codlinhapagamento, datapagamento, valorpago, situacao)
      VALUES (${venda}, 1, 1, ${centro}, cliente_raiz(${centro}), 1, '1023456789', '000901', '2026-03-02', '2026-03-10', 12345, 12000, 'credito_venda', ${pago}, '2026-03-10', 12000, 'pago')`);
    const credito = await one(sql`INSERT INTO linhas_banco (codarquivo, linha, chave, ocorrencia, codcontabancaria, codpessoa, codcliente, data, natureza, valor, historico)
      VALUES (${extrato}, 1, md5('e2e-banco-1')::uuid, 1, ${conta}, ${padaria}, cliente_raiz(${padaria}), '2026-03-10', 'C', 12000, 'CIELO PAGAMENTO MARCO') RETURNING codlinhabanco`);
    await db.execute(sql`INSERT INTO conciliacoes_bancarias (grupo, codpessoa, codcliente, codcontabancaria, codlinha, codlinhabanco, resultado, regra, diferenca)
      VALUES (1, ${padaria}, cliente_raiz(${padaria}), ${conta}, ${pago}, ${credito}, 'CREDITADO', 'EXATO', 0), (2, ${padaria}, cliente_raiz(${padaria}), ${conta}, ${faltou}, NULL, 'NAO_CREDITADO', NULL, 0)`);
    b = await openBrowser();
    await signIn(b.page, server.url, 'CLIENTE');
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    await server?.close();
  });

  it('opens from the menu, filters March: the cards in R$ and the rows; Rastrear follows the sale to the bank', async () => {
    const { page } = b;
    await openFromMenu(page, 'Conciliação', new RegExp(`^${conferenciaBancariaScreen.title}$`), /\/app\/conferenciabancaria$/);
    const screen = registerPage(page, conferenciaBancariaScreen);
    await screen.filterBy({ de: formatBusinessDate('2026-03-01'), ate: formatBusinessDate('2026-03-31') });

    const card = (valor: string) => page.getByTestId(`bucket-${valor}`);
    await card('CREDITADO').getByText('R$ 120,00').waitFor();
    expect(await card('CREDITADO').innerText()).toContain(MSG.conferenciaCreditado);
    expect(await card('NAO_CREDITADO').innerText()).toContain('R$ 333,00');
    expect(await page.locator('[data-testid^="bucket-"]').count()).toBe(8);

    const credited = screen.row('CIELO PAGAMENTO MARCO');
    await credited.waitFor();
    const text = await credited.innerText();
    for (const s of ['10/03/2026', 'Cielo', 'Pão Quente - Centro', '341 / 0001 / 12345-6', MSG.conferenciaCreditado, MSG.conferenciaRegraExato]) expect(text).toContain(s);
    await screen.row(MSG.conferenciaNaoCreditado).filter({ hasText: '333,00' }).waitFor();
    await screenshot(page, 'conferencia-bancaria');

    await screen.selectRow('CIELO PAGAMENTO MARCO');
    await screen.fabAction(MSG.conferenciaRastrear);
    const drawer = page.getByRole('dialog', { name: MSG.conferenciaRastreioTitulo });
    const steps = drawer.getByRole('list', { name: MSG.conferenciaRastreioTitulo }).getByRole('listitem');
    await steps.first().waitFor();
    expect(await steps.evaluateAll((els) => els.map((e) => e.getAttribute('data-etapa')))).toEqual(['VENDA', 'PREVISAO', 'LIQUIDACAO', 'BANCO']);
    expect(await steps.nth(0).innerText()).toMatch(/R\$\s123,45/);
    expect(await steps.nth(3).innerText()).toContain('extrato-itau-marco.ofx');
    expect(await steps.nth(2).innerText()).toContain('cielo-marco.txt');
    await screenshot(page, 'conferencia-bancaria-rastreio');
    expect(b.consoleErrors).toEqual([]);
  });
});
