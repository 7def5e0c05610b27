import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { MSG } from '../messages.js';
import { booleanoObrigatorio, dinheiroObrigatorio, idCorpo, textoMin3 } from './backoffice-fields.js';
import { idParam } from './common.js';
import { moneySchema } from './money.js';
import { booleanQuery, idQuery, pageQuery, paginaShape, sizeQuery, sortQuery, textoQuery } from './paginacao.js';

/** A discount condition: `valor` is the spend threshold (cents in code) that earns the gift (docs/behaviour/bag-and-checkout.md#gift). */
export const condicaoDescontoSchema = z.object({
  id: z.number().int(),
  descricao: z.string(),
  valor: moneySchema,
  ativo: z.boolean(),
});
export type CondicaoDesconto = z.infer<typeof condicaoDescontoSchema>;

/**
 * POST /condicaodesconto/ {descricao, valor, ativo}:
 * descrição of 3 or more characters, valor in reais (> 0, two decimals; cents
 * in code), ativo required. Only one condition may be active (409).
 */
const condicaoDescontoInputSchema = z.object(
  {
    descricao: textoMin3(255),
    valor: dinheiroObrigatorio(),
    ativo: booleanoObrigatorio(),
  },
  { error: MSG.erroValidacao },
);
export type CondicaoDescontoInput = z.input<typeof condicaoDescontoInputSchema>;
export type CondicaoDescontoData = z.output<typeof condicaoDescontoInputSchema>;

/** PUT /condicaodesconto/{id} {id, descricao, valor, ativo}: `id`, when sent, must be the path's. */
const condicaoDescontoEdicaoSchema = condicaoDescontoInputSchema.extend({ id: idCorpo });

/** GET /condicaodesconto/listagem?size&sort&page&ativo&descricao&id. */
const condicaoDescontoListagemQuerySchema = z.object({
  descricao: textoQuery,
  id: idQuery,
  /** true: active only; false: inactive only; absent: both. */
  ativo: booleanQuery,
  /** By descrição: asc (default) or desc. */
  sort: sortQuery,
  page: pageQuery,
  size: sizeQuery,
});

const condicaoDescontoListagemSchema = z.object({
  listaCondicaoDesconto: z.array(condicaoDescontoSchema),
  ...paginaShape,
});
export type CondicaoDescontoListagem = z.output<typeof condicaoDescontoListagemSchema>;

const idParams = z.object({ id: idParam });

/** The discount-condition endpoints (docs/behaviour/back-office.md#discount-conditions): the public read of the active condition and the back-office (USUARIO and ADMIN). */
export const descontoApi = {
  ativa: defineEndpoint({
    method: 'GET',
    path: '/condicaodesconto/ativa',
    summary: 'A condição de desconto ativa (o valor que dá direito ao brinde)',
    response: condicaoDescontoSchema,
  }),
  criar: defineEndpoint({
    method: 'POST',
    path: '/condicaodesconto/',
    summary: 'Cadastra uma condição de desconto',
    description: 'Só uma condição pode estar ativa: cadastrar outra ativa enquanto há uma é 409.',
    body: condicaoDescontoInputSchema,
    response: condicaoDescontoSchema,
    status: 201,
  }),
  buscar: defineEndpoint({
    method: 'GET',
    path: '/condicaodesconto/:id',
    summary: 'Uma condição de desconto',
    params: idParams,
    response: condicaoDescontoSchema,
  }),
  listagem: defineEndpoint({
    method: 'GET',
    path: '/condicaodesconto/listagem',
    summary: 'Condições de desconto com filtros por descrição (contém, sem acento), id e ativo, paginadas',
    query: condicaoDescontoListagemQuerySchema,
    response: condicaoDescontoListagemSchema,
  }),
  editar: defineEndpoint({
    method: 'PUT',
    path: '/condicaodesconto/:id',
    summary: 'Edita uma condição de desconto',
    description: 'Ativar uma condição enquanto outra está ativa: 409.',
    params: idParams,
    body: condicaoDescontoEdicaoSchema,
    response: condicaoDescontoSchema,
  }),
  excluir: defineEndpoint({
    method: 'DELETE',
    path: '/condicaodesconto/delete/:id',
    summary: 'Exclui uma condição de desconto inativa',
    description: 'A condição ativa (a que define o valor do brinde) não pode ser excluída: 409.',
    params: idParams,
    response: z.null(),
  }),
};
