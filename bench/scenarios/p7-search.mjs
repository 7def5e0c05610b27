/**
 * P7 (docs/quality.md#p7-search-over-a-large-catalogue): the search route with varied texts (SEARCH_TEXTS of bench/routes.mjs): the median latency
 * at one connection (the bar: at most 20 ms), then the req/s at --connections; on PostgreSQL and on PGlite.
 */
import { CONNECTIONS } from '../options.mjs';
import { fmtRate, measureRecorded, pct } from '../measure.mjs';
import { ms, verdict } from '../report.mjs';

export const P7_MEDIAN_MS = 20;

/**
 * The search route, one text after another from SEARCH_TEXTS. Each URL is new (`&n=…`, a parameter the route
 * ignores), so every request runs the search: the store keeps answers by URL and catalogue version (ADR 021), and a
 * search repeated fourteen texts apart would measure that, not the search.
 */
function searchRequests(texts) {
  let i = 0;
  return (req) => {
    const text = texts[i % texts.length];
    i += 1;
    return {
      ...req,
      method: 'GET',
      path: `/api/produto/buscaNomeListagem?pesquisaProduto=${encodeURIComponent(text)}&n=${i}`,
    };
  };
}

/** The search on one store (`label`: 'loja' or 'loja PGlite'): at one connection, then at --connections. */
export async function runP7(label, base, texts) {
  const options = (connections) => ({
    connections,
    setupRequest: searchRequests(texts),
    drainPath: `/api/produto/buscaNomeListagem?pesquisaProduto=${texts[0]}`,
  });
  const um = await measureRecorded(`${label}, 1 conexão`, base, options(1));
  const loaded = await measureRecorded(`${label}, ${CONNECTIONS} conexões`, base, options(CONNECTIONS));
  return {
    oneConnection: um,
    loaded: { store: loaded },
    pass: um.total > 0 && um.p50 <= P7_MEDIAN_MS && um.non2xx === 0 && um.errors === 0,
  };
}

/** The lines of the summary table. */
export function p7Rows(p7) {
  const rows = [];
  for (const [db, label] of [
    ['postgres', 'PostgreSQL'],
    ['pglite', 'PGlite'],
  ]) {
    const x = p7?.[db];
    if (!x) continue;
    rows.push([
      'P7',
      `busca, 1 conexão (${label})`,
      fmtRate(x.oneConnection.reqPerSec),
      ms(x.oneConnection.p50),
      ms(x.oneConnection.p99),
      `mediana ${x.oneConnection.p50} ms`,
      `≤ ${P7_MEDIAN_MS} ms`,
      verdict(x.pass),
    ]);
    rows.push([
      '',
      `busca, ${CONNECTIONS} conexões (${label})`,
      fmtRate(x.loaded.store.reqPerSec),
      ms(x.loaded.store.p50),
      ms(x.loaded.store.p99),
      db === 'postgres' ? '' : `${pct(x.loaded.ratioToPostgres)} do PG`,
    ]);
  }
  return rows;
}
