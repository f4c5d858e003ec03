import { addMonths, defineReport, formatBusinessDate, MSG, OPTION_ALL, REPORT_GROUPS, REPORTS, todayBusiness } from '@concilia/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeGraphql, GqlError } from '../auth/testing/fake-graphql';
import { renderRoutes, resetAfterTest } from '../auth/testing/render-routes';
import { maskHora, splitEmails } from './agendamento-drawer';
import { GerarRelatorioTab } from './gerar-relatorio-tab';
import { groupedReports, initialReportFilter, reportFilterWire, storedReportFilter } from './report-filter';
import type { AgendamentoRelatorio } from './report-operations';
import { RelatoriosPage } from './relatorios-page';

const startDownload = vi.hoisted(() => vi.fn());
vi.mock('../../registers/start-download', () => ({ startDownload }));

afterEach(() => {
  resetAfterTest();
  startDownload.mockReset();
});

const hoje = todayBusiness();
const mesPassado = addMonths(hoje, -1);
const input = (name: string) => document.querySelector(`input[name="${name}"]`) as HTMLInputElement;
const combo = (label: string) => screen.getByRole('combobox', { name: new RegExp(`^${label}`) });
const OPERADORAS = [{ valor: '1', label: 'Cielo' }, { valor: '2', label: 'Rede' }];
const UNIDADES = [{ valor: '11', label: 'Loja Centro' }];
const options = { listarOperadoras: () => OPERADORAS, listarItensUnidadesConciliadoras: () => UNIDADES };
const GERADO = { arquivo: 'vendas-operadora_20260315_0930.xlsx', data: '2026-03-15T12:30:00.000Z', mensagem: 'Relatório gerado com 42 linha(s).', linhas: 42, download: '/download/tok' };

const open = (initial = '/') => renderRoutes([{ path: '/', element: <RelatoriosPage /> }], initial);

