import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { LIMITE_CARDS_POR_CATEGORIA } from '@clinica/shared/schemas/produto';
import type { Db, Tx } from '../../db/client.js';
import { prepareRead } from '../../db/prepared.js';
import { jsonLista } from '../../db/json-lista.js';
import { avaliacoes } from '../avaliacao/avaliacao.table.js';
import { categorias } from '../categoria/categoria.table.js';
import { catalogoVersao, imagens, produtoImagens, produtos, type VarianteImagem } from './produto.table.js';

/**
 * How lenient the typo-tolerant half of the search is: the smallest
 * word_similarity (pg_trgm) between the search text and a stretch of a
 * product's name that counts as a match ("escva" ~ "escova" is 0.5).
 */
const LIMIAR_SEMELHANCA = 0.45;

/** What the public store shows: active products that are not the gift. */
const naLoja = and(eq(produtos.ativo, true), eq(produtos.brinde, false));

/**
 * How many products each list of the store's front shows at most (ADR 018): a
 * category's carousel (LIMITE_CARDS_POR_CATEGORIA, shared with the page that
 * says so) and each of the header's two menus (two columns). The first by
 * name; the rest are reached through the search. A clinic's catalogue never
 * reaches them; a catalogue of 10,000 products would otherwise send 6.7 MB on
 * every store visit.
 */
export const LIMITE_MENU_POR_TIPO = 48;

/**
 * The first products of a group in the service's pt-BR name order (`nome_ordem`,
 * the name's sort key kept by the database): their `colunas`, by default the id
 * for a condition on the outer query's product. Each group is one scan of a
 * partial index (produtos_vitrine_*_idx) that stops at `limite` rows, so the
 * cost does not grow with the catalogue.
 */
const primeirosDoGrupo = (filtro: string, limite: number, colunas = 'p.id'): string =>
  `select ${colunas} from produtos p where ${filtro} and p.ativo and not p.brinde order by p.nome_ordem, p.id limit ${limite}`;

/**
 * The first LIMITE_MENU_POR_TIPO physical and digital products with the menus' columns, as the subquery `menu`: read
 * from the two index scans themselves. Joined back to `produtos` by id (`id in (…)`), the same rows cost a hash of
 * the ids and a primary-key lookup each: 1.0 ms against 0.58 ms on PostgreSQL for the 96 names.
 */
const COLUNAS_MENU = 'p.id, p.nome, p.digital, p.path_img_destaque, p.nome_ordem';
const menusDeCadaTipo = sql.raw(
  `((${primeirosDoGrupo('p.digital = false', LIMITE_MENU_POR_TIPO, COLUNAS_MENU)}) union all ` +
    `(${primeirosDoGrupo('p.digital = true', LIMITE_MENU_POR_TIPO, COLUNAS_MENU)})) menu`,
);

/** A card column of cartoesDaCategoria: the column's SQL and decoder, with its type. */
const daVitrine = <C extends AnyPgColumn>(coluna: C) => sql<C['_']['data']>`${coluna}`.mapWith(coluna);

/**
 * A category's first LIMITE_CARDS_POR_CATEGORIA products, with the card's columns, read from the category's index
 * scan itself: a subquery to cross join LATERAL after `categorias`, named "produtos" so that the card's columns are
 * written as the table's. Joined back to `produtos` by id (`id in (…)`), the same rows cost a hash of the ids, a
 * primary-key lookup each and a join to `categorias`: 3.2–3.6 ms against 2.6 ms on PostgreSQL for the 264 cards.
 */
const cartoesDaCategoria = sql.raw(
  `(${primeirosDoGrupo(
    'p.categoria_id = categorias.id',
    LIMITE_CARDS_POR_CATEGORIA,
    'p.id, p.nome, p.preco, p.digital, p.disponivel, p.path_img_destaque, p.nome_ordem',
  )}) produtos`,
);

/** The responsive sizes of an image, by the path its table keeps (null when it has none). */
const imagemColumns = {
  path: imagens.path,
  largura: imagens.largura,
  altura: imagens.altura,
  variantes: imagens.variantes,
};

