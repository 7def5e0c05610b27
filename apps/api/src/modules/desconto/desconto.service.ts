import type { EndpointQuery } from '@clinica/shared/endpoint';
import { MSG_API } from '@clinica/shared/messages-api';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import type {
  CondicaoDesconto,
  CondicaoDescontoData,
  CondicaoDescontoListagem,
  descontoApi,
} from '@clinica/shared/schemas/desconto';
import type { QuemAudita } from '../../lib/auditoria.js';
import { badRequest, conflict, notFound, sqlConstraint, sqlState } from '../../lib/errors.js';
import type { DescontoRepository } from './desconto.repository.js';

/**
 * Only one condition may be active (docs/behaviour/bag-and-checkout.md#gift: one threshold). The partial
 * unique index condicoes_desconto_ativo_uq decides, also between two
 * concurrent writes; its violation is the 409 with the message.
 */
function segundaAtiva(err: unknown): never {
  if (sqlState(err) === '23505' && sqlConstraint(err) === 'condicoes_desconto_ativo_uq') {
    throw conflict(MSG_BO.condicaoDescontoAtivaDuplicada, {
      errors: [{ campo: 'ativo', mensagem: MSG_BO.condicaoDescontoAtivaDuplicada }],
    });
  }
  throw err;
}

/** The spend that earns the gift, and its back-office. */
export function createDescontoService({ repository }: { repository: DescontoRepository }) {
  return {
    /** GET /condicaodesconto/ativa: the active condition, or 404 'Não há condição de desconto ativa.'. */
    async ativa(): Promise<CondicaoDesconto> {
      const row = await repository.findAtiva();
      if (!row) throw notFound(MSG_API.condicaoNaoEncontrada);
      return row;
    },

    /** GET /condicaodesconto/{id}: the condition, or 404. */
    async buscar(id: number): Promise<CondicaoDesconto> {
      const row = await repository.buscar(id);
      if (!row) throw notFound(MSG_BO.condicaoDescontoNaoEncontrada);
      return row;
    },

    /** GET /condicaodesconto/listagem: one page, with the totals. */
    async listagem(q: EndpointQuery<typeof descontoApi.listagem>): Promise<CondicaoDescontoListagem> {
      const { total, rows } = await repository.listar(
        { descricao: q.descricao, id: q.id, ativo: q.ativo },
        { page: q.page, size: q.size, ordem: q.sort },
      );
      return {
        listaCondicaoDesconto: rows,
        totalPaginas: Math.ceil(total / q.size),
        totalRegistros: total,
        page: q.page,
      };
    },

    /** POST /condicaodesconto/: 409 when it is active and another one already is. Audited (CRIAR). */
    async criar(data: CondicaoDescontoData, quem: QuemAudita): Promise<CondicaoDesconto> {
      return repository
        .criar({ descricao: data.descricao, valor: data.valor, ativo: data.ativo }, quem)
        .catch(segundaAtiva);
    },

    /** PUT /condicaodesconto/{id}: 400 body id not the path's; 404 unknown; 409 activating a second one. Audited (EDITAR). */
    async editar(
      id: number,
      data: CondicaoDescontoData & { id?: number | null | undefined },
      quem: QuemAudita,
    ): Promise<CondicaoDesconto> {
      if (data.id != null && data.id !== id) {
        throw badRequest(MSG_BO.idCorpoDivergente, { errors: [{ campo: 'id', mensagem: MSG_BO.idCorpoDivergente }] });
      }
      const row = await repository
        .editar(id, { descricao: data.descricao, valor: data.valor, ativo: data.ativo }, quem)
        .catch(segundaAtiva);
      if (!row) throw notFound(MSG_BO.condicaoDescontoNaoEncontrada);
      return row;
    },

    /** DELETE /condicaodesconto/delete/{id}: 404 unknown; 409 for the active one (the store's gift threshold). Audited (EXCLUIR). */
    async excluir(id: number, quem: QuemAudita): Promise<null> {
      const resultado = await repository.excluir(id, quem);
      if (resultado === 'nao-encontrada') throw notFound(MSG_BO.condicaoDescontoNaoEncontrada);
      if (resultado === 'ativa') throw conflict(MSG_BO.condicaoDescontoAtivaNaoExclui);
      return null;
    },
  };
}

export type DescontoService = ReturnType<typeof createDescontoService>;
