import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { MSG } from '../messages.js';
import { booleanoObrigatorio, idCorpo, textoMin3 } from './backoffice-fields.js';
import { idParam } from './common.js';
import { booleanQuery, idQuery, pageQuery, paginaShape, sizeQuery, sortQuery, textoQuery } from './paginacao.js';

/** A product category (docs/behaviour/back-office.md#categories): physical (`digital` false) or digital (courses). */
export const categoriaSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  digital: z.boolean(),
});
export type Categoria = z.infer<typeof categoriaSchema>;

/** A row of the back-office listing: the category plus its number of products (a category in use cannot be deleted). */
const categoriaListagemItemSchema = categoriaSchema.extend({ totalProdutos: z.number().int() });
export type CategoriaListagemItem = z.infer<typeof categoriaListagemItemSchema>;

/** POST /categoria/create {nome, digital}: the name trimmed, unique without regard to case. */
export const categoriaInputSchema = z.object(
  {
    nome: textoMin3(100),
    digital: booleanoObrigatorio(),
  },
  { error: MSG.erroValidacao },
);
export type CategoriaInput = z.input<typeof categoriaInputSchema>;
export type CategoriaData = z.output<typeof categoriaInputSchema>;

/** PUT /categoria/{id} {id, nome, digital}: `id`, when sent, must be the path's. */
const categoriaEdicaoSchema = categoriaInputSchema.extend({ id: idCorpo });

/** GET /categoria/listagem?nome&id&sort&produtoDigital&page&size. */
const categoriaListagemQuerySchema = z.object({
  nome: textoQuery,
  id: idQuery,
  /** By name: asc (default) or desc. */
  sort: sortQuery,
  /** true: digital categories only; false: physical only; absent: both. */
  produtoDigital: booleanQuery,
  page: pageQuery,
  size: sizeQuery,
});

const categoriaListagemSchema = z.object({
  listaCategoria: z.array(categoriaListagemItemSchema),
  ...paginaShape,
});
export type CategoriaListagem = z.infer<typeof categoriaListagemSchema>;

const idParams = z.object({ id: idParam });

/** The category endpoints (staff: USUARIO and ADMIN; the store reads categories through /produto/categoria). */
export const categoriaApi = {
  todas: defineEndpoint({
    method: 'GET',
    path: '/categoria/',
    summary: 'Todas as categorias, por nome',
    response: z.array(categoriaSchema),
  }),
  digitais: defineEndpoint({
    method: 'GET',
    path: '/categoria/AllDigital/',
    summary: 'Categorias de produtos digitais, por nome',
    response: z.array(categoriaSchema),
  }),
  fisicas: defineEndpoint({
    method: 'GET',
    path: '/categoria/AllFisico/',
    summary: 'Categorias de produtos físicos, por nome',
    response: z.array(categoriaSchema),
  }),
  buscar: defineEndpoint({
    method: 'GET',
    path: '/categoria/:id',
    summary: 'Uma categoria',
    params: idParams,
    response: categoriaSchema,
  }),
  listagem: defineEndpoint({
    method: 'GET',
    path: '/categoria/listagem',
    summary: 'Categorias com filtros por nome (contém, sem acento), id e tipo, paginadas',
    query: categoriaListagemQuerySchema,
    response: categoriaListagemSchema,
  }),
  criar: defineEndpoint({
    method: 'POST',
    path: '/categoria/create',
    summary: 'Cadastra uma categoria',
    description: 'Nome repetido (sem diferença de maiúsculas): 409.',
    body: categoriaInputSchema,
    response: categoriaSchema,
    status: 201,
  }),
  editar: defineEndpoint({
    method: 'PUT',
    path: '/categoria/:id',
    summary: 'Edita nome e tipo de uma categoria',
    description:
      'Nome repetido: 409. Mudar o tipo (digital/físico) de uma categoria com produtos do tipo anterior: 409.',
    params: idParams,
    body: categoriaEdicaoSchema,
    response: categoriaSchema,
  }),
  excluir: defineEndpoint({
    method: 'DELETE',
    path: '/categoria/delete/:id',
    summary: 'Exclui uma categoria sem produtos',
    description: 'Categoria com produtos: 409 (mova os produtos antes).',
    params: idParams,
    response: z.null(),
  }),
};
