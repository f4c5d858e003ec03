import { ERROR_CODES, MSG } from '@concilia/domain';
import { EnvelopArmor } from '@escape.tech/graphql-armor';
import { useDisableIntrospection } from '@graphql-yoga/plugin-disable-introspection';
import type { Plugin } from 'graphql-yoga';
import type { Config } from '../config';
import { AppError } from './errors';

/**
 * What one GraphQL request may ask (issue 12): one signed-in request of 1,000 aliased ticket searches held the
 * server ~98 s. GraphQL Armor checks aliases, depth, tokens, cost and directives while the document is
 * parsed and validated — before any resolver runs — and a request past a limit is answered at once with a
 * pt-BR message, code REQUEST_LIMIT and HTTP 400. The web app's own documents stay within every limit
 * (test/web-operations.test.ts). In production introspection and "Did you mean …" suggestions are off:
 * clients have the committed schema.graphql.
 */

/** A refused request: the catalogue's message for the limit, naming it. */
const refusal = (message: string, n: number) => new AppError('REQUEST_LIMIT', message.replace('{n}', String(n)));

/**
 * A refusal is HTTP 400 at every stage (the client reads the body either way). Yoga answers errors of the
 * parse stage — where the token limit acts — with 200 to an application/json caller, as the GraphQL-over-HTTP
 * spec has it for malformed documents; a status on the result itself takes precedence.
 */
const refusalIs400: Plugin<Record<string, unknown>> = {
  onResultProcess({ result, setResult }) {
    if (Array.isArray(result) || !result || typeof result !== 'object' || !('errors' in result)) return;
    if (!result.errors?.some((e) => e.extensions?.code === ERROR_CODES.REQUEST_LIMIT)) return;
    setResult({ ...result, extensions: { ...result.extensions, http: { status: 400 } } });
  },
};

/** Armor builds an English error and then calls this; throwing ours in its place is what the caller reads. */
const refuseWith = (message: string, n: number) => ({
  onReject: [() => { throw refusal(message, n); }],
  propagateOnRejection: true as const,
});

/** Lists in the variables: an inline list costs tokens, a list in the variables only bytes (MAX_REQUEST_BYTES). */
function longestList(value: unknown, depth = 0): number {
  if (depth > 32 || value === null || typeof value !== 'object') return 0;
  const items = Array.isArray(value) ? value : Object.values(value as Record<string, unknown>);
  let longest = Array.isArray(value) ? value.length : 0;
  for (const item of items) longest = Math.max(longest, longestList(item, depth + 1));
  return longest;
}

function maxListItems(n: number): Plugin<Record<string, unknown>> {
  return {
    onExecute({ args }) {
      if (longestList(args.variableValues) > n) throw refusal(MSG.limiteItensLista, n);
    },
  };
}

/** The plugins, in the order Yoga runs them (after the HTTP guards). */
export function requestLimits(config: Pick<Config, 'graphqlLimits' | 'graphqlIntrospection'>): Plugin<Record<string, unknown>>[] {
  const l = config.graphqlLimits;
  const armor = new EnvelopArmor({
    maxAliases: { n: l.maxAliases, ...refuseWith(MSG.limiteApelidos, l.maxAliases) },
    maxDepth: { n: l.maxDepth, ignoreIntrospection: true, ...refuseWith(MSG.limiteProfundidade, l.maxDepth) },
    maxTokens: { n: l.maxTokens, ...refuseWith(MSG.limiteTamanho, l.maxTokens) },
    costLimit: { maxCost: l.maxCost, ignoreIntrospection: true, ...refuseWith(MSG.limiteCusto, l.maxCost) },
    maxDirectives: { n: l.maxDirectives, ...refuseWith(MSG.limiteDiretivas, l.maxDirectives) },
    blockFieldSuggestion: { enabled: !config.graphqlIntrospection, mask: '' },
  });
  return [
    ...(armor.protect().plugins as Plugin<Record<string, unknown>>[]),
    maxListItems(l.maxListItems),
    refusalIs400,
    ...(config.graphqlIntrospection ? [] : [useDisableIntrospection()]),
  ];
}
