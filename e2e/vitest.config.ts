import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { singleGraphqlCopy } from '../vitest.shared.ts';

/**
 * Browser tests: each file starts the real server in process (embedded database, or a fresh database on
 * TEST_DATABASE_URL) and drives Debian's Chromium with playwright-core. Files run one after another:
 * two cores do not fit two browsers and two servers well.
 */
export default defineConfig({
  resolve: { alias: singleGraphqlCopy },
  test: {
    name: 'e2e',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['specs/**/*.e2e.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    // a page under a loaded machine (CI runs type check, lint and the API suite beside these) needs more than
    // expect.poll's default second to enable a button or refresh a list
    expect: { poll: { timeout: 10_000 } },
  },
});
