import { z } from 'zod';
import { MAX_BAG_LINES, MAX_BAG_QUANTITY } from '../cart.js';
import { defineEndpoint } from '../endpoint.js';
import { MSG_SACOLA } from '../messages-sacola.js';
import { cartLineSchema } from './cart.js';

/** A line as the web sends it: the product and how many units. Names and prices are never taken from the client. */
const linhaSacolaSchema = z.object({
  produtoId: z.number({ error: MSG_SACOLA.produtoIndisponivel }).int().positive().max(2_147_483_647),
  quantidade: z
    .number({ error: MSG_SACOLA.quantidadeInvalida })
    .int({ error: MSG_SACOLA.quantidadeInvalida })
    .min(1, MSG_SACOLA.quantidadeInvalida)
    .max(MAX_BAG_QUANTITY, MSG_SACOLA.quantidadeInvalida),
});
export type LinhaSacola = z.infer<typeof linhaSacolaSchema>;

const linhasSchema = z
  .array(linhaSacolaSchema)
  .max(MAX_BAG_LINES, MSG_SACOLA.sacolaCheia)
  .refine((linhas) => new Set(linhas.map((l) => l.produtoId)).size === linhas.length, {
    error: MSG_SACOLA.produtoRepetido,
  });

/**
 * The customer's bag kept on the server (ADR 034): its version (optimistic concurrency: a write names the version it
 * was based on), when it last changed, and its lines with the catalogue's current name, picture and price, in the
 * shape of the browser's stored cart (`@shoppingCartItems`, schemas/cart.ts). A gift line, when the bag earns it, is
 * computed with the gift rule on every answer and never kept.
 */
export const sacolaSchema = z.object({
  versao: z.number().int().min(0),
  atualizadaEm: z.string().nullable(),
  itens: z.array(cartLineSchema),
});
export type Sacola = z.infer<typeof sacolaSchema>;

/**
 * What the realtime channel says when a customer's kept bag changed (destinoSacola, ADR 034): its new version. A
 * device whose copy is older reads the bag; the notice carries no lines (the bag is read with the customer's token).
 */
export const avisoSacolaSchema = z.object({ versao: z.number().int().min(0) });
export type AvisoSacola = z.infer<typeof avisoSacolaSchema>;

/** The customer's bag kept on the server (docs/behaviour/bag-and-checkout.md#server-bag). CLIENTE only. */
export const sacolaApi = {
  ler: defineEndpoint({
    method: 'GET',
    path: '/sacola',
    summary: 'A sacola do cliente guardada no servidor, com nomes e preços atuais do catálogo',
    description: 'Só clientes (403 para a equipe, 401 sem sessão). Sem sacola guardada: versão 0 e nenhum item.',
    response: sacolaSchema,
  }),
  gravar: defineEndpoint({
    method: 'PUT',
    path: '/sacola',
    summary: 'Grava a sacola inteira, a partir da versão lida',
    description:
      'Versão diferente da atual: 409 com a sacola atual em `content` (outra aba ou dispositivo gravou antes). Produtos desconhecidos ou inativos: 422. Quantidade de 1 a 99, no máximo 50 itens, cada produto uma vez; um produto digital fica com 1 unidade.',
    body: z.object({ versao: z.number().int().min(0).max(2_147_483_647), itens: linhasSchema }),
    response: sacolaSchema,
  }),
  mesclar: defineEndpoint({
    method: 'POST',
    path: '/sacola/mesclar',
    summary: 'Junta a sacola do navegador à guardada, ao entrar',
    description:
      'União das duas; um produto nas duas fica com a maior quantidade; digitais uma vez; brinde recalculado; quantidades limitadas ao estoque. Produtos desconhecidos ou inativos do navegador são ignorados.',
    body: z.object({ itens: linhasSchema }),
    response: sacolaSchema,
  }),
};