describe('Relatórios — Gerar relatório', () => {
  it('lists the catalogue under its groups, opens the first report with its filter from a month ago to today and Todos, and downloads it', async () => {
    const api = fakeGraphql({ ...options, gerarRelatorioVendasOperadora: () => GERADO });
    open();
    const catalogo = screen.getByRole('list', { name: MSG.relatoriosCatalogo });
    const headings = within(catalogo).getAllByText((_t, el) => el?.tagName === 'LI' && el.className.includes('MuiListSubheader')).map((h) => h.textContent);
    expect(headings).toEqual(REPORT_GROUPS.filter((g) => REPORTS.some((r) => r.group === g)));
    expect(screen.getByRole('heading', { level: 2, name: 'Vendas informadas pelas operadoras' })).toBeTruthy();
    expect(input('de').value).toBe(formatBusinessDate(mesPassado));
    expect(input('ate').value).toBe(formatBusinessDate(hoje));
    expect(combo('Operadora').textContent).toBe(MSG.campoTodos);
    expect(combo('Unidade Conciliadora').textContent).toBe(MSG.campoTodos);
    expect(screen.getAllByRole('radio').map((r) => (r.closest('label') as HTMLElement).textContent)).toEqual(['Planilha (XLSX)', 'CSV', 'PDF']);
    expect((screen.getByRole('radio', { name: 'Planilha (XLSX)' }) as HTMLInputElement).checked).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: MSG.relatoriosGerar }));
    expect((await screen.findByTestId('notification')).textContent).toContain(GERADO.mensagem);
    expect(startDownload).toHaveBeenCalledWith('/download/tok');
    expect(api.callsOf('gerarRelatorioVendasOperadora')[0]?.vars).toEqual({
      filtro: { de: mesPassado, ate: hoje, codoperadora: OPTION_ALL, codpessoa: OPTION_ALL }, formato: 'xlsx',
    });
  });

  it('sends the chosen operator and format, and the document names the operation and its filter input type', async () => {
    const queries: string[] = [];
    fakeGraphql({ ...options, gerarRelatorioVendasOperadora: () => GERADO });
    const fetchSpy = vi.mocked(globalThis.fetch);
    open();
    fireEvent.mouseDown(combo('Operadora'));
    fireEvent.click(await screen.findByRole('option', { name: 'Rede' }));
    fireEvent.change(input('de'), { target: { value: '01/03/2026' } });
    fireEvent.change(input('ate'), { target: { value: '15/03/2026' } });
    fireEvent.click(screen.getByRole('radio', { name: 'PDF' }));
    fireEvent.click(screen.getByRole('button', { name: MSG.relatoriosGerar }));
    await waitFor(() => expect(startDownload).toHaveBeenCalled());
    for (const [, init] of fetchSpy.mock.calls) queries.push((JSON.parse(String(init?.body)) as { query: string }).query);
    const doc = queries.find((q) => q.includes('gerarRelatorioVendasOperadora'))!;
    expect(doc).toBe(
      'mutation gerarRelatorioVendasOperadora($filtro: RelatorioVendasOperadoraFiltroInput!, $formato: String) '
      + '{ gerarRelatorioVendasOperadora(filtro: $filtro, formato: $formato) { arquivo data mensagem linhas download } }',
    );
    const vars = JSON.parse(String(fetchSpy.mock.calls.find(([, i]) => String(i?.body).includes('gerarRelatorio'))?.[1]?.body)).variables;
    expect(vars).toEqual({ filtro: { de: '2026-03-01', ate: '2026-03-15', codoperadora: 2, codpessoa: OPTION_ALL }, formato: 'pdf' });
  });

  it("checks the filter by the declaration's schema before calling, and puts the server's field errors beside their fields", async () => {
    const api = fakeGraphql({
      ...options,
      gerarRelatorioVendasOperadora: () => { throw new GqlError('O período vai até um ano.', 'BAD_USER_INPUT', [{ path: 'ate', message: 'O período vai até um ano.' }]); },
    });
    open();
    fireEvent.change(input('de'), { target: { value: '' } });
    fireEvent.change(input('ate'), { target: { value: '01/01/2020' } });
    fireEvent.click(screen.getByRole('button', { name: MSG.relatoriosGerar }));
    expect(await screen.findByText('Venda de é obrigatório.')).toBeTruthy();
    expect(api.callsOf('gerarRelatorioVendasOperadora')).toEqual([]);

    fireEvent.change(input('de'), { target: { value: '01/02/2020' } });
    fireEvent.click(screen.getByRole('button', { name: MSG.relatoriosGerar }));
    expect(await screen.findByText('A data final não pode ser anterior à inicial.')).toBeTruthy();

    fireEvent.change(input('ate'), { target: { value: '01/03/2026' } });
    fireEvent.click(screen.getByRole('button', { name: MSG.relatoriosGerar }));
    expect(await screen.findByText('O período vai até um ano.')).toBeTruthy();
    expect(input('ate').getAttribute('aria-invalid')).toBe('true');
    expect(startDownload).not.toHaveBeenCalled();
  });

  it('finds reports by words without accents, and opens the one picked (kept in the address)', async () => {
    fakeGraphql(options);
    const { router } = open();
    fireEvent.change(screen.getByRole('searchbox', { name: MSG.relatoriosBuscar }), { target: { value: 'rejeitados' } });
    const catalogo = screen.getByRole('list', { name: MSG.relatoriosCatalogo });
    expect(within(catalogo).getAllByRole('button').map((b) => b.textContent)).toEqual(['Arquivos rejeitados']);
    fireEvent.click(within(catalogo).getByRole('button', { name: 'Arquivos rejeitados' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Arquivos rejeitados' })).toBeTruthy();
    expect(router.state.location.search).toBe('?relatorio=arquivos-rejeitados');
    expect(screen.getByLabelText(/^Recebido de/)).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: MSG.relatoriosBuscar }), { target: { value: 'nada disso' } });
    expect(screen.getByText(MSG.relatoriosNenhumEncontrado)).toBeTruthy();
  });

  it('draws and sends any declaration: an enum with Todos goes as null, a lone required date starts today, only its formats', async () => {
    const def = defineReport({
      key: 'taxas-de-teste', operation: 'gerarRelatorioTaxasDeTeste', title: 'Taxas de teste', group: 'Taxas', description: 'Só para o teste.',
      filter: {
        data: { kind: 'date', label: 'Data', required: true },
        situacao: { kind: 'enum', label: 'Situação', options: [{ valor: 'A', label: 'Ativa' }, { valor: 'I', label: 'Inativa' }], todos: true },
        codoperadora: { kind: 'reference', label: 'Operadora', optionList: 'listarOperadoras', todos: true },
      },
      columns: [{ key: 'x', label: 'X', kind: 'text' }],
      formats: ['csv'],
    });
    const api = fakeGraphql({ ...options, gerarRelatorioTaxasDeTeste: () => ({ ...GERADO, mensagem: 'ok' }) });
    renderRoutes([{ path: '/', element: <GerarRelatorioTab reports={[def]} def={def} onSelect={() => {}} onSchedule={() => {}} /> }]);
    expect(input('data').value).toBe(formatBusinessDate(hoje));
    expect(screen.getAllByRole('radio').length).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: MSG.relatoriosGerar }));
    await waitFor(() => expect(api.callsOf('gerarRelatorioTaxasDeTeste').length).toBe(1));
    expect(api.callsOf('gerarRelatorioTaxasDeTeste')[0]?.vars).toEqual({ filtro: { data: hoje, situacao: null, codoperadora: OPTION_ALL }, formato: 'csv' });
  });
});

