import fs from 'node:fs';
import { type AnyRegisterDef, clientesRegister, MSG, REGISTERS } from '@concilia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTER_SCREENS } from '../../apps/web/src/registers/registry';
import { signIn } from '../support/app-pages';
import { type Browser, openBrowser, screenshot } from '../support/browser';
import { registerPage } from '../support/register-page';
import { sampleFor } from '../support/register-samples';
import { startServer, type TestServer } from '../support/test-server';

/** Registers whose form the generic flow cannot fill (uploads, sealed passwords): each has a spec of its own. */
const OWN_SPEC: Record<string, string> = { dadosNfe: 'dados-nfe.e2e.test.ts' };
// Every other declared register that has a screen in the web registry runs the same flow.
const withScreen: AnyRegisterDef[] = REGISTERS.filter((def) => !OWN_SPEC[def.key] && REGISTER_SCREENS.some((s) => s.def.key === def.key));

describe('the generic register screen, for every register', () => {
  let server: TestServer;
  let b: Browser;
  beforeAll(async () => {
    server = await startServer('pglite');
    b = await openBrowser();
    await signIn(b.page, server.url, 'ADMIN');
  });
  afterAll(async () => {
    await b?.close();
    await server?.close();
  });

  it('covers every register of the domain', () => {
    expect(withScreen.map((d) => d.key)).toEqual(REGISTERS.filter((d) => !OWN_SPEC[d.key]).map((d) => d.key));
    for (const spec of Object.values(OWN_SPEC)) expect(fs.existsSync(new URL(spec, import.meta.url))).toBe(true);
  });

  it.each(withScreen.map((def) => [def.key, def] as const))('%s: filter, add, edit, CSV, hide a column, delete', async (_key, def) => {
    const { page } = b;
    const screen = registerPage(page, def);
    const sample = sampleFor(def);
    await screen.open(server.url);

    await screen.add(sample.values);
    await screen.search(sample.name);
    await screen.row(sample.name).waitFor();

    if (sample.filterable) {
      await screen.filterBy({ [sample.nameField]: sample.name });
      await screen.row(sample.name).waitFor();
    }

    await screen.edit(sample.name, { [sample.nameField]: sample.renamed });
    await screen.row(sample.renamed).waitFor();

    const csv = await screen.downloadCsv();
    expect(csv.name).toBe(`${def.key}.csv`);
    expect(csv.text.charCodeAt(0)).toBe(0xfeff);
    expect(csv.text).toContain(def.fields[sample.nameField]!.label);
    expect(csv.text).toContain(sample.renamed);

    if (sample.hideable) {
      await screen.columnHeader(sample.hideable).waitFor();
      await screen.hideColumn(sample.hideable);
      expect(await screen.columnHeader(sample.hideable).count()).toBe(0);
      expect((await screen.downloadCsv()).text).not.toContain(sample.hideable);
    }

    const question = await screen.deleteRows(sample.renamed);
    expect(question).toBe(MSG.listaConfirmaExcluirUm);
    await screen.expectNotification(MSG.listaExcluidos);
    await screen.row(sample.renamed).waitFor({ state: 'detached' });
    await page.getByText(MSG.tabelaSemResultados).waitFor();
    expect(b.consoleErrors).toEqual([]);
  });
});

describe('the generic register screen on a phone', () => {
  let server: TestServer;
  let b: Browser;
  beforeAll(async () => {
    server = await startServer('pglite');
    b = await openBrowser({ viewport: { width: 390, height: 844 } });
    await signIn(b.page, server.url, 'ADMIN');
  });
  afterAll(async () => {
    await b?.close();
    await server?.close();
  });

  it('selects one row per tap, without checkboxes, and offers editing for it', async () => {
    const { page } = b;
    const screen = registerPage(page, clientesRegister);
    await screen.open(server.url);
    const names = await page.getByRole('row').filter({ has: page.getByRole('cell') }).allInnerTexts();
    const [first, second] = names.map((t) => t.split(/[\t\n]/)[0]!.trim());
    expect(first && second).toBeTruthy();
    expect(await page.getByRole('checkbox', { name: 'Alternar seleção da linha' }).count()).toBe(0);

    await screen.tapRow(first!);
    await screen.selectionBanner.waitFor();
    expect(await screen.selectionBanner.innerText()).toBe('1 linha(s) selecionadas');
    await screen.tapRow(second!);
    expect(await screen.selectionBanner.innerText()).toBe('1 linha(s) selecionadas');
    expect(await screen.fabLabels()).toContain(MSG.listaEditar);
    await screenshot(page, 'register-mobile-selection');

    await screen.tapRow(second!);
    await screen.selectionBanner.waitFor({ state: 'hidden' });
  });
});
