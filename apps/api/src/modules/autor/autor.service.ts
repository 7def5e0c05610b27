import type { EndpointQuery } from '@clinica/shared/endpoint';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import type { Autor, AutorData, AutorListagem, autorApi } from '@clinica/shared/schemas/autor';
import type { QuemAudita } from '../../lib/auditoria.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { AutorRepository } from './autor.repository.js';

/** The back-office of course authors (the photo upload lives in autor-imagem). */
export function createAutorService({ repository }: { repository: AutorRepository }) {
  return {
    /** GET /autor/: every author, by name. */
    async todos(): Promise<Autor[]> {
      return repository.todos();
    },

    /** GET /autor/{id}: the author, or 404. */
    async buscar(id: number): Promise<Autor> {
      const autor = await repository.buscar(id);
      if (!autor) throw notFound(MSG_BO.autorNaoEncontrado);
      return autor;
    },

    /** GET /autor/listagem: one page, with the totals. */
    async listagem(q: EndpointQuery<typeof autorApi.listagem>): Promise<AutorListagem> {
      const { total, rows } = await repository.listar(
        { nome: q.nome, id: q.id },
        { page: q.page, size: q.size, ordem: q.sort },
      );
      return { listaAutor: rows, totalPaginas: Math.ceil(total / q.size), totalRegistros: total, page: q.page };
    },

    /** POST /autor/create (audited: CRIAR). */
    async criar(data: AutorData, quem: QuemAudita): Promise<Autor> {
      return repository.criar({ nome: data.nome, sobre: data.sobre }, quem);
    },

    /** PUT /autor/editar/{id}: a body id other than the path's is 400; an unknown author 404 (audited: EDITAR). */
    async editar(id: number, data: AutorData & { id?: number | null | undefined }, quem: QuemAudita): Promise<Autor> {
      if (data.id != null && data.id !== id) {
        throw badRequest(MSG_BO.idCorpoDivergente, { errors: [{ campo: 'id', mensagem: MSG_BO.idCorpoDivergente }] });
      }
      const autor = await repository.editar(id, { nome: data.nome, sobre: data.sobre }, quem);
      if (!autor) throw notFound(MSG_BO.autorNaoEncontrado);
      return autor;
    },

    /** DELETE /autor/delete/{id}: 404 unknown; 409 while a product names the author (audited: EXCLUIR). */
    async excluir(id: number, quem: QuemAudita): Promise<null> {
      const resultado = await repository.excluir(id, quem);
      if (resultado === 'nao-encontrado') throw notFound(MSG_BO.autorNaoEncontrado);
      if (resultado === 'em-uso') throw conflict(MSG_BO.autorEmUso);
      return null;
    },
  };
}

export type AutorService = ReturnType<typeof createAutorService>;
