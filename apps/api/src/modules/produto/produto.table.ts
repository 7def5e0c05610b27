import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { money } from '../../db/columns.js';
import { autores } from '../autor/autor.table.js';
import { categorias } from '../categoria/categoria.table.js';

/** A PostgreSQL text-search document (read as its text form; never written: it is generated). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
/** Text compared byte by byte, whatever the database's collation: a sort key (nomeOrdem). */
const textoC = customType<{ data: string }>({ dataType: () => 'text COLLATE "C"' });

/**
 * The search document of a product: the name (weight A) and the description
 * (weight B), without accents, stemmed as Portuguese. The configuration is
 * named (never the server default, which differs between databases), and
 * f_unaccent is the IMMUTABLE wrapper of the extensions migration.
 */
export const BUSCA_DOCUMENTO = sql`setweight(to_tsvector('portuguese'::regconfig, f_unaccent("nome")), 'A') || setweight(to_tsvector('portuguese'::regconfig, f_unaccent(coalesce("descricao", ''))), 'B')`;

/**
 * Products: physical (dimensions, technical sheet) or digital (courses: authors,
 * tags, contents). Money is numeric(12,2) (a string in TypeScript); dimensions
 * in cm, weight in kg. `pathImgDestaque` is the card image URL path.
 */
