import { MSG } from '@concilia/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeGraphql } from '../auth/testing/fake-graphql';
import { renderRoutes, resetAfterTest } from '../auth/testing/render-routes';
import { PrevisaoPage } from './previsao-page';

const startDownload = vi.hoisted(() => vi.fn());
vi.mock('../../registers/start-download', () => ({ startDownload }));

afterEach(() => {
  resetAfterTest();
  startDownload.mockReset();
});

const input = (name: string) => document.querySelector(`input[name="${name}"]`) as HTMLInputElement;
const dia = (label: string) => screen.getByRole('checkbox', { name: label }) as HTMLInputElement;

describe('PrevisaoPage', () => {
  it("refuses a search without a day ('Dias é obrigatório') and calls nothing", async () => {
    const api = fakeGraphql({});
    renderRoutes([{ path: '/', element: <PrevisaoPage /> }]);
    expect(dia('Domingo').checked).toBe(true);
    fireEvent.click(dia(MSG.previsaoTodosDias));
    expect(dia('Sábado').checked).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: MSG.previsaoPesquisar }));
    expect(await screen.findByText(MSG.previsaoDiasObrigatorio)).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it('sends the window, the ticked days in week order and the format, then downloads the file', async () => {
    const api = fakeGraphql({ getRelatorioFechaMovimentoPrevisao: () => '/download/abc' });
    renderRoutes([{ path: '/', element: <PrevisaoPage /> }]);
    fireEvent.change(input('datavendade'), { target: { value: '01/03/2026' } });
    fireEvent.change(input('datavendaate'), { target: { value: '15/03/2026' } });
    fireEvent.click(dia(MSG.previsaoTodosDias));
    fireEvent.click(dia('Sábado'));
    fireEvent.click(dia('Domingo'));
    fireEvent.click(screen.getByRole('radio', { name: 'Planilha (XLSX)' }));
    fireEvent.click(screen.getByRole('button', { name: MSG.previsaoPesquisar }));
    expect((await screen.findByTestId('notification')).textContent).toContain(MSG.movimentoRelatorioGerado);
    expect(api.callsOf('getRelatorioFechaMovimentoPrevisao')[0]?.vars).toEqual({
      filtro: { datavendade: '2026-03-01', datavendaate: '2026-03-15' }, dias: [1, 7], formato: 'xlsx',
    });
    await waitFor(() => expect(startDownload).toHaveBeenCalledWith('/download/abc'));
  });

  it('says a missing date with the spec words', async () => {
    fakeGraphql({});
    renderRoutes([{ path: '/', element: <PrevisaoPage /> }]);
    fireEvent.change(input('datavendade'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: MSG.previsaoPesquisar }));
    expect(await screen.findByText(MSG.previsaoVendaDeObrigatorio)).toBeTruthy();
  });
});
