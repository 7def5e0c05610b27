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
      queryClient.setQueryData<ConteudoCurso>(salaKeys.curso(produtoId, idUser), (curso) =>
        curso
          ? {
              ...curso,
              progresso: saved.progresso,
              ultimoConteudoId: saved.conteudoId,
              listaConteudoProduto: curso.listaConteudoProduto.map((item) =>
                item.id === saved.conteudoId
                  ? { ...item, concluido: saved.concluido, posicaoSegundos: saved.posicaoSegundos }
                  : item,
              ),
            }
          : curso,
      );
      void queryClient.invalidateQueries({ queryKey: salaKeys.biblioteca });
    },
  });
}
