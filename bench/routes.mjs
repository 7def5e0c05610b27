/**
 * The catalogue reads measured by `npm run bench` (docs/quality.md#p1-catalogue-reads-keep-up-with-a-bare-server), one entry
 * per route. The bare server (bench/bare-server.mjs) answers `route` by running
 * `sql` with `params(request)` on a plain `pg` Pool (rows as arrays when
 * `rowMode: 'array'`, as Drizzle reads them) and sending
 * `{ statusCode: 200, message, content: content(rows, request) }` through
 * JSON.stringify; the bench checks that both servers answer `url` with the same
 * content before it measures. A read of several statements gives
 * `run: async (pool, request) => content` instead.
 *
 * `sql` is the statement the store's repository runs, copied from Drizzle
 * (`db.select(…).toSQL()`, or the query logger: `openDatabase({ logger })`),
 * and `statement` the name the repository prepares it under (`prepareRead`,
 * apps/api/src/db/prepared.ts): the bare server sends the same named statement
 * (`query` below), so both pay PostgreSQL the same; `--bare-unnamed` makes it
 * send unnamed ones, parsed and planned on every call. Keep both in step when
 * the repository changes: the bench refuses to measure a route whose two
 * answers differ.
 *
 * The bare server does only what the content needs: it maps rows to the
 * contract's shape, without the store's pt-BR collation sort (the bench
 * compares contents up to the order of arrays).
 */

import { MSG_API } from '@clinica/shared/messages-api';

/** Column names as the contract spells them (Drizzle's select maps them the same way). */
const menuItem = (r) => ({ id: r.id, nome: r.nome, digital: r.digital, pathImgDestaque: r.path_img_destaque });

/** An `imagens` row as the contract's image (null when the LEFT JOIN found none). */
const imagem = (r) =>
  r.path === null
    ? null
    : {
        path: r.path,
        largura: r.largura,
        altura: r.altura,
        variantes: r.variantes.map((v) => ({ largura: v.largura, path: v.path })),
      };

/** `numeric(12,2)` comes back as a decimal string; the contract sends reais as a number. */
const reais = (numeric) => Number(numeric);

/**
 * A product card from a row of `select … produtos.*, imagens.*, media, quantidade`
 * (rowMode 'array': the card and image columns are the first eleven, in this order).
 */
const card = (
  [id, nome, preco, digital, disponivel, pathImgDestaque, path, largura, altura, variantes, ultimasUnidades],
  media,
  q,
) => ({
  id,
  nome,
  preco: reais(preco),
  digital,
  disponivel,
  pathImgDestaque,
  imagemDestaque: imagem({ path, largura, altura, variantes }),
  nota: media ?? 0,
  quantidadeAvaliacoes: q ?? 0,
  ultimasUnidades,
});

/** The card and image columns (the same eleven the store's repository selects first). */
const CARD_COLUMNS =
  '"produtos"."id", "produtos"."nome", "produtos"."preco", "produtos"."digital", "produtos"."vendavel", "produtos"."path_img_destaque", "imagens"."path", "imagens"."largura", "imagens"."altura", "imagens"."variantes", "produtos"."ultimas_unidades"';

/** Reviews' dates are the clinic's calendar days (modules/avaliacao). */
const diaDaLoja = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Sao_Paulo',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
});
/** Kept per UTC hour, as the store's diaDe does (the offset changes only on hour boundaries). */
const diasPorHora = new Map();
const diaDe = (instante) => {
  const hora = Math.floor(instante.getTime() / 3_600_000);
  let dia = diasPorHora.get(hora);
  if (!dia) {
    const parts = Object.fromEntries(diaDaLoja.formatToParts(instante).map((p) => [p.type, p.value]));
    dia = [Number(parts.year), Number(parts.month), Number(parts.day)];
    if (diasPorHora.size >= 16_384) diasPorHora.clear();
    diasPorHora.set(hora, dia);
  }
  return [dia[0], dia[1], dia[2]];
};
const nomePublico = (c) => {
  if (c.juridica) return c.razao_social?.trim() || 'Cliente';
  const partes = (c.nome ?? '').trim().split(/\s+/).filter(Boolean);
  if (partes.length === 0) return 'Cliente';
  return partes.length > 1 ? `${partes[0]} ${partes[partes.length - 1].charAt(0).toUpperCase()}.` : partes[0];
};
const media = (notas) =>
  notas.length === 0 ? 0 : Math.round((50 * notas.reduce((s, n) => s + Math.round(n * 2), 0)) / notas.length) / 100;

