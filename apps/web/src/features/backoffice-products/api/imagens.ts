import { CAMPO_IMAGEM, imagemApi } from '@clinica/shared/schemas/imagem';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, callUpload } from '../../../lib/api-client';
import { catalogPrefix, produtoAdminKeys } from './keys';

/** GET /produto/imagens/imagem/produto/{id}: the gallery in order, then the home picture. */
export const imagensProdutoQuery = (id: number) =>
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
