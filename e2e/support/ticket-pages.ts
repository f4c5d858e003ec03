import { type AnyRegisterDef, importacaoTicketScreen, MSG, pesquisaTicketScreen } from '@concilia/domain';
import type { Page } from 'playwright-core';
import { closeWithFechar, field } from './app-pages';
import { registerPage } from './register-page';

/**
 * The ticket list screens (Pesquisar Ticket, Importar Ticket) as a person uses them: the generic list screen's
 * page object plus what only these screens have — result cards, actions that ask before they run, the
 * Rastreabilidade do Ticket drawer and a search the window rule refuses.
 */
function ticketListPage(page: Page, def: AnyRegisterDef) {
  const screen = registerPage(page, def);
  const filterDrawer = page.getByRole('dialog', { name: MSG.listaAbrirFiltro });
  /** The rows showing every one of these texts (a ticket's NSU repeats across units: NSU and authorization). */
  const rowOf = (...texts: string[]) => texts.reduce((rows, t) => rows.filter({ hasText: t }), page.getByRole('row'));
  return {
    ...screen,
    rowOf,
    async selectRowOf(...texts: string[]) {
      await rowOf(...texts).getByRole('checkbox', { name: 'Alternar seleção da linha' }).check();
    },

    /** Runs an action on the selected rows; when it asks 'Atenção', answers Ok and returns the question. */
    async act(label: string): Promise<string | null> {
      // exact: 'Importar' is also the start of 'Importar Todos'
      await page.getByRole('button', { name: MSG.listaAcoes }).click();
      await page.getByRole('menuitem', { name: label, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: MSG.listaAtencao });
      if (!(await dialog.waitFor({ timeout: 2_000 }).then(() => true, () => false))) return null;
      const question = await dialog.locator('#confirm-text').innerText();
      await dialog.getByRole('button', { name: MSG.listaOk }).click();
      await dialog.waitFor({ state: 'hidden' });
      return question;
    },

    /** What a select of the filter drawer shows, read with the drawer open and closed again. */
    async filterShows(label: string): Promise<string> {
      await page.getByRole('button', { name: MSG.listaAbrirFiltro }).click();
      await filterDrawer.waitFor();
      const shown = await filterDrawer.getByRole('combobox', { name: new RegExp(`^${label}`) }).innerText();
      await closeWithFechar(filterDrawer);
      return shown;
    },

    /**
     * Types a De/Até window the screen must refuse: the drawer stays open and answers the message shown
     * beside the dates; then closes the drawer.
     */
    async refusedWindow(de: string, ate: string): Promise<string> {
      // the address changes before a lazily loaded screen replaces the previous one (and its filter drawer): its title says it is there
      await page.getByRole('heading', { level: 1, name: def.title, exact: true }).waitFor();
      await page.getByRole('button', { name: MSG.listaAbrirFiltro }).click();
      await filterDrawer.waitFor();
      await field(filterDrawer, def.fields[def.window!.de]!.label).fill(de);
      await field(filterDrawer, def.fields[def.window!.ate]!.label).fill(ate);
      await filterDrawer.getByRole('button', { name: MSG.listaFiltrar }).click();
      const message = filterDrawer.getByText(MSG.periodoMaximo);
      await message.first().waitFor();
      const shown = await message.first().innerText();
      await closeWithFechar(filterDrawer);
      return shown;
    },
  };
}

export function ticketSearchPage(page: Page) {
  const list = ticketListPage(page, pesquisaTicketScreen);
  const trace = page.getByRole('dialog', { name: MSG.ticketRastreabilidade });
  return {
    ...list,
    /** The result card of one result (SALE_RESULTS key): its count and R$ total. */
    bucket: (resultado: string) => page.getByTestId(`bucket-${resultado}`),

    /** Opens the trace of the one row showing these texts (view action, single selection). */
    async openTrace(...texts: string[]) {
      await list.selectRowOf(...texts);
      await list.fabAction('Visualizar');
      await trace.waitFor();
    },
    /** One table of the open trace, by its title (TRACE_GROUPS). */
    traceTable: (title: string) => trace.getByRole('region', { name: title, exact: true }),
    async closeTrace() {
      await trace.getByRole('button', { name: MSG.listaFechar }).click();
      await trace.waitFor({ state: 'hidden' });
    },
  };
}

export const ticketImportPage = (page: Page) => ticketListPage(page, importacaoTicketScreen);
