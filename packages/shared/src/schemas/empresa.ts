import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';

/** GET /empresa/: company data; the footer reads it (docs/behaviour/site.md#footer). */
export const empresaContentSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  nomeFantasia: z.string().nullable(),
  cnpj: z.string(),
  email: z.string().nullable(),
  whatsapp: z.string().nullable(),
  facebook: z.string().nullable(),
  instagram: z.string().nullable(),
  youtube: z.string().nullable(),
  descricaoHorarioFuncionamento: z.string().nullable(),
  endereco: z
    .object({
      cep: z.string(),
      logradouro: z.string(),
      numero: z.string(),
      bairro: z.string(),
      complemento: z.string().nullable(),
      municipio: z.object({ id: z.number().int(), nome: z.string() }),
      uf: z.object({ id: z.number().int(), sigla: z.string(), nome: z.string() }),
    })
    .nullable(),
});
export type Empresa = z.infer<typeof empresaContentSchema>;

/** The company's public read (the footer). The ADMIN write is empresaAdminApi (empresa-admin.ts). */
export const empresaApi = {
  get: defineEndpoint({
    method: 'GET',
    path: '/empresa/',
    summary: 'Dados da empresa (rodapé e página da empresa)',
    response: empresaContentSchema,
  }),
};
