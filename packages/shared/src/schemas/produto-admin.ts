/**
 * The back-office's products (docs/behaviour/back-office.md#products): GET /produto/listagem,
 * POST /produto/create/, PUT /produto/editar/{id}, staff only (USUARIO and ADMIN).
 *
 * A product is physical or digital: a digital one carries authors (ids) and
 * tags and no dimensions nor technical sheet; a physical one the reverse. The
 * API keeps only the fields of the product's kind (the others are dropped, so a
 * form that toggled "digital" can send what it still holds). `produtoExibidoSite`
 * asks for the home banner's title and text; the banner shows on the store once
 * the product also has a home image (PUT /produto/create/{id}/true).
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { MSG } from '../messages.js';
import { MSG_BO } from '../messages-backoffice.js';
import { MSG_ESTOQUE_EQUIPE } from '../messages-estoque-equipe.js';
import { ANVISA_REGEX, normalizarAnvisa } from '../anvisa.js';
import { MSG_ANVISA } from '../messages-anvisa.js';
import { MSG_NFE } from '../messages-nfe.js';
import { CFOP_REGEX, NCM_REGEX } from '../nfe.js';
import { idParam, safeText } from './common.js';
import { nomeField, refId } from './fields.js';
import { moneySchema } from './money.js';
import { booleanQuery, idQuery, pageQuery, paginaShape, sizeQuery, sortQuery, textoQuery } from './paginacao.js';
import { avaliacaoSchema } from './produto.js';

/** Longest description (docs/behaviour/forms-and-validation.md#back-office-fields). */
export const DESCRICAO_PRODUTO_MAX = 255;
/** Most rows of a technical sheet, tags and authors of one product. */
const FICHA_TECNICA_MAX = 50;
const TAGS_MAX = 30;
const AUTORES_MAX = 20;
/** Largest dimension (cm) or weight (kg) a product takes. */
const MEDIDA_MAX = 99_999;

/** Most units a stock quantity takes (on hand, a move, a threshold). */
export const ESTOQUE_MAX = 1_000_000;

/** The 'Estoque mínimo' of a new product. */
export const ESTOQUE_MINIMO_PADRAO = 5;

/** A quantity of units: a whole number from 0 to ESTOQUE_MAX. */
export const quantidadeEstoqueField = z
  .number({ error: MSG_ESTOQUE_EQUIPE.quantidadeInvalida })
  .int(MSG_ESTOQUE_EQUIPE.quantidadeInvalida)
  .min(0, MSG_ESTOQUE_EQUIPE.quantidadeInvalida)
  .max(ESTOQUE_MAX, MSG_ESTOQUE_EQUIPE.quantidadeInvalida);

/** HH:MM:SS with hours 00-23, minutes and seconds 00-59. */
export const TEMPO_ESTIMADO_REGEX = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;

/**
 * Estimated time: `HH:MM:SS` (hours 0-23) or the six digits the mask holds
 * (`013000`); the value is `HH:MM:SS`. Blank reads as null.
 */
const tempoEstimadoField = safeText()
  .transform((v) => (/^\d{6}$/.test(v) ? `${v.slice(0, 2)}:${v.slice(2, 4)}:${v.slice(4, 6)}` : v))
  .refine((v) => v === '' || TEMPO_ESTIMADO_REGEX.test(v), { error: MSG_BO.tempoEstimadoInvalido })
  .nullish()
  .transform((v) => (v ? v : null));

/** A dimension (cm, two decimals) or the weight (kg, three decimals): ≥ 0, or null. */
const medidaField = (casas: 2 | 3) =>
  z
    .number({ error: casas === 2 ? MSG_BO.medidaInvalida : MSG_BO.pesoInvalido })
    .min(0, { error: casas === 2 ? MSG_BO.medidaInvalida : MSG_BO.pesoInvalido })
    .max(MEDIDA_MAX, { error: casas === 2 ? MSG_BO.medidaInvalida : MSG_BO.pesoInvalido })
    .refine((n) => Number.isFinite(n) && Math.abs(Math.round(n * 10 ** casas) - n * 10 ** casas) < 1e-6, {
      error: casas === 2 ? MSG_BO.medidaInvalida : MSG_BO.pesoInvalido,
    })
    .nullish()
    .transform((v) => (v === undefined ? null : v));

