/**
 * Summary of a V8 CPU profile (`node --cpu-prof`): self time per function and
 * per package, and inclusive time per function, over the whole profile or its
 * last N seconds (the load, without start-up and seeding).
 *
 *   node bench/profile-summary.mjs bench/results/profiles/<name>.cpuprofile [--last 60] [--top 30]
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const SPECIAL = new Set(['(root)', '(program)', '(idle)', '(garbage collector)']);

/** Package of a script URL: node_modules/<pkg>, node internals, or this repository's own code. */
export function packageOf(url, functionName) {
  if (!url) return SPECIAL.has(functionName) ? functionName : '(native)';
  if (url.startsWith('node:')) return 'node (internal)';
  const nm = url.lastIndexOf('/node_modules/');
  if (nm !== -1) {
    const parts = url.slice(nm + '/node_modules/'.length).split('/');
    return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? url);
  }
  if (url.includes('/apps/api/')) return 'apps/api';
  if (url.includes('/packages/shared/')) return 'packages/shared';
  if (url.includes('/bench/')) return 'bench';
  return url;
}

const shortUrl = (url) => {
  const nm = url.lastIndexOf('/node_modules/');
  if (nm !== -1) return url.slice(nm + '/node_modules/'.length);
  const repo = url.search(/\/(apps|packages|bench)\//);
  return repo !== -1 ? url.slice(repo + 1) : url.replace(/^file:\/\//, '');
};

const keyOf = ({ functionName, url, lineNumber }) =>
  url ? `${functionName || '(anonymous)'} ${shortUrl(url)}:${lineNumber + 1}` : functionName || '(anonymous)';

export function summarizeProfile(profile, { lastSeconds } = {}) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

  const from = lastSeconds ? profile.endTime - lastSeconds * 1e6 : -Infinity;
  const self = new Map();
  const inclusive = new Map();
  const packages = new Map();
  let total = 0;
  let idle = 0;
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    const delta = profile.timeDeltas[i] ?? 0;
    t += delta;
    if (t < from) continue;
    const node = byId.get(profile.samples[i]);
    if (!node) continue;
    const frame = node.callFrame;
    if (frame.functionName === '(idle)') {
      idle += delta;
      continue;
    }
    total += delta;
    const key = keyOf(frame);
    self.set(key, (self.get(key) ?? 0) + delta);
    const pkg = packageOf(frame.url, frame.functionName);
    packages.set(pkg, (packages.get(pkg) ?? 0) + delta);
    const seen = new Set();
    for (let id = node.id; id !== undefined; id = parent.get(id)) {
      const k = keyOf(byId.get(id).callFrame);
      if (seen.has(k)) continue;
      seen.add(k);
      inclusive.set(k, (inclusive.get(k) ?? 0) + delta);
    }
  }
  const rank = (map) =>
    [...map]
      .map(([name, us]) => ({ name, ms: Math.round(us / 1000), pct: total ? (us / total) * 100 : 0 }))
      .sort((a, b) => b.ms - a.ms);
  return {
    busyMs: Math.round(total / 1000),
    idleMs: Math.round(idle / 1000),
    functions: rank(self),
    inclusive: rank(inclusive).filter((f) => !SPECIAL.has(f.name)),
    packages: rank(packages),
  };
}

export function formatSummary(summary, top = 25) {
  const line = (f) => `  ${f.pct.toFixed(1).padStart(5)} %  ${String(f.ms).padStart(7)} ms  ${f.name}`;
  return [
    `CPU ocupada ${summary.busyMs} ms, ociosa ${summary.idleMs} ms.`,
    'Tempo próprio por pacote:',
    ...summary.packages.slice(0, 15).map(line),
    `Tempo próprio por função (top ${top}):`,
    ...summary.functions.slice(0, top).map(line),
    `Tempo inclusivo por função (top ${top}):`,
    ...summary.inclusive.slice(0, top).map(line),
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { last: { type: 'string' }, top: { type: 'string', default: '30' } },
  });
  if (!positionals[0]) {
    console.error('uso: node bench/profile-summary.mjs <arquivo.cpuprofile> [--last segundos] [--top N]');
    process.exit(2);
  }
  const profile = JSON.parse(fs.readFileSync(positionals[0], 'utf8'));
  const summary = summarizeProfile(profile, values.last ? { lastSeconds: Number(values.last) } : {});
  console.log(formatSummary(summary, Number(values.top)));
}
