import { z } from 'zod';
import { envelopeSchema } from './common.js';

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
export const fisicoDigitalResponseSchema = envelopeSchema(fisicoDigitalContentSchema);