/**
 * A fiscal code of a physical product (ADR 031): NCM 8 digits, CFOP 4; dots and spaces of a mask are dropped ('9603.21.00'
 * → '96032100'); blank reads as null (no NCM: the product's orders cannot be invoiced; no CFOP: the 5102/6102 rule).
 */
const codigoFiscalField = (regex: RegExp, erro: string) =>
  z
    .string({ error: erro })
    .transform((v) => v.replace(/[\s.-]/g, ''))
    .refine((v) => v === '' || regex.test(v), { error: erro })
    .nullish()
    .transform((v) => (v ? v : null));

/** Optional text of the home banner; blank reads as null (required with `produtoExibidoSite`, checked below). */
const textoHomeField = (max: number) =>
  safeText({ multiline: max > 200 })
    .max(max, MSG.textoLongo)
    .nullish()
    .transform((v) => (v ? v : null));

const fichaTecnicaInputSchema = z.object({
  /** Ignored on save: an edit replaces the whole sheet. */
  id: z.number().int().positive().nullish(),
  descricao: safeText().min(1, MSG_BO.fichaTecnicaIncompleta).max(100, MSG.textoLongo),
  valor: safeText().min(1, MSG_BO.fichaTecnicaIncompleta).max(255, MSG.textoLongo),
});

const tagInputSchema = z.object({
  /** Ignored on save: tags are found (or created) by name, case-insensitive. */
  id: z.number().int().positive().nullish(),
  nome: safeText().min(1, MSG_BO.tagVazia).max(60, MSG.textoLongo),
});

/** A product's code (SKU, ADR 044): letters, digits and . _ / - , starting with a letter or digit, at most 40. */
const SKU_REGEX = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,39}$/;
/** Whether a typed code is one (blank aside): the back-office form's check, the API's rule. */
export const skuValido = (v: string): boolean => SKU_REGEX.test(v);

/**
 * Body of POST /produto/create/ and PUT /produto/editar/{id}: the whole
 * product (an edit replaces every field, the technical sheet, the tags and the
 * authors). `preco` in reais on the wire, cents in code.
 */
