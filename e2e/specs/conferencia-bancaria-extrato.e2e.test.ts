import fs from 'node:fs';
import path from 'node:path';
import { addDays, contasBancariasRegister, conferenciaBancariaScreen, formatBRL, formatBusinessDate, manutencaoArquivosScreen, MSG, todayBusiness } from '@concilia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoBankStatements } from '../../apps/server/src/ingest/demo-bank.seed';
import { openFromMenu } from '../support/app-pages';
import { screenshot } from '../support/browser';
import { type DemoSession, startDemoSession } from '../support/demo-session';
import { registerPage } from '../support/register-page';

/**
 * The bank check end to end, as the bakery's treasurer does it (issue 21): on the demo's generated Cielo files, she
 * registers the Centro's Itaú account in Contas Bancárias, sends the bank's OFX statement in Manutenção de Arquivos,
 * and Conferência Bancária shows what the bank check made of it — the credited settlements in R$ on the card and in
 * the rows, and 'Rastrear' from a credited settlement back to its sale and forward to the posting of the file she sent.
 */
describe('Conferência Bancária with a statement sent by the user', () => {
  let s: DemoSession;
  let ofx: string;

  beforeAll(async () => {
    s = await startDemoSession('CLIENTE', { salesPerUnit: 120 });
    const [centro] = await demoBankStatements(s.server.db);
    ofx = path.join(s.dir, 'extrato-itau-centro.ofx');
    fs.writeFileSync(ofx, centro!.files[0]!.bytes);
  }, 180_000);
  afterAll(async () => {
    await s?.close();
  });

  it('registers the account, sends the OFX, and the check shows its credits and traces one to the sale', async () => {
    const { page } = s.b;
    await openFromMenu(page, 'Cadastros', new RegExp(`^${contasBancariasRegister.title}$`), /\/app\/contasbancarias$/);
    const contas = registerPage(page, contasBancariasRegister);
    await contas.add({
      codpessoa: { option: 'Pão Quente - Centro' }, banco: { option: '341 - Itaú Unibanco' }, agencia: '1234', conta: '123456', digito: '7', descricao: 'Itaú do Centro',
    });
    await contas.row('Itaú do Centro').waitFor();

    const arquivos = registerPage(page, manutencaoArquivosScreen);
    await arquivos.open(s.server.url);
    const [sent] = await arquivos.upload([ofx], { unidade: 'Pão Quente - Centro' });
    expect(sent).toMatchObject({ status: 'Processado' });

    // the check runs on the job queue once the statement is in: wait for its rows
    const pairs = async () => Number((await s.one(`SELECT count(*) AS n FROM conciliacoes_bancarias WHERE resultado = 'CREDITADO'`))!.n);
    for (let i = 0; i < 120 && (await pairs()) === 0; i++) await new Promise((r) => setTimeout(r, 500));
    const hoje = todayBusiness();
    const de = addDays(hoje, -28);
    // a settlement credited alone on its day (the pair's rows: the settlement's and the posting's, sharing the group)
    const credited = await s.one(`SELECT l.data::text AS data, l.valorliquido::int AS valor FROM conciliacoes_bancarias m
      JOIN linhas_operadora l ON l.codlinha = m.codlinha
      WHERE m.resultado = 'CREDITADO' AND m.regra = 'EXATO' AND l.data >= '${de}'
        AND (SELECT count(*) FROM conciliacoes_bancarias o WHERE o.grupo = m.grupo) = 2
      ORDER BY l.data DESC, l.valorliquido DESC LIMIT 1`);
    expect(credited).toBeTruthy();

    await openFromMenu(page, 'Conciliação', new RegExp(`^${conferenciaBancariaScreen.title}$`), /\/app\/conferenciabancaria$/);
    const screen = registerPage(page, conferenciaBancariaScreen);
    await screen.filterBy({ de: formatBusinessDate(de), ate: formatBusinessDate(hoje) });
    const card = page.getByTestId('bucket-CREDITADO');
    await card.getByText(/R\$/).waitFor();
    expect(await card.innerText()).not.toContain('R$ 0,00');

    const valor = formatBRL(Number(credited!.valor)).replace('R$\u00a0', '').replace('R$ ', '');
    await screenshot(page, 'conferencia-bancaria-extrato');
    // the window holds more rows than a page: the settlement's own day
    await screen.filterBy({ de: formatBusinessDate(String(credited!.data)), ate: formatBusinessDate(String(credited!.data)) });
    const row = screen.row(formatBusinessDate(String(credited!.data))).filter({ hasText: valor }).filter({ hasText: MSG.conferenciaRegraExato });
    await row.first().waitFor();
    const text = await row.first().innerText();
    for (const t of ['Cielo', 'Pão Quente - Centro', '341 / 1234 / 123456-7', MSG.conferenciaCreditado]) expect(text).toContain(t);

    await row.first().getByRole('checkbox', { name: 'Alternar seleção da linha' }).check();
    await screen.fabAction(MSG.conferenciaRastrear);
    const drawer = page.getByRole('dialog', { name: MSG.conferenciaRastreioTitulo });
    const steps = drawer.getByRole('list', { name: MSG.conferenciaRastreioTitulo }).getByRole('listitem');
    await steps.first().waitFor();
    const etapas = await steps.evaluateAll((els) => els.map((e) => e.getAttribute('data-etapa')));
    expect(etapas.at(-1)).toBe('BANCO');
    expect(etapas).toContain('LIQUIDACAO');
    expect(await steps.last().innerText()).toContain('extrato-itau-centro.ofx');
    expect(s.b.consoleErrors).toEqual([]);
  }, 180_000);
});
