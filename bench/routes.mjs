/**
 * The catalogue reads measured by `npm run bench` (QUALITY.md P1), one entry
 * per route. The bare server (bench/bare-server.mjs) answers `route` by running
 * `sql` with `params(request)` on a plain `pg` Pool and sending
 * `{ statusCode: 200, message, content: content(rows, request) }` through
 * JSON.stringify; the bench checks that both servers answer `url` with the same
 * content before it measures.
 *
 * `sql` is the statement the store's repository runs, copied from Drizzle
 * (`db.select(…).toSQL()`, or the query logger: `openDatabase({ logger })`).
 * Keep it in step when the repository changes: the bench refuses to measure a
 * route whose two answers differ.
 *
 * To add a catalogue read, add one entry (e.g. `/api/produto/categoria`,
 * `/api/produto/:id` with `url: '/api/produto/1'` and
 * `params: (req) => [Number(req.params.id)]`, `/api/produto/buscaNomeListagem`
 * with `url: '/api/produto/buscaNomeListagem?pesquisaProduto=escova'` and
 * `params: (req) => [req.query.pesquisaProduto]`). A read of several
 * statements can give `run: async (pool, req) => content` instead of
 * `sql`/`params`/`content`.
 */

import { MSG } from '@clinica/shared/messages';

/** Column names as the contract spells them (Drizzle's select maps them the same way). */
const menuItem = (r) => ({ id: r.id, nome: r.nome, digital: r.digital, pathImgDestaque: r.path_img_destaque });

export const ROUTES = [
  {
    name: 'fisicodigital',
    route: '/api/produto/fisicodigital',
    url: '/api/produto/fisicodigital',
    sql: 'select "id", "nome", "digital", "path_img_destaque" from "produtos" where ("produtos"."ativo" = $1 and "produtos"."brinde" = $2) order by "produtos"."nome", "produtos"."id"',
    params: () => [true, false],
    content: (rows) => {
      const items = rows.map(menuItem);
      return {
        listProdutoDigital: items.filter((p) => p.digital),
        listProdutoFisico: items.filter((p) => !p.digital),
      };
    },
  },
];

/** The message of the store's `ok(content)`. */
export const SUCCESS_MESSAGE = MSG.sucesso;
