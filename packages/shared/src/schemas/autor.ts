import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { MSG } from '../messages.js';
import { idParam } from './common.js';
import { idCorpo, textoMin3 } from './backoffice-fields.js';
import { idQuery, pageQuery, paginaShape, sizeQuery, sortQuery, textoQuery } from './paginacao.js';

/** A course author (docs/behaviour/back-office.md#authors); the photo (`nomeImg`, `pathImg`) comes from POST /autor/save/imgautor/{id}. */
export const autorSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  sobre: z.string().nullable(),
  /** File name of the photo; null until one is sent. */
  nomeImg: z.string().nullable(),
  /** URL path of the photo (largest WebP variant, under /api/arquivos/); null until one is sent. */
  pathImg: z.string().nullable(),
});
export type Autor = z.infer<typeof autorSchema>;

/** A row of the back-office listing: the author plus how many products name it (an author in use cannot be deleted). */
const autorListagemItemSchema = autorSchema.extend({ totalProdutos: z.number().int() });
export type AutorListagemItem = z.infer<typeof autorListagemItemSchema>;

/** POST /autor/create {nome, sobre}; names and texts trimmed. */
export const autorInputSchema = z.object(
  {
    nome: textoMin3(150),
    /** A description (3 or more characters), several lines allowed. */
    sobre: textoMin3(2000, { multiline: true }),
  },
  { error: MSG.erroValidacao },
);
export type AutorInput = z.input<typeof autorInputSchema>;
export type AutorData = z.output<typeof autorInputSchema>;

/** PUT /autor/editar/{id} {id, nome, sobre}: `id`, when sent, must be the path's. */
const autorEdicaoSchema = autorInputSchema.extend({ id: idCorpo });

/** GET /autor/listagem?nome&id&page&size (plus an optional sort by name). */
const autorListagemQuerySchema = z.object({
  nome: textoQuery,
  id: idQuery,
  page: pageQuery,
  size: sizeQuery,
  /** By name: asc (default) or desc. */
  sort: sortQuery,
});

const autorListagemSchema = z.object({ listaAutor: z.array(autorListagemItemSchema), ...paginaShape });
export type AutorListagem = z.infer<typeof autorListagemSchema>;

const idParams = z.object({ id: idParam });

/** The author endpoints (docs/behaviour/back-office.md#authors; staff: USUARIO and ADMIN). The photo upload is imagemApi.enviarAutor. */
export const autorApi = {
  todos: defineEndpoint({
    method: 'GET',
    path: '/autor/',
    summary: 'Todos os autores, por nome (seleção de autores do produto)',
    response: z.array(autorSchema),
  }),
  buscar: defineEndpoint({
    method: 'GET',
    path: '/autor/:id',
    summary: 'Um autor',
    params: idParams,
    response: autorSchema,
  }),
  listagem: defineEndpoint({
    method: 'GET',
    path: '/autor/listagem',
    summary: 'Autores com filtros por nome (contém, sem acento) e id, paginados',
    query: autorListagemQuerySchema,
    response: autorListagemSchema,
  }),
  criar: defineEndpoint({
    method: 'POST',
    path: '/autor/create',
    summary: 'Cadastra um autor',
    body: autorInputSchema,
    response: autorSchema,
    status: 201,
  }),
  editar: defineEndpoint({
    method: 'PUT',
    path: '/autor/editar/:id',
    summary: 'Edita nome e "sobre" de um autor',
    params: idParams,
    body: autorEdicaoSchema,
    response: autorSchema,
  }),
  excluir: defineEndpoint({
    method: 'DELETE',
    path: '/autor/delete/:id',
    summary: 'Exclui um autor que não está em nenhum produto',
    description: 'Autor vinculado a um produto: 409 (remova-o dos produtos antes).',
    params: idParams,
    response: z.null(),
  }),
};
