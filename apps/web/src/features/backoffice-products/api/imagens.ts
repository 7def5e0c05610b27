import { CAMPO_IMAGEM, imagemApi, type ImagemProduto } from '@clinica/shared/schemas/imagem';
import { useRef } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, callUpload } from '../../../lib/api-client';
import { catalogPrefix, produtoAdminKeys } from './keys';

/** GET /produto/imagens/imagem/produto/{id}: the gallery in order, then the home picture. */
const imagensProdutoQuery = (id: number) =>
  queryOptions({
    queryKey: produtoAdminKeys.imagens(id),
    queryFn: ({ signal }) => callEndpoint(imagemApi.listarProduto, { params: { id }, signal }),
    meta: { private: true },
  });

export const useImagensProduto = (id: number) => useQuery({ ...imagensProdutoQuery(id), enabled: id > 0 });

/** PUT /produto/create/{productId}/{isHomeImage} with the file in the multipart field `imagem`. */
export function enviarImagemProduto(productId: number, file: File, isHomeImage: boolean) {
  const form = new FormData();
  form.append(CAMPO_IMAGEM, file, file.name);
  return callUpload(imagemApi.enviarProduto, {
    params: { productId, isHomeImage: isHomeImage ? 'true' : 'false' },
    form,
  });
}

/** After a picture changed: the back-office's product reads and the store's. */
function useInvalidateImagens() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      // The images, the product (its pictures) and the list (card pictures) of the back-office.
      queryClient.invalidateQueries({ queryKey: produtoAdminKeys.all }),
      queryClient.invalidateQueries({ queryKey: catalogPrefix }),
    ]);
}

export function useEnviarImagem(productId: number) {
  const invalidate = useInvalidateImagens();
  return useMutation({
    mutationFn: ({ file, isHomeImage }: { file: File; isHomeImage: boolean }) =>
      enviarImagemProduto(productId, file, isHomeImage),
    onSettled: () => void invalidate(),
  });
}

/** DELETE /produto/imagens/imagem/delete/{imageId}. */
export function useExcluirImagem() {
  const invalidate = useInvalidateImagens();
  return useMutation({
    mutationFn: (imageId: number) => callEndpoint(imagemApi.excluirProduto, { params: { imageId } }),
    onSettled: () => void invalidate(),
  });
}

type ListaImagens = { listaImagemProduto: ImagemProduto[]; pathImgDestaque: string | null };

/** The list with the gallery in the order of `ids` (the home picture stays last) and the first one as card picture. */
function emOrdem(lista: ListaImagens, ids: readonly number[]): ListaImagens {
  const porId = new Map(lista.listaImagemProduto.map((i) => [i.id, i]));
  const galeria = ids.map((id) => porId.get(id)).filter((i): i is ImagemProduto => i !== undefined);
  const capa = galeria[0]?.path ?? lista.pathImgDestaque;
  return {
    listaImagemProduto: [
      ...galeria.map((i) => ({ ...i, destaque: i.path === capa })),
      ...lista.listaImagemProduto.filter((i) => i.imagemSite),
    ],
    pathImgDestaque: capa,
  };
}

/**
 * PUT /produto/imagens/imagem/produto/{id}/ordem: the screen shows the new
 * order at once; the server's answer replaces it when no later move is on its
 * way, and a refusal puts the order from before back.
 */
export function useOrdenarImagens(productId: number) {
  const queryClient = useQueryClient();
  const key = produtoAdminKeys.imagens(productId);
  // Moves still on their way: only the last answer may replace what the screen shows.
  const emVoo = useRef(0);
  return useMutation({
    mutationFn: (ids: number[]) => callEndpoint(imagemApi.ordenarProduto, { params: { id: productId }, body: { ids } }),
    onMutate: async (ids) => {
      emVoo.current += 1;
      await queryClient.cancelQueries({ queryKey: key });
      const antes = queryClient.getQueryData<ListaImagens>(key);
      if (antes) queryClient.setQueryData(key, emOrdem(antes, ids));
      return { antes };
    },
    onSuccess: (lista) => {
      if (emVoo.current === 1) queryClient.setQueryData(key, lista);
    },
    onError: (_error, _ids, context) => {
      if (context?.antes) queryClient.setQueryData(key, context.antes);
    },
    onSettled: () => {
      emVoo.current -= 1;
      // The card pictures of the back-office list and the store's reads.
      void queryClient.invalidateQueries({ queryKey: [...produtoAdminKeys.all, 'listagem'] });
      void queryClient.invalidateQueries({ queryKey: catalogPrefix });
    },
  });
}
