/**
 * The customer's LGPD rights (ADR 038, docs/behaviour/accounts-and-sign-in.md#privacy): the marketing consent in one
 * click, the data export, the account's closure; and the ADMIN's way to do the same for a request received by other
 * means (docs/behaviour/back-office.md#clients).
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { MSG } from '../messages.js';
import { MSG_PRIVACIDADE } from '../messages-privacidade.js';
import { FINALIDADES_CONSENTIMENTO, ORIGENS_CONSENTIMENTO } from '../privacidade.js';
import { idParam } from './common.js';

/** One recorded choice. */
const consentimentoSchema = z.object({
  finalidade: z.enum(FINALIDADES_CONSENTIMENTO),
  concedido: z.boolean(),
  versaoTexto: z.string(),
  origem: z.enum(ORIGENS_CONSENTIMENTO),
  quando: z.string(),
});
export type Consentimento = z.infer<typeof consentimentoSchema>;

/** The marketing consent now and its history, newest first. */
const consentimentosSchema = z.object({
  ofertasEmail: z.boolean(),
  ofertasEmailEm: z.string().nullable(),
  historico: z.array(consentimentoSchema),
});
export type Consentimentos = z.infer<typeof consentimentosSchema>;

/** A row of a table as the database holds it (secrets such as the password hash left out). */
const linhaSchema = z.record(z.string(), z.unknown());

/**
 * Everything the store holds about the person: one list of rows per table (by the table's name), the tables with
 * none of their data named as such (`semDadosPessoais`), and what is kept after an account's closure.
 */
const exportacaoSchema = z.object({
  geradoEm: z.string(),
  titular: z.object({ clienteId: z.number().int(), usuarioId: z.number().int(), email: z.string() }),
  tabelas: z.record(z.string(), z.array(linhaSchema)),
  semDadosPessoais: z.record(z.string(), z.string()),
  dadosMantidosAposExclusao: z.array(z.object({ dado: z.string(), motivo: z.string(), prazo: z.string() })),
});
export type ExportacaoDados = z.infer<typeof exportacaoSchema>;

const senhaConfirmacao = z
  .string({ error: MSG_PRIVACIDADE.senhaObrigatoria })
  .min(1, MSG_PRIVACIDADE.senhaObrigatoria)
  .max(256, MSG.senhaMax256);

const anonimizacaoSchema = z.object({ clienteId: z.number().int(), anonimizadoEm: z.string() });

export const privacidadeApi = {
  consentimentos: defineEndpoint({
    method: 'GET',
    path: '/privacidade/consentimento/:clientId',
    summary: 'O consentimento de ofertas por e-mail do cliente e seu histórico',
    params: z.object({ clientId: idParam }),
    response: consentimentosSchema,
  }),
  consentir: defineEndpoint({
    method: 'PUT',
    path: '/privacidade/consentimento/:clientId',
    summary: 'Dá ou retira o consentimento de ofertas por e-mail (um clique), registrando a versão do texto',
    params: z.object({ clientId: idParam }),
    body: z.object({ ofertasEmail: z.boolean({ error: MSG.erroValidacao }) }),
    response: consentimentosSchema,
  }),
  exportar: defineEndpoint({
    method: 'GET',
    path: '/privacidade/exportar/:clientId',
    summary:
      'Todos os dados que a loja guarda sobre o cliente (JSON); o ADMIN o faz para um pedido recebido por outro meio',
    description:
      'O resumo legível é GET /privacidade/exportar/{clientId}/resumo (HTML). Um ADMIN que exporta fica na auditoria.',
    params: z.object({ clientId: idParam }),
    response: exportacaoSchema,
  }),
  excluirConta: defineEndpoint({
    method: 'POST',
    path: '/privacidade/excluir/:clientId',
    summary: 'Encerra a conta do próprio cliente e anonimiza seus dados pessoais (confirmação com a senha)',
    params: z.object({ clientId: idParam }),
    body: z.object({ senha: senhaConfirmacao }),
    response: anonimizacaoSchema,
  }),
  anonimizar: defineEndpoint({
    method: 'POST',
    path: '/privacidade/equipe/anonimizar/:clientId',
    summary: 'ADMIN: encerra a conta de um cliente e anonimiza seus dados (pedido do titular por outro meio); auditado',
    params: z.object({ clientId: idParam }),
    response: anonimizacaoSchema,
  }),
} as const;

/** The readable summary's path (HTML, outside the JSON contract like the boleto's PDF). */
export const RESUMO_EXPORTACAO_PATH = '/privacidade/exportar/:clientId/resumo';
