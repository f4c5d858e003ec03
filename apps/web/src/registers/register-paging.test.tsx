import { extratosOriginaisScreen, LIST_CSV_MAX_ROWS, LIST_PAGE, MSG } from '@concilia/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes, resetAfterTest } from '../features/auth/testing/render-routes';
import { fetchWholeList } from './register-api';
import { RegisterPage } from './register-page';

/**
 * A read-only list screen: a filter that fits in one answer of the server (LIST_PAGE.max rows) comes whole and
 * is paged in the browser; a longer one is asked page by page, the table counting the whole filter from the
 * total call of the same request.
 */
const file = (n: number) => ({ codarquivo: n, dataenvio: '2026-10-05', datarecebimento: null, tipo: 'VENDA', nomearquivo: `extrato-${String(n).padStart(4, '0')}.txt` });

type Call = { op: string; vars: Record<string, unknown> };

/** POST /graphql answering the list with the page asked for of `total` files (newest first) and the total; anything else with []. */
function fakeServer(total: number) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', vi.fn(async (_url: unknown, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as { query: string; variables?: Record<string, unknown> };
    const op = /^\s*(?:query|mutation)\s+(\w+)/.exec(body.query)?.[1] ?? '?';
    const vars = body.variables ?? {};
    calls.push({ op, vars });
    const data: Record<string, unknown> = { [op]: [] };
    if (op === 'listarExtratosOriginais') {
      const { inicio, tamanho } = vars.pagina as { inicio: number; tamanho: number };
      data[op] = Array.from({ length: Math.max(0, Math.min(tamanho, total - inicio)) }, (_, i) => file(total - inicio - i));
      data.listarExtratosOriginaisTotal = total;
    }
    return { ok: true, status: 200, json: async () => ({ data }) } as Response;
  }));
  return {
    pagesAsked: () => calls.filter((c) => c.op === 'listarExtratosOriginais').map((c) => c.vars.pagina),
    /** whether each call asked for the count too ($contar, true unless sent false) */
    countsAsked: () => calls.filter((c) => c.op === 'listarExtratosOriginais').map((c) => c.vars.contar !== false),
  };
}

const open = () => renderRoutes([{ path: '/', element: <RegisterPage screen={{ def: extratosOriginaisScreen, path: '/app/extratos' }} /> }]);
const nextPage = () => fireEvent.click(screen.getByRole('button', { name: 'Ir para a próxima página' }));
const WHOLE = { inicio: 0, tamanho: LIST_PAGE.max };

afterEach(resetAfterTest);

describe('RegisterPage — pages of a read-only screen', () => {
  it('asks the server for the next page when the filter has more rows than one answer holds, counting the whole filter', async () => {
    const total = LIST_PAGE.max * 2 + 500;
    const server = fakeServer(total);
    open();
    // the first answer says the filter does not fit: from then on, one page at a time
    await waitFor(() => expect(server.pagesAsked()).toEqual([WHOLE, { inicio: 0, tamanho: 10 }]), { timeout: 90_000 });
    expect(await screen.findByText('extrato-2500.txt')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('register-row')).toHaveLength(10));
    expect(screen.getByText(`1-10 ${MSG.tabelaDe} ${total.toLocaleString('pt-BR')}`)).toBeTruthy();

    nextPage();
    expect(await screen.findByText('extrato-2490.txt')).toBeTruthy();
    expect(server.pagesAsked().at(-1)).toEqual({ inicio: 10, tamanho: 10 });
    expect(screen.getByText(`11-20 ${MSG.tabelaDe} ${total.toLocaleString('pt-BR')}`)).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('extrato-2500.txt')).toBeNull());
    expect(screen.getAllByTestId('register-row')).toHaveLength(10);
    // the search box could only see the page: the filter drawer narrows a search this long
    expect(screen.queryByRole('button', { name: MSG.tabelaProcurar })).toBeNull();

    // 'Download CSV' writes the whole search, not the page on screen: asked LIST_PAGE.max rows at a time
    const blobs: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (b: Blob) => (blobs.push(b), 'blob:csv'), revokeObjectURL: () => {} }));
    fireEvent.click(screen.getByRole('button', { name: MSG.tabelaDownloadCsv }));
    await waitFor(() => expect(blobs).toHaveLength(1), { timeout: 30_000 });
    const lines = (await blobs[0]!.text()).split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(1 + total);
    expect(lines[1]).toContain('extrato-2500.txt');
    expect(lines.at(-1)).toContain('extrato-0001.txt');
    expect(server.pagesAsked().slice(-3)).toEqual([0, 1000, 2000].map((inicio) => ({ inicio, tamanho: LIST_PAGE.max })));
    // the search is counted once, with its first page
    expect(server.countsAsked().slice(-3)).toEqual([true, false, false]);
  }, 120_000); // the first answer's 1,000 rows take jsdom tens of seconds (a browser, well under one)

  it('pages in the browser a filter that fits in one answer, without asking again', async () => {
    const server = fakeServer(25);
    open();
    expect(await screen.findByText('extrato-0025.txt')).toBeTruthy();
    expect(screen.getByText(`1-10 ${MSG.tabelaDe} 25`)).toBeTruthy();
    nextPage();
    expect(await screen.findByText('extrato-0015.txt')).toBeTruthy();
    expect(screen.getByText(`11-20 ${MSG.tabelaDe} 25`)).toBeTruthy();
    expect(server.pagesAsked()).toEqual([WHOLE]);
    expect(screen.getByRole('button', { name: MSG.tabelaProcurar })).toBeTruthy();
  });

  it('cuts the CSV of a search longer than LIST_CSV_MAX_ROWS there, keeping the whole count', async () => {
    const total = LIST_CSV_MAX_ROWS + 1500;
    const server = fakeServer(total);
    const whole = await fetchWholeList(extratosOriginaisScreen, {});
    expect(whole.rows).toHaveLength(LIST_CSV_MAX_ROWS);
    expect(whole.total).toBe(total);
    expect(server.pagesAsked()).toHaveLength(LIST_CSV_MAX_ROWS / LIST_PAGE.max);
  });
});
