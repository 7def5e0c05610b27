/**
 * docs/quality.md#r2-bad-input-is-a-4xx: every write route (and every read with a query or path
 * parameters) is fuzzed from its shared contract — body, query and path
 * values mostly shaped like the contract, sometimes chaos — as the caller its
 * access rule admits (test/route-fuzz.ts): never a 5xx, never a stack trace,
 * always the envelope; a route that refused every case wrote nothing. Write
 * routes of the server without a contract (uploads, webhooks) get chaos.
 *
 * Cases per route: FUZZ_RUNS (default 12 in `npm test`; `FUZZ_RUNS=1000` for a
 * nightly-size run). FUZZ_SEED replays a run (fast-check prints the seed and
 * the counterexample of a failure).
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { AnyEndpoint } from '@clinica/shared/endpoint';
import { createTestApp, testDatabaseTargets, type TestApp } from '../test/harness.js';
import { createRouteFuzzer, WRITE_METHODS, type RouteFuzzer } from '../test/route-fuzz.js';

const RUNS = Math.max(1, Number(process.env.FUZZ_RUNS ?? 12));
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

// Every endpoint exported by packages/shared/src/schemas/*.ts.
const schemasDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../packages/shared/src/schemas',
);
const contracts = new Map<string, AnyEndpoint>();
for (const file of readdirSync(schemasDir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
  const mod = (await import(`@clinica/shared/schemas/${file.replace(/\.ts$/, '')}`)) as Record<string, unknown>;
  for (const group of Object.values(mod)) {
    if (!group || typeof group !== 'object') continue;
    for (const value of Object.values(group as Record<string, unknown>)) {
      const e = value as Partial<AnyEndpoint> | null;
      if (e && typeof e === 'object' && typeof e.method === 'string' && typeof e.path === 'string' && e.response) {
        contracts.set(`${e.method} /api${e.path}`, e as AnyEndpoint);
      }
    }
  }
}

const fuzzed = [...contracts.entries()]
  .filter(([, e]) => WRITE_METHODS.has(e.method) || e.query || e.params)
  .sort(([a], [b]) => a.localeCompare(b));

describe.each(testDatabaseTargets())('fuzzing das rotas pelo contrato (%s)', (kind) => {
  let t: TestApp;
  let fuzzer: RouteFuzzer;

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: true });
    fuzzer = await createRouteFuzzer(t);
  });
  afterAll(() => t?.dispose());

  const served = (method: string, url: string) => t.app.routeAccess().some((r) => r.method === method && r.url === url);

  it.each(fuzzed)('%s', async (route, e) => {
    const [method, url] = route.split(' ') as [string, string];
    // A few contracts are served only in some configurations (the Mercado Pago webhook, with PAYMENT_PROVIDER=mercadopago).
    if (!served(method, url)) return;
    await fuzzer.fuzzRoute(method, url, e, { runs: RUNS, seed: SEED });
  });

  it('rotas de escrita sem contrato (envios multipart, webhooks, sandbox) recebem caos', async () => {
    const semContrato = t.app
      .routeAccess()
      .filter(
        (r) => WRITE_METHODS.has(r.method) && r.url.startsWith('/api/') && !contracts.has(`${r.method} ${r.url}`),
      );
    for (const r of semContrato) await fuzzer.fuzzRoute(r.method, r.url, undefined, { runs: RUNS, seed: SEED });
  });
});
