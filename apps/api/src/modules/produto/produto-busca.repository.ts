/**
 * The store's search (docs/behaviour/catalogue-and-search.md): full text in Portuguese, then, when it finds
 * nothing, names like the text by trigram similarity; product cards ranked in one statement.
 */
import { and, asc, desc, eq, exists, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { prepareRead } from '../../db/prepared.js';
import { categorias } from '../categoria/categoria.table.js';
import { imagens, produtos } from './produto.table.js';
import { cardColumns, naLoja, notaDoProduto } from './produto-colunas.js';

/**
 * How lenient the typo-tolerant half of the search is: the smallest
 * word_similarity (pg_trgm) between the search text and a stretch of a
 * product's name that counts as a match ("escva" ~ "escova" is 0.5).
 */
export const LIMIAR_SEMELHANCA = 0.45;

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
export const criteriosDeBusca = (texto: string) =>
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

export function createProdutoBusca(db: Db) {
  const porPalavrasCriterios = termosDaBusca(sql.placeholder('texto'));
  /** Step 1 of the search (full text) as a prepared statement; `extra` narrows it (the suggestions: vendavel). */
  const porPalavras = (nome: string, extra?: SQL) =>
    prepareRead(
      cardsRanqueados(db, {
        termos: porPalavrasCriterios.termos,
        where: and(sql`${produtos.busca} @@ ${porPalavrasCriterios.tsquery}`, extra),
        exato: porPalavrasCriterios.exato,
        relevancia: sql<number>`${porPalavrasCriterios.comeca} + ts_rank_cd(${produtos.busca}, ${porPalavrasCriterios.tsquery}, 32)`,
        limite: sql.placeholder('limite'),
      }),
      nome,
    );
  const buscaPorPalavras = porPalavras('produto_busca_palavras');
  // What the header's suggestions offer (ADR 045): only what can be bought now (ADR 032).
  const vendaveis = eq(produtos.vendavel, true);
  const sugestaoPorPalavras = porPalavras('produto_sugestao_palavras', vendaveis);

  /** The search of `buscar` below with `primeiro` as its step 1 and `extra` narrowing its step 2. */
  async function buscarCom(primeiro: typeof buscaPorPalavras, texto: string, limite: number, extra?: SQL) {
    const porPalavras = await primeiro.execute({ texto, limite });
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
        where: and(sql`${consulta} <% ${produtos.nomeBusca}`, extra),
        exato,
        relevancia: sql<number>`${comeca} + word_similarity(${consulta}, ${produtos.nomeBusca})`,
        limite,
      });
    });
  }

  return {
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
    buscar: (texto: string, limite: number) => buscarCom(buscaPorPalavras, texto, limite),

    /** The same search among the products that can be bought now (vendavel): the header's suggestions (ADR 045). */
    sugerir: (texto: string, limite: number) => buscarCom(sugestaoPorPalavras, texto, limite, vendaveis),

    /**
     * Categories with a product in the store whose unaccented name contains the text (strpos: no wildcard of the
     * user's), names starting with it first, then by name; at most `limite`.
     */
    async categoriasCom(texto: string, limite: number) {
      const consulta = sql`f_unaccent(lower(${texto}::text))`;
      const nome = sql`f_unaccent(lower(${categorias.nome}))`;
      return db
        .select({ id: categorias.id, nome: categorias.nome, digital: categorias.digital })
        .from(categorias)
        .where(
          and(
            sql`strpos(${nome}, ${consulta}) > 0`,
            exists(
              db
                .select({ um: sql`1` })
                .from(produtos)
                .where(and(eq(produtos.categoriaId, categorias.id), naLoja)),
            ),
          ),
        )
        .orderBy(sql`strpos(${nome}, ${consulta}) = 1 desc`, asc(categorias.nome), asc(categorias.id))
        .limit(limite);
    },
  };
}
