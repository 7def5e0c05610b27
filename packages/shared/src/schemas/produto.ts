import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';

/** An entry of the header menus (GET /produto/fisicodigital). */
export const produtoMenuItemSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  digital: z.boolean(),
  pathImgDestaque: z.string().nullable(),
});
export type ProdutoMenuItem = z.infer<typeof produtoMenuItemSchema>;

export const fisicoDigitalContentSchema = z.object({
  listProdutoDigital: z.array(produtoMenuItemSchema),
  listProdutoFisico: z.array(produtoMenuItemSchema),
});
export type FisicoDigital = z.infer<typeof fisicoDigitalContentSchema>;

/** SPEC §7 "Products and catalogue" (the reads of the header menus). */
export const produtoApi = {
  fisicoDigital: defineEndpoint({
    method: 'GET',
    path: '/produto/fisicodigital',
    summary: 'Produtos digitais e físicos ativos (menus do cabeçalho), por nome',
    response: fisicoDigitalContentSchema,
  }),
};
