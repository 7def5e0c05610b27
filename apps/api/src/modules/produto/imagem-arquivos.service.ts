import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.js';
import type { FileStorage } from '../../integrations/files/index.js';
import { salvarImagemResponsiva, slugArquivo, type ImagemResponsiva } from '../../integrations/files/images.js';
import type { ImagemEnviada } from '../../lib/image-upload.js';
import { apagarArquivos, type ImagemRepository } from './imagem.repository.js';

/** What a write of picture rows returns: its result, and the paths it stopped pointing at. */
export interface EscritaImagem<T> {
  resultado: T;
  /** Paths whose row(s) the transaction removed or replaced: their files go when nothing else uses them. */
  removidos: string[];
}

/**
 * Files and rows of uploaded pictures, kept together: the files are written
 * (re-encoded, metadata stripped) before the transaction that records them;
 * if that transaction fails, the new files are deleted again unless another
 * row already used them; files a transaction left unused are deleted after it
 * commits. Used by product images and author photos.
 */
export function createImagemArquivos(deps: {
  db: Db;
  storage: FileStorage;
  repository: ImagemRepository;
  log: FastifyBaseLogger;
}) {
  const { db, storage, repository, log } = deps;

  /** Runs `escrever` in a transaction, then deletes the files it left unused. */
  async function escreverELimpar<T>(escrever: (tx: Tx) => Promise<EscritaImagem<T>>): Promise<T> {
    const { resultado, chaves } = await db.transaction(async (tx) => {
      const escrita = await escrever(tx);
      const chaves: string[] = [];
      for (const path of new Set(escrita.removidos)) chaves.push(...(await repository.liberarSeSemUso(tx, path)));
      return { resultado: escrita.resultado, chaves };
    });
    await apagarArquivos(storage, chaves, log);
    return resultado;
  }

  return {
    /**
     * Stores an accepted upload as responsive WebP under `public/{pasta}/` and
     * records it with `gravar` (which also registers the `imagens` row).
     */
    async salvar<T>(
      enviada: ImagemEnviada,
      pasta: 'produtos' | 'autores',
      gravar: (tx: Tx, imagem: ImagemResponsiva) => Promise<EscritaImagem<T>>,
    ): Promise<T> {
      const nome = enviada.nome.replace(/\.[^.]+$/, '');
      const imagem = await salvarImagemResponsiva(storage, enviada.buffer, { pasta, nome: slugArquivo(nome) });
      try {
        return await escreverELimpar(async (tx) => {
          await repository.registrar(tx, imagem);
          return gravar(tx, imagem);
        });
      } catch (err) {
        // Nothing was recorded: the files just written go, unless a row elsewhere already had them.
        const chaves = await db
          .transaction((tx) => repository.liberarSeSemUso(tx, imagem.path))
          .catch((e) => {
            log.warn({ err: e }, 'Não foi possível conferir o uso de uma imagem recusada');
            return [] as string[];
          });
        await apagarArquivos(storage, chaves, log);
        throw err;
      }
    },

    /** Removes picture rows in a transaction, then the files nothing uses any more. */
    remover: escreverELimpar,
  };
}

export type ImagemArquivos = ReturnType<typeof createImagemArquivos>;