const AGENDAMENTO: AgendamentoRelatorio = {
  codagendamento: 7, relatorio: 'vendas-operadora', titulo: 'Vendas informadas pelas operadoras',
  parametros: JSON.stringify({ de: '2026-02-01', ate: '2026-02-28', codoperadora: 1, codpessoa: OPTION_ALL }), periodo: 'MES_ANTERIOR',
  formato: 'pdf', frequencia: 'S', dias: [2, 4], diames: null, hora: '07:00', validade: '2026-12-31', emails: ['ana@padaria.com.br', 'financeiro@padaria.com.br'],
  ativo: true, proximaexecucao: '2026-03-16T10:00:00.000Z', usuario: 'ADMIN',
  ultimaexecucao: { codexecucao: 3, iniciadoem: '2026-03-11T10:00:05.000Z', terminadoem: '2026-03-11T10:00:09.000Z', status: 'ERRO', linhas: null, bytes: null, mensagem: 'O usuário do agendamento não tem mais acesso aos relatórios.' },
};
const MENSAL: AgendamentoRelatorio = {
  ...AGENDAMENTO, codagendamento: 8, relatorio: 'arquivos-rejeitados', titulo: 'Arquivos rejeitados', formato: 'csv', frequencia: 'M', dias: [], diames: 5,
  validade: null, emails: ['ti@padaria.com.br'], ativo: false, proximaexecucao: null, ultimaexecucao: null,
};

const drawer = (name: string) => screen.getByRole('dialog', { name });
const addEmail = (scope: HTMLElement, email: string) => {
  const box = within(scope).getByRole('combobox', { name: new RegExp(`^${MSG.relatoriosEmails}`) });
  fireEvent.change(box, { target: { value: email } });
  fireEvent.keyDown(box, { key: 'Enter' });
};

