#!/usr/bin/env node
// Compiles the server's entry points — web (main), worker, migrate and the CLI — to JavaScript in
// apps/server/dist: one ESM bundle each of our workspace code (apps/server, packages/*), npm packages left as
// imports, so a production install (npm ci --omit=dev) runs them with no TypeScript tooling.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const outdir = path.join(root, 'apps/server/dist');

/** Bundle what is ours (relative imports and @concilia/*), leave every npm package to node_modules. */
const npmPackagesExternal = {
  name: 'npm-packages-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@concilia/') ? undefined : { path: args.path, external: true }));
  },
};

/**
 * A few modules find files beside their source (the migrations, the reference data, the repository root):
 * inside a bundle import.meta would point at dist/, so each module's import.meta.url/dirname becomes its own
 * source location, expressed relative to the bundle — the built output stays relocatable with the tree.
 */
const sourceLocation = {
  name: 'source-location',
  setup(b) {
    b.onLoad({ filter: /\.(ts|tsx)$/ }, async (args) => {
      let text = await fs.promises.readFile(args.path, 'utf8');
      if (text.includes('import.meta.url') || text.includes('import.meta.dirname') || text.includes('import.meta.filename')) {
        const rel = path.relative(outdir, args.path).split(path.sep).join('/');
        const url = `new URL(${JSON.stringify(rel)}, import.meta.url)`;
        text = text
          .replaceAll('import.meta.url', `${url}.href`)
          .replaceAll('import.meta.filename', `__fileURLToPath(${url})`)
          .replaceAll('import.meta.dirname', `__dirname(__fileURLToPath(${url}))`);
        // appended, not prepended (imports are hoisted either way): the source map's line numbers stay right
        text = `${text}\nimport { fileURLToPath as __fileURLToPath } from 'node:url';\nimport { dirname as __dirname } from 'node:path';\n`;
      }
      return { contents: text, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
    });
  },
};

const started = Date.now();
fs.rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: {
    main: 'apps/server/src/main.ts',
    'worker-main': 'apps/server/src/worker-main.ts',
    'migrate-main': 'apps/server/src/migrate-main.ts',
    concilia: 'apps/server/src/cli/concilia.ts',
  },
  absWorkingDir: root,
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node24',
  sourcemap: true,
  // shared chunks beside the entries: the source locations above are relative to this one folder
  chunkNames: '[name]-[hash]',
  plugins: [npmPackagesExternal, sourceLocation],
  logLevel: 'warning',
});
fs.writeFileSync(path.join(outdir, 'package.json'), JSON.stringify({ type: 'module' }) + '\n');
console.log(`servidor compilado em ${path.relative(root, outdir)} (${((Date.now() - started) / 1000).toFixed(1)} s) — ${pathToFileURL(outdir)}`);