/** A gallery image of the product page, as its JSON column carries it. */
interface GaleriaJson {
  id: number;
  path: string;
  largura: number;
  altura: number;
  variantes: VarianteImagem[];
}

/** A review of the product page, as its JSON column carries it (`nota` a number, `createdAt` ISO text). */
interface AvaliacaoJson {
  clienteId: number;
  produtoId: number;
  nota: number;
  comentario: string | null;
  createdAt: string;
  nome: string | null;
  razaoSocial: string | null;
  juridica: boolean;
}

/** The columns of a product card; `imagem` comes from a LEFT JOIN of `imagens` on path_img_destaque. */
const cardColumns = {
  id: produtos.id,
  nome: produtos.nome,
  preco: produtos.preco,
  digital: produtos.digital,
  disponivel: produtos.disponivel,
  pathImgDestaque: produtos.pathImgDestaque,
  imagem: imagemColumns,
};

/** Average rating of a group of reviews, two decimals (null without reviews), and how many there are. */
const notaColumns = () => ({
  media: sql<number | null>`round(avg(${avaliacoes.nota}), 2)::float8`.as('media'),
  quantidade: sql<number>`count(*)::int`.as('quantidade'),
});

/**
 * The rating of one product (the row being read: `produtoId` is its column), a
 * subquery to join LATERAL: only that product's reviews are read, through
 * `avaliacoes_produto_idx`. Aggregating every review in one subquery and
 * joining it by product cost the category carousels a scan and a hash of the
 * whole table on each request (5 of their 9.6 ms on the 10,000-product bench).
 */
const notaDoProduto = (db: Db | Tx, produtoId: SQL.Aliased<number> | typeof produtos.id) =>
  db.select(notaColumns()).from(avaliacoes).where(eq(avaliacoes.produtoId, produtoId)).as('nota');

/**
 * Product cards of the store (active, not the gift) matching `where`, best
 * first: the `limite` best by exact name, then `relevancia`, then unaccented
 * name (byte order) and id, chosen in a subquery; then their card columns,
 * image sizes and rating (a lateral aggregate of their reviews). One statement.
 */
function cardsRanqueados(
  db: Db | Tx,
  opts: {
    where: SQL | undefined;
    exato: SQL<boolean>;
    relevancia: SQL<number>;
    limite: number | ReturnType<typeof sql.placeholder>;
    /** A one-row subquery the conditions read (termosDaBusca), cross joined. */
    termos?: SQL;
  },
) {
  const candidatos = db
    .select({
      id: sql<number>`${produtos.id}`.as('ranking_id'),
      exato: opts.exato.as('exato'),
      relevancia: opts.relevancia.as('relevancia'),
      nomeOrdem: sql<string>`${produtos.nomeOrdem}`.as('ranking_ordem'),
    })
    .from(produtos)
    .$dynamic();
  const ranking = (opts.termos ? candidatos.crossJoin(opts.termos) : candidatos)
    .where(and(naLoja, opts.where))
    .orderBy(desc(sql`exato`), desc(sql`relevancia`), asc(sql`ranking_ordem`), asc(sql`ranking_id`))
    .limit(opts.limite)
    .as('ranking');
  const nota = notaDoProduto(db, ranking.id);
  return db
    .select({ ...cardColumns, media: nota.media, quantidade: nota.quantidade })
    .from(ranking)
    .innerJoin(produtos, eq(produtos.id, ranking.id))
    .leftJoin(imagens, eq(imagens.path, produtos.pathImgDestaque))
    .leftJoinLateral(nota, sql`true`)
    .orderBy(desc(ranking.exato), desc(ranking.relevancia), asc(ranking.nomeOrdem), asc(ranking.id));
}

/**
 * The search's conditions, given the text in its two forms: `consulta` (lower
 * case, no accents, read as plain characters by the ranking and the trigram
 * functions) and `tsquery` (read as words by plainto_tsquery).
 */