/** The one statement of GET /api/produto/{id}: the product row (what the store sells: `vendavel`, ADR 032; the ANVISA fields, ADR 037), its five lists as JSON columns. */
const DETALHE_SQL = {
  name: 'produto_detalhe',
  text: 'select "produtos"."id", "produtos"."nome", "produtos"."descricao", "produtos"."preco", "produtos"."digital", "produtos"."vendavel", "produtos"."path_img_destaque", "produtos"."duracao", "categorias"."id", "categorias"."nome", "imagens"."path", "imagens"."largura", "imagens"."altura", "imagens"."variantes", coalesce((select json_agg(json_build_object(\'id\', pi.id, \'path\', i.path, \'largura\', i.largura, \'altura\', i.altura, \'variantes\', i.variantes) order by pi.ordem, pi.id) from produto_imagens pi join imagens i on i.path = pi.path where pi.produto_id = "produtos"."id" and not pi.imagem_site), \'[]\'::json), coalesce((select json_agg(json_build_object(\'descricao\', f.descricao, \'valor\', f.valor) order by f.id) from fichas_tecnicas f where f.produto_id = "produtos"."id"), \'[]\'::json), coalesce((select json_agg(t.nome) from produto_tags pt join tags t on t.id = pt.tag_id where pt.produto_id = "produtos"."id"), \'[]\'::json), coalesce((select json_agg(json_build_object(\'nome\', a.nome, \'sobre\', a.sobre, \'pathImg\', a.path_img)) from produto_autores pa join autores a on a.id = pa.autor_id where pa.produto_id = "produtos"."id"), \'[]\'::json), coalesce((select json_agg(json_build_object(\'clienteId\', av.cliente_id, \'produtoId\', av.produto_id, \'nota\', av.nota, \'comentario\', av.comentario, \'createdAt\', av.created_at, \'nome\', c.nome, \'razaoSocial\', c.razao_social, \'juridica\', c.juridica) order by av.created_at desc, av.id desc) from avaliacoes av join clientes c on c.id = av.cliente_id where av.produto_id = "produtos"."id"), \'[]\'::json), "produtos"."anvisa_registro", "produtos"."uso_profissional", "produtos"."marca", "produtos"."sku" from "produtos" inner join "categorias" on "categorias"."id" = "produtos"."categoria_id" left join "imagens" on "imagens"."path" = "produtos"."path_img_destaque" where ("produtos"."id" = $1 and "produtos"."ativo" = $2) limit $3',
};