export const produtoAdminInputSchema = z
  .object({
    /** Optional on edit (must match the path when present); ignored on create. */
    id: z.number().int().positive().nullish(),
    nome: nomeField(150),
    descricao: safeText({ multiline: true }).min(3, MSG.min3).max(DESCRICAO_PRODUTO_MAX, MSG_BO.descricaoMax255),
    preco: moneySchema,
    produtoExibidoSite: z.boolean({ error: MSG.naoVazio }).default(false),
    categoria: refId(MSG.naoVazio),
    tempoEstimado: tempoEstimadoField,
    digital: z.boolean({ error: MSG.naoVazio }).default(false),
    altura: medidaField(2),
    peso: medidaField(3),
    largura: medidaField(2),
    comprimento: medidaField(2),
    brinde: z.boolean({ error: MSG.naoVazio }).default(false),
    tituloImagemHome: textoHomeField(150),
    textoHome: textoHomeField(1000),
    ativo: z.boolean({ error: MSG.naoVazio }).default(true),
    disponivel: z.boolean({ error: MSG.naoVazio }).default(true),
    /**
     * Units on hand of a new physical product (ADR 032): written as an 'entrada' movement with the product. Ignored on
     * edit (the stock moves by POST /produto/{id}/estoque/movimento) and for a digital product.
     */
    estoqueInicial: quantidadeEstoqueField.default(0),
    /** 'Estoque mínimo' (physical): at or below it, the product is in 'Estoque baixo'. */
    estoqueMinimo: z
      .number({ error: MSG_ESTOQUE_EQUIPE.minimoInvalido })
      .int(MSG_ESTOQUE_EQUIPE.minimoInvalido)
      .min(0, MSG_ESTOQUE_EQUIPE.minimoInvalido)
      .max(ESTOQUE_MAX, MSG_ESTOQUE_EQUIPE.minimoInvalido)
      .default(ESTOQUE_MINIMO_PADRAO),
    /** Author ids (digital products; at least one). */
    autores: z
      .array(z.number({ error: MSG_BO.selecioneAutor }).int(MSG_BO.selecioneAutor).positive(MSG_BO.selecioneAutor), {
        error: MSG_BO.selecioneAutor,
      })
      .max(AUTORES_MAX, MSG_BO.autoresDemais)
      .default([]),
    /** Technical sheet (physical products). */
    fichaTecnica: z
      .array(fichaTecnicaInputSchema, { error: MSG_BO.fichaTecnicaIncompleta })
      .max(FICHA_TECNICA_MAX, MSG_BO.fichaTecnicaDemais)
      .default([]),
    /** Tags (digital products). */
    tags: z.array(tagInputSchema, { error: MSG_BO.tagVazia }).max(TAGS_MAX, MSG_BO.tagsDemais).default([]),
    /** Workload shown as 'Carga horária' (digital products), free text such as "12 horas". */
    duracao: safeText()
      .max(30, MSG.textoLongo)
      .nullish()
      .transform((v) => (v ? v : null)),
    /** The NF-e's NCM, 8 digits (physical products; ADR 031). Without it the product's orders cannot be invoiced. */
    ncm: codigoFiscalField(NCM_REGEX, MSG_NFE.ncmInvalido),
    /** The NF-e's CFOP, 4 digits, only when the sale is not the usual 5102/6102 (physical products). */
    cfop: codigoFiscalField(CFOP_REGEX, MSG_NFE.cfopInvalido),
    /**
     * The ANVISA registration or notification number (physical products; ADR 037): 11 digits (a health product) or 13
     * (a medicine), typed with or without the mask; blank reads as null (a product exempt from registration).
     */
    anvisaRegistro: z
      .string({ error: MSG_ANVISA.anvisaInvalido })
      .transform(normalizarAnvisa)
      .refine((v) => v === '' || ANVISA_REGEX.test(v), { error: MSG_ANVISA.anvisaInvalido })
      .nullish()
      .transform((v) => (v ? v : null)),
    /** 'Uso profissional' (RDC 6/2015): only a customer with a CRO in the profile may buy it (ADR 037). */
    usoProfissional: z.boolean({ error: MSG.naoVazio }).default(false),
    /** The brand (physical products; ADR 044): blank reads as null. */
    marca: safeText()
      .max(60, MSG_BO.marcaLonga)
      .nullish()
      .transform((v) => (v ? v : null)),
    /** The store's code, SKU (physical products; ADR 044): upper case, unique; blank reads as null. */
    sku: safeText()
      .max(40, MSG_BO.skuInvalido)
      .refine((v) => v === '' || SKU_REGEX.test(v), { error: MSG_BO.skuInvalido })
      .transform((v) => v.toUpperCase())
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  .superRefine((p, ctx) => {
    if (p.produtoExibidoSite) {
      if (!p.tituloImagemHome || p.tituloImagemHome.length < 3)
        ctx.addIssue({ code: 'custom', path: ['tituloImagemHome'], message: MSG.min3 });
      if (!p.textoHome || p.textoHome.length < 3)
        ctx.addIssue({ code: 'custom', path: ['textoHome'], message: MSG.min3 });
    }
    if (p.digital && p.autores.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['autores'], message: MSG_BO.selecioneAutor });
    }
  });
export type ProdutoAdminInput = z.input<typeof produtoAdminInputSchema>;
export type ProdutoAdminDados = z.output<typeof produtoAdminInputSchema>;

