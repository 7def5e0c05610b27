import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { MSG } from '../messages.js';
import { idParam, safeText } from './common.js';
import { moneySchema } from './money.js';

/**
 * A product image in responsive sizes: `path` is the largest WebP; `variantes`
 * lists every width it exists in (for `srcset`); width and height let the page
 * reserve its box so nothing jumps. URLs are versioned, so they cache forever.
 */
export const imagemSchema = z.object({
  path: z.string(),
  largura: z.number().int(),
  altura: z.number().int(),
  variantes: z.array(z.object({ largura: z.number().int(), path: z.string() })),
});
export type Imagem = z.infer<typeof imagemSchema>;

/** An entry of the header menus (GET /produto/fisicodigital). */
const produtoMenuItemSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  digital: z.boolean(),
  pathImgDestaque: z.string().nullable(),
});
export type ProdutoMenuItem = z.infer<typeof produtoMenuItemSchema>;

const fisicoDigitalContentSchema = z.object({
  listProdutoDigital: z.array(produtoMenuItemSchema),
  listProdutoFisico: z.array(produtoMenuItemSchema),
});
export type FisicoDigital = z.infer<typeof fisicoDigitalContentSchema>;

/** A product card of the store (category carousels, search results). `preco` in cents. */
export const produtoCardSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  preco: moneySchema,
  digital: z.boolean(),
  disponivel: z.boolean(),
  pathImgDestaque: z.string().nullable(),
  imagemDestaque: imagemSchema.nullable(),
  /** Average rating (0 without reviews) and how many reviews. */
  nota: z.number(),
  quantidadeAvaliacoes: z.number().int(),
  /** 'Últimas unidades' (ADR 044): few units left, at or below the product's 'Estoque mínimo'; never the count. */
  ultimasUnidades: z.boolean(),
});
export type ProdutoCard = z.infer<typeof produtoCardSchema>;

/** A review (docs/behaviour/catalogue-and-search.md#reviews). `createAt` is [year, month, day]. */
export const avaliacaoSchema = z.object({
  nomeCliente: z.string(),
  nota: z.number(),
  comentario: z.string().nullable(),
  createAt: z.tuple([z.number().int(), z.number().int(), z.number().int()]),
  clienteId: z.number().int(),
  produtoId: z.number().int(),
});
export type Avaliacao = z.infer<typeof avaliacaoSchema>;

/** GET /produto/{id}: the product page (docs/behaviour/catalogue-and-search.md#product-page). `preco` in cents. */
export const produtoDetalheSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  preco: moneySchema,
  digital: z.boolean(),
  descricao: z.string().nullable(),
  disponivel: z.boolean(),
  categoria: z.object({ id: z.number().int(), nome: z.string() }),
  fichaTecnica: z.array(z.object({ descricao: z.string(), valor: z.string() })),
  listaAvaliacao: z.array(avaliacaoSchema),
  /** Average rating out of 5 (0 without reviews). */
  nota: z.number(),
  quantidadeAvaliacoes: z.number().int(),
  listImagemProduto: z.array(z.object({ id: z.number().int(), path: z.string(), imagem: imagemSchema })),
  pathImgDestaque: z.string().nullable(),
  imagemDestaque: imagemSchema.nullable(),
  tags: z.array(z.object({ nome: z.string() })),
  /** Workload ('Carga horária') of a digital product. */
  duracao: z.string().nullable(),
  autores: z.array(z.object({ nome: z.string(), sobre: z.string().nullable(), pathImg: z.string().nullable() })),
  /** ANVISA registration or notification number, digits only (ADR 037); null for a course or an exempt product. */
  anvisaRegistro: z.string().nullable(),
  /** Sold only to customers with a CRO in their profile (RDC 6/2015, ADR 037). */
  usoProfissional: z.boolean(),
  /**
   * A course's content items in order, playable ones only (ADR 047): what the page lists under 'Conteúdo do curso'.
   * `previa`: a free preview anyone may open at `/api/conteudoproduto/previa/{id}`. Empty for a physical product.
   */
  conteudos: z.array(
    z.object({
      id: z.number().int(),
      ordem: z.number().int(),
      titulo: z.string(),
      /** HH:MM:SS */
      duracao: z.string(),
      /** true: a video; false: a PDF. */
      video: z.boolean(),
      previa: z.boolean(),
    }),
  ),
  /** Brand and code, SKU, of a physical product (ADR 044); null when not given. */
  marca: z.string().nullable(),
  sku: z.string().nullable(),
});
export type ProdutoDetalhe = z.infer<typeof produtoDetalheSchema>;

/** A home banner of the store (docs/behaviour/catalogue-and-search.md#store-home). */
export const bannerSchema = z.object({
  titulo: z.string(),
  /** The product's name and card picture (what a cart line needs). */
  nome: z.string(),
  pathImgDestaque: z.string().nullable(),
  texto: z.string(),
  path: z.string(),
  imagem: imagemSchema,
  idProduto: z.number().int(),
  digital: z.boolean(),
  preco: moneySchema,
  disponivel: z.boolean(),
});
export type Banner = z.infer<typeof bannerSchema>;

/** A category section of the store with its products (docs/behaviour/catalogue-and-search.md#store-home). */
/**
 * How many products a category's carousel on /loja shows at most (ADR 018): the first by name, a multiple of its 1 to
 * 4 cards per view. The rest are reached through the search.
 */
export const LIMITE_CARDS_POR_CATEGORIA = 24;

