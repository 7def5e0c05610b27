import { conteudoApi, type ConteudoCurso, type ProgressoInput } from '@clinica/shared/schemas/conteudo';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { salaKeys } from './keys';

/** PUT /conteudoproduto/{id}/progresso: marks an item done (or not) and keeps the video position. */
const putProgresso = (id: number, body: ProgressoInput) =>
  callEndpoint(conteudoApi.progresso, { params: { id }, body });

/**
 * Every save's place in the order they were sent, across every instance of
 * the hook (the page has one for the button and a quiet one for the player),
 * and per item the place of its newest save that set or cleared the mark.
 */
let enviados = 0;
const ultimaMarcacao = new Map<string, number>();

/**
 * Saves progress and writes the answer into the classroom's cache (the item's
 * mark and the course's percentage); the library's cards are refreshed.
 *
 * Saves answer in any order (a video's last position and its 90 % mark leave
 * together, and the server may read the row before the mark lands), so an
 * answer only writes what is still news when it arrives:
 * - a mark save writes the mark only if it is the item's newest mark save;
 * - a position save never clears a mark (the server never clears one for a
 *   position, so its `false` is stale) and sets one (the server's 90 % rule)
 *   only if no mark save of the item was sent after it;
 * - the percentage is counted from the marks, never taken from the answer.
 */
export function useSalvarProgresso(produtoId: number, idUser: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ProgressoInput }) => putProgresso(id, body),
    onMutate: ({ id, body }) => {
      const ordem = ++enviados;
      if (body.concluido !== undefined) ultimaMarcacao.set(`${idUser}:${id}`, ordem);
      return { ordem };
    },
    onSuccess: (saved, { id, body }, { ordem }) => {
      const ultima = ultimaMarcacao.get(`${idUser}:${id}`) ?? 0;
      const marca = (atual: boolean) =>
        body.concluido !== undefined
          ? ultima === ordem
            ? saved.concluido
            : atual
          : atual || (saved.concluido && ultima < ordem);
      queryClient.setQueryData<ConteudoCurso>(salaKeys.curso(produtoId, idUser), (curso) => {
        if (!curso) return curso;
        const lista = curso.listaConteudoProduto.map((item) =>
          item.id === saved.conteudoId
            ? { ...item, concluido: marca(item.concluido), posicaoSegundos: saved.posicaoSegundos }
            : item,
        );
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
