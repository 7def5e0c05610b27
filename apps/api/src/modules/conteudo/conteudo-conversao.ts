/**
 * The conversion of an uploaded AVI to MP4, as a background job: the upload (conteudo-admin.service.ts) stores the
 * AVI and enqueues this job; the job converts it with ffmpeg (conteudo-video.ts), checks the result is an MP4,
 * stores it beside the original and points the content at it, or marks the content FALHOU after its last attempt.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import type { FileStorage } from '../../integrations/files/index.js';
import { safeErrorMessage, type JobHandlers, type JobLogger } from '../../lib/jobs/index.js';
import type { ConteudoAdminRepository } from './conteudo-admin.repository.js';
import { converterParaMp4 } from './conteudo-video.js';

/** The background job that converts an uploaded AVI to MP4. */
export const JOB_CONVERTER_CONTEUDO = 'conteudo.converter';
/** Attempts before a conversion ends FALHOU. */
export const CONVERSAO_MAX_TENTATIVAS = 3;

const conversaoPayload = z.object({ conteudoId: z.number().int().positive() });

/** Deletes a stored content file; a failure is logged, never thrown (the row no longer points at it). */
export const apagarArquivo =
  (storage: FileStorage, log: JobLogger) =>
  async (key: string): Promise<void> => {
    try {
      await storage.delete(key);
    } catch (err) {
      log.warn({ key, erro: safeErrorMessage(err) }, 'Não foi possível apagar o arquivo de conteúdo');
    }
  };

export function conversaoJobHandlers(deps: {
  repository: ConteudoAdminRepository;
  storage: FileStorage;
  log: JobLogger;
  apagar: (key: string) => Promise<void>;
  /** CONTEUDO_TRANSCODE_TIMEOUT_SECONDS × 1000 */
  timeoutMs: number;
}): JobHandlers {
  const { repository, storage, log, apagar } = deps;
  return {
    [JOB_CONVERTER_CONTEUDO]: async (payload, ctx) => {
      const { conteudoId } = conversaoPayload.parse(payload);
      const row = await repository.porId(conteudoId);
      if (!row || row.processamento !== 'PROCESSANDO') return;
      const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'conteudo-'));
      const mp4Key = `${row.arquivo.replace(/\.avi$/i, '')}.mp4`;
      try {
        const entrada = path.join(dir, 'entrada.avi');
        const saida = path.join(dir, 'saida.mp4');
        await pipeline(storage.createReadStream(row.arquivo), fs.createWriteStream(entrada));
        await converterParaMp4(entrada, saida, { timeoutMs: deps.timeoutMs });
        const cabecalho = Buffer.alloc(8);
        const arquivo = await fsp.open(saida, 'r');
        try {
          await arquivo.read(cabecalho, 0, 8, 0);
        } finally {
          await arquivo.close();
        }
        if (cabecalho.subarray(4, 8).toString('latin1') !== 'ftyp') throw new Error('ffmpeg não gerou um MP4');
        const { size } = await fsp.stat(saida);
        await storage.put(mp4Key, fs.createReadStream(saida), 'video/mp4');
        if (await repository.concluirConversao(conteudoId, { arquivo: mp4Key, tamanho: size })) {
          if (!(await repository.arquivoEmUso(row.arquivo))) await apagar(row.arquivo);
          log.info({ conteudoId, bytes: size }, 'Vídeo AVI convertido para MP4');
        } else {
          // Deleted (or finished by another run) meanwhile: keep only a file some row points at.
          const atual = await repository.porId(conteudoId);
          if (atual?.arquivo !== mp4Key) await apagar(mp4Key);
        }
      } catch (err) {
        if (ctx.lastAttempt) {
          await repository.falharConversao(conteudoId);
          log.error(
            { conteudoId, tentativa: ctx.attempt, erro: safeErrorMessage(err) },
            'Conversão de AVI para MP4 falhou de vez: conteúdo marcado FALHOU',
          );
        }
        throw err;
      } finally {
        await fsp.rm(dir, { recursive: true, force: true });
      }
    },
  };
}
