/**
 * Image uploads of the back-office (screens /EditListImagemProduto and /editAuthor:
 * PUT /produto/create/{productId}/{isHomeImage},
 * GET /produto/imagens/imagem/produto/{id}, DELETE /produto/imagens/imagem/delete/{imageId},
 * PUT /produto/imagens/imagem/produto/{id}/ordem (an extension: the gallery's order),
 * POST /autor/save/imgautor/{id}), staff only (USUARIO and ADMIN).
 *
 * The uploads are `multipart/form-data` with one file in the field `imagem`
 * (so these contracts have no JSON body; the web sends them with `callUpload`).
 * Only JPEG, PNG and WebP are taken, judged by the bytes (signature and a full
 * decode), never by the name or the declared type; SVG, files with anything
 * after the picture, names with a second extension (`foto.php.jpg`) and files
 * over the size or pixel limits are refused with a 4xx and nothing is stored.
 * What is kept is a re-encoding: WebP in several widths, without metadata.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { MSG_BO } from '../messages-backoffice.js';
import { idParam } from './common.js';
import { imagemSchema } from './produto.js';

/** The multipart field of the file. */
export const CAMPO_IMAGEM = 'imagem';
/** Extensions a picture's name may end in (jpeg, jpg, png, webp and jfif; ADR 015). */
export const EXTENSOES_IMAGEM = ['jpg', 'jpeg', 'jfif', 'png', 'webp'] as const;
/** The `accept` of the file inputs. */
export const ACCEPT_IMAGEM = 'image/jpeg,image/png,image/webp,.jpg,.jpeg,.jfif,.png,.webp';

/** A picture of a product with its responsive sizes. */
const imagemProdutoSchema = z.object({
  id: z.number().int(),
  /** The name the file was sent with. */
  nome: z.string(),
  /** URL path of the largest WebP variant. */
  path: z.string(),
  /** true: the home-banner image; false: a gallery picture. */
  imagemSite: z.boolean(),
  /** Sizes for `srcset` (null only for rows whose sizes are unknown). */
  imagem: imagemSchema.nullable(),
  /** Whether it is the product's card picture (`pathImgDestaque`). */
  destaque: z.boolean(),
});
export type ImagemProduto = z.infer<typeof imagemProdutoSchema>;

/** The pictures of a product: the gallery in display order, then the home picture. */
const imagensProdutoSchema = z.object({
  listaImagemProduto: z.array(imagemProdutoSchema),
  pathImgDestaque: z.string().nullable(),
});

/** The gallery's ids in the order to show (each picture once, the home picture not among them). */
const ordemImagensSchema = z.object({
  ids: z.array(z.number().int().positive().max(2_147_483_647)).min(1).max(500),
});

const isHomeImageParam = z
  .enum(['true', 'false'], { error: MSG_BO.imagemHomeParametro })
  .transform((v) => v === 'true');

/** Product pictures and the author's photo. */
export const imagemApi = {
  enviarProduto: defineEndpoint({
    method: 'PUT',
    path: '/produto/create/:productId/:isHomeImage',
    summary: 'Envia uma imagem do produto (multipart, campo "imagem"); isHomeImage=true troca a imagem do site',
    description:
      'JPEG, PNG ou WebP conferidos pelo conteúdo, até o limite de tamanho (413) e de pixels (422); SVG, arquivos com dados além da imagem e nomes com duas extensões: 415/422, nada gravado. A primeira imagem da galeria vira o destaque do produto quando ele não tem um.',
    params: z.object({ productId: idParam, isHomeImage: isHomeImageParam }),
    response: imagemProdutoSchema,
    status: 201,
  }),
  listarProduto: defineEndpoint({
    method: 'GET',
    path: '/produto/imagens/imagem/produto/:id',
    summary: 'Imagens do produto (galeria em ordem, depois a do site), com o destaque marcado',
    params: z.object({ id: idParam }),
    response: imagensProdutoSchema,
  }),
  ordenarProduto: defineEndpoint({
    method: 'PUT',
    path: '/produto/imagens/imagem/produto/:id/ordem',
    summary: 'Define a ordem da galeria do produto; a primeira imagem vira o destaque (foto do card)',
    description:
      'O corpo lista os ids de todas as imagens da galeria, cada um uma vez, na ordem em que a loja deve mostrá-las (a imagem da home não entra). Uma lista diferente das imagens da galeria: 422, nada muda.',
    params: z.object({ id: idParam }),
    body: ordemImagensSchema,
    response: imagensProdutoSchema,
  }),
  excluirProduto: defineEndpoint({
    method: 'DELETE',
    path: '/produto/imagens/imagem/delete/:imageId',
    summary: 'Exclui uma imagem do produto e os seus arquivos; excluir o destaque passa-o à imagem seguinte',
    params: z.object({ imageId: idParam }),
    response: z.object({ id: z.number().int(), produtoId: z.number().int(), pathImgDestaque: z.string().nullable() }),
  }),
  enviarAutor: defineEndpoint({
    method: 'POST',
    path: '/autor/save/imgautor/:id',
    summary: 'Envia a foto do autor (multipart, campo "imagem"); substitui a anterior',
    description: 'As mesmas regras das imagens de produto.',
    params: z.object({ id: idParam }),
    response: z.object({
      id: z.number().int(),
      nomeImg: z.string(),
      pathImg: z.string(),
      imagem: imagemSchema,
    }),
  }),
};
