import fs from 'node:fs';
import { type AnyRegisterDef, type FieldDef, MSG } from '@concilia/domain';
import type { Locator, Page } from 'playwright-core';
import { field } from './app-pages';

/**
 * The generic list screen as a person uses it, for any register: filter by a field's label, add and edit
 * through the side form, delete with the 'Atenção' confirmation, download the CSV, hide a column, select
 * rows on a phone. Locators are labels and roles with the catalogue's texts, so one page object serves
 * every register.
 */
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const startsWith = (label: string) => new RegExp(`^${escape(label)}`);

/** A value for one field of the side form or the filter drawer: text to type, or an option to pick. */
export type FieldValue = string | { option: string | 'first' } | { toggle: true };

export function registerPage(page: Page, def: AnyRegisterDef) {
  const notification = page.getByTestId('notification');
  const formDrawer = page.getByRole('dialog', { name: def.title });
  const filterDrawer = page.getByRole('dialog', { name: MSG.listaAbrirFiltro });

  async function pickOption(scope: Locator, label: string, option: string | 'first') {
    await scope.getByRole('combobox', { name: startsWith(label) }).click();
    const listbox = page.getByRole('listbox');
    const choice =
      option === 'first'
        ? listbox.getByRole('option').filter({ hasNotText: new RegExp(`^(${MSG.campoSelecione}|${MSG.campoTodos})$`) }).first()
        : listbox.getByRole('option', { name: option, exact: true });
    await choice.click();
    // a multiple choice list stays open for more picks
    if (await listbox.isVisible()) await page.keyboard.press('Escape');
  }

  /**
   * Picks a radio option as a person does: a click, then the choice showing. Playwright's check() reads the state at
   * the instant after its click and fails when the controlled group shows it a moment later, as it once did on a
   * loaded CI machine; a click that does not stay (the form put back) still fails here, after 5 s.
   */
  async function choose(radio: Locator) {
    if (await radio.isChecked()) return;
    await radio.click();
    for (let waited = 0; !(await radio.isChecked()); waited += 100) {
      if (waited >= 5_000) throw new Error('the option clicked did not stay chosen');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Fills one field by its declared label, the way its kind is typed. */
  async function fill(scope: Locator, f: FieldDef, value: FieldValue) {
    if (typeof value === 'string') await field(scope, f.label).fill(value);
    else if ('option' in value && f.widget === 'radio') await choose(scope.getByRole('radiogroup', { name: f.label }).getByRole('radio', { name: value.option, exact: true }));
    else if ('option' in value) await pickOption(scope, f.label, value.option);
    else await scope.getByLabel(f.label, { exact: true }).click();
  }

  async function fillAll(scope: Locator, values: Record<string, FieldValue>) {
    for (const [name, value] of Object.entries(values)) await fill(scope, def.fields[name]!, value);
  }

  async function expectNotification(text: string) {
    await notification.filter({ hasText: text }).first().waitFor();
    // closing it frees the corner it covers; a notice that already went has nothing to close (a short wait, not 15 s)
    await page.getByTestId('notification').getByRole('button').first().click({ timeout: 2000 }).catch(() => {});
  }

  const api = {
    async open(baseUrl: string) {
      await page.goto(`${baseUrl}/app/${def.page}`);
      await page.getByRole('heading', { level: 1, name: def.title }).waitFor();
      await page.locator('table').waitFor();
    },

    row: (text: string) => page.getByRole('row').filter({ hasText: text }),
    // a header's accessible name carries its sort hint ('Ordenar por …'); its visible text is the label
    columnHeader: (label: string) => page.locator('thead').getByText(label, { exact: true }),
    selectionBanner: page.getByText(/linha\(s\) selecionadas/),

    /** Narrows the rows on screen with the table's 'Procurar' box (no new search). */
    async search(text: string) {
      const box = page.getByPlaceholder(MSG.tabelaProcurar);
      if (!(await box.isVisible())) await page.getByRole('button', { name: MSG.tabelaProcurar }).click();
      await box.fill(text);
    },

    /** Filters through the top drawer; it closes after a successful search. */
    async filterBy(values: Record<string, FieldValue>) {
      // the address changes before a lazily loaded screen replaces the previous one: its title says it is there
      await page.getByRole('heading', { level: 1, name: def.title, exact: true }).waitFor();
      await page.getByRole('button', { name: MSG.listaAbrirFiltro }).click();
      await filterDrawer.waitFor();
      await fillAll(filterDrawer, values);
      await filterDrawer.getByRole('button', { name: MSG.listaFiltrar }).click();
      await filterDrawer.waitFor({ state: 'hidden' });
    },

    async selectRow(text: string) {
      await api.row(text).getByRole('checkbox', { name: 'Alternar seleção da linha' }).check();
    },

    /** A phone has no checkboxes: a tap on the row selects it (and only it). A tap ends in a click. */
    async tapRow(text: string) {
      await api.row(text).click();
    },

    async fabAction(label: string) {
      await page.getByRole('button', { name: MSG.listaAcoes }).click();
      await page.getByRole('menuitem', { name: label }).click();
    },

    async fabLabels(): Promise<string[]> {
      await page.getByRole('button', { name: MSG.listaAcoes }).click();
      const items = page.getByRole('menuitem');
      await items.first().waitFor();
      const labels = await items.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
      await page.keyboard.press('Escape');
      return labels;
    },

    /** Adds a row through the side form and waits for the declared success text. */
    async add(values: Record<string, FieldValue>) {
      await api.fabAction(MSG.listaAdicionar);
      await formDrawer.waitFor();
      await fillAll(formDrawer, values);
      await formDrawer.getByRole('button', { name: MSG.listaSalvar }).click();
      await expectNotification(def.messages!.inserted);
      await formDrawer.waitFor({ state: 'hidden' });
    },

    /** Edits the one row showing `text`. */
    async edit(text: string, values: Record<string, FieldValue>) {
      await api.selectRow(text);
      await api.fabAction(MSG.listaEditar);
      await formDrawer.waitFor();
      // the form starts from the row read again from the server
      await formDrawer.getByRole('progressbar').waitFor({ state: 'detached' });
      await fillAll(formDrawer, values);
      await formDrawer.getByRole('button', { name: MSG.listaSalvar }).click();
      await expectNotification(def.messages!.saved);
      await formDrawer.waitFor({ state: 'hidden' });
    },

    /** Deletes the rows showing these texts, confirming in the 'Atenção' dialog; returns the question asked. */
    async deleteRows(...texts: string[]): Promise<string> {
      for (const t of texts) await api.selectRow(t);
      await api.fabAction(MSG.listaDeletar);
      const dialog = page.getByRole('dialog', { name: MSG.listaAtencao });
      const question = await dialog.getByRole('paragraph').or(dialog.locator('#confirm-text')).first().innerText();
      await dialog.getByRole('button', { name: MSG.listaOk }).click();
      return question;
    },

    expectNotification,

    /** Clicks 'Download CSV' and returns the file's bytes as text (BOM kept). */
    async downloadCsv(): Promise<{ name: string; text: string }> {
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: MSG.tabelaDownloadCsv }).click()]);
      const file = await download.path();
      return { name: download.suggestedFilename(), text: fs.readFileSync(file, 'utf8') };
    },

    /** Runs a download action on the selected rows; returns each file the browser received, with its bytes. */
    async downloadAction(label: string, count = 1): Promise<{ name: string; bytes: Buffer }[]> {
      const downloads = Promise.all(
        Array.from({ length: count }, (_v, i) => page.waitForEvent('download', { predicate: () => true, timeout: 20_000 }).then((d) => ({ d, i }))),
      );
      await api.fabAction(label);
      const got = await downloads;
      return Promise.all(got.map(async ({ d }) => ({ name: d.suggestedFilename(), bytes: fs.readFileSync(await d.path()) })));
    },

    /**
     * Sends files through the screen's upload dialog (Manutenção de Arquivos), optionally for a unit, and
     * waits until each shows a final status (Processado or Erro); returns the statuses and messages shown.
     */
    async upload(files: string[], opts: { unidade?: string } = {}): Promise<{ status: string; message: string | null }[]> {
      await page.getByRole('button', { name: MSG.uploadEnviar }).click();
      const dialog = page.getByRole('dialog', { name: MSG.uploadTitulo });
      await dialog.waitFor();
      if (opts.unidade) await pickOption(dialog, MSG.uploadUnidade, opts.unidade);
      await dialog.getByTestId('upload-input').setInputFiles(files);
      await dialog.getByRole('button', { name: MSG.uploadEnviar }).click();
      const items = dialog.getByTestId('upload-item');
      await items.nth(files.length - 1).waitFor();
      const out: { status: string; message: string | null }[] = [];
      for (let i = 0; i < files.length; i++) {
        const status = items.nth(i).getByTestId('upload-status');
        await status.filter({ hasText: /^(Processado|Erro)$/ }).waitFor({ timeout: 60_000 });
        const message = items.nth(i).getByTestId('upload-message');
        out.push({ status: await status.innerText(), message: (await message.count()) ? await message.innerText() : null });
      }
      await dialog.getByRole('button', { name: MSG.uploadFechar }).click();
      await dialog.waitFor({ state: 'hidden' });
      return out;
    },

    async hideColumn(label: string) {
      await page.getByRole('button', { name: MSG.tabelaExibirColunas }).click();
      // the floating button's action list is a 'menu' too; the columns menu is the one with 'Mostrar tudo'
      const menu = page.getByRole('menu').filter({ has: page.getByRole('button', { name: 'Mostrar tudo' }) });
      await menu.getByText(label, { exact: true }).click();
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });
    },
  };
  return api;
}