export const produtos = pgTable(
  'produtos',
  {
    id: serial('id').primaryKey(),
    nome: varchar('nome', { length: 150 }).notNull(),
    descricao: text('descricao'),
    preco: money('preco').notNull(),
    digital: boolean('digital').notNull().default(false),
    produtoExibidoSite: boolean('produto_exibido_site').notNull().default(false),
    categoriaId: integer('categoria_id')
      .notNull()
      .references(() => categorias.id, { onDelete: 'restrict' }),
    /** HH:MM:SS, hours 00-23 (docs/behaviour/forms-and-validation.md#back-office-fields). */
    tempoEstimado: varchar('tempo_estimado', { length: 8 }),
    /** Workload shown as "Carga horária" (free text, e.g. "12 horas"). */
    duracao: varchar('duracao', { length: 30 }),
    altura: numeric('altura', { precision: 10, scale: 2 }),
    peso: numeric('peso', { precision: 10, scale: 3 }),
    largura: numeric('largura', { precision: 10, scale: 2 }),
    comprimento: numeric('comprimento', { precision: 10, scale: 2 }),
    brinde: boolean('brinde').notNull().default(false),
    tituloImagemHome: varchar('titulo_imagem_home', { length: 150 }),
    textoHome: text('texto_home'),
    ativo: boolean('ativo').notNull().default(true),
    /** The staff's switch: off, the product is not sold whatever its stock (ADR 032 keeps it beside the stock). */
    disponivel: boolean('disponivel').notNull().default(true),
    /**
     * Stock of a physical product (ADR 032): the units on hand, and how many of them unpaid orders hold. The database
     * keeps 0 ≤ reservado ≤ estoque (produtos_estoque_ck), so no write can leave a negative quantity. Ignored for a
     * digital product (no stock: 0).
     */
    estoque: integer('estoque').notNull().default(0),
    reservado: integer('reservado').notNull().default(0),
    /** 'Estoque mínimo': at or below it, the product is in the back-office's 'Estoque baixo' list (ADR 032). */
    estoqueMinimo: integer('estoque_minimo').notNull().default(5),
    /**
     * Whether the store sells the product now, kept by the database: the staff's switch on, and digital or a unit
     * not reserved (packages/shared/src/stock.ts vendavel). What the public reads show as `disponivel`.
     */
    vendavel: boolean('vendavel')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`"disponivel" AND ("digital" OR "estoque" - "reservado" > 0)`),
    pathImgDestaque: varchar('path_img_destaque', { length: 500 }),
    /**
     * The invoice's fiscal codes of a physical product (ADR 031): its NCM (8 digits, required to invoice it) and,
     * rarely, a CFOP of its own; null CFOP: 5102 inside the state, 6102 to another (packages/shared/src/nfe.ts).
     */
    ncm: varchar('ncm', { length: 8 }),
    cfop: varchar('cfop', { length: 4 }),
    /**
     * The ANVISA registration or notification number of a physical product (ADR 037), digits only: 11 (a health
     * product) or 13 (a medicine); null for a course or a product exempt from registration.
     */
    anvisaRegistro: varchar('anvisa_registro', { length: 13 }),
    /** 'Uso profissional' (RDC 6/2015): sold only to a customer with a CRO in the profile (ADR 037). */
    usoProfissional: boolean('uso_profissional').notNull().default(false),
    /** The brand of a physical product ('Marca', ADR 044): a filter of the category pages; null for a course. */
    marca: varchar('marca', { length: 60 }),
    /** The store's code of a physical product ('Código', SKU, ADR 044): unique when present. */
    sku: varchar('sku', { length: 40 }),
    /**
     * 'Últimas unidades' (ADR 044), kept by the database: a physical product on sale whose units that can be ordered
     * are at or below its 'Estoque mínimo' (the back-office's 'Estoque baixo', ADR 032). The public reads show this
     * flag, never the units; the catalogue's version rises when it changes (0028's trigger compares every column
     * but the units and vendavel).
     */
    ultimasUnidades: boolean('ultimas_unidades')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`NOT "digital" AND "disponivel" AND "estoque" - "reservado" > 0 AND "estoque" - "reservado" <= "estoque_minimo"`,
      ),
    /** The name in lower case without accents, kept by the database: what the typo-tolerant search compares. */
    nomeBusca: text('nome_busca')
      .notNull()
      .generatedAlwaysAs(() => sql`f_unaccent(lower("nome"))`),
    /**
     * The name's pt-BR sort key, kept by the database (f_chave_nome, migration 0016: the copy of the shared
     * chaveNome): the store's front lists are read in this order, already the order the service gives them.
     */
    nomeOrdem: textoC('nome_ordem')
      .notNull()
      .generatedAlwaysAs(() => sql`f_chave_nome("nome")`),
    /** Full-text search document, kept by the database (see BUSCA_DOCUMENTO). */
    busca: tsvector('busca')
      .notNull()
      .generatedAlwaysAs(() => BUSCA_DOCUMENTO),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('produtos_preco_ck', sql`${t.preco} >= 0`),
    check('produtos_estoque_ck', sql`${t.reservado} >= 0 AND ${t.reservado} <= ${t.estoque}`),
    check('produtos_estoque_minimo_ck', sql`${t.estoqueMinimo} >= 0`),
    check(
      'produtos_dimensoes_ck',
      sql`coalesce(${t.altura}, 0) >= 0 AND coalesce(${t.peso}, 0) >= 0 AND coalesce(${t.largura}, 0) >= 0 AND coalesce(${t.comprimento}, 0) >= 0`,
    ),
    // Hours 0-23, minutes and seconds 0-59.
    check('produtos_ncm_ck', sql`${t.ncm} ~ '^[0-9]{8}$'`),
    check('produtos_cfop_ck', sql`${t.cfop} ~ '^[0-9]{4}$'`),
    check('produtos_anvisa_registro_ck', sql`${t.anvisaRegistro} ~ '^([0-9]{11}|[0-9]{13})$'`),
    check('produtos_tempo_estimado_ck', sql`${t.tempoEstimado} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]$'`),
    index('produtos_categoria_idx').on(t.categoriaId),
    uniqueIndex('produtos_sku_uq').on(t.sku),
    // The store's front lists (ADR 018): the first products of a category, or of a kind, by name.
    index('produtos_vitrine_categoria_idx')
      .on(t.categoriaId, t.nomeOrdem, t.id)
      .where(sql`${t.ativo} AND NOT ${t.brinde}`),
    index('produtos_vitrine_tipo_idx')
      .on(t.digital, t.nomeOrdem, t.id)
      .where(sql`${t.ativo} AND NOT ${t.brinde}`),
    // Accent- and case-insensitive name search by trigrams (similarity, LIKE/ILIKE '%…%').
    index('produtos_nome_trgm_idx').using('gin', sql`${t.nomeBusca} gin_trgm_ops`),
    // Portuguese full-text search over name and description.
    index('produtos_busca_idx').using('gin', t.busca),
    // One active gift product at a time (the bag offers one gift): the second active gift is refused by the database.
    uniqueIndex('produtos_brinde_ativo_uq')
      .on(t.brinde)
      .where(sql`${t.brinde} AND ${t.ativo}`),
  ],
);

/**
 * The gift the bag offers: the active, switched-on gift product. Written as plain SQL, not `brinde = $1`: the
 * statements that read it are prepared once (db/prepared.ts) and PostgreSQL's generic plan can use the partial
 * index `produtos_brinde_ativo_uq` only when the query states its predicate itself; with parameters it walked the
 * primary key through every product before the gift (docs/quality.md P4).
 */
