import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { SITUACOES_COMPRADO } from '@clinica/shared/order-status';
import { LIMITE_CARDS_POR_CATEGORIA } from '@clinica/shared/schemas/produto';
import type { Db } from '../../db/client.js';
import { prepareRead } from '../../db/prepared.js';
import { jsonLista } from '../../db/json-lista.js';
import { categorias } from '../categoria/categoria.table.js';
import { pedidoItens, pedidos } from '../pedido/pedido.table.js';
import {
  brindeVigente,
  catalogoVersao,
  imagens,
  produtoImagens,
  produtos,
  type VarianteImagem,
} from './produto.table.js';
import { cardColumns, imagemColumns, naLoja, notaDoProduto } from './produto-colunas.js';
import { createProdutoBusca } from './produto-busca.repository.js';

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
    'p.id, p.nome, p.preco, p.digital, p.vendavel as disponivel, p.path_img_destaque, p.ultimas_unidades, p.nome_ordem',
  )}) produtos`,
);

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

/** A content item of a course as its page lists it (ADR 047). */
interface ConteudoJson {
  id: number;
  ordem: number;
  titulo: string;
  duracao: string;
  video: boolean;
  previa: boolean;
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
        ultimasUnidades: daVitrine(produtos.ultimasUnidades),
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
          // What the store shows (ADR 032): the staff's switch and a unit left.
          disponivel: produtos.vendavel,
          pathImgDestaque: produtos.pathImgDestaque,
          duracao: produtos.duracao,
          anvisaRegistro: produtos.anvisaRegistro,
          usoProfissional: produtos.usoProfissional,
          marca: produtos.marca,
          sku: produtos.sku,
        },
        categoria: { id: categorias.id, nome: categorias.nome },
        imagem: imagemColumns,
        // The six lists of the page as JSON columns of the same row: one statement, one round trip
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
        // A course's items as its page lists them (ADR 047): the playable ones (ADR 015), in order.
        conteudos: jsonLista<ConteudoJson>(
          sql`select json_agg(json_build_object('id', ct.id, 'ordem', ct.ordem, 'titulo', ct.titulo, 'duracao', ct.duracao, 'video', ct.video, 'previa', ct.previa_gratuita) order by ct.ordem, ct.id) from conteudos_produto ct where ct.produto_id = ${produtos.id} and ct.processamento = 'PRONTO'`,
        ),
      })
      .from(produtos)
      .innerJoin(categorias, eq(categorias.id, produtos.categoriaId))
      .leftJoin(imagens, eq(imagens.path, produtos.pathImgDestaque))
      .where(and(eq(produtos.id, produtoId), eq(produtos.ativo, true)))
      .limit(1),
    'produto_detalhe',
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
          disponivel: produtos.vendavel,
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
          // Switched on but no unit left (ADR 032): the bag says so instead of promising it.
          esgotado: sql<boolean>`not ${produtos.vendavel}`,
        })
        .from(produtos)
        .where(brindeVigente(produtos))
        .orderBy(produtos.id)
        .limit(1);
      return row;
    },

    /**
     * The free units of `ids` now (ADR 032), never kept: active products only, `restam` null for a digital one.
     */
    async estoques(ids: readonly number[]) {
      return db
        .select({
          id: produtos.id,
          disponivel: produtos.vendavel,
          restam: sql<
            number | null
          >`case when ${produtos.digital} then null else greatest(${produtos.estoque} - ${produtos.reservado}, 0) end`.mapWith(
            (v: unknown) => (v === null ? null : Number(v)),
          ),
          usoProfissional: produtos.usoProfissional,
        })
        .from(produtos)
        .where(and(eq(produtos.ativo, true), inArray(produtos.id, [...ids])))
        .orderBy(produtos.id);
    },

    /** Whether `id` is an active product (the gift included), as the product page reads it (findDetalhe). */
    async existeAtivo(id: number): Promise<boolean> {
      const [row] = await db
        .select({ id: produtos.id })
        .from(produtos)
        .where(and(eq(produtos.id, id), eq(produtos.ativo, true)))
        .limit(1);
      return row !== undefined;
    },

    /**
     * 'Quem comprou também levou' (docs/behaviour/catalogue-and-search.md#product-page): the other products of the
     * paid orders (SITUACOES_COMPRADO: paid, shipped, delivered; never pending, cancelled, refused or being returned)
     * that hold `id`, as cards, the ones in most of those orders first (then by name), at most `limite`. A gift line
     * (`brinde`) was not bought and counts on neither side; only what the store sells now is offered (naLoja and
     * vendavel, ADR 032). Through pedido_itens_produto_idx and pedido_itens_pedido_idx: the cost follows the
     * product's orders, not the store's.
     */
    async compradosJuntos(id: number, limite: number) {
      const este = alias(pedidoItens, 'este');
      const juntos = db
        .select({
          produtoId: pedidoItens.produtoId,
          pedidos: sql<number>`count(distinct ${pedidoItens.pedidoId})`.as('pedidos'),
        })
        .from(este)
        .innerJoin(pedidos, and(eq(pedidos.id, este.pedidoId), inArray(pedidos.situacao, [...SITUACOES_COMPRADO])))
        .innerJoin(pedidoItens, eq(pedidoItens.pedidoId, este.pedidoId))
        .where(
          and(
            eq(este.produtoId, id),
            eq(este.brinde, false),
            ne(pedidoItens.produtoId, id),
            eq(pedidoItens.brinde, false),
          ),
        )
        .groupBy(pedidoItens.produtoId)
        .as('juntos');
      const nota = notaDoProduto(db, produtos.id);
      return db
        .select({ ...cardColumns, media: nota.media, quantidade: nota.quantidade })
        .from(juntos)
        .innerJoin(produtos, eq(produtos.id, juntos.produtoId))
        .leftJoin(imagens, eq(imagens.path, produtos.pathImgDestaque))
        .leftJoinLateral(nota, sql`true`)
        .where(and(naLoja, eq(produtos.vendavel, true)))
        .orderBy(desc(juntos.pedidos), produtos.nomeOrdem, produtos.id)
        .limit(limite);
    },

    /** The store's search and the header's suggestions (produto-busca.repository.ts). */
    ...createProdutoBusca(db),
  };
}

export type ProdutoRepository = ReturnType<typeof createProdutoRepository>;
