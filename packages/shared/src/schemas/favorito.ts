import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { idParam } from './common.js';
import { produtoCardSchema } from './produto.js';

/**
 * A customer's favourite products (ADR 045): the token's own customer's (CLIENTE only; no session 401, staff 403),
 * so no path names a customer. Adding and removing are idempotent; an unknown product is 404.
 */
const produtoParams = z.object({ produtoId: idParam });

/** The answer of an add or a remove: the favourites' ids now, newest first (the hearts' query takes it as is). */
const idsSchema = z.array(z.number().int());

export const favoritoApi = {
  listar: defineEndpoint({
    method: 'GET',
    path: '/favoritos',
    summary: 'Produtos favoritos do cliente (cartões da loja), do mais recente ao mais antigo',
    description: 'Só os produtos que a loja mostra (ativos); um produto desativado volta a aparecer se for reativado.',
    response: z.array(produtoCardSchema),
  }),
  ids: defineEndpoint({
    method: 'GET',
    path: '/favoritos/ids',
    summary: 'Identificadores dos produtos favoritos do cliente (os corações das páginas da loja)',
    response: idsSchema,
  }),
  adicionar: defineEndpoint({
    method: 'PUT',
    path: '/favoritos/:produtoId',
    summary: 'Marca um produto como favorito (idempotente)',
    description: 'Produto inexistente, inativo ou o brinde: 404.',
    params: produtoParams,
    response: idsSchema,
  }),
  remover: defineEndpoint({
    method: 'DELETE',
    path: '/favoritos/:produtoId',
    summary: 'Tira um produto dos favoritos (idempotente)',
    description: 'Produto inexistente: 404; um produto que não era favorito: nada muda.',
    params: produtoParams,
    response: idsSchema,
  }),
};
