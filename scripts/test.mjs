#!/usr/bin/env node
// `npm test`: type check, lint, build the web app, check its bundle size, then every vitest project (unit, API, browser).
// Browser tests need Debian's Chromium: installed here when missing and possible, else a clear stop —
// never a silent skip. Ends with the plain line 'N passed, N failed'.
import { execSync, spawn, spawnSync } from 'node:child_process';
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

/**
 * The system tools the tests drive, by Debian package: Chromium for the browser tests; xmlsec1, xmllint and
 * poppler's pdftoppm/pdftotext, the independent checks of the service invoices' signatures, XML schemas and PDFs.
 */
const SYSTEM_TOOLS = [
  { bin: chromium, pkg: 'chromium', why: 'Browser tests need Chromium', hint: 'or point CHROMIUM_PATH at a Chromium binary' },
  { bin: '/usr/bin/xmlsec1', pkg: 'xmlsec1', why: 'The NFS-e signature tests need xmlsec1', hint: '' },
  { bin: '/usr/bin/xmllint', pkg: 'libxml2-utils', why: 'The NFS-e schema tests need xmllint', hint: '' },
  { bin: '/usr/bin/pdftoppm', pkg: 'poppler-utils', why: 'The PDF tests need pdftoppm and pdftotext', hint: '' },
];

function ensureSystemTools() {
  const missing = SYSTEM_TOOLS.filter((t) => !fs.existsSync(t.bin));
  if (!missing.length) return;
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  const pkgs = missing.map((t) => t.pkg).join(' ');
  if (isRoot && hasApt) {
    console.log(`▶ installing Debian's ${pkgs} (Chromium takes about a minute)`);
    try {
      execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${pkgs}`, { stdio: 'inherit' });
    } catch {
      /* reported just below */
    }
  }
  const still = SYSTEM_TOOLS.filter((t) => !fs.existsSync(t.bin));
  if (still.length) {
    for (const t of still) console.error(`\n${t.why} at ${t.bin} and it could not be installed here.`);
    console.error(`Install them (Debian/Ubuntu: sudo apt-get install ${still.map((t) => t.pkg).join(' ')}) ${still.map((t) => t.hint).filter(Boolean).join(' ')}, then run npm test again.`);
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
}

/**
 * Steps that do not depend on each other run at once, each one's output shown whole when it ends (type check
 * and lint are single-threaded: on two cores they finish in the time of the longer one).
 */
async function together(steps) {
  const started = Date.now();
  const results = await Promise.all(steps.map(([label, cmd, args]) => new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env: process.env });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (status) => resolve({ label, status, out }));
  })));
  for (const { label, status, out } of results) {
    console.log(`\n▶ ${label}${status === 0 ? '' : ' ✗'}\n${out.trimEnd()}`);
  }
  const failed = results.filter((r) => r.status !== 0);
  if (failed.length > 0) {
    console.error(`\n✗ ${failed.map((r) => r.label).join(', ')} failed`);
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
  console.log(`(${steps.map(([label]) => label).join(', ')}: ${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

// npm puts node_modules/.bin first on the PATH of its scripts, and there `node` is the Node.js 24 of the
// node-linux-* package (README "Quick start"): this line shows which one runs the tests.
console.log(`▶ Node.js ${process.version} (${process.execPath})`);
ensureSystemTools();
await together([
  ['type check', 'npm', ['run', '--silent', 'typecheck']],
  ['lint', 'npm', ['run', '--silent', 'lint']],
]);
run('npm', ['run', '--silent', 'build'], 'build (web app and server)');
// the JavaScript the sign-in page and the dashboard load, gzipped, against .size-limit.json (the build copies each route's chunks for it)
run('npm', ['run', '--silent', 'size'], 'bundle size (sign-in and dashboard JavaScript)');

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