function criterios(consulta: SQL, tsquery: SQL) {
  return {
    consulta,
    tsquery,
    comeca: sql`(CASE WHEN starts_with(${produtos.nomeBusca}, ${consulta}) THEN 0.5 ELSE 0 END)`,
    exato: sql<boolean>`${produtos.nomeBusca} = ${consulta}`,
  };
}

/** The search's conditions for a bound text, its forms computed in place (a statement planned for that text). */
const criteriosDeBusca = (texto: string) =>
  criterios(
    sql`f_unaccent(lower(${texto}::text))`,
    sql`plainto_tsquery('portuguese'::regconfig, f_unaccent(${texto}::text))`,
  );

/**
 * The text's two forms for a prepared statement, computed once per execution in
 * a one-row subquery to cross join (`termos`; OFFSET 0 keeps the planner from
 * folding it back into the expressions). In place, a generic plan, which
 * PostgreSQL's plan cache picks for a named statement after five executions,
 * evaluates f_unaccent and plainto_tsquery again for every matching row: on
 * PGlite 6.6 ms against 1.7 ms for "escova" on the 10,000-product bench.
 */
function termosDaBusca(texto: ReturnType<typeof sql.placeholder>) {
  return {
    termos: sql`(select f_unaccent(lower(${texto}::text)) as consulta, plainto_tsquery('portuguese'::regconfig, f_unaccent(${texto}::text)) as tsq offset 0) termos`,
    ...criterios(sql`termos.consulta`, sql`termos.tsq`),
  };
}

