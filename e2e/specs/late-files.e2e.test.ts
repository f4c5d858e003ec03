import { formatBusinessDate, MSG } from '@concilia/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../support/app-pages';
import { type Browser, openBrowser, screenshot } from '../support/browser';
import { startServer, type TestServer } from '../support/test-server';

/**
 * Late-file alarms on the home page (issue 19): the bakery's user signs in and reads, above the banner and the news,
 * which of its establishments' operator files did not arrive — day, operator, establishment and unit, with the
 * status 'Z — extrato VAN atrasado' — and nothing of another client's. The alarms are written as the job leaves them.
 */
describe('late-file alarms on the home page', () => {
  let server: TestServer;
  let b: Browser;

  beforeAll(async () => {
    server = await startServer('pglite');
    // two missing days of the bakery's Cielo establishment, and one of the market's Getnet establishment
    await server.db.db.execute(sql`INSERT INTO alarmes_arquivo (codestabelecimento, data)
      SELECT codestabelecimento, d::date FROM estabelecimentos, (VALUES ('2026-11-19'), ('2026-11-23')) AS v(d) WHERE codexterno = '1023456789'
      UNION ALL SELECT codestabelecimento, '2026-11-24'::date FROM estabelecimentos WHERE codexterno = '000000987654321'`);
    b = await openBrowser();
  });
  afterAll(async () => {
    await b?.close();
    await server?.close();
  });

  it("the bakery's user sees its establishment's late files, newest day first, and not the market's", async () => {
    await signIn(b.page, server.url, 'CLIENTE');
    const notice = b.page.getByTestId('home-late-files');
    await notice.waitFor({ timeout: 15_000 });
    await expect.poll(() => notice.getByRole('listitem').count()).toBe(2);
    const items = await notice.getByRole('listitem').allInnerTexts();
    expect(items[0]).toContain(formatBusinessDate('2026-11-23'));
    expect(items[1]).toContain(formatBusinessDate('2026-11-19'));
    for (const item of items) {
      expect(item).toContain('Cielo');
      expect(item).toContain('1023456789');
      expect(item).toContain('Pão Quente - Centro');
      expect(item).toContain(MSG.statusExtratoVanAtrasado);
    }
    expect(await notice.innerText()).toContain(MSG.arquivosAtrasadosTitulo);
    expect(await notice.innerText()).not.toContain('Getnet');
    await screenshot(b.page, 'late-files-home');
    expect(b.consoleErrors).toEqual([]);
  });
});