describe('Relatórios — Agendamentos', () => {
  it('lists the schedules: frequency in words, format, addresses, validity, next run in São Paulo time, the last run with its message', async () => {
    fakeGraphql({ getAgendamentosRelatorios: () => [AGENDAMENTO, MENSAL] });
    open('/?aba=agendamentos');
    const table = await screen.findByRole('table', { name: MSG.relatoriosAbaAgendamentos });
    await within(table).findByText('Arquivos rejeitados');
    const rows = within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(rows[0]!.slice(0, 6)).toEqual([
      'Vendas informadas pelas operadoras', 'Semanal (Seg, Qua) às 07:00até 31/12/2026', 'PDF', 'ana@padaria.com.br,financeiro@padaria.com.br',
      '16/03/2026 07:00', `${MSG.relatoriosStatusErro}11/03/2026 07:00O usuário do agendamento não tem mais acesso aos relatórios.`,
    ]);
    expect(rows[1]!.slice(0, 6)).toEqual([
      `Arquivos rejeitados${MSG.relatoriosInativo}`, 'Mensal no dia 5 às 07:00', 'CSV', 'ti@padaria.com.br', MSG.relatoriosSemProxima, MSG.relatoriosNuncaExecutado,
    ]);
  });

  it('creates a weekly schedule: the report, its filter as parametros, two days, the hour and two addresses', async () => {
    const api = fakeGraphql({ ...options, getAgendamentosRelatorios: () => [], salvarRelatorioAgendamento: ({ values }) => ({ ...AGENDAMENTO, ...(values as object), codagendamento: 9 }) });
    open('/?aba=agendamentos');
    expect(await screen.findByText(MSG.relatoriosSemAgendamentos)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: MSG.relatoriosNovo }));
    const form = drawer(MSG.relatoriosNovoAgendamento);
    expect(within(form).getByRole('combobox', { name: new RegExp(`^${MSG.relatoriosColRelatorio}`) }).textContent).toBe('Vendas informadas pelas operadoras');
    expect(input('filtro.de').value).toBe(formatBusinessDate(mesPassado));
    expect(input('hora').value).toBe('07:00');

    // what the schema refuses, each beside its field
    fireEvent.click(within(form).getByRole('radio', { name: 'Semanal' }));
    fireEvent.change(input('hora'), { target: { value: '2' } });
    fireEvent.click(within(form).getByRole('button', { name: MSG.listaSalvar }));
    expect(await within(form).findByText(MSG.agendamentoDiasObrigatorio)).toBeTruthy();
    expect(within(form).getByText(MSG.agendamentoHoraInvalida)).toBeTruthy();
    expect(within(form).getByText(MSG.agendamentoEmailObrigatorio)).toBeTruthy();
    addEmail(form, 'nao-e-email');
    fireEvent.click(within(form).getByRole('button', { name: MSG.listaSalvar }));
    expect(await within(form).findByText(MSG.emailInvalido)).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: /^nao-e-email/ }).querySelector('svg')!);
    expect(api.callsOf('salvarRelatorioAgendamento')).toEqual([]);

    fireEvent.click(within(form).getByRole('checkbox', { name: 'Quarta-feira' }));
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Segunda-feira' }));
    fireEvent.change(input('hora'), { target: { value: '0630' } });
    expect(input('hora').value).toBe('06:30');
    addEmail(form, 'ana@padaria.com.br; financeiro@padaria.com.br');
    fireEvent.click(within(form).getByRole('radio', { name: 'CSV' }));
    fireEvent.click(within(form).getByRole('button', { name: MSG.listaSalvar }));
    expect((await screen.findByTestId('notification')).textContent).toContain(MSG.agendamentoSalvo);
    expect(api.callsOf('salvarRelatorioAgendamento')[0]?.vars).toEqual({
      values: {
        codagendamento: null, relatorio: 'vendas-operadora', formato: 'csv', frequencia: 'S', dias: [2, 4], diames: null, hora: '06:30', validade: null,
        emails: ['ana@padaria.com.br', 'financeiro@padaria.com.br'], ativo: true, periodo: 'FIXO',
        parametros: JSON.stringify({ de: mesPassado, ate: hoje, codoperadora: OPTION_ALL, codpessoa: OPTION_ALL }),
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: MSG.relatoriosNovoAgendamento })).toBeNull());
    await waitFor(() => expect(api.callsOf('getAgendamentosRelatorios').length).toBe(2));
  });

  it('edits a schedule from what is stored now: its filter in the fields, monthly on a day, saved with its code', async () => {
    const api = fakeGraphql({
      ...options,
      getAgendamentosRelatorios: () => [AGENDAMENTO],
      getAgendamentoRelatorio: () => AGENDAMENTO,
      salvarRelatorioAgendamento: ({ values }) => ({ ...AGENDAMENTO, ...(values as object) }),
    });
    open('/?aba=agendamentos');
    fireEvent.click(await screen.findByRole('button', { name: `${MSG.listaEditar} ${AGENDAMENTO.titulo}` }));
    await screen.findByRole('dialog', { name: MSG.relatoriosEditarAgendamento });
    expect(api.callsOf('getAgendamentoRelatorio')[0]?.vars).toEqual({ codagendamento: 7 });
    const form = drawer(MSG.relatoriosEditarAgendamento);
    expect(input('filtro.de').value).toBe('01/02/2026');
    await waitFor(() => expect(within(form).getByRole('combobox', { name: /^Operadora/ }).textContent).toBe('Cielo'));
    expect((within(form).getByRole('checkbox', { name: 'Segunda-feira' }) as HTMLInputElement).checked).toBe(true);
    expect(input('validade').value).toBe('31/12/2026');
    expect(within(form).getAllByRole('button').map((b) => b.textContent)).toEqual(expect.arrayContaining(['ana@padaria.com.br', 'financeiro@padaria.com.br']));

    fireEvent.click(within(form).getByRole('radio', { name: 'Mensal' }));
    fireEvent.click(within(form).getByRole('button', { name: MSG.listaSalvar }));
    expect(await within(form).findByText(MSG.agendamentoDiaMesInvalido)).toBeTruthy();
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: new RegExp(`^${MSG.relatoriosDiaMes}`) }));
    fireEvent.click(await screen.findByRole('option', { name: '31' }));
    fireEvent.click(within(form).getByRole('switch', { name: MSG.relatoriosAtivo }));
    fireEvent.click(within(form).getByRole('button', { name: MSG.listaSalvar }));
    await waitFor(() => expect(api.callsOf('salvarRelatorioAgendamento').length).toBe(1));
    expect(api.callsOf('salvarRelatorioAgendamento')[0]?.vars).toEqual({
      values: {
        codagendamento: 7, relatorio: 'vendas-operadora', formato: 'pdf', frequencia: 'M', dias: [], diames: 31, hora: '07:00', validade: '2026-12-31',
        emails: AGENDAMENTO.emails, ativo: false, parametros: AGENDAMENTO.parametros, periodo: 'MES_ANTERIOR',
      },
    });
  });

  it("puts the server's issues on the form: an address by its list, the stored filter by its field", async () => {
    fakeGraphql({
      ...options,
      getAgendamentosRelatorios: () => [AGENDAMENTO],
      getAgendamentoRelatorio: () => AGENDAMENTO,
      salvarRelatorioAgendamento: () => {
        throw new GqlError('x', 'BAD_USER_INPUT', [{ path: 'emails.1', message: 'Domínio sem e-mail.' }, { path: 'parametros.ate', message: 'Até demais.' }, { path: 'de', message: 'De demais.' }]);
      },
    });
    open('/?aba=agendamentos');
    fireEvent.click(await screen.findByRole('button', { name: `${MSG.listaEditar} ${AGENDAMENTO.titulo}` }));
    const form = await screen.findByRole('dialog', { name: MSG.relatoriosEditarAgendamento });
    fireEvent.click(within(form).getByRole('button', { name: MSG.listaSalvar }));
    expect(await within(form).findByText('Domínio sem e-mail.')).toBeTruthy();
    expect(within(form).getByText('Até demais.')).toBeTruthy();
    expect(within(form).getByText('De demais.')).toBeTruthy();
    expect(input('filtro.de').getAttribute('aria-invalid')).toBe('true');
  });

  it("deletes after 'Deseja realmente excluir este registro?', and shows the history (empty, then with runs)", async () => {
    let lista = [AGENDAMENTO, MENSAL];
    const api = fakeGraphql({
      getAgendamentosRelatorios: () => lista,
      getAgendamentoRelatorio: ({ codagendamento }) => ({
        codagendamento,
        historico: codagendamento === 7 ? [
          { codexecucao: 4, iniciadoem: '2026-03-13T10:00:01.000Z', terminadoem: '2026-03-13T10:00:03.000Z', status: 'ENTREGUE', linhas: 1200, bytes: 48_300, mensagem: 'Relatório gerado com 1.200 linha(s).' },
        ] : [],
      }),
      excluirRelatorioAgendamento: () => { lista = [AGENDAMENTO]; return true; },
    });
    open('/?aba=agendamentos');
    fireEvent.click(await screen.findByRole('button', { name: `${MSG.relatoriosHistorico} Arquivos rejeitados` }));
    const vazio = await screen.findByRole('dialog', { name: MSG.relatoriosHistoricoDe.replace('{titulo}', 'Arquivos rejeitados') });
    expect(await within(vazio).findByText(MSG.relatoriosHistoricoVazio)).toBeTruthy();
    fireEvent.click(within(vazio).getByRole('button', { name: MSG.listaFechar }));
    await waitFor(() => expect(screen.queryByText(MSG.relatoriosHistoricoVazio)).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: `${MSG.relatoriosHistorico} ${AGENDAMENTO.titulo}` }));
    const hist = await screen.findByRole('dialog', { name: MSG.relatoriosHistoricoDe.replace('{titulo}', AGENDAMENTO.titulo) });
    const linha = await within(hist).findByText('Relatório gerado com 1.200 linha(s).');
    expect(linha.closest('tr')!.textContent).toBe(`13/03/2026 07:0013/03/2026 07:00${MSG.relatoriosStatusEntregue}1.20047,2 KBRelatório gerado com 1.200 linha(s).`);
    fireEvent.click(within(hist).getByRole('button', { name: MSG.listaFechar }));

    fireEvent.click(screen.getByRole('button', { name: `${MSG.relatoriosExcluir} Arquivos rejeitados` }));
    expect(await screen.findByText(MSG.listaConfirmaExcluirUm)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: MSG.listaOk }));
    expect((await screen.findByTestId('notification')).textContent).toContain(MSG.relatoriosAgendamentoExcluido);
    expect(api.callsOf('excluirRelatorioAgendamento')[0]?.vars).toEqual({ codagendamento: 8 });
    await waitFor(() => expect(screen.queryByRole('button', { name: `${MSG.relatoriosExcluir} Arquivos rejeitados` })).toBeNull());
  });

  it('another report in the form brings its own filter fields and formats, and only they are stored', async () => {
    const api = fakeGraphql({ ...options, getAgendamentosRelatorios: () => [], salvarRelatorioAgendamento: ({ values }) => ({ ...AGENDAMENTO, ...(values as object) }) });
    open('/?aba=agendamentos');
    fireEvent.click(await screen.findByRole('button', { name: MSG.relatoriosNovo }));
    const form = drawer(MSG.relatoriosNovoAgendamento);
    fireEvent.click(within(form).getByRole('radio', { name: 'PDF' }));
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: new RegExp(`^${MSG.relatoriosColRelatorio}`) }));
    const listbox = await screen.findByRole('listbox');
    // the catalogue's groups head the choices and are not choices themselves
    fireEvent.click(within(listbox).getByText('Arquivos'));
    expect(screen.getByRole('listbox')).toBe(listbox);
    fireEvent.click(within(listbox).getByRole('option', { name: 'Arquivos rejeitados' }));
    await waitFor(() => expect(within(form).getByLabelText(/^Recebido de/)).toBeTruthy());
    expect(within(form).queryByRole('combobox', { name: /^Unidade Conciliadora/ })).toBeNull();
    expect((within(form).getByRole('radio', { name: 'PDF' }) as HTMLInputElement).checked).toBe(true);
    addEmail(form, 'ti@padaria.com.br');
    fireEvent.click(within(form).getByRole('button', { name: MSG.listaSalvar }));
    await waitFor(() => expect(api.callsOf('salvarRelatorioAgendamento').length).toBe(1));
    const values = api.callsOf('salvarRelatorioAgendamento')[0]!.vars.values as Record<string, unknown>;
    expect(values).toMatchObject({ relatorio: 'arquivos-rejeitados', formato: 'pdf', frequencia: 'D', dias: [], diames: null, emails: ['ti@padaria.com.br'] });
    expect(JSON.parse(String(values.parametros))).toEqual({ de: mesPassado, ate: hoje, codoperadora: OPTION_ALL });
  });

  it("'Agendar' on Gerar opens a new schedule with the report, the filter as typed and the format", async () => {
    fakeGraphql({ ...options, getAgendamentosRelatorios: () => [] });
    open('/?relatorio=arquivos-rejeitados');
    fireEvent.change(input('de'), { target: { value: '01/03/2026' } });
    fireEvent.click(screen.getByRole('radio', { name: 'CSV' }));
    fireEvent.click(screen.getByRole('button', { name: MSG.relatoriosAgendar }));
    const form = await screen.findByRole('dialog', { name: MSG.relatoriosNovoAgendamento });
    expect(within(form).getByRole('combobox', { name: new RegExp(`^${MSG.relatoriosColRelatorio}`) }).textContent).toBe('Arquivos rejeitados');
    expect(input('filtro.de').value).toBe('01/03/2026');
    expect((within(form).getByRole('radio', { name: 'CSV' }) as HTMLInputElement).checked).toBe(true);
  });
});

