import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// File names are kebab-case with optional role suffixes (login-page.tsx, demo.seed.ts, auth.resolvers.ts).
const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)*\.(ts|tsx|js|mjs)$/;
const houseRules = {
  rules: {
    'kebab-case-filename': {
      meta: { type: 'suggestion', schema: [] },
      create(context) {
        return {
          Program(node) {
            const base = context.filename.split('/').pop() ?? '';
            if (!KEBAB.test(base)) context.report({ node, message: `file name "${base}" is not kebab-case` });
          },
        };
      },
    },
  },
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'packages/db/drizzle/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { house: houseRules },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'house/kebab-case-filename': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // Each workspace declares what it imports (its own package.json, found from the file): an import that only
    // resolves because npm hoisted someone else's dependency breaks the day that one moves. Shipped code may
    // use only "dependencies": a production install (--omit=dev) has nothing else.
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver()] },
    rules: {
      'import-x/no-extraneous-dependencies': ['error', {
        devDependencies: ['**/*.test.{ts,tsx}', '**/*.helper.ts', '**/test/**', '**/testing/**', '**/bench/**', 'e2e/**', 'scripts/**', '**/*.config.{ts,js}', 'vitest.shared.ts', 'apps/web/**'],
        includeTypes: true,
      }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Entry points and scripts talk to the operator on the console on purpose.
    files: ['scripts/**', 'apps/server/src/main.ts', 'apps/server/src/worker-main.ts', 'apps/server/src/migrate-main.ts', 'apps/server/src/cli/**', 'apps/server/bench/**', 'apps/server/src/schema/print-schema.ts', 'e2e/**', '**/*.test.ts', '**/*.test.tsx'],
    rules: { 'no-console': 'off' },
  },
);
