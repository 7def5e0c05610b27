/**
 * The category pages and the search grid (ADR 044): the store's products (naLoja) narrowed by category, kind, the
 * search's text (the same two steps as produto-busca.repository.ts), price, stock and brand; one page in the order
 * asked for, the total, and the facets (brands with counts, price range). Three statements, whatever the page's size.
 */
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { POR_PAGINA_VITRINE } from '@clinica/shared/vitrine';
import type { VitrineQuery } from '@clinica/shared/schemas/vitrine';
import type { Db, Tx } from '../../db/client.js';
import { categorias } from '../categoria/categoria.table.js';
import { imagens, produtos } from './produto.table.js';
import { cardColumns, naLoja, notaDoProduto } from './produto-colunas.js';
import { LIMIAR_SEMELHANCA, criteriosDeBusca } from './produto-busca.repository.js';

/** A price bound in cents, compared with the numeric(12,2) column exactly. */
const reais = (centavos: number) => sql`(${centavos}::numeric / 100)`;

export function createProdutoVitrine(db: Db) {
  /** The text's conditions: full text when it finds something in the store, else names like it (trigrams). */
  function busca(texto: string, porPalavras: boolean) {
    const { consulta, tsquery, comeca, exato } = criteriosDeBusca(texto);
    return porPalavras
      ? {
          where: sql`${produtos.busca} @@ ${tsquery}`,
          exato,
          relevancia: sql<number>`${comeca} + ts_rank_cd(${produtos.busca}, ${tsquery}, 32)`,
        }
      : {
          where: sql`${consulta} <% ${produtos.nomeBusca}`,
          exato,
          relevancia: sql<number>`${comeca} + word_similarity(${consulta}, ${produtos.nomeBusca})`,
        };
  }

  async function listar(tx: Db | Tx, q: VitrineQuery, termo: ReturnType<typeof busca> | undefined) {
    const base: (SQL | undefined)[] = [
      naLoja,
      q.categoria !== undefined ? eq(produtos.categoriaId, q.categoria) : undefined,
      q.tipo !== undefined ? eq(produtos.digital, q.tipo === 'digitais') : undefined,
      termo?.where,
      q.emEstoque ? eq(produtos.vendavel, true) : undefined,
    ];
    const preco = and(
      q.precoMin !== undefined ? sql`${produtos.preco} >= ${reais(q.precoMin)}` : undefined,
      q.precoMax !== undefined ? sql`${produtos.preco} <= ${reais(q.precoMax)}` : undefined,
    );
    const marca = q.marca.length > 0 ? inArray(produtos.marca, q.marca) : undefined;
    const nota = notaDoProduto(tx, produtos.id);

    const ordem: SQL[] = (() => {
      switch (q.ordem) {
        case 'menor-preco':
          return [asc(produtos.preco)];
        case 'maior-preco':
          return [desc(produtos.preco)];
        case 'avaliacao':
          return [sql`${nota.media} desc nulls last`, desc(nota.quantidade)];
        case 'novidades':
          return [desc(produtos.createdAt)];
        default:
          // Relevance for a text (the search's order); the store's order, by name, without one.
          return termo ? [desc(termo.exato), desc(termo.relevancia)] : [];
      }
    })();

    const cards = await tx
      .select({ ...cardColumns, media: nota.media, quantidade: nota.quantidade })
      .from(produtos)
      .leftJoin(imagens, eq(imagens.path, produtos.pathImgDestaque))
      .leftJoinLateral(nota, sql`true`)
      .where(and(...base, preco, marca))
      // Ties by the name's pt-BR key and id, so PGlite and PostgreSQL (and two pages) agree.
      .orderBy(...ordem, asc(produtos.nomeOrdem), asc(produtos.id))
      .limit(POR_PAGINA_VITRINE)
      .offset((q.pagina - 1) * POR_PAGINA_VITRINE);

    const filtroPreco = preco ?? sql`true`;
    const filtroMarca = marca ?? sql`true`;
    const [totais] = await tx
      .select({
        total: sql<number>`count(*) filter (where ${filtroPreco} and ${filtroMarca})::int`,
        precoMinimo: sql<number | null>`min(${produtos.preco}) filter (where ${filtroMarca})`.mapWith(produtos.preco),
        precoMaximo: sql<number | null>`max(${produtos.preco}) filter (where ${filtroMarca})`.mapWith(produtos.preco),
      })
      .from(produtos)
      .where(and(...base));

    const marcas = await tx
      .select({ nome: sql<string>`${produtos.marca}`, quantidade: sql<number>`count(*)::int` })
      .from(produtos)
      .where(and(...base, preco, sql`${produtos.marca} is not null`))
      .groupBy(produtos.marca)
      .orderBy(sql`f_chave_nome(${produtos.marca}) collate "C"`, sql`${produtos.marca} collate "C"`);

    return {
      cards,
      total: totais?.total ?? 0,
      precoMinimo: totais?.precoMinimo ?? null,
      precoMaximo: totais?.precoMaximo ?? null,
      marcas,
    };
  }

  return {
    /** The category by id (its page's title), or undefined. */
    async categoria(id: number) {
      const [row] = await db
        .select({ id: categorias.id, nome: categorias.nome, digital: categorias.digital })
        .from(categorias)
        .where(eq(categorias.id, id))
        .limit(1);
      return row;
    },

    /**
     * The grid's page, total and facets. With a text: its words when the store has products with them (whatever
     * the other filters), else names like it by trigrams, in a transaction with the search's planner settings.
     */
    async vitrine(q: VitrineQuery) {
      const texto = q.pesquisaProduto;
      if (texto === undefined) return listar(db, q, undefined);
      const { tsquery } = criteriosDeBusca(texto);
      const [achou] = await db
        .select({
          sim: sql<boolean>`exists (select 1 from ${produtos} where ${and(naLoja, sql`${produtos.busca} @@ ${tsquery}`)})`,
        })
        .from(sql`(select 1) um`);
      if (achou?.sim) return listar(db, q, busca(texto, true));
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(LIMIAR_SEMELHANCA)}, true), set_config('enable_seqscan', 'off', true)`,
        );
        return listar(tx, q, busca(texto, false));
      });
    },
  };
}

export type ProdutoVitrine = ReturnType<typeof createProdutoVitrine>;
