import { defineConfig } from 'vitest/config';

/** Every test of the repository: `npm test` runs these projects (plus type check and lint). */
export default defineConfig({
  test: {
    projects: ['packages/domain', 'packages/engine', 'apps/server', 'apps/web', 'e2e'],
  },
});
