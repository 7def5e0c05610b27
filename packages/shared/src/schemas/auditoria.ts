/**
 * Audit log of staff writes (docs/behaviour/back-office.md#audit-log): who, when, what,
 * before and after. Every write of USUARIO or ADMIN to the catalogue, the
 * company, orders and users adds one entry in the same transaction as the
 * write; the screens of products, orders and users show an entity's entries.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { MSG_BO } from '../messages-backoffice.js';
import { idParam } from './common.js';
import { pageQuery, paginaShape, sizeQuery } from './paginacao.js';

/** What was written. Images and contents are entries of their product (`produto`); `tarefa` is a background job. */
const ENTIDADES_AUDITORIA = [
  'produto',
  'autor',
  'categoria',
  'desconto',
  'comercial',
  'empresa',
  'pedido',
  'usuario',
  'tarefa',
  'cupom',
  'cliente',
] as const;
const entidadeAuditoriaSchema = z.enum(ENTIDADES_AUDITORIA);
export type EntidadeAuditoria = z.infer<typeof entidadeAuditoriaSchema>;

/** How it was written. */
const ACOES_AUDITORIA = [
  'CRIAR',
  'EDITAR',
  'EXCLUIR',
  'ENVIAR_IMAGEM',
  'EXCLUIR_IMAGEM',
  'ORDENAR_IMAGENS',
  'ENVIAR_CONTEUDO',
  'EXCLUIR_CONTEUDO',
  'ALTERAR_PREVIA',
  'CANCELAR',
  'ENVIAR',
  'ENTREGAR',
  'ALTERAR_ATIVO',
  'ALTERAR_PERMISSAO',
  'ALTERAR_EMAIL',
  'ALTERAR_SENHA',
  'TENTAR_NOVAMENTE',
  'EMITIR_NOTA_FISCAL',
  'MOVIMENTAR_ESTOQUE',
  'EXPORTAR_DADOS',
  'EXCLUIR_CONTA',
  'DESISTIR',
  'RECEBER_DEVOLUCAO',
] as const;
const acaoAuditoriaSchema = z.enum(ACOES_AUDITORIA);
export type AcaoAuditoria = z.infer<typeof acaoAuditoriaSchema>;

/** A JSON snapshot of the record (secrets never included), or null (nothing before a creation, nothing after a deletion). */
// A loose object rather than z.record: the web bundle already carries looseObject, and every zod constructor used
// anywhere ships with the public pages (zod's schemas module is one module; docs/quality.md#p6-javascript-of-the-public-pages).
const instantaneoSchema = z.looseObject({}).nullable();

/** One entry of the log as the screens read it. */
const registroAuditoriaSchema = z.object({
  id: z.number().int(),
  entidade: entidadeAuditoriaSchema,
  entidadeId: z.number().int(),
  acao: acaoAuditoriaSchema,
  /** The staff member who wrote it (null if the account no longer exists). */
  usuario: z.object({ id: z.number().int(), nome: z.string(), permissao: z.string() }).nullable(),
  /** ISO-8601 instant. */
  quando: z.string(),
  antes: instantaneoSchema,
  depois: instantaneoSchema,
});
export type RegistroAuditoria = z.infer<typeof registroAuditoriaSchema>;

/** GET /auditoria/{entidade}/{entidadeId}: one page of the entity's entries, newest first. */
const auditoriaListagemSchema = z.object({ registros: z.array(registroAuditoriaSchema), ...paginaShape });
export type AuditoriaListagem = z.infer<typeof auditoriaListagemSchema>;

/** Staff read the log of the catalogue, the company and orders; the entries of users and jobs are the manager's (ADMIN). */
export const auditoriaApi = {
  listar: defineEndpoint({
    method: 'GET',
    path: '/auditoria/:entidade/:entidadeId',
    summary: 'Histórico de alterações de um registro (auditoria), do mais recente ao mais antigo, paginado',
    description:
      'Equipe (USUARIO) e Gerente (ADMIN); os registros de usuários (`usuario`) e de tarefas (`tarefa`) só para o Gerente (403 para a equipe). ' +
      'Os instantâneos `antes`/`depois` são as colunas do registro (valores monetários em centavos).',
    params: z.object({
      entidade: z.enum(ENTIDADES_AUDITORIA, { error: MSG_BO.auditoriaEntidadeInvalida }),
      entidadeId: idParam,
    }),
    query: z.object({ page: pageQuery, size: sizeQuery }),
    response: auditoriaListagemSchema,
  }),
};