export const categoriaComProdutosSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  digital: z.boolean(),
  listaProduto: z.array(produtoCardSchema).max(LIMITE_CARDS_POR_CATEGORIA),
});
export type CategoriaComProdutos = z.infer<typeof categoriaComProdutosSchema>;

/** The gift product (docs/behaviour/catalogue-and-search.md#gift-product). */
const brindeSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  pathImgDestaque: z.string().nullable(),
  digital: z.boolean(),
  /** No unit left (ADR 032): the bag says 'Brinde esgotado no momento' instead of promising it. */
  esgotado: z.boolean().optional(),
});
export type Brinde = z.infer<typeof brindeSchema>;

/**
 * GET /produto/estoque (docs/behaviour/bag-and-checkout.md#stock): a product of the bag as it can be ordered now —
 * `disponivel` (the store sells it: active, the staff's switch on, a unit left) and `restam`, its free units (null
 * for a digital product, which has no stock). Unknown or inactive ids are absent.
 */
const estoqueProdutoSchema = z.object({
  id: z.number().int(),
  disponivel: z.boolean(),
  restam: z.number().int().min(0).nullable(),
  /** Sold only to customers with a CRO (ADR 037): the bag tells a customer without one before the checkout. */
  usoProfissional: z.boolean(),
});
export type EstoqueProduto = z.infer<typeof estoqueProdutoSchema>;

/** POST /produto/avaliacao (docs/behaviour/catalogue-and-search.md#reviews): a buyer rates a product; one review per client and product. */
const avaliacaoInputSchema = z.object({
  nota: z
    .number({ error: MSG.notaInvalida })
    .min(1, { error: MSG.notaInvalida })
    .max(5, { error: MSG.notaInvalida })
    .refine((n) => Number.isInteger(n * 2), { error: MSG.notaInvalida }),
  comentario: safeText({ multiline: true })
    .max(1000, { error: MSG.comentarioLongo })
    .nullish()
    .transform((v) => (v ? v : null)),
  produtoId: z.number({ error: MSG.identificadorInvalido }).int().positive(),
  clienteId: z.number({ error: MSG.identificadorInvalido }).int().positive(),
});
export type AvaliacaoInput = z.input<typeof avaliacaoInputSchema>;

/** The search text of the store: trimmed, at most 100 characters. */
export const pesquisaSchema = safeText().max(100, { error: MSG.pesquisaLonga });

/** The catalogue endpoints (docs/behaviour/catalogue-and-search.md): the public reads and the review. Inactive products never appear. */
/**
 * Results of the store's search grid: the most relevant ones (1 to 4 columns, so a multiple of 1, 2, 3 and 4). A
 * full page means there may be more: the page says so and asks for a narrower search.
 */
export const LIMITE_BUSCA_LISTAGEM = 48;

export const produtoApi = {
  fisicoDigital: defineEndpoint({
    method: 'GET',
    path: '/produto/fisicodigital',
    summary: 'Produtos digitais e físicos ativos (menus do cabeçalho), por nome',
    response: fisicoDigitalContentSchema,
  }),
  detalhe: defineEndpoint({
    method: 'GET',
    path: '/produto/:id',
    summary: 'Página do produto: preço, imagens, ficha técnica ou autores e tags, avaliações',
    params: z.object({ id: idParam }),
    response: produtoDetalheSchema,
  }),
  banners: defineEndpoint({
    method: 'GET',
    path: '/produto/site/',
    summary: 'Destaques da loja (banners com título, texto e imagem)',
    response: z.object({ content: z.object({ listImagemProdutoSite: z.array(bannerSchema) }) }),
  }),
  categorias: defineEndpoint({
    method: 'GET',
    path: '/produto/categoria',
    summary: 'Categorias com produtos ativos e exibidos, cada uma com os seus produtos',
    response: z.array(categoriaComProdutosSchema),
  }),
  buscaListagem: defineEndpoint({
    method: 'GET',
    path: '/produto/buscaNomeListagem',
    summary: `Busca de produtos por nome (texto completo em português, sem acentos, tolerante a erros de digitação): os ${LIMITE_BUSCA_LISTAGEM} mais relevantes`,
    query: z.object({ pesquisaProduto: pesquisaSchema }),
    response: z.array(produtoCardSchema).max(LIMITE_BUSCA_LISTAGEM),
  }),
  buscaNome: defineEndpoint({
    method: 'GET',
    path: '/produto/buscaNome/:text',
    summary: 'Produtos cujo nome combina com o texto (listas de escolha), por relevância',
    params: z.object({ text: pesquisaSchema }),
    response: z.array(produtoMenuItemSchema),
  }),
  estoque: defineEndpoint({
    method: 'GET',
    path: '/produto/estoque',
    summary:
      'Unidades livres agora dos produtos da sacola (sem cache: a sacola e o checkout ajustam as quantidades; ADR 032)',
    query: z.object({ ids: z.string().regex(/^[1-9][0-9]{0,9}(,[1-9][0-9]{0,9}){0,49}$/) }),
    response: z.array(estoqueProdutoSchema),
  }),
  brinde: defineEndpoint({
    method: 'GET',
    path: '/produto/produtobrinde',
    summary: 'O produto brinde ativo',
    response: brindeSchema,
  }),
  avaliar: defineEndpoint({
    method: 'POST',
    path: '/produto/avaliacao',
    summary: 'Avaliação de um produto comprado (uma por cliente e produto; a nova substitui a anterior)',
    body: avaliacaoInputSchema,
    response: avaliacaoSchema,
    status: 201,
  }),
};
