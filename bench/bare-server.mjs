/**
 * The baseline of docs/quality.md#p1-catalogue-reads-keep-up-with-a-bare-server: a bare Fastify server with a plain `pg` Pool
 * that answers the routes of bench/routes.mjs with the same SQL as the store
 * and the same envelope, built with JSON.stringify. No logging, no hooks, no
 * schemas, no headers beyond Fastify's own: what the store costs on top of
 * this is the price of its framework layer.
 *
 *   DATABASE_URL=postgres://… PORT=4001 node bench/bare-server.mjs
 */
import Fastify from 'fastify';
import pg from 'pg';
import { ROUTES, SUCCESS_MESSAGE, query } from './routes.mjs';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_SIZE ?? 20) });
const app = Fastify({ logger: false });

for (const r of ROUTES) {
  app.get(r.route, async (request, reply) => {
    const content = r.run
      ? await r.run(pool, request)
      : r.content((await query(pool, { name: r.statement, text: r.sql }, r.params(request), r.rowMode)).rows, request);
    reply.type('application/json; charset=utf-8');
    return JSON.stringify({ statusCode: 200, message: SUCCESS_MESSAGE, content });
  });
}

const close = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.on('SIGTERM', close);
process.on('SIGINT', close);

await app.listen({ port: Number(process.env.PORT ?? 4001), host: '127.0.0.1' });
console.log(`bare pronto em ${app.server.address().port}`);