describe('report filter helpers', () => {
  const def = REPORTS.find((r) => r.key === 'vendas-operadora')!;

  it('starts the period a month back, keeps a stored filter over it and drops what the report no longer has', () => {
    expect(initialReportFilter(def, '2026-03-31')).toEqual({ de: '2026-02-28', ate: '2026-03-31', codoperadora: OPTION_ALL, codpessoa: OPTION_ALL });
    expect(storedReportFilter(def, JSON.stringify({ de: '2026-01-01', codoperadora: 2, antigo: 1 }), '2026-03-31'))
      .toEqual({ de: '2026-01-01', ate: '2026-03-31', codoperadora: 2, codpessoa: OPTION_ALL });
    expect(storedReportFilter(def, 'não é json', '2026-03-31')).toEqual(initialReportFilter(def, '2026-03-31'));
    expect(reportFilterWire(def, { codoperadora: OPTION_ALL })).toEqual({ codoperadora: OPTION_ALL });
  });

  it('groups in REPORT_GROUPS order and searches titles and descriptions without accents', () => {
    expect(groupedReports(REPORTS).map((g) => g.group)).toEqual(REPORT_GROUPS.filter((g) => REPORTS.some((r) => r.group === g)));
    expect(groupedReports(REPORTS, 'LIQUIDO').flatMap((g) => g.reports.map((r) => r.key))).toContain('vendas-operadora');
  });

  it('masks the hour and splits pasted addresses', () => {
    expect(maskHora('7').text).toBe('7');
    expect(maskHora('0730').text).toBe('07:30');
    expect(maskHora('07:305').text).toBe('07:30');
    expect(splitEmails(['a@x.com; b@y.com', ' a@x.com ', 'c@z.com,d@w.com'])).toEqual(['a@x.com', 'b@y.com', 'c@z.com', 'd@w.com']);
  });
});
