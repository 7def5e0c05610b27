/**
 * GET /produto/vitrine (ADR 044): the contract of the category pages and the search grid, a module of its own so the
 * public pages' entry does not carry it (docs/quality.md#p6-javascript-of-the-public-pages).
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { MSG } from '../messages.js';
import { MSG_VITRINE } from '../messages-vitrine.js';
import {
  MAX_MARCAS_FILTRO,
  MAX_PAGINA_VITRINE,
  ORDENS_VITRINE,
  POR_PAGINA_VITRINE,
  lerMarcas,
  marcaValida,
  reaisParaCentavos,
} from '../vitrine.js';
import { idParam } from './common.js';
import { moneySchema } from './money.js';
import { pesquisaSchema, produtoCardSchema } from './produto.js';

/** A price bound of the grid's query (ADR 044): reais as the URL carries them ("49", "49.90", "49,90"), cents in code. */
const precoQuery = z
  .string({ error: MSG_VITRINE.precoInvalido })
  .refine((v) => reaisParaCentavos(v) !== null, { error: MSG_VITRINE.precoInvalido, abort: true })
  .transform((v) => reaisParaCentavos(v)!)
  .optional();

/**
 * GET /produto/vitrine: the category pages' and the search grid's filters (ADR 044; the names of the page's URL,
 * packages/shared/src/vitrine.ts). Absent means no filter.
 */
const vitrineQuerySchema = z
  .object({
    categoria: idParam.optional(),
    tipo: z.enum(['fisicos', 'digitais'], { error: MSG_VITRINE.tipoInvalido }).optional(),
    pesquisaProduto: pesquisaSchema.optional().transform((v) => (v ? v : undefined)),
    precoMin: precoQuery,
    precoMax: precoQuery,
    emEstoque: z
      .enum(['true', 'false'], { error: MSG_VITRINE.emEstoqueInvalido })
      .optional()
      .transform((v) => v === 'true'),
    marca: z
      .string({ error: MSG_VITRINE.marcaInvalida })
      .max(MAX_MARCAS_FILTRO * 61, { error: MSG_VITRINE.marcasDemais })
      .transform(lerMarcas)
      .refine((ms) => ms.every(marcaValida), { error: MSG_VITRINE.marcaInvalida })
      .refine((ms) => ms.length <= MAX_MARCAS_FILTRO, { error: MSG_VITRINE.marcasDemais })
      .optional()
      .transform((v) => v ?? []),
    ordem: z
      .enum(ORDENS_VITRINE as [string, ...string[]], { error: MSG_VITRINE.ordemInvalida })
      .optional()
      .transform((v) => (v ?? 'relevancia') as (typeof ORDENS_VITRINE)[number]),
    pagina: z
      .string({ error: MSG.paginaInvalida })
      .regex(/^[1-9]\d{0,2}$/, { error: MSG.paginaInvalida, abort: true })
      .transform(Number)
      .refine((n) => n <= MAX_PAGINA_VITRINE, { error: MSG.paginaInvalida })
      .optional()
      .transform((v) => v ?? 1),
  })
  .refine((q) => q.precoMin === undefined || q.precoMax === undefined || q.precoMin <= q.precoMax, {
    error: MSG_VITRINE.faixaDePrecoInvertida,
    path: ['precoMin'],
  });
export type VitrineQuery = z.output<typeof vitrineQuerySchema>;

const vitrineSchema = z.object({
  /** The category asked for (its page's title), or null. */
  categoria: z.object({ id: z.number().int(), nome: z.string(), digital: z.boolean() }).nullable(),
  /** One page of cards, in the order asked for. */
  produtos: z.array(produtoCardSchema).max(POR_PAGINA_VITRINE),
  /** Every product matching the filters. */
  total: z.number().int(),
  pagina: z.number().int(),
  porPagina: z.number().int(),
  /** The brands of the products matching every filter but the brand, with how many each (by name). */
  marcas: z.array(z.object({ nome: z.string(), quantidade: z.number().int() })),
  /** The lowest and highest price of the products matching every filter but the price; null when none. */
  precoMinimo: moneySchema.nullable(),
  precoMaximo: moneySchema.nullable(),
});
export type Vitrine = z.infer<typeof vitrineSchema>;

export const vitrineApi = {
  vitrine: defineEndpoint({
    method: 'GET',
    path: '/produto/vitrine',
    summary:
      'Páginas de categoria e resultados de busca (ADR 044): filtros por categoria, tipo, texto, preço, estoque e marca; ordenação; páginas de 24; contagens por marca e faixa de preço',
    query: vitrineQuerySchema,
    response: vitrineSchema,
  }),
};
