/**
 * `node bench/search.mjs`: the store search over a generated catalogue
 * (docs/quality.md#p7-search-over-a-large-catalogue: ≤ 20 ms median on 10,000 products, accent- and typo-tolerant).
 * Not part of `npm test`. `npm run bench` (bench/run.mjs) measures the same texts through HTTP
 * on the full generated store; this one times the service alone.
 *
 * For each database (PGlite in memory, and PostgreSQL unless --no-pg):
 *  1. a fresh database (PostgreSQL: `clinica_bench_search_<stamp>`, dropped at the end),
 *     migrated with the app's migrations;
 *  2. --produtos (default 10000) active products of bench/generate-data.mjs's catalogue
 *     (pt-BR names and descriptions, fixed seed: the same catalogue on both);
 *  3. each search text answered --warmup times, then --runs times, through the
 *     store's own service and repository (apps/api/src, run with tsx): the time of
 *     `buscaListagem(texto)` (two statements in one transaction, then the mapping);
 *  4. prints the median and p95 per text and the median of all calls, the P7
 *     verdict, and whether both databases return the same ids in the same order.
 *
 * Options: --produtos 10000 --runs 30 --warmup 5 --no-pg --pg postgres://postgres@127.0.0.1:5432
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// The app is TypeScript: run this file again under tsx, resolving @clinica/shared to its sources.
if (!process.env.CLINICA_BENCH_SEARCH_CHILD) {
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--conditions=source', fileURLToPath(import.meta.url), ...process.argv.slice(2)],
    { cwd: ROOT, stdio: 'inherit', env: { ...process.env, CLINICA_BENCH_SEARCH_CHILD: '1' } },
  );
  process.exit(r.status ?? 1);
}

const { values: opts } = parseArgs({
  options: {
    produtos: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '5' },
    'no-pg': { type: 'boolean', default: false },
    pg: { type: 'string', default: process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432' },
  },
});
const TOTAL = Number(opts.produtos);
const RUNS = Number(opts.runs);
const WARMUP = Number(opts.warmup);
const P7_MS = 20;

const api = (p) => path.join(ROOT, 'apps/api/src', p);
const { openDatabase } = await import(api('db/client.ts'));
const { createProdutoRepository } = await import(api('modules/produto/produto.repository.ts'));
const { createProdutoService } = await import(api('modules/produto/produto.service.ts'));
const pg = (await import('pg')).default;

const { catalogo } = await import('./generate-data.mjs');
const { SEARCH_TEXTS: BUSCAS } = await import('./routes.mjs');

async function carregar(database, produtos) {
  await database.migrate();
  const categorias = [...new Set(produtos.map((p) => p.categoria))];
  const ids = new Map();
  for (const slug of categorias) {
    const [row] = await database.raw('INSERT INTO categorias (nome, digital) VALUES ($1, $2) RETURNING id', [
      `Bench ${slug}`,
      slug.startsWith('cursos'),
    ]);
    ids.set(slug, Number(row.id));
  }
  for (let i = 0; i < produtos.length; i += 1000) {
    const lote = produtos.slice(i, i + 1000);
    await database.raw(
      `INSERT INTO produtos (nome, descricao, preco, categoria_id, digital)
       SELECT * FROM unnest($1::text[], $2::text[], $3::numeric[], $4::int[], $5::bool[])`,
      [
        lote.map((p) => p.nome),
        lote.map((p) => p.descricao),
        lote.map((p) => p.preco),
        lote.map((p) => ids.get(p.categoria)),
        lote.map((p) => p.digital),
      ],
    );
  }
  // As autovacuum would: GIN pending lists merged, statistics fresh.
  await database.raw('VACUUM ANALYZE produtos');
}

// ---------------------------------------------------------------------------
// Measuring

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)];

async function medir(nome, database) {
  const service = createProdutoService({ repository: createProdutoRepository(database.db) });
  const porBusca = [];
  const todas = [];
  const resultados = new Map();
  for (const texto of BUSCAS) {
    let ids = [];
    for (let i = 0; i < WARMUP; i++) ids = (await service.buscaListagem(texto)).map((p) => p.id);
    resultados.set(texto, ids);
    const tempos = [];
    for (let i = 0; i < RUNS; i++) {
      const t = process.hrtime.bigint();
      await service.buscaListagem(texto);
      tempos.push(Number(process.hrtime.bigint() - t) / 1e6);
    }
    todas.push(...tempos);
    porBusca.push({ texto, resultados: ids.length, mediana: median(tempos), p95: p95(tempos) });
  }
  console.log(`\n${nome}: ${TOTAL} produtos, ${RUNS} medições por busca (após ${WARMUP} de aquecimento)`);
  console.log(`${'busca'.padEnd(28)} ${'result.'.padStart(7)} ${'mediana'.padStart(9)} ${'p95'.padStart(9)}`);
  for (const b of porBusca) {
    console.log(
      `${JSON.stringify(b.texto).padEnd(28)} ${String(b.resultados).padStart(7)} ${b.mediana.toFixed(2).padStart(6)} ms ${b.p95.toFixed(2).padStart(6)} ms`,
    );
  }
  const geral = median(todas);
  console.log(
    `mediana de todas as buscas: ${geral.toFixed(2)} ms → P7 (≤ ${P7_MS} ms): ${geral <= P7_MS ? 'OK' : 'FALHOU'}`,
  );
  return { geral, resultados };
}

const produtos = catalogo(TOTAL);
const medidas = {};

{
  const t = Date.now();
  const database = await openDatabase({});
  try {
    await carregar(database, produtos);
    console.log(`PGlite: catálogo carregado em ${((Date.now() - t) / 1000).toFixed(1)} s`);
    medidas.pglite = await medir('PGlite', database);
  } finally {
    await database.close();
  }
}

if (!opts['no-pg']) {
  const nome = `clinica_bench_search_${Date.now()}`;
  const admin = new pg.Client({ connectionString: opts.pg });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${nome}"`);
  try {
    const url = new URL(opts.pg);
    url.pathname = `/${nome}`;
    const t = Date.now();
    const database = await openDatabase({ url: url.toString(), poolSize: 4 });
    try {
      await carregar(database, produtos);
      console.log(`PostgreSQL: catálogo carregado em ${((Date.now() - t) / 1000).toFixed(1)} s`);
      medidas.postgres = await medir('PostgreSQL', database);
    } finally {
      await database.close();
    }
  } finally {
    await new Promise((r) => setTimeout(r, 200));
    await admin.query(`DROP DATABASE IF EXISTS "${nome}" WITH (FORCE)`);
    await admin.end();
  }
  const diferentes = BUSCAS.filter(
    (b) => JSON.stringify(medidas.pglite.resultados.get(b)) !== JSON.stringify(medidas.postgres.resultados.get(b)),
  );
  console.log(
    diferentes.length
      ? `\nResultados DIFERENTES entre PGlite e PostgreSQL em: ${diferentes.map((d) => JSON.stringify(d)).join(', ')}`
      : '\nPGlite e PostgreSQL devolvem os mesmos produtos na mesma ordem em todas as buscas.',
  );
}

const falhou = Object.values(medidas).some((m) => m.geral > P7_MS);
process.exit(falhou ? 1 : 0);
