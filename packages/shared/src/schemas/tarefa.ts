/**
 * Background jobs as the manager sees them (the 'Tarefas' screen, ADMIN only;
 * ADR 007): the jobs that are failing (PENDENTE, retried after an error) and
 * the dead ones (FALHOU), and 'Tentar novamente', which puts one back in the
 * queue to run now.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { MSG_BO } from '../messages-backoffice.js';
import { idParam } from './common.js';
import { pageQuery, paginaShape, sizeQuery } from './paginacao.js';

/** A job's status in the queue. */
const STATUS_TAREFA = ['PENDENTE', 'EXECUTANDO', 'CONCLUIDA', 'FALHOU'] as const;

/**
 * The screen's filter: `falhando` (PENDENTE after at least one failed attempt:
 * it will run again) or `falhou` (FALHOU: no attempts left, nothing runs it
 * again until someone retries it).
 */
export const SITUACOES_FALHA_TAREFA = ['falhando', 'falhou'] as const;
export type SituacaoFalhaTarefa = (typeof SITUACOES_FALHA_TAREFA)[number];

/** Job types whose work moves money (payments now, the checkout module's later): the sales dashboard warns about them. */
export const PREFIXOS_TAREFA_DINHEIRO = ['pagamento.', 'checkout.'] as const;

/** A job type as the queue names them: `modulo.acao` (letters, digits, `.`, `-`, `_`; up to 60). */
export const TIPO_TAREFA = /^[a-z][a-z0-9._-]{0,59}$/;

const tarefaSchema = z.object({
  id: z.number().int(),
  /** The type (`pagamento.estornar`); the screen shows it in words (ROTULOS_TAREFA). */
  tipo: z.string(),
  status: z.enum(STATUS_TAREFA),
  /** Attempts made. */
  tentativas: z.number().int(),
  /** The limit of attempts; null: it retries until it succeeds. */
  maxTentativas: z.number().int().nullable(),
  /** The last attempt's error (message only). */
  ultimoErro: z.string().nullable(),
  /** ISO-8601: when it runs next (PENDENTE) or when its last attempt was due (FALHOU, CONCLUIDA). */
  executarEm: z.string(),
  criadaEm: z.string(),
  concluidaEm: z.string().nullable(),
  /** Its de-duplication key, if any (`pagamento-estorno:42`). */
  chave: z.string().nullable(),
  /** What it works on, as stored (ids: `{ pagamentoId: 42 }`). */
  payload: z.looseObject({}),
});
export type Tarefa = z.infer<typeof tarefaSchema>;

const tarefasListagemQuerySchema = z.object({
  situacao: z.enum(SITUACOES_FALHA_TAREFA, { error: MSG_BO.tarefaSituacaoInvalida }).optional(),
  tipo: z
    .string({ error: MSG_BO.tarefaTipoInvalido })
    .regex(TIPO_TAREFA, { error: MSG_BO.tarefaTipoInvalido })
    .optional(),
  page: pageQuery,
  size: sizeQuery,
});
export type TarefasListagemQuery = z.input<typeof tarefasListagemQuerySchema>;

const tarefasListagemSchema = z.object({ tarefas: z.array(tarefaSchema), ...paginaShape });
export type TarefasListagem = z.infer<typeof tarefasListagemSchema>;

const contagem = z.number().int().min(0);
/** How many jobs are failing and dead: all of them, and those that move money. */
const tarefasResumoSchema = z.object({
  falhando: contagem,
  falhou: contagem,
  dinheiro: z.object({ falhando: contagem, falhou: contagem }),
});
export type TarefasResumo = z.infer<typeof tarefasResumoSchema>;

/** ADMIN only. */
export const tarefaApi = {
  listagem: defineEndpoint({
    method: 'GET',
    path: '/tarefa/listagem',
    summary: 'Tarefas em segundo plano com falha (falhando ou falhou de vez), paginadas',
    description:
      'Gerente (ADMIN). Sem `situacao`, as duas. As que estão falhando primeiro (pela próxima tentativa), depois as ' +
      'que falharam de vez, da mais recente à mais antiga.',
    query: tarefasListagemQuerySchema,
    response: tarefasListagemSchema,
  }),
  resumo: defineEndpoint({
    method: 'GET',
    path: '/tarefa/resumo',
    summary: 'Quantas tarefas estão falhando e quantas falharam de vez (todas, e as que movem dinheiro)',
    response: tarefasResumoSchema,
  }),
  detalhe: defineEndpoint({
    method: 'GET',
    path: '/tarefa/:id',
    summary: 'Uma tarefa em segundo plano',
    params: z.object({ id: idParam }),
    response: tarefaSchema,
  }),
  tentarNovamente: defineEndpoint({
    method: 'PUT',
    path: '/tarefa/tentarnovamente/:id',
    summary: 'Põe uma tarefa com falha de volta na fila, para rodar agora, com as tentativas zeradas',
    description:
      'Gerente (ADMIN). Só uma tarefa que falhou de vez (FALHOU) ou que está falhando (PENDENTE depois de erro); ' +
      '409 para as outras, ou quando outra tarefa viva tem a mesma chave. Registrada na auditoria (`tarefa`).',
    params: z.object({ id: idParam }),
    response: tarefaSchema,
  }),
};
