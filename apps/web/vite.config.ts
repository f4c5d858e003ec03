/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  // The API accepts only PUBLIC_URL (default http://localhost:3000) as a browser's Origin: the dev proxy
  // forwards this page's calls as that origin.
  server: {
    proxy: Object.fromEntries(['/graphql', '/altcha', '/download', '/relatorios/arquivo', '/api'].map((p) => [p, {
      target: 'http://localhost:3000', changeOrigin: true, headers: { origin: 'http://localhost:3000' },
    }])),
  },
  // No data: URLs, so the Content-Security-Policy can stay at font-src 'self'.
  build: { chunkSizeWarningLimit: 1500, assetsInlineLimit: 0 },
  // root pinned to this folder so `vitest --config apps/web/vite.config.ts` from the repo root finds the tests
  // jsdom renders of whole screens take seconds when the machine also runs the API and browser projects
  test: { root: fileURLToPath(new URL('.', import.meta.url)), name: 'web', environment: 'jsdom', include: ['src/**/*.test.{ts,tsx}'], testTimeout: 20_000 },
});
