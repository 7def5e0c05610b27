import type { FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client.js';
import type { ImagemResponsiva } from '../../integrations/files/images.js';
import { lerImagemEnviada, type ImagemEnviada, type LimitesImagem } from '../../lib/image-upload.js';
import type { EscritaImagem, ImagemArquivos } from './imagem-arquivos.service.js';

/** What a service that receives pictures needs: where their files and rows go, and the upload's limits. */
export interface EnvioImagemDeps {
  arquivos: ImagemArquivos;
  limites: LimitesImagem;
}

/**
 * One uploaded picture (a product picture, an author photo): read and checked by content (lib/image-upload.ts),
 * stored as responsive WebP under `public/{pasta}/`, and recorded by `gravar` in the transaction that registers it
 * (imagem-arquivos.service.ts). The caller refuses what needs no upload (an unknown owner) before calling it.
 */
export async function receberImagem<T>(
  request: FastifyRequest,
  { arquivos, limites }: EnvioImagemDeps,
  pasta: 'produtos' | 'autores',
  gravar: (tx: Tx, imagem: ImagemResponsiva, enviada: ImagemEnviada) => Promise<EscritaImagem<T>>,
): Promise<T> {
  const enviada = await lerImagemEnviada(request, limites);
  return arquivos.salvar(enviada, pasta, (tx, imagem) => gravar(tx, imagem, enviada));
}
