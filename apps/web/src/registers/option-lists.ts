import type { OptionItem } from '@concilia/domain';
import { useQueries, useQuery } from '@tanstack/react-query';
import { gql } from '../lib/api-client';

/*
 * The option lists (the API's listar… calls answering { valor label }): their documents and hooks, apart from the
 * register kit (register-operations.ts, register-api.ts re-export them) so that a screen reading one list — the
 * dashboard's Conciliador — does not load the kit and the declarations' zod schemas with it.
 */

/**
 * The argument of option lists that depend on another field. The declaration names only the list and the
 * field it follows; the argument's GraphQL name and type are the API's, kept here in one place.
 */
export const OPTION_LIST_ARGS: Readonly<Record<string, { name: string; type: 'String' | 'Int' | 'Int!' }>> = {
  listarCidades: { name: 'uf', type: 'String' },
  listarBandeiras: { name: 'codOperadora', type: 'Int' },
  getItensProdutosByOperadora: { name: 'codOperadora', type: 'Int!' },
  getItensProdutosByOperadoraPos: { name: 'codOperadora', type: 'Int' },
  getItensUnidadesPlanos: { name: 'codplano', type: 'Int' },
  listarItensTerminal: { name: 'codpessoa', type: 'Int' },
  listarItensUnidadesConciliadoras: { name: 'codpessoa', type: 'Int' },
  listarItensBucketsS3: { name: 'codpessoa', type: 'Int' },
};

/** `query listarCidades($uf: String) { listarCidades(uf: $uf) { valor label } }` */
export function optionListDocument(name: string): string {
  const arg = OPTION_LIST_ARGS[name];
  if (!arg) return `query ${name} { ${name} { valor label } }`;
  return `query ${name}($${arg.name}: ${arg.type}) { ${name}(${arg.name}: $${arg.name}) { valor label } }`;
}

/**
 * An option-list call. A list that follows another field (`optionListArg`) waits until that field has a
 * value (no cities before a state is picked) and is fetched again when it changes.
 */
export function useOptionList(name: string | undefined, arg?: unknown, follows = false) {
  return useQuery(optionListQuery(name, arg, follows));
}

const dataOnly = (results: { data?: OptionItem[] }[]) => results.map((r) => r.data ?? []);

/** Several option lists at once (the labels of a table's option columns); the answer keeps its identity while the lists do. */
export function useOptionLists(names: readonly string[]): OptionItem[][] {
  return useQueries({ queries: names.map((n) => optionListQuery(n)), combine: dataOnly });
}

function optionListQuery(name: string | undefined, arg?: unknown, follows = false) {
  const spec = name ? OPTION_LIST_ARGS[name] : undefined;
  const given = follows && arg !== null && arg !== undefined && arg !== '';
  const argValue = spec && given ? (spec.type === 'String' ? String(arg) : Number(arg)) : null;
  return {
    queryKey: ['options', name, argValue],
    queryFn: async () => {
      const data = await gql<Record<string, OptionItem[]>>(optionListDocument(name!), spec && argValue !== null ? { [spec.name]: argValue } : undefined);
      return data[name!] ?? [];
    },
    enabled: !!name && (!follows || given),
    staleTime: 5 * 60_000,
  };
}