/** GET /produto/admin/{id}: the back-office product, inactive ones included. `preco` in cents. */
export const produtoAdminSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  descricao: z.string().nullable(),
  preco: moneySchema,
  produtoExibidoSite: z.boolean(),
  categoria: z.object({ id: z.number().int(), nome: z.string(), digital: z.boolean() }),
  tempoEstimado: z.string().nullable(),
  digital: z.boolean(),
  altura: z.number().nullable(),
  peso: z.number().nullable(),
  largura: z.number().nullable(),
  comprimento: z.number().nullable(),
  brinde: z.boolean(),
  tituloImagemHome: z.string().nullable(),
  textoHome: z.string().nullable(),
  ativo: z.boolean(),
  disponivel: z.boolean(),
  /** Units on hand (ADR 032); null for a digital product (no stock). */
  estoque: z.number().int().nullable(),
  /** Units of `estoque` held by unpaid orders (0 for a digital product). */
  reservado: z.number().int(),
  /** Units that can still be ordered (estoque − reservado); null for a digital product. */
  disponiveis: z.number().int().nullable(),
  /** 'Estoque mínimo': at or below it, the product is in 'Estoque baixo'. */
  estoqueMinimo: z.number().int(),
  /** Author ids (empty for physical products). */
  autores: z.array(z.number().int()),
  /** Empty for digital products. */
  fichaTecnica: z.array(z.object({ id: z.number().int(), descricao: z.string(), valor: z.string() })),
  /** Empty for physical products; by name. */
  tags: z.array(z.object({ id: z.number().int(), nome: z.string() })),
  listaAvaliacao: z.array(avaliacaoSchema),
  /** The card picture (the first gallery image unless chosen otherwise); null without images. */
  pathImgDestaque: z.string().nullable(),
  /**
   * The home-banner image (PUT /produto/create/{id}/true), or null: a product
   * shown on the site appears among the store's banners only once it has one.
   */
  pathImagemHome: z.string().nullable(),
  duracao: z.string().nullable(),
  /** NF-e codes (physical products; null for digital ones). */
  ncm: z.string().nullable(),
  cfop: z.string().nullable(),
  /** ANVISA number, digits only (physical products; ADR 037), and the professional-use flag. */
  anvisaRegistro: z.string().nullable(),
  usoProfissional: z.boolean(),
  /** Brand and code, SKU (physical products; ADR 044). */
  marca: z.string().nullable(),
  sku: z.string().nullable(),
});
export type ProdutoAdmin = z.infer<typeof produtoAdminSchema>;

/** A row of the /products table. `preco` in cents. */
const produtoListagemItemSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  descricao: z.string().nullable(),
  preco: moneySchema,
  digital: z.boolean(),
  categoria: z.object({ id: z.number().int(), nome: z.string() }),
  ativo: z.boolean(),
  produtoExibidoSite: z.boolean(),
  disponivel: z.boolean(),
  brinde: z.boolean(),
  pathImgDestaque: z.string().nullable(),
});
export type ProdutoListagemItem = z.infer<typeof produtoListagemItemSchema>;

/**
 * `GET /produto/listagem` query: text filters contain (case and
 * accents ignored), the others are exact; sorted by name (`sort` asc by
 * default, then id); zero-based `page`, `size` 1 to 100 (default 10).
 */
export const produtoListagemQuerySchema = z.object({
  nome: textoQuery,
  id: idQuery,
  descricao: textoQuery,
  idCategoria: idQuery,
  page: pageQuery,
  size: sizeQuery,
  sort: sortQuery,
  ativo: booleanQuery,
  produtoExibidoSite: booleanQuery,
  disponivel: booleanQuery,
  brinde: booleanQuery,
});

const produtoListagemSchema = z.object({
  listaProduto: z.array(produtoListagemItemSchema),
  ...paginaShape,
});
export type ProdutoListagem = z.infer<typeof produtoListagemSchema>;

/** The staff endpoints of products (USUARIO and ADMIN). */
export const produtoAdminApi = {
  listagem: defineEndpoint({
    method: 'GET',
    path: '/produto/listagem',
    summary: 'Produtos do back-office (ativos e inativos) com filtros, paginados',
    query: produtoListagemQuerySchema,
    response: produtoListagemSchema,
  }),
  criar: defineEndpoint({
    method: 'POST',
    path: '/produto/create/',
    summary: 'Cadastra um produto (físico ou digital); as imagens e os conteúdos vão depois, pelo id devolvido',
    description:
      'Categoria inexistente ou de outro tipo (digital/físico), autor inexistente: 422. Um segundo brinde ativo: 409.',
    body: produtoAdminInputSchema,
    response: z.object({ id: z.number().int() }),
    status: 201,
  }),
  editar: defineEndpoint({
    method: 'PUT',
    path: '/produto/editar/:id',
    summary: 'Atualiza o produto inteiro (ficha técnica, tags e autores substituídos)',
    description:
      'Categoria inexistente ou de outro tipo (digital/físico), autor inexistente: 422. Um segundo brinde ativo: 409. Um produto inativo some da loja na hora.',
    params: z.object({ id: idParam }),
    body: produtoAdminInputSchema,
    response: produtoAdminSchema,
  }),
  buscar: defineEndpoint({
    method: 'GET',
    path: '/produto/admin/:id',
    summary: 'Um produto como o back-office o edita (inativos incluídos)',
    params: z.object({ id: idParam }),
    response: produtoAdminSchema,
  }),
};