export const brindeVigente = (t: Record<'brinde' | 'ativo' | 'disponivel', AnyPgColumn>) =>
  sql`${t.brinde} AND ${t.ativo} AND ${t.disponivel}`;

/** One responsive size of an image: its width in pixels and its URL path. */
export interface VarianteImagem {
  largura: number;
  path: string;
}

/**
 * Every public image (product pictures, banners, author photos) in responsive
 * WebP sizes. `path` is the largest variant's URL path: the value the other
 * tables store (produto_imagens.path, produtos.path_img_destaque,
 * autores.path_img), so any of them finds its sizes by joining on it.
 * File names carry a content hash, so the files never change and are cached forever.
 */
export const imagens = pgTable(
  'imagens',
  {
    id: serial('id').primaryKey(),
    path: varchar('path', { length: 500 }).notNull(),
    /** Size of the largest variant, in pixels. */
    largura: integer('largura').notNull(),
    altura: integer('altura').notNull(),
    /** Every variant, narrowest first (the largest is `path`). */
    variantes: jsonb('variantes').$type<VarianteImagem[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('imagens_path_uq').on(t.path),
    check('imagens_dimensoes_ck', sql`${t.largura} > 0 AND ${t.altura} > 0`),
    check(
      'imagens_variantes_ck',
      sql`jsonb_typeof(${t.variantes}) = 'array' AND jsonb_array_length(${t.variantes}) > 0`,
    ),
  ],
);

/** Product images; imagem_site marks the home-banner image. `path` is the URL path. */
export const produtoImagens = pgTable(
  'produto_imagens',
  {
    id: serial('id').primaryKey(),
    produtoId: integer('produto_id')
      .notNull()
      .references(() => produtos.id, { onDelete: 'cascade' }),
    nome: varchar('nome', { length: 255 }).notNull(),
    path: varchar('path', { length: 500 }).notNull(),
    imagemSite: boolean('imagem_site').notNull().default(false),
    ordem: integer('ordem').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('produto_imagens_produto_idx').on(t.produtoId, t.ordem)],
);

/** Technical sheet rows of physical products. */
export const fichasTecnicas = pgTable(
  'fichas_tecnicas',
  {
    id: serial('id').primaryKey(),
    produtoId: integer('produto_id')
      .notNull()
      .references(() => produtos.id, { onDelete: 'cascade' }),
    descricao: varchar('descricao', { length: 100 }).notNull(),
    valor: varchar('valor', { length: 255 }).notNull(),
  },
  (t) => [index('fichas_tecnicas_produto_idx').on(t.produtoId)],
);

export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    nome: varchar('nome', { length: 60 }).notNull(),
  },
  (t) => [uniqueIndex('tags_nome_lower_uq').on(sql`lower(${t.nome})`)],
);

export const produtoTags = pgTable(
  'produto_tags',
  {
    produtoId: integer('produto_id')
      .notNull()
      .references(() => produtos.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.produtoId, t.tagId] }), index('produto_tags_tag_idx').on(t.tagId)],
);

export const produtoAutores = pgTable(
  'produto_autores',
  {
    produtoId: integer('produto_id')
      .notNull()
      .references(() => produtos.id, { onDelete: 'cascade' }),
    autorId: integer('autor_id')
      .notNull()
      .references(() => autores.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.produtoId, t.autorId] }), index('produto_autores_autor_idx').on(t.autorId)],
);

/**
 * The catalogue's version: one row whose number the database raises in every
 * transaction that changes what the store's public reads show (products,
 * categories, images, technical sheets, tags, authors, reviews, a reviewer's
 * name), by the deferred triggers of migration 0018, at commit. The API keeps
 * those reads' answers by this number (lib/versioned-reads.ts, ADR 021).
 */
export const catalogoVersao = pgTable(
  'catalogo_versao',
  {
    id: smallint('id').primaryKey().default(1),
    versao: bigint('versao', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('catalogo_versao_uma_linha', sql`${t.id} = 1`)],
);

export type Produto = typeof produtos.$inferSelect;
export type NovoProduto = typeof produtos.$inferInsert;
export type ProdutoImagem = typeof produtoImagens.$inferSelect;
export type FichaTecnica = typeof fichasTecnicas.$inferSelect;
export type Tag = typeof tags.$inferSelect;
export type Imagem = typeof imagens.$inferSelect;
export type NovaImagem = typeof imagens.$inferInsert;
