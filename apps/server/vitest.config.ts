import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { singleGraphqlCopy } from '../../vitest.shared.ts';

// The root is pinned to this folder so the same config works when run from the repo root, either
// directly (--config apps/server/vitest.config.ts) or as the 'server' entry of a root `test.projects`.
export default defineConfig({
  resolve: { alias: singleGraphqlCopy },
  test: {
    name: 'server',
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'node',
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Test files share a worker's module graph: PGlite's WASM, Yoga and the schema load once instead of once
    // per file (21 s instead of 50 s here). Every test app still gets its own database, so nothing leaks.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
