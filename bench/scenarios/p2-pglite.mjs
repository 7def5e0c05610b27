/**
 * P2 (docs/quality.md#p2-pglite-keeps-up-with-postgresql): the store on PGlite (no DATABASE_URL, the default install) answers the routes of P1 with
 * at least 40 % of its req/s on PostgreSQL, without errors.
 */
import { ROUNDS } from '../options.mjs';
import { aggregate, fmtRate, measure, pct } from '../measure.mjs';
import { ms, verdict } from '../report.mjs';

export const P2_RATIO = 0.4;

/** Measures every route on `embedded` (the store on PGlite) against P1's `results` on PostgreSQL. */
export async function runP2(embedded, routes, results) {
  const pglite = [];
  for (const route of routes) {
    console.log(`\n${route.url} (PGlite)`);
    const runs = [];
    for (let round = 0; round < ROUNDS; round++) runs.push(await measure(embedded, route.url));
    const agg = aggregate(runs);
    const onPostgres = results.find((r) => r.name === route.name).store;
    pglite.push({
      name: route.name,
      url: route.url,
      store: agg,
      ratioToPostgres: agg.reqPerSec / onPostgres.reqPerSec,
      p2: agg.reqPerSec / onPostgres.reqPerSec >= P2_RATIO && agg.errors === 0,
    });
  }
  return pglite;
}

/** The lines of the summary table. */
export const p2Rows = (pglite) =>
  (pglite ?? []).map((r) => [
    'P2',
    `${r.name}: loja (PGlite)`,
    fmtRate(r.store.reqPerSec),
    ms(r.store.p50),
    ms(r.store.p99),
    pct(r.ratioToPostgres),
    `≥ ${pct(P2_RATIO)} do PostgreSQL, sem erros`,
    verdict(r.p2),
  ]);
