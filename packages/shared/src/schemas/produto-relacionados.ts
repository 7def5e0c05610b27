import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { idParam } from './common.js';
import { produtoCardSchema } from './produto.js';

/** Cards of 'Quem comprou também levou' on a product page (ADR 043). */
export const LIMITE_COMPRADOS_JUNTOS = 8;

/**
 * The product page's related products (docs/behaviour/catalogue-and-search.md#product-page, ADR 043). Apart from
 * produtoApi so that only the page part that shows them loads this contract (the product page is at its JavaScript
 * budget, docs/quality.md).
 */
export const produtoRelacionadosApi = {
  compradosJuntos: defineEndpoint({
    method: 'GET',
    path: '/produto/:id/comprados-juntos',
    summary: `Quem comprou também levou: os produtos à venda que mais aparecem nos mesmos pedidos pagos, até ${LIMITE_COMPRADOS_JUNTOS} (cache de 5 minutos: os pedidos não mudam a versão do catálogo)`,
    params: z.object({ id: idParam }),
    response: z.array(produtoCardSchema).max(LIMITE_COMPRADOS_JUNTOS),
  }),
};