export function createProdutoRepository(db: Db) {
  // The store's hot public reads (the menus, the category carousels, the product page, the search), built
  // once (db/prepared.ts, ADR 008): each call binds its values and sends the statement.
  const produtoId = sql.placeholder('produtoId');

  const menu = prepareRead(
    db
      .select({
        id: sql<number>`menu.id`,
        nome: sql<string>`menu.nome`,
        digital: sql<boolean>`menu.digital`,
        pathImgDestaque: sql<string | null>`menu.path_img_destaque`,
      })
      .from(menusDeCadaTipo)
      // In pt-BR order (nome_ordem): the service answers in this order, without sorting.
      .orderBy(sql`menu.nome_ordem`, sql`menu.id`),
    'produto_menu',
  );

  const nota = notaDoProduto(db, produtos.id);
  const cardsComCategoria = prepareRead(
    db
      .select({
        // The card's columns are the LATERAL subquery's (cartoesDaCategoria), written as the table's: Drizzle
        // refuses a column object of a table the query does not join, so they go as SQL with the column's decoder.
        id: daVitrine(produtos.id),
        nome: daVitrine(produtos.nome),
        preco: daVitrine(produtos.preco),
        digital: daVitrine(produtos.digital),
        disponivel: daVitrine(produtos.disponivel),
        pathImgDestaque: daVitrine(produtos.pathImgDestaque),
        imagem: imagemColumns,
        categoria: { id: categorias.id, nome: categorias.nome, digital: categorias.digital },
        media: nota.media,
        quantidade: nota.quantidade,
      })
      .from(categorias)
      .crossJoinLateral(cartoesDaCategoria)
      .leftJoin(imagens, eq(imagens.path, produtos.pathImgDestaque))
      .leftJoinLateral(nota, sql`true`)
      // Each category's cards in pt-BR order (nome_ordem), kept by the service, which sorts only the categories.
      .orderBy(categorias.digital, categorias.nome, categorias.id, produtos.nomeOrdem, produtos.id),
    'produto_cards_categoria',
  );

  const detalhe = prepareRead(
    db
      .select({
        // Only what the page shows: not the search document (a long tsvector) nor the back-office fields.
        produto: {
          id: produtos.id,
          nome: produtos.nome,
          descricao: produtos.descricao,
          preco: produtos.preco,
          digital: produtos.digital,
          disponivel: produtos.disponivel,
          pathImgDestaque: produtos.pathImgDestaque,
          duracao: produtos.duracao,
        },
        categoria: { id: categorias.id, nome: categorias.nome },
        imagem: imagemColumns,
        // The five lists of the page as JSON columns of the same row: one statement, one round trip
        // (on PGlite's single connection six statements queued one after another).
        galeria: jsonLista<GaleriaJson>(
          sql`select json_agg(json_build_object('id', pi.id, 'path', i.path, 'largura', i.largura, 'altura', i.altura, 'variantes', i.variantes) order by pi.ordem, pi.id) from produto_imagens pi join imagens i on i.path = pi.path where pi.produto_id = ${produtos.id} and not pi.imagem_site`,
        ),
        fichaTecnica: jsonLista<{ descricao: string; valor: string }>(
          sql`select json_agg(json_build_object('descricao', f.descricao, 'valor', f.valor) order by f.id) from fichas_tecnicas f where f.produto_id = ${produtos.id}`,
        ),
        tags: jsonLista<string>(
          sql`select json_agg(t.nome) from produto_tags pt join tags t on t.id = pt.tag_id where pt.produto_id = ${produtos.id}`,
        ),
        autores: jsonLista<{ nome: string; sobre: string | null; pathImg: string | null }>(
          sql`select json_agg(json_build_object('nome', a.nome, 'sobre', a.sobre, 'pathImg', a.path_img)) from produto_autores pa join autores a on a.id = pa.autor_id where pa.produto_id = ${produtos.id}`,
        ),
        avaliacoes: jsonLista<AvaliacaoJson>(
          sql`select json_agg(json_build_object('clienteId', av.cliente_id, 'produtoId', av.produto_id, 'nota', av.nota, 'comentario', av.comentario, 'createdAt', av.created_at, 'nome', c.nome, 'razaoSocial', c.razao_social, 'juridica', c.juridica) order by av.created_at desc, av.id desc) from avaliacoes av join clientes c on c.id = av.cliente_id where av.produto_id = ${produtos.id}`,
        ),
      })
      .from(produtos)
      .innerJoin(categorias, eq(categorias.id, produtos.categoriaId))
      .leftJoin(imagens, eq(imagens.path, produtos.pathImgDestaque))
      .where(and(eq(produtos.id, produtoId), eq(produtos.ativo, true)))
      .limit(1),
    'produto_detalhe',
  );

  const porPalavrasCriterios = termosDaBusca(sql.placeholder('texto'));
  const buscaPorPalavras = prepareRead(
    cardsRanqueados(db, {
      termos: porPalavrasCriterios.termos,
      where: sql`${produtos.busca} @@ ${porPalavrasCriterios.tsquery}`,
      exato: porPalavrasCriterios.exato,
      relevancia: sql<number>`${porPalavrasCriterios.comeca} + ts_rank_cd(${produtos.busca}, ${porPalavrasCriterios.tsquery}, 32)`,
      limite: sql.placeholder('limite'),
    }),
    'produto_busca_palavras',
  );

  // The number and the transaction that last wrote the row (xmin): a database restored from an older backup under a
  // running API gives again numbers it has kept answers for, but written by other transactions.
  const versao = prepareRead(
    db
      .select({ versao: sql<string>`${catalogoVersao.versao}::text || '.' || ${catalogoVersao}.xmin::text` })
      .from(catalogoVersao)
      .where(eq(catalogoVersao.id, 1)),
    'catalogo_versao',
  );

  return {
    /** The catalogue's version (ADR 021), opaque: it changes at the commit of every change of what the public reads show. */
    async versaoDoCatalogo(): Promise<string> {
      const [row] = await versao.execute();
      return row?.versao ?? '';
    },

    /** Active, non-gift products for the header menus (the first 48 of each kind by name, ADR 018): one query for both lists. */
    async listMenu() {
      return menu.execute();
    },

    /**
     * The product cards of the store (active, not the gift; the first 24 of
     * each category by name, ADR 018) with their category, card image sizes
     * and rating: one query, whatever the number of products.
     * By category (physical first, then name) and product name, in the database's order.
     */
    async listCardsComCategoria() {
      return cardsComCategoria.execute();
    },

    /**
     * An active product (the gift included) with its category, the sizes of
     * its card image, and the lists of its page: gallery (not the home
     * banner; images with sizes, in display order), technical sheet (as
     * written), tag names, authors, and reviews with the reviewer's name
     * columns (newest first); undefined when unknown or inactive. One
     * statement, whatever the lists' sizes.
     */
    async findDetalhe(id: number) {
      const [row] = await detalhe.execute({ produtoId: id });
      return row;
    },

    /**
     * The home banners: active products (not the gift) shown on the site that
     * have a home image with sizes; one row per product (its first home image),
     * in product order.
     */
    async listBanners() {
      return db
        .selectDistinctOn([produtos.id], {
          idProduto: produtos.id,
          nome: produtos.nome,
          pathImgDestaque: produtos.pathImgDestaque,
          titulo: produtos.tituloImagemHome,
          texto: produtos.textoHome,
          digital: produtos.digital,
          preco: produtos.preco,
          disponivel: produtos.disponivel,
          imagem: imagemColumns,
        })
        .from(produtos)
        .innerJoin(produtoImagens, eq(produtoImagens.produtoId, produtos.id))
        .innerJoin(imagens, eq(imagens.path, produtoImagens.path))
        .where(and(naLoja, eq(produtos.produtoExibidoSite, true), eq(produtoImagens.imagemSite, true)))
        .orderBy(produtos.id, produtoImagens.ordem, produtoImagens.id);
    },

    /** The active gift product that can be shipped (the oldest, if there are several); undefined when none. */
    async findBrinde() {
      const [row] = await db
        .select({
          id: produtos.id,
          nome: produtos.nome,
          pathImgDestaque: produtos.pathImgDestaque,
          digital: produtos.digital,
        })
        .from(produtos)
        .where(and(eq(produtos.brinde, true), eq(produtos.ativo, true), eq(produtos.disponivel, true)))
        .orderBy(produtos.id)
        .limit(1);
      return row;
    },

    /**
     * Store search (active products, not the gift), best first, at most
     * `limite` product cards (with image sizes and rating):
     *  1. full text in Portuguese without accents (`busca`, GIN): every word of
     *     the text, stemmed, so plurals, accents and case do not matter
     *     ("escovas", "harmonizacao");
     *  2. only when 1 finds nothing ("did you mean"): products whose unaccented
     *     name is like the text by trigram word similarity (`<%`, GIN trigram
     *     index), for typos and unfinished words ("escva", "harmoniz").
     * Ranked: the exact name first, then names starting with the text, then
     * text rank (name weighs more than description) or similarity; ties by the
     * unaccented name in byte order and id, so PGlite and PostgreSQL agree.
     * The text is always a bound parameter, read as words by plainto_tsquery and
     * as plain characters by the trigram functions: no operator or wildcard of
     * the user's reaches SQL. One statement, or four more for step 2 (a
     * transaction with its own planner settings).
     */
    async buscar(texto: string, limite: number) {
      const porPalavras = await buscaPorPalavras.execute({ texto, limite });
      if (porPalavras.length > 0) return porPalavras;

      const { consulta, comeca, exato } = criteriosDeBusca(texto);
      return db.transaction(async (tx) => {
        // Local to this transaction: the similarity bar of `<%`, and the GIN trigram index instead of a
        // sequential scan (the planner prices word_similarity like a cheap operator; on 10,000 products a
        // scan computing it for every row is ten times slower than the bitmap scan).
        await tx.execute(
          sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(LIMIAR_SEMELHANCA)}, true), set_config('enable_seqscan', 'off', true)`,
        );
        return cardsRanqueados(tx, {
          where: sql`${consulta} <% ${produtos.nomeBusca}`,
          exato,
          relevancia: sql<number>`${comeca} + word_similarity(${consulta}, ${produtos.nomeBusca})`,
          limite,
        });
      });
    },
  };
}

export type ProdutoRepository = ReturnType<typeof createProdutoRepository>;
