// `npm run test:times`: where the time of the last `npm test` went, per step, per test file and per
// journey, on each database that has a run (test-results/times/<pglite|postgresql>/, kept by test.mjs).
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const top = Number(process.argv[2] ?? 20);
const read = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null);
const s = (seconds) => `${seconds.toFixed(1).padStart(7)} s`;

function table(title, rows, limit = top) {
  if (!rows.length) return;
  const total = rows.reduce((sum, [, seconds]) => sum + seconds, 0);
  console.log(`\n${title} (${rows.length}, ${total.toFixed(0)} s in all)`);
  for (const [name, seconds] of rows.sort((a, b) => b[1] - a[1]).slice(0, limit)) console.log(`${s(seconds)}  ${name}`);
}

/** Vitest's JSON report: each file's wall time from its first test's start to its end. */
function vitestFiles(file, base) {
  const report = read(file);
  if (!report) return [];
  return report.testResults.map((r) => [path.relative(base, r.name), (r.endTime - r.startTime) / 1000]);
}

/** Playwright's JSON report: each journey's duration (its first result). */
function journeys(file) {
  const report = read(file);
  if (!report) return [];
  const rows = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests)
        rows.push([`${spec.file}:${spec.line} ${spec.title}`, (t.results[0]?.duration ?? 0) / 1000]);
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites) walk(suite);
  return rows;
}

for (const database of ['pglite', 'postgresql']) {
  const dir = path.join(root, 'test-results', 'times', database);
  const steps = read(path.join(dir, 'steps.json'));
  if (!steps) continue;
  console.log(
    `\n═══ ${database}${steps.whole ? `: whole run ${steps.whole.minutes} min, ${steps.whole.totals.passed} passed, ${steps.whole.totals.failed} failed, ${steps.whole.totals.skipped} skipped (${steps.whole.finished})` : ''}`,
  );
  for (const [name, seconds] of Object.entries(steps.steps)) console.log(`${s(seconds)}  ${name}`);
  table('slowest server files', vitestFiles(path.join(dir, 'server.json'), path.join(root, 'apps/server')));
  table('slowest web files', vitestFiles(path.join(dir, 'web.json'), path.join(root, 'apps/web')));
  table('journeys', journeys(path.join(dir, 'e2e.json')), Infinity);
}
