import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { moneySchema } from './money.js';

/** A discount condition: `valor` is the spend threshold (cents in code) that earns the gift (SPEC §3, §4 Gift). */
export const condicaoDescontoSchema = z.object({
  id: z.number().int(),
  descricao: z.string(),
  valor: moneySchema,
  ativo: z.boolean(),
});
export type CondicaoDesconto = z.infer<typeof condicaoDescontoSchema>;

/** SPEC §7 "Discounts" (the public read). */
export const descontoApi = {
  ativa: defineEndpoint({
    method: 'GET',
    path: '/condicaodesconto/ativa',
    summary: 'A condição de desconto ativa (o valor que dá direito ao brinde)',
    response: condicaoDescontoSchema,
  }),
};
