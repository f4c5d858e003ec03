import type { ReportDef } from '@concilia/domain';
import { call, gql } from '../../lib/api-client';
import type { ResultOf, VariablesOf } from '../../lib/graphql';
import { OPS } from '../../lib/operations';

/**
 * The calls of the Relatórios screen. A generator's call exists once per declaration (the server builds
 * `gerarRelatorio…(filtro, formato)` from the catalogue), so its document is built here at run time from the
 * declaration, like the register kit's (registers/register-operations.ts): plain strings, not gql.tada documents,
 * because their text does not exist at compile time. The schedules' documents are fixed: typed in lib/operations.
 */

/** 'vendas-operadora' → 'VendasOperadora', as the server names the filter's input type. */
export const pascalKey = (key: string) => key.split('-').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');

/** The server's input type of a generator's filter (its register kit's action-form input: `<typeName>Input`). */
export const filterInputType = (def: ReportDef) => `Relatorio${pascalKey(def.key)}FiltroInput`;

/** `mutation gerarRelatorioX($filtro: RelatorioXFiltroInput!, $formato: String) { gerarRelatorioX(…) { … } }` */
export function generatorDocument(def: ReportDef): string {
  const op = def.operation;
  return `mutation ${op}($filtro: ${filterInputType(def)}!, $formato: String) { ${op}(filtro: $filtro, formato: $formato) { arquivo data mensagem linhas download } }`;
}

export type RelatorioGerado = { arquivo: string; data: string; mensagem: string; linhas: number; download: string };

/** Runs a generator with its checked filter; silent, so the screen puts a field's error beside the field. */
export async function generateReport(def: ReportDef, filtro: Record<string, unknown>, formato: string): Promise<RelatorioGerado> {
  const data = await gql<Record<string, RelatorioGerado>>(generatorDocument(def), { filtro, formato }, { silent: true });
  return data[def.operation]!;
}

// Schedules (spec part 2 §3 "report schedule", §7 salvarRelatorioAgendamento, getAgendamentoRelatorio,
// getAgendamentosRelatorios): fixed documents, typed with the others in lib/operations (OPS).

export type AgendamentoRelatorio = ResultOf<typeof OPS.getAgendamentosRelatorios>['getAgendamentosRelatorios'][number];
export type ExecucaoRelatorio = NonNullable<ResultOf<typeof OPS.getAgendamentoRelatorio>['getAgendamentoRelatorio']>['historico'][number];
export type AgendamentoInput = VariablesOf<typeof OPS.salvarRelatorioAgendamento>['values'];

export const agendamentosKey = ['relatorios', 'agendamentos'] as const;

export const fetchAgendamentos = async (): Promise<AgendamentoRelatorio[]> => (await call(OPS.getAgendamentosRelatorios)).getAgendamentosRelatorios;

export const fetchAgendamento = async (codagendamento: number): Promise<AgendamentoRelatorio | null> =>
  (await call(OPS.getAgendamentoRelatorio, { codagendamento })).getAgendamentoRelatorio;

export const fetchHistorico = async (codagendamento: number): Promise<ExecucaoRelatorio[]> =>
  (await call(OPS.getAgendamentoRelatorio, { codagendamento })).getAgendamentoRelatorio?.historico ?? [];

/** Silent: the form puts the answer's errors beside their fields. */
export const saveAgendamento = async (values: AgendamentoInput): Promise<AgendamentoRelatorio> =>
  (await call(OPS.salvarRelatorioAgendamento, { values }, { silent: true })).salvarRelatorioAgendamento;

export const deleteAgendamento = async (codagendamento: number): Promise<boolean> =>
  (await call(OPS.excluirRelatorioAgendamento, { codagendamento })).excluirRelatorioAgendamento;
