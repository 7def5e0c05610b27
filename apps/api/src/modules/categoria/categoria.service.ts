import type { EndpointQuery } from '@clinica/shared/endpoint';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import type { Categoria, CategoriaData, CategoriaListagem, categoriaApi } from '@clinica/shared/schemas/categoria';
import type { QuemAudita } from '../../lib/auditoria.js';
import { badRequest, conflict, notFound, sqlConstraint, sqlState } from '../../lib/errors.js';
import type { CategoriaRepository } from './categoria.repository.js';

/** A repeated name (case ignored) is refused by the unique index, also between two concurrent writes. */
function nomeRepetido(err: unknown): never {
  if (sqlState(err) === '23505' && sqlConstraint(err) === 'categorias_nome_lower_uq') {
    throw conflict(MSG_BO.categoriaNomeEmUso, { errors: [{ campo: 'nome', mensagem: MSG_BO.categoriaNomeEmUso }] });
  }
  throw err;
}

/** The back-office of product categories. */
export function createCategoriaService({ repository }: { repository: CategoriaRepository }) {
  return {
    /** GET /categoria/, /categoria/AllDigital/, /categoria/AllFisico/: by name. */
    async todas(digital?: boolean): Promise<Categoria[]> {
      return repository.todas(digital);
    },

    /** GET /categoria/{id}: the category, or 404. */
    async buscar(id: number): Promise<Categoria> {
      const categoria = await repository.buscar(id);
      if (!categoria) throw notFound(MSG_BO.categoriaNaoEncontrada);
      return categoria;
    },

    /** GET /categoria/listagem: one page, with the totals. */
    async listagem(q: EndpointQuery<typeof categoriaApi.listagem>): Promise<CategoriaListagem> {
      const { total, rows } = await repository.listar(
        { nome: q.nome, id: q.id, digital: q.produtoDigital },
        { page: q.page, size: q.size, ordem: q.sort },
      );
      return { listaCategoria: rows, totalPaginas: Math.ceil(total / q.size), totalRegistros: total, page: q.page };
    },

    /** POST /categoria/create: 409 when the name exists (case ignored). Audited (CRIAR). */
    async criar(data: CategoriaData, quem: QuemAudita): Promise<Categoria> {
      return repository.criar({ nome: data.nome, digital: data.digital }, quem).catch(nomeRepetido);
    },

    /**
     * PUT /categoria/{id}: 400 body id not the path's; 404 unknown; 409
     * repeated name or type change with products. Audited (EDITAR).
     */
    async editar(
      id: number,
      data: CategoriaData & { id?: number | null | undefined },
      quem: QuemAudita,
    ): Promise<Categoria> {
      if (data.id != null && data.id !== id) {
        throw badRequest(MSG_BO.idCorpoDivergente, { errors: [{ campo: 'id', mensagem: MSG_BO.idCorpoDivergente }] });
      }
      const resultado = await repository
        .editar(id, { nome: data.nome, digital: data.digital }, quem)
        .catch(nomeRepetido);
      if (resultado === 'nao-encontrada') throw notFound(MSG_BO.categoriaNaoEncontrada);
      if (resultado === 'tipo-com-produtos') throw conflict(MSG_BO.categoriaTipoComProdutos);
      return resultado;
    },

    /** DELETE /categoria/delete/{id}: 404 unknown; 409 while it has products. Audited (EXCLUIR). */
    async excluir(id: number, quem: QuemAudita): Promise<null> {
      let resultado: Awaited<ReturnType<CategoriaRepository['excluir']>>;
      try {
        resultado = await repository.excluir(id, quem);
      } catch (err) {
        // A product created in it between the check and the delete (the foreign key is RESTRICT).
        if (sqlState(err) === '23503') throw conflict(MSG_BO.categoriaEmUso);
        throw err;
      }
      if (resultado === 'nao-encontrada') throw notFound(MSG_BO.categoriaNaoEncontrada);
      if (resultado === 'em-uso') throw conflict(MSG_BO.categoriaEmUso);
      return null;
    },
  };
}

export type CategoriaService = ReturnType<typeof createCategoriaService>;
