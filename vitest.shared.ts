import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * graphql 16 ships both index.mjs and index.js. Vite picks the .mjs for our sources while Yoga, Pothos
 * and graphql-tools (run by Node from node_modules) get the .js, so `instanceof GraphQLError` would fail
 * and expected errors would be masked as unexpected. One copy, as under Node, keeps tests like production.
 */
export const singleGraphqlCopy = [{ find: /^graphql$/, replacement: require.resolve('graphql') }];
