/**
 * P1 (docs/quality.md#p1-catalogue-reads-keep-up-with-a-bare-server): the store's public reads against the bare server (bench/bare-server.mjs: Fastify + pg, the
 * same SQL). Both must answer each route of bench/routes.mjs with the same content; then each is driven with
 * autocannon, alternating which goes first in each round. The bar: at least 80 % of the bare server's req/s and a
 * p99 of at most 50 ms, without errors.
 */
import { isDeepStrictEqual } from 'node:util';
import { opts, ROUNDS } from '../options.mjs';
import { aggregate, fmt, fmtRate, measure, pct } from '../measure.mjs';
import { ms, verdict } from '../report.mjs';

export const P1_RATIO = 0.8;
export const P1_P99_MS = 50;

async function contentOf(base, url) {
  const res = await fetch(base + url);
  const body = await res.json();
  return { status: res.status, headers: Object.fromEntries(res.headers), body };
}

/** Content equal up to the order of array items (the store sorts names by pt-BR collation, SQL by bytes). */
function sameContent(a, b) {
  const norm = (v) =>
    Array.isArray(v)
      ? v.map(norm).sort((x, y) => (JSON.stringify(x) < JSON.stringify(y) ? -1 : 1))
      : v && typeof v === 'object'
        ? Object.fromEntries(Object.keys(v).map((k) => [k, norm(v[k])]))
        : v;
  return isDeepStrictEqual(norm(a), norm(b));
}

/** Measures every route on the store, the bare server and (--compare) the reference store; one result a route. */
export async function runP1({ routes, store, bare, reference }) {
  const results = [];
  for (const route of routes) {
    const a = await contentOf(store.base, route.url);
    const b = await contentOf(bare.base, route.url);
    if (a.status !== 200 || b.status !== 200 || !sameContent(a.body, b.body)) {
      throw new Error(
        `${route.url}: a loja e o servidor mínimo respondem diferente (${a.status}/${b.status}); ` +
          'confira o SQL e o formato em bench/routes.mjs.',
      );
    }
    console.log(`\n${route.url}  (${fmt(JSON.stringify(a.body).length)} bytes por resposta)`);
    const runs = { loja: [], bare: [], 'loja-ref': [] };
    const targets = reference ? [store, reference, bare] : [store, bare];
    for (let round = 0; round < ROUNDS; round++) {
      console.log(` rodada ${round + 1}/${ROUNDS}`);
      // Each round starts with the next server, so none is always measured first.
      const order = targets.map((_, i) => targets[(i + round) % targets.length]);
      for (const target of order) {
        const m = await measure(target, route.url);
        runs[target.name].push(m);
      }
    }
    const loja = aggregate(runs.loja);
    const bareAgg = aggregate(runs.bare);
    const refAgg = reference ? aggregate(runs['loja-ref']) : null;
    results.push({
      name: route.name,
      url: route.url,
      responseBytes: JSON.stringify(a.body).length,
      storeHeaders: a.headers,
      store: loja,
      bare: bareAgg,
      ratio: loja.reqPerSec / bareAgg.reqPerSec,
      p1:
        loja.reqPerSec > 0 &&
        loja.reqPerSec / bareAgg.reqPerSec >= P1_RATIO &&
        loja.p99 <= P1_P99_MS &&
        loja.errors === 0,
      ...(refAgg
        ? { reference: { server: opts.compare, ...refAgg, ratio: refAgg.reqPerSec / bareAgg.reqPerSec } }
        : {}),
    });
  }
  return results;
}

/** The lines of the summary table. */
export function p1Rows(results) {
  const rows = [];
  for (const r of results) {
    rows.push(['P1', `${r.name}: loja (PostgreSQL)`, fmtRate(r.store.reqPerSec), ms(r.store.p50), ms(r.store.p99)]);
    if (r.reference) {
      const ref = r.reference;
      rows.push([
        '',
        `${r.name}: loja de referência`,
        fmtRate(ref.reqPerSec),
        ms(ref.p50),
        ms(ref.p99),
        pct(ref.ratio),
        'da bare',
      ]);
    }
    rows.push(['', `${r.name}: bare Fastify + pg`, fmtRate(r.bare.reqPerSec), ms(r.bare.p50), ms(r.bare.p99)]);
    rows.push([
      '',
      `${r.name}: loja/bare`,
      '',
      '',
      '',
      pct(r.ratio),
      `≥ ${pct(P1_RATIO)}, p99 ≤ ${P1_P99_MS} ms`,
      verdict(r.p1),
    ]);
  }
  return rows;
}
