/**
 * 'Avise-me quando chegar' (ADR 032, docs/behaviour/catalogue-and-search.md#avise-me): POST /produto/{id}/avise-me,
 * public. A module of its own, light (no back-office texts): the product page loads it only for a sold-out product.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { idParam } from './common.js';
import { emailComField } from './fields.js';

/** Body: a visitor's e-mail; a signed-in customer sends nothing (the account's e-mail is used). */
const aviseMeInputSchema = z.object({ email: emailComField.nullish() });

export const aviseMeApi = {
  aviseMe: defineEndpoint({
    method: 'POST',
    path: '/produto/:id/avise-me',
    summary: "'Avise-me quando chegar': um e-mail quando o produto esgotado voltar",
    description:
      'Cliente com sessão: o e-mail da conta; visitante: o e-mail informado. Um pedido por produto e e-mail: o segundo diz que já está registrado. Produto à venda ou digital: 422. Limitado por IP.',
    params: z.object({ id: idParam }),
    body: aviseMeInputSchema,
    response: z.object({ jaRegistrado: z.boolean() }),
    status: 201,
  }),
};
