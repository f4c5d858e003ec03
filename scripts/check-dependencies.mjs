#!/usr/bin/env node
// One version of each dependency: every package.json of the repository that names a dependency names the same
// exact version, and the lock file installs that version where the workspaces find it. (Which workspace may import what is
// ESLint's import-x/no-extraneous-dependencies; this is the other half.) `--majors` also asks the registry for
// newer major versions, to report what is held back.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const rootManifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const manifests = ['.', ...rootManifest.workspaces].map((dir) => ({
  dir,
  json: JSON.parse(fs.readFileSync(path.join(root, dir, 'package.json'), 'utf8')),
}));
const workspaceNames = new Set(manifests.map((m) => m.json.name));

const problems = [];
/** name → spec → workspaces declaring it so */
const declared = new Map();
for (const { dir, json } of manifests) {
  for (const block of ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies']) {
    for (const [name, spec] of Object.entries(json[block] ?? {})) {
      if (workspaceNames.has(name)) continue;
      if (block !== 'peerDependencies' && !/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(spec)) {
        problems.push(`${dir}/package.json: ${name} "${spec}" não é uma versão exata`);
      }
      const specs = declared.get(name) ?? new Map();
      specs.set(spec, [...(specs.get(spec) ?? []), dir]);
      declared.set(name, specs);
    }
  }
}
for (const [name, specs] of declared) {
  if (specs.size > 1) {
    problems.push(`${name} declarado de ${specs.size} formas: ${[...specs].map(([s, dirs]) => `${s} (${dirs.join(', ')})`).join('; ')}`);
  }
}

// What we declare is what the workspaces get: the copy at the top of node_modules. A package of ours that
// needs another range of the same dependency gets its own nested copy (npm's rule), which we do not control.
// What a workspace declares is what it gets: the copy it resolves (its own node_modules, else the top one). A
// package that needs another range of the same dependency gets a nested copy (npm's rule), not ours to hold.
const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
for (const [name, specs] of declared) {
  for (const [spec, dirs] of specs) {
    if (!/^\d/.test(spec)) continue;
    for (const dir of dirs) {
      const own = dir === '.' ? undefined : lock.packages[`${dir}/node_modules/${name}`];
      const found = own ?? lock.packages[`node_modules/${name}`];
      if (!found) problems.push(`${dir}/package.json: ${name} ${spec} ausente do package-lock.json (rode npm install)`);
      else if (found.version !== spec) problems.push(`${dir}/package.json: ${name} declarado ${spec}, o package-lock.json instala ${found.version}`);
    }
  }
}

if (process.argv.includes('--majors')) {
  for (const [name, specs] of [...declared].sort(([a], [b]) => a.localeCompare(b))) {
    const ours = [...specs.keys()][0];
    const latest = execFileSync('npm', ['view', name, 'version'], { encoding: 'utf8' }).trim();
    const major = (v) => Number(/\d+/.exec(v)?.[0]);
    if (major(latest) > major(ours)) console.log(`${name}: ${ours} → ${latest} disponível`);
  }
}

if (problems.length > 0) {
  console.error(`Dependências inconsistentes:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(`Dependências: ${declared.size} declaradas, uma versão exata de cada.`);
