/**
 * The SQL pieces the store's public reads share (produto.repository.ts and the search, produto-busca.repository.ts):
 * what the store shows, a product card's columns and its rating.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { avaliacoes } from '../avaliacao/avaliacao.table.js';
import { imagens, produtos } from './produto.table.js';

/** What the public store shows: active products that are not the gift. */
export const naLoja = and(eq(produtos.ativo, true), eq(produtos.brinde, false));

/** The responsive sizes of an image, by the path its table keeps (null when it has none). */
export const imagemColumns = {
  path: imagens.path,
  largura: imagens.largura,
  altura: imagens.altura,
  variantes: imagens.variantes,
};

/** The columns of a product card; `imagem` comes from a LEFT JOIN of `imagens` on path_img_destaque. */
export const cardColumns = {
  id: produtos.id,
  nome: produtos.nome,
  preco: produtos.preco,
  digital: produtos.digital,
  /** What the store shows as available (ADR 032): the staff's switch on and a unit left (vendavel). */
  disponivel: produtos.vendavel,
  pathImgDestaque: produtos.pathImgDestaque,
  imagem: imagemColumns,
  /** 'Últimas unidades' (ADR 044): a flag kept by the database, never the units. */
  ultimasUnidades: produtos.ultimasUnidades,
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
export const notaDoProduto = (db: Db | Tx, produtoId: SQL.Aliased<number> | typeof produtos.id) =>
  db.select(notaColumns()).from(avaliacoes).where(eq(avaliacoes.produtoId, produtoId)).as('nota');
