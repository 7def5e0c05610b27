/**
 * `npm test`: every test of the repository — Vitest (unit, API on PGlite and,
 * with TEST_DATABASE_URL, PostgreSQL; components) then Playwright journeys in
 * Debian's Chromium against the built app. Ends with `N passed, N failed` and
 * exits non-zero when anything failed or a runner could not report.
 *
 * Flags: --unit (Vitest only), --e2e (Playwright only); other arguments go to both runners.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ROOT, buildIfNeeded } from './build-if-needed.mjs';

const args = process.argv.slice(2);
const only = args.includes('--unit') ? 'unit' : args.includes('--e2e') ? 'e2e' : 'all';
const extra = args.filter((a) => a !== '--unit' && a !== '--e2e');
const outDir = path.join(ROOT, 'test-results');
mkdirSync(outDir, { recursive: true });

let passed = 0;
let failed = 0;
let skipped = 0;
/** Names of what failed, repeated just above the summary so a log's tail says which test it was. */
const failures = [];
/** Journeys that failed once and passed on their retry (CI): counted as passed, named so they are not forgotten. */
const flaky = [];

function run(cmd, cmdArgs, env = {}) {
  const r = spawnSync(cmd, cmdArgs, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status ?? 1;
}

function firstLine(text) {
  // eslint-disable-next-line no-control-regex
  const plain = String(text ?? '').replace(/\u001b\[[0-9;]*m/g, '');
  return (plain.split('\n').find((l) => l.trim()) ?? '').trim().slice(0, 300);
}

function collectPlaywrightFailures(suites, titles) {
  for (const suite of suites) {
    const inside = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        const name = `playwright [${t.projectName}] ${[...inside, spec.title].join(' › ')}`;
        if (t.status === 'flaky') flaky.push(`${name}: ${firstLine(t.results?.[0]?.error?.message)}`);
        if (t.status !== 'unexpected') continue;
        const error = t.results?.at(-1)?.error?.message;
        failures.push(`${name}: ${firstLine(error)}`);
      }
    }
    collectPlaywrightFailures(suite.suites ?? [], inside);
  }
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

if (only !== 'e2e') {
  const report = path.join(outDir, 'vitest.json');
  rmSync(report, { force: true });
  const code = run('npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...extra,
  ]);
  const json = readJson(report);
  if (json) {
    passed += json.numPassedTests ?? 0;
    failed += json.numFailedTests ?? 0;
    skipped += (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0);
    // Failed suites (e.g. an import error) report no failed test: count each one.
    const brokenSuites = (json.testResults ?? []).filter(
      (s) => s.status === 'failed' && (s.assertionResults ?? []).every((a) => a.status !== 'failed'),
    ).length;
    failed += brokenSuites;
    for (const suite of json.testResults ?? []) {
      const file = path.relative(ROOT, suite.name ?? '');
      const failedTests = (suite.assertionResults ?? []).filter((a) => a.status === 'failed');
      for (const a of failedTests)
        failures.push(`vitest ${file} › ${a.fullName ?? a.title}: ${firstLine(a.failureMessages?.[0])}`);
      if (suite.status === 'failed' && failedTests.length === 0)
        failures.push(`vitest ${file}: ${firstLine(suite.message)}`);
    }
    if (code !== 0 && failed === 0) failed += 1;
  } else {
    console.error('Vitest não gerou relatório.');
    failed += 1;
  }
}

if (only !== 'unit') {
  buildIfNeeded();
  const report = path.join(outDir, 'playwright.json');
  rmSync(report, { force: true });
  const code = run('npx', ['playwright', 'test', '-c', 'apps/web/playwright.config.ts', ...extra], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: report,
  });
  const json = existsSync(report) ? readJson(report) : null;
  if (json?.stats) {
    passed += (json.stats.expected ?? 0) + (json.stats.flaky ?? 0);
    failed += json.stats.unexpected ?? 0;
    skipped += json.stats.skipped ?? 0;
    collectPlaywrightFailures(json.suites ?? [], []);
    if (code !== 0 && (json.stats.unexpected ?? 0) === 0) failed += 1;
  } else {
    console.error('Playwright não gerou relatório.');
    failed += 1;
  }
}

if (flaky.length) {
  console.log(`\nInstáveis, passaram na segunda tentativa (${flaky.length}):`);
  for (const f of flaky) console.log(`  ~ ${f}`);
}
if (failures.length) {
  console.log(`\nFalhas (${failures.length}):`);
  for (const f of failures) console.log(`  ✗ ${f}`);
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