export const ROUTES = [
  {
    name: 'fisicodigital',
    route: '/api/produto/fisicodigital',
    url: '/api/produto/fisicodigital',
    statement: 'produto_menu',
    sql: `select menu.id, menu.nome, menu.digital, menu.path_img_destaque from ((select p.id, p.nome, p.digital, p.path_img_destaque, p.nome_ordem from produtos p where p.digital = false and p.ativo and not p.brinde order by p.nome_ordem, p.id limit 48) union all (select p.id, p.nome, p.digital, p.path_img_destaque, p.nome_ordem from produtos p where p.digital = true and p.ativo and not p.brinde order by p.nome_ordem, p.id limit 48)) menu order by menu.nome_ordem, menu.id`,
    params: () => [],
    content: (rows) => {
      const items = rows.map(menuItem);
      return {
        listProdutoDigital: items.filter((p) => p.digital),
        listProdutoFisico: items.filter((p) => !p.digital),
      };
    },
  },
  {
    name: 'categoria',
    route: '/api/produto/categoria',
    url: '/api/produto/categoria',
    statement: 'produto_cards_categoria',
    sql: `select ${CARD_COLUMNS}, "categorias"."id", "categorias"."nome", "categorias"."digital", "media", "quantidade" from "categorias" cross join lateral (select p.id, p.nome, p.preco, p.digital, p.vendavel, p.path_img_destaque, p.ultimas_unidades, p.nome_ordem from produtos p where p.categoria_id = categorias.id and p.ativo and not p.brinde order by p.nome_ordem, p.id limit 24) produtos left join "imagens" on "imagens"."path" = "produtos"."path_img_destaque" left join lateral (select round(avg("nota"), 2)::float8 as "media", count(*)::int as "quantidade" from "avaliacoes" where "avaliacoes"."produto_id" = "produtos"."id") "nota" on true order by "categorias"."digital", "categorias"."nome", "categorias"."id", "produtos"."nome_ordem", "produtos"."id"`,
    params: () => [],
    rowMode: 'array',
    content: (rows) => {
      const porCategoria = new Map();
      for (const r of rows) {
        let c = porCategoria.get(r[11]);
        if (!c) porCategoria.set(r[11], (c = { id: r[11], nome: r[12], digital: r[13], listaProduto: [] }));
        c.listaProduto.push(card(r, r[14], r[15]));
      }
      return [...porCategoria.values()];
    },
  },
  {
    name: 'detalhe',
    route: '/api/produto/:id',
    url: '/api/produto/1',
    run: async (pool, req) => {
      const id = Number(req.params.id);
      // rowMode 'array', as Drizzle reads it: the product and the category both have `id` and `nome`.
      const [p] = (await query(pool, DETALHE_SQL, [id, true, 1], 'array')).rows;
      const [galeria, fichaTecnica, tags, autores, avaliacoes, anvisaRegistro, usoProfissional, marca, sku] =
        p.slice(14);
      const listaAvaliacao = avaliacoes.map((a) => ({
        nomeCliente: nomePublico({ juridica: a.juridica, nome: a.nome, razao_social: a.razaoSocial }),
        nota: Number(a.nota),
        comentario: a.comentario,
        createAt: diaDe(new Date(a.createdAt)),
        clienteId: a.clienteId,
        produtoId: a.produtoId,
      }));
      return {
        id: p[0],
        nome: p[1],
        preco: reais(p[3]),
        digital: p[4],
        descricao: p[2],
        disponivel: p[5],
        categoria: { id: p[8], nome: p[9] },
        fichaTecnica,
        listaAvaliacao,
        nota: media(listaAvaliacao.map((a) => a.nota)),
        quantidadeAvaliacoes: listaAvaliacao.length,
        listImagemProduto: galeria.map((g) => ({ id: g.id, path: g.path, imagem: imagem(g) })),
        pathImgDestaque: p[6],
        imagemDestaque: imagem({ path: p[10], largura: p[11], altura: p[12], variantes: p[13] }),
        tags: tags.map((nome) => ({ nome })),
        duracao: p[7],
        autores,
        anvisaRegistro,
        usoProfissional,
        marca: p[4] ? null : marca,
        sku: p[4] ? null : sku,
      };
    },
  },
  {
    name: 'busca',
    route: '/api/produto/buscaNomeListagem',
    url: '/api/produto/buscaNomeListagem?pesquisaProduto=escova',
    statement: 'produto_busca_palavras',
    sql: `select ${CARD_COLUMNS}, "media", "quantidade" from (select "produtos"."id" as "ranking_id", "produtos"."nome_busca" = termos.consulta as "exato", (CASE WHEN starts_with("produtos"."nome_busca", termos.consulta) THEN 0.5 ELSE 0 END) + ts_rank_cd("produtos"."busca", termos.tsq, 32) as "relevancia", "produtos"."nome_ordem" as "ranking_ordem" from "produtos" cross join (select f_unaccent(lower($1::text)) as consulta, plainto_tsquery('portuguese'::regconfig, f_unaccent($2::text)) as tsq offset 0) termos where (("produtos"."ativo" = $3 and "produtos"."brinde" = $4) and "produtos"."busca" @@ termos.tsq) order by exato desc, relevancia desc, ranking_ordem asc, ranking_id asc limit $5) "ranking" inner join "produtos" on "produtos"."id" = "ranking_id" left join "imagens" on "imagens"."path" = "produtos"."path_img_destaque" left join lateral (select round(avg("nota"), 2)::float8 as "media", count(*)::int as "quantidade" from "avaliacoes" where "avaliacoes"."produto_id" = "ranking_id") "nota" on true order by "exato" desc, "relevancia" desc, "ranking_ordem" asc, "ranking_id" asc`,
    params: (req) => {
      const t = String(req.query.pesquisaProduto).trim();
      return [t, t, true, false, 48];
    },
    rowMode: 'array',
    content: (rows) => rows.map((r) => card(r, r[11], r[12])),
  },
];

/**
 * Runs a statement as the store's repositories do: named (`prepareRead` in
 * apps/api/src/db/prepared.ts: PostgreSQL parses and plans it once per
 * connection), or, with BARE_STATEMENTS=unnamed (`npm run bench --
 * --bare-unnamed`), parsed and planned on every call.
 */
export const query = (pool, { name, text }, values, rowMode) =>
  pool.query({ name: process.env.BARE_STATEMENTS === 'unnamed' ? undefined : name, text, values, rowMode });

/**
 * What people type in the search (docs/quality.md#p7-search-over-a-large-catalogue): exact words, plurals, no
 * accents, typos, unfinished words, several words, nothing found. Used by
 * bench/run.mjs (P7, through HTTP) and bench/search.mjs (through the service).
 */
export const SEARCH_TEXTS = [
  'escova',
  'escovas',
  'Escova dental ultramacia',
  'escva',
  'harmonizacao',
  'harmoniz',
  'resina composta',
  'luvas nitrilo',
  'anestesico',
  'fio dental',
  'kit',
  'clareamento',
  'brocca diamantada',
  'xyzzy inexistente',
];

/** The message of the store's `ok(content)`. */
export const SUCCESS_MESSAGE = MSG_API.sucesso;
