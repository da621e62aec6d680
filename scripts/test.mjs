// `npm test`: everything a fresh machine can run — type checks, lint, unit and API tests,
// then the end-to-end tests in Chromium against a production build. Ends with one summary line.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildWeb } from './build-web.mjs';
import { checkNode } from './check-node.mjs';

checkNode();

const root = path.resolve(import.meta.dirname, '..');
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'casino-test-reports-'));
const only = process.argv.slice(2); // e.g. `npm test -- server e2e`
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
const started = Date.now();

function run(name, command, args, options = {}) {
  if (only.length && !only.includes(name)) return true;
  const t0 = Date.now();
  console.log(`\n▶ ${name}: ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    ...options,
    env: { ...process.env, ...options.env },
  });
  const ok = result.status === 0;
  console.log(`${ok ? '✔' : '✘'} ${name} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  if (!ok) failures.push(name);
  return ok;
}

function countVitest(file) {
  if (!fs.existsSync(file)) return;
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
}

function vitest(name, workspace) {
  const out = path.join(reports, `${name}.json`);
  run(name, 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], {
    cwd: path.join(root, workspace),
  });
  countVitest(out);
}

function ensureChromium() {
  if (fs.existsSync('/usr/bin/chromium')) return true;
  if (process.getuid?.() !== 0) {
    console.error("Chromium is missing: install Debian's `chromium` package (apt-get install chromium).");
    return false;
  }
  console.log("Installing Debian's chromium…");
  return (
    spawnSync('bash', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium'], {
      stdio: 'inherit',
    }).status === 0
  );
}

run('typecheck', 'npm', ['run', 'typecheck', '--silent']);
run('lint', 'npm', ['run', 'lint', '--silent']);
vitest('contracts', 'packages/contracts');
vitest('games', 'packages/games');
vitest('server', 'apps/server');
vitest('web', 'apps/web');
if (!only.length || only.includes('e2e')) {
  buildWeb();
  if (ensureChromium()) {
    const out = path.join(reports, 'e2e.json');
    run('e2e', 'npx', ['playwright', 'test'], {
      cwd: path.join(root, 'e2e'),
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: out },
    });
    if (fs.existsSync(out)) {
      const { stats } = JSON.parse(fs.readFileSync(out, 'utf8'));
      totals.passed += stats.expected + stats.flaky;
      totals.failed += stats.unexpected;
      totals.skipped += stats.skipped;
    }
  } else failures.push('e2e (no chromium)');
}

const minutes = ((Date.now() - started) / 60000).toFixed(1);
console.log(`\nnpm test finished in ${minutes} min${failures.length ? `; failed steps: ${failures.join(', ')}` : ''}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
fs.rmSync(reports, { recursive: true, force: true });
process.exit(failures.length ? 1 : 0);
