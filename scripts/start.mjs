#!/usr/bin/env node
// `npm start` (and npm run worker / migrate / concilia): runs the built JavaScript of an entry point,
// building first only when the build is missing or older than its sources, so `npm ci && npm start` works on a
// fresh clone and a second start is immediate. Usage: node scripts/start.mjs [main|worker-main|migrate-main|concilia] [args…]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const ENTRIES = ['main', 'worker-main', 'migrate-main', 'concilia'];
const entry = ENTRIES.includes(process.argv[2]) ? process.argv.splice(2, 1)[0] : 'main';

/** The newest modification time under these paths (files and folders, recursively). */
function newest(paths) {
  let latest = 0;
  const visit = (p) => {
    let stat;
    try {
      stat = fs.statSync(p);
    } catch {
      return;
    }
    latest = Math.max(latest, stat.mtimeMs);
    if (stat.isDirectory() && path.basename(p) !== 'node_modules') for (const name of fs.readdirSync(p)) visit(path.join(p, name));
  };
  for (const p of paths) visit(path.join(root, p));
  return latest;
}
const builtAt = (file) => {
  try {
    return fs.statSync(path.join(root, file)).mtimeMs;
  } catch {
    return 0;
  }
};

const shared = ['packages/domain/src', 'packages/db/src', 'packages/engine/src', 'package-lock.json'];
const parts = [
  { name: 'servidor', output: `apps/server/dist/${entry}.js`, sources: ['apps/server/src', 'scripts/build-server.mjs', ...shared], command: ['scripts/build-server.mjs'] },
  // the web app matters to the web process only
  ...(entry === 'main'
    ? [{ name: 'aplicação web', output: 'apps/web/dist/index.html', sources: ['apps/web/src', 'apps/web/index.html', 'apps/web/public', 'apps/web/vite.config.ts', ...shared], npm: ['run', 'build', '-w', 'apps/web'] }]
    : []),
];
for (const part of parts) {
  if (builtAt(part.output) >= newest(part.sources)) continue;
  console.error(`▶ compilando ${part.name} (build ausente ou desatualizado)`);
  const r = part.npm
    ? spawnSync('npm', part.npm, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] })
    : spawnSync(process.execPath, part.command, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) {
    console.error(`Não foi possível compilar ${part.name}: veja as mensagens acima.`);
    process.exit(1);
  }
}
// the entry runs in this process: its signal handlers (graceful shutdown) receive what npm forwards
await import(pathToFileURL(path.join(root, 'apps/server/dist', `${entry}.js`)).href);
