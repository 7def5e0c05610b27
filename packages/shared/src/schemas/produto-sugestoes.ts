import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { moneySchema } from './money.js';
import { imagemSchema, pesquisaSchema } from './produto.js';

/*
 * The header search's suggestions (ADR 045), apart from the catalogue's other contracts (produto.ts): only the
 * suggestions' own code, loaded when the search field first gets focus, reads it, so it is in no page's first render.
 */

/** How many products the search field suggests while the person types (ADR 045), and from how many characters. */
export const LIMITE_SUGESTOES_PRODUTOS = 6;
export const LIMITE_SUGESTOES_CATEGORIAS = 4;
export const MINIMO_SUGESTAO = 2;

/** Here rather than in messages.ts, which every page loads: only the suggestions and the API read it. */
export const MSG_SUGESTOES = { pesquisaCurta: 'Digite ao menos 2 caracteres para ver sugestões.' } as const;

/** GET /produto/sugestoes: what the header's search suggests (ADR 045). `preco` in cents. */
const sugestoesSchema = z.object({
  produtos: z
    .array(
      z.object({
        id: z.number().int(),
        nome: z.string(),
        preco: moneySchema,
        digital: z.boolean(),
        imagemDestaque: imagemSchema.nullable(),
      }),
    )
    .max(LIMITE_SUGESTOES_PRODUTOS),
  categorias: z
    .array(z.object({ id: z.number().int(), nome: z.string(), digital: z.boolean() }))
    .max(LIMITE_SUGESTOES_CATEGORIAS),
});
export type Sugestoes = z.infer<typeof sugestoesSchema>;

export const sugestoesApi = {
  sugestoes: defineEndpoint({
    method: 'GET',
    path: '/produto/sugestoes',
    summary: `Sugestões da pesquisa enquanto se digita: até ${LIMITE_SUGESTOES_PRODUTOS} produtos à venda (a mesma busca da listagem) e as categorias cujo nome contém o texto`,
    description: `De ${MINIMO_SUGESTAO} a 100 caracteres; fora disso, 400.`,
    query: z.object({ termo: pesquisaSchema.min(MINIMO_SUGESTAO, { error: MSG_SUGESTOES.pesquisaCurta }) }),
    response: sugestoesSchema,
  }),
};
