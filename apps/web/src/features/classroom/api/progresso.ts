import { conteudoApi, type ConteudoCurso, type ProgressoInput } from '@clinica/shared/schemas/conteudo';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { salaKeys } from './keys';

/** PUT /conteudoproduto/{id}/progresso: marks an item done (or not) and keeps the video position. */
export const putProgresso = (id: number, body: ProgressoInput) =>
  callEndpoint(conteudoApi.progresso, { params: { id }, body });

/**
 * Saves progress and writes the answer into the classroom's cache (the item's
 * mark and the course's percentage); the library's cards are refreshed.
 */
export function useSalvarProgresso(produtoId: number, idUser: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ProgressoInput }) => putProgresso(id, body),
    onSuccess: (saved) => {
      queryClient.setQueryData<ConteudoCurso>(salaKeys.curso(produtoId, idUser), (curso) => {
        if (!curso) return curso;
        const lista = curso.listaConteudoProduto.map((item) =>
          item.id === saved.conteudoId
            ? { ...item, concluido: saved.concluido, posicaoSegundos: saved.posicaoSegundos }
            : item,
        );
        // Counted from the marks, not taken from this answer: two saves (a video's position, a PDF's
        // last page) can answer out of order, and the older answer's percentage would win.
        const concluidos = lista.filter((i) => i.concluido).length;
        const total = lista.length;
        return {
          ...curso,
          listaConteudoProduto: lista,
          ultimoConteudoId: saved.conteudoId,
          progresso: { concluidos, total, percentual: total ? Math.floor((concluidos * 100) / total) : 0 },
        };
      });
      void queryClient.invalidateQueries({ queryKey: salaKeys.biblioteca });
    },
  });
}
