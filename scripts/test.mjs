// `npm test`: everything a fresh machine can run — type checks, lint, unit and API tests, then the
// end-to-end tests in Chromium against a production build. Ends with one summary line.
//
// Two lanes run side by side, as the two cores allow: the checks and the Vitest suites in one, the
// build and the Playwright journeys (which spend much of their time waiting on pushes and timers) in
// the other. Each step's output is kept in a log and printed whole when the step ends, so the lanes'
// lines do not interleave. `npm test -- server e2e` runs only the steps named.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildWeb } from './build-web.mjs';
import { checkNode } from './check-node.mjs';

checkNode();

const root = path.resolve(import.meta.dirname, '..');
// Kept after the run for `npm run test:times` (scripts/test-times.mjs), one folder per database.
const reports = path.join(root, 'test-results', 'times', process.env.DATABASE_URL ? 'postgresql' : 'pglite');
fs.mkdirSync(reports, { recursive: true });
const only = process.argv.slice(2);
const wanted = (name) => !only.length || only.includes(name);
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
// Each failed test by file and name, printed again under the summary: a long log's tail names them.
const failedTests = [];
const steps = {};
const started = Date.now();

/** One step in its own process; its output goes to <reports>/<name>.log and is printed when it ends. */
function run(name, command, args, options = {}) {
  if (!wanted(name)) return Promise.resolve(true);
  const t0 = Date.now();
  const logFile = path.join(reports, `${name}.log`);
  const log = fs.openSync(logFile, 'w');
  console.log(`▶ ${name}: ${[command, ...args].join(' ')}`);
  const child = spawn(command, args, {
    cwd: root,
    stdio: ['ignore', log, log],
    ...options,
    env: { ...process.env, FORCE_COLOR: '1', ...options.env },
  });
  return new Promise((resolve) => {
    child.on('close', (code) => {
      fs.closeSync(log);
      const ok = code === 0;
      steps[name] = (Date.now() - t0) / 1000;
      console.log(`\n━━━ ${name} ━━━`);
      process.stdout.write(fs.readFileSync(logFile));
      console.log(`${ok ? '✔' : '✘'} ${name} (${steps[name].toFixed(1)} s)`);
      if (!ok) failures.push(name);
      resolve(ok);
    });
  });
}

function countVitest(file) {
  if (!fs.existsSync(file)) return;
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
  for (const suite of report.testResults) {
    const where = path.relative(root, suite.name);
    const failed = suite.assertionResults.filter((test) => test.status === 'failed');
    for (const test of failed) failedTests.push(`${where} › ${test.fullName}`);
    // A file that fails before its tests run (an import, a hook) has no failed test to name.
    if (suite.status === 'failed' && !failed.length) failedTests.push(`${where} › ${suite.message || 'failed'}`);
  }
}

/** The journeys that failed, from Playwright's JSON report (suites nest by file and describe). */
function failedJourneys(suites) {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? [])
      .filter((spec) => spec.tests.some((test) => test.status === 'unexpected'))
      .map((spec) => `e2e/tests/${spec.file}:${spec.line} › ${spec.title}`),
    ...failedJourneys(suite.suites ?? []),
  ]);
}

async function vitest(name, workspace) {
  const out = path.join(reports, `${name}.json`);
  if (wanted(name)) fs.rmSync(out, { force: true });
  await run(name, 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], {
    cwd: path.join(root, workspace),
  });
  if (wanted(name)) countVitest(out);
}

function ensureChromium() {
  if (fs.existsSync('/usr/bin/chromium')) return Promise.resolve(true);
  if (process.getuid?.() !== 0) {
    console.error("Chromium is missing: install Debian's `chromium` package (apt-get install chromium).");
    return Promise.resolve(false);
  }
  return run('chromium', 'bash', [
    '-c',
    'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium',
  ]);
}

async function checksAndSuites() {
  await run('typecheck', 'npm', ['run', 'typecheck', '--silent']);
  await run('lint', 'npm', ['run', 'lint', '--silent']);
  await vitest('contracts', 'packages/contracts');
  await vitest('games', 'packages/games');
  // The web suite (one worker) before the server suites (two): whichever runs on after the journeys
  // end has both cores to itself, and only the server suites can use them.
  await vitest('web', 'apps/web');
  await vitest('server', 'apps/server');
}

async function journeys() {
  if (!wanted('e2e')) return;
  buildWeb();
  if (!(await ensureChromium())) return void failures.push('e2e (no chromium)');
  const out = path.join(reports, 'e2e.json');
  fs.rmSync(out, { force: true });
  await run('e2e', 'npx', ['playwright', 'test'], {
    cwd: path.join(root, 'e2e'),
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: out },
  });
  if (fs.existsSync(out)) {
    const { stats, suites } = JSON.parse(fs.readFileSync(out, 'utf8'));
    totals.passed += stats.expected + stats.flaky;
    totals.failed += stats.unexpected;
    totals.skipped += stats.skipped;
    failedTests.push(...failedJourneys(suites));
  }
}

await Promise.all([checksAndSuites(), journeys()]);

const minutes = ((Date.now() - started) / 60000).toFixed(1);
console.log(`\nnpm test finished in ${minutes} min${failures.length ? `; failed steps: ${failures.join(', ')}` : ''}`);
for (const test of failedTests) console.log(`✘ ${test}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
// Each step's last time on this database; a partial run (`npm test -- server`) updates only its own.
const stepsFile = path.join(reports, 'steps.json');
const earlier = fs.existsSync(stepsFile) ? JSON.parse(fs.readFileSync(stepsFile, 'utf8')) : { steps: {} };
const whole = only.length ? earlier.whole : { minutes: Number(minutes), totals, finished: new Date().toISOString() };
fs.writeFileSync(stepsFile, JSON.stringify({ whole, steps: { ...earlier.steps, ...steps } }));
process.exit(failures.length ? 1 : 0);
