/**
 * What a run of the bench leaves: the summary table with one verdict per bar, the CPU profiles' top functions
 * (--profile), and bench/results/<date>.json with the figures, the machine, Node and the git commit.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as prettier from 'prettier';
import { ROOT } from '../scripts/build-if-needed.mjs';
import { formatSummary, summarizeProfile } from './profile-summary.mjs';
import { RESULTS_DIR, stamp } from './run-env.mjs';

/** A bar's verdict in the table. */
export const verdict = (ok) => (ok ? 'ok' : 'ABAIXO');
/** A latency cell (empty when not measured). */
export const ms = (n) => (n === null || n === undefined ? '' : String(n));

/** Prints the rows under `header`; the numeric columns (req/s to ratio) right-aligned. */
export function printTable(header, rows) {
  const lines = [header, ...rows.map((row) => row.map((c) => String(c ?? '')))];
  const widths = header.map((_, i) => Math.max(...lines.map((l) => (l[i] ?? '').length)));
  const numeric = (i) => i >= 2 && i <= 5;
  const render = (l) => l.map((c, i) => (numeric(i) ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ');
  console.log(`\n${render(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const l of lines.slice(1)) console.log(render(l).trimEnd());
}

export function gitInfo() {
  const git = (...args) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
  try {
    return { commit: git('rev-parse', 'HEAD'), dirty: git('status', '--porcelain').length > 0 };
  } catch {
    return { commit: null, dirty: null };
  }
}

export const loadAverage = () => os.loadavg().map((l) => Math.round(l * 100) / 100);

/** Writes the report to bench/results/<date>.json, formatted as the repository's Prettier settings say. */
export async function writeReport(report) {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${stamp}.json`);
  const json = await prettier.format(JSON.stringify(report), { parser: 'json', ...(await prettierConfig()) });
  fs.writeFileSync(file, json);
  console.log(`Resultados em ${path.relative(ROOT, file)}`);
}

async function prettierConfig() {
  return (await prettier.resolveConfig(path.join(RESULTS_DIR, 'x.json'))) ?? {};
}

/** Top self time of a server while the routes were measured (the last `loadSeconds` of its profile). */
export async function reportProfile(label, profileDir, name, loadSeconds) {
  const file = path.join(profileDir, name);
  if (!fs.existsSync(file)) {
    console.error(`Perfil ${file} não encontrado.`);
    return null;
  }
  const summary = summarizeProfile(JSON.parse(fs.readFileSync(file, 'utf8')), { lastSeconds: loadSeconds });
  console.log(`\nPerfil de CPU (${label}) sob carga (${path.relative(ROOT, file)}):`);
  console.log(formatSummary(summary, 25));
  return { file: path.relative(ROOT, file), top: summary.functions.slice(0, 40), packages: summary.packages };
}
