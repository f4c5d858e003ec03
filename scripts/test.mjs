#!/usr/bin/env node
// `npm test`: type check, lint, build the web app, then every vitest project (unit, API, browser).
// Browser tests need Debian's Chromium: installed here when missing and possible, else a clear stop —
// never a silent skip. Ends with the plain line 'N passed, N failed'.
import { execSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function run(cmd, args, label) {
  console.log(`\n▶ ${label}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (r.status !== 0) {
    console.error(`\n✗ ${label} failed`);
    console.log('0 passed, 1 failed');
    process.exit(r.status ?? 1);
  }
}

function ensureChromium() {
  if (fs.existsSync(chromium)) return;
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt) {
    console.log("▶ Chromium is missing: installing Debian's chromium package (about a minute)");
    try {
      execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
    } catch {
      /* reported just below */
    }
  }
  if (!fs.existsSync(chromium)) {
    console.error(
      `\nBrowser tests need Chromium at ${chromium} and it could not be installed here.\n` +
        'Install it (Debian/Ubuntu: sudo apt-get install chromium) or point CHROMIUM_PATH at a Chromium binary, then run npm test again.',
    );
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
}

ensureChromium();
run('npm', ['run', '--silent', 'typecheck'], 'type check');
run('npm', ['run', '--silent', 'lint'], 'lint');
run('npm', ['run', '--silent', 'build'], 'build web app');

const report = path.join(root, '.vitest-results.json');
fs.rmSync(report, { force: true });
console.log('\n▶ tests');
const r = spawnSync('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)], {
  cwd: root, stdio: 'inherit', env: process.env,
});
let passed = 0;
let failed = 0;
try {
  const json = JSON.parse(fs.readFileSync(report, 'utf8'));
  passed = json.numPassedTests;
  failed = json.numFailedTests + (json.numRuntimeErrorTestSuites ?? 0);
  if (json.numPendingTests || json.numTodoTests) {
    console.error(`${json.numPendingTests + json.numTodoTests} skipped or todo tests are not allowed`);
    failed += json.numPendingTests + json.numTodoTests;
  }
} catch {
  failed = Math.max(failed, 1);
}
if (r.status !== 0 && failed === 0) failed = 1;
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 || r.status !== 0 ? 1 : 0);
