import crypto from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import { z } from 'zod';
import { MSG } from '@clinica/shared/messages';
import { MSG_API } from '@clinica/shared/messages-api';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import {
  conteudoCamposSchema,
  conteudoDuracaoField,
  conteudoTituloField,
  type ConteudoAdminItem,
  type ConteudosProdutoAdmin,
} from '@clinica/shared/schemas/conteudo';
import type { Db } from '../../db/client.js';
import type { FileStorage } from '../../integrations/files/index.js';
import { registrarAuditoria, type QuemAudita } from '../../lib/auditoria.js';
import {
  AppError,
  badRequest,
  conflict,
  isAppError,
  notFound,
  sqlConstraint,
  sqlState,
  unprocessable,
} from '../../lib/errors.js';
import type { JobHandlers, JobLogger, JobQueue } from '../../lib/jobs/index.js';
import { createInspecao, formatoDoNome, MIME_CONTEUDO, type FormatoConteudo } from './conteudo-arquivo.js';
import type { ConteudoAdminRepository } from './conteudo-admin.repository.js';
import {
  apagarArquivo,
  CONVERSAO_MAX_TENTATIVAS,
  conversaoJobHandlers,
  JOB_CONVERTER_CONTEUDO,
} from './conteudo-conversao.js';
import { tamanhoLegivel } from '../../lib/tamanho.js';

/** One part of the multipart upload, as @fastify/multipart yields it (only what is read here). */
export type ParteUpload =
  | { type: 'field'; fieldname: string; value: unknown }
  | { type: 'file'; fieldname: string; filename: string; file: Readable & { truncated?: boolean } };

interface ArquivoGravado {
  key: string;
  formato: FormatoConteudo;
  tamanho: number;
  nome: string | null;
}

/** The name as the uploader had it, fit for a label: no control characters or path, at most 255 characters. */
function nomeOriginal(nome: string | undefined): string | null {
  const limpo = (nome ?? '')
    .replace(/\p{Cc}|\p{Cs}/gu, '')
    .split(/[\\/]/)
    .pop()!
    .trim()
    .slice(0, 255);
  return limpo || null;
}

/** Reads a stream to its end, discarding it (a refused file still has to leave the request). */
async function descartar(stream: Readable): Promise<void> {
  try {
    for await (const _chunk of stream) {
      // discarded
    }
  } catch {
    // A broken part ends the request anyway; the parser reports it.
  }
}

/** The first failing field of a zod result as a 400 with every field's message (the first one is the toast). */
function recusaDeCampos(error: z.ZodError): AppError {
  const errors = error.issues.map((i) => ({ campo: i.path.join('.') || 'body', mensagem: i.message }));
  return badRequest(errors[0]?.mensagem ?? MSG.erroValidacao, { errors });
}

/**
 * The back-office of a digital product's contents
 * (docs/behaviour/back-office.md#product-contents, ADR 015): list, upload (streamed to
 * private storage and checked by content as it passes), delete, and the
 * background conversion of AVI to MP4.
 */
export function createConteudoAdminService(deps: {
  db: Db;
  repository: ConteudoAdminRepository;
  storage: FileStorage;
  jobs: JobQueue;
  /** CONTEUDO_MAX_BYTES */
  maxBytes: number;
  /** CONTEUDO_TRANSCODE_TIMEOUT_SECONDS × 1000 */
  conversaoTimeoutMs: number;
  log: JobLogger;
}) {
  const { db, repository, storage, jobs, log } = deps;

  /** 404 for an unknown product, 422 for a physical one. */
  async function produtoDigital(produtoId: number) {
    const produto = await repository.produto(produtoId);
    if (!produto) throw notFound(MSG_BO.conteudoProdutoNaoEncontrado);
    if (!produto.digital) throw unprocessable(MSG_BO.conteudoProdutoFisico);
    return produto;
  }

  const muitoGrande = () =>
    new AppError(413, `${MSG_BO.conteudoArquivoGrande} (máximo ${tamanhoLegivel(deps.maxBytes)})`);

  const apagar = apagarArquivo(storage, log);

  /**
   * Streams one file part to private storage under a fresh key, checking it
   * as it passes (conteudo-arquivo.ts). A refused file is read to its end and
   * thrown away, and nothing stays in storage.
   */
  async function gravar(produtoId: number, parte: Extract<ParteUpload, { type: 'file' }>): Promise<ArquivoGravado> {
    let formato: FormatoConteudo;
    try {
      formato = formatoDoNome(parte.filename);
    } catch (err) {
      await descartar(parte.file);
      throw err;
    }
    const key = `private/conteudos/produto-${produtoId}/${Date.now()}-${crypto.randomBytes(8).toString('hex')}.${formato}`;
    const inspecao = createInspecao(formato);
    // A small buffer between the upload and the disk: backpressure reaches the socket, memory stays flat.
    const saida = new PassThrough({ highWaterMark: 64 * 1024 });
    let erroGravacao: unknown = null;
    let gravacaoTerminou = false;
    const gravacao = storage.put(key, saida, MIME_CONTEUDO[formato]).then(
      () => {
        gravacaoTerminou = true;
      },
      (err: unknown) => {
        gravacaoTerminou = true;
        erroGravacao = err ?? new Error('Falha ao gravar o arquivo');
      },
    );

    const escrever = async (bytes: Buffer) => {
      if (erroGravacao || saida.destroyed) throw erroGravacao ?? new Error('Gravação do arquivo interrompida');
      if (saida.write(bytes)) return;
      await Promise.race([
        new Promise<void>((resolve) => {
          const pronto = () => {
            saida.off('drain', pronto);
            saida.off('close', pronto);
            resolve();
          };
          saida.on('drain', pronto);
          saida.on('close', pronto);
        }),
        gravacao,
      ]);
      if (erroGravacao) throw erroGravacao;
    };

    let recusa: unknown = null;
    try {
      for await (const chunk of parte.file) {
        if (recusa) continue; // refused: read the rest of the part and drop it
        try {
          for (const bytes of await inspecao.consumir(chunk as Buffer)) await escrever(bytes);
        } catch (err) {
          recusa = err;
        }
      }
    } catch {
      // The part ended before its boundary (client gone, malformed body).
      recusa ??= badRequest(MSG_API.requisicaoInvalida);
    }
    if (!recusa && parte.file.truncated) recusa = muitoGrande();
    if (!recusa) {
      try {
        for (const bytes of await inspecao.concluir()) await escrever(bytes);
      } catch (err) {
        recusa = err;
      }
    }
    if (recusa) saida.destroy();
    else saida.end();
    await gravacao;
    if (recusa || erroGravacao) {
      if (gravacaoTerminou) await apagar(key);
      throw recusa ?? erroGravacao;
    }
    return { key, formato, tamanho: inspecao.tamanho, nome: nomeOriginal(parte.filename) };
  }

  return {
    /** The staff list of a product's contents, in order, with their processing state. */
    async listar(produtoId: number): Promise<ConteudosProdutoAdmin> {
      const produto = await produtoDigital(produtoId);
      const itens = await repository.listar(produtoId);
      return {
        produtoId: produto.id,
        nomeProduto: produto.nome,
        listaConteudoProduto: itens.map(paraItem),
      };
    },

    /**
     * Checks that can refuse an upload before its body is read (unknown or
     * physical product, order already used): the request body is then
     * discarded by Node without being parsed.
     */
    async antesDoEnvio(produtoId: number, ordem: number): Promise<void> {
      await produtoDigital(produtoId);
      if (await repository.ordemUsada(produtoId, ordem)) throw conflict(MSG_BO.conteudoOrdemEmUso);
    },

    /**
     * POST /conteudoproduto/create/{productId}/{order}: reads the multipart
     * parts in whatever order they come. `titulo` and `duracao` that arrive
     * before the file are checked before a byte of it is stored; those after
     * it are checked once it is stored, and a refusal then removes it. The
     * row is written (with the conversion job of an AVI and the product's
     * audit entry, ENVIAR_CONTEUDO) in one transaction.
     */
    async criar(
      produtoId: number,
      ordem: number,
      partes: AsyncIterable<ParteUpload>,
      quem: QuemAudita,
    ): Promise<ConteudoAdminItem> {
      const campos: { titulo?: string; duracao?: string } = {};
      let gravado: ArquivoGravado | null = null;
      let recusa: unknown = null;
      let arquivos = 0;

      try {
        for await (const parte of partes) {
          if (parte.type === 'field') {
            if (
              (parte.fieldname === 'titulo' || parte.fieldname === 'duracao') &&
              campos[parte.fieldname] === undefined
            )
              campos[parte.fieldname] = typeof parte.value === 'string' ? parte.value : '';
            continue;
          }
          arquivos += 1;
          if (!recusa && (parte.fieldname !== 'conteudo' || arquivos > 1))
            recusa = badRequest(MSG_BO.conteudoUmArquivo);
          if (!recusa) {
            // Fields sent before the file are checked before anything is stored.
            const antes = z
              .object({ titulo: conteudoTituloField.optional(), duracao: conteudoDuracaoField.optional() })
              .safeParse(campos);
            if (!antes.success) recusa = recusaDeCampos(antes.error);
          }
          if (recusa) {
            await descartar(parte.file);
            continue;
          }
          try {
            gravado = await gravar(produtoId, parte);
          } catch (err) {
            recusa = err;
          }
        }
      } catch (err) {
        // The multipart parser failed (limits, a malformed body): nothing of this request stays.
        if (gravado) await apagar(gravado.key);
        const status = (err as { statusCode?: unknown }).statusCode;
        if (isAppError(err) || (typeof status === 'number' && status >= 400 && status < 500)) throw err;
        throw badRequest(MSG_API.requisicaoInvalida);
      }

      const arquivo = gravado as ArquivoGravado | null;
      const falhar = async (erro: unknown): Promise<never> => {
        if (arquivo) await apagar(arquivo.key);
        throw erro;
      };
      if (recusa) return falhar(recusa);
      // A field never sent is an empty field: 'Preencha todos os campos'.
      const parsed = conteudoCamposSchema.safeParse({ titulo: campos.titulo ?? '', duracao: campos.duracao ?? '' });
      if (!parsed.success) return falhar(recusaDeCampos(parsed.error));
      if (!arquivo) return falhar(badRequest(MSG_BO.conteudoArquivoObrigatorio));

      const avi = arquivo.formato === 'avi';
      try {
        const row = await db.transaction(async (tx) => {
          const novo = await repository.inserir(
            {
              produtoId,
              ordem,
              titulo: parsed.data.titulo,
              duracao: parsed.data.duracao,
              arquivo: arquivo.key,
              nomeArquivo: arquivo.nome,
              video: arquivo.formato !== 'pdf',
              tipo: MIME_CONTEUDO[arquivo.formato],
              tamanho: arquivo.tamanho,
              processamento: avi ? 'PROCESSANDO' : 'PRONTO',
            },
            tx,
          );
          await registrarAuditoria(tx, quem, {
            entidade: 'produto',
            entidadeId: produtoId,
            acao: 'ENVIAR_CONTEUDO',
            depois: registroConteudo(novo),
          });
          if (avi) {
            await jobs.enqueue(
              JOB_CONVERTER_CONTEUDO,
              { conteudoId: novo.id },
              { db: tx, maxAttempts: CONVERSAO_MAX_TENTATIVAS, key: `${JOB_CONVERTER_CONTEUDO}:${novo.id}` },
            );
          }
          return novo;
        });
        // On PostgreSQL the job became visible at the commit: wake the worker now.
        if (avi) jobs.wake();
        return paraItem(row);
      } catch (err) {
        if (sqlState(err) === '23505' && sqlConstraint(err) === 'conteudos_produto_ordem_uq')
          return falhar(conflict(MSG_BO.conteudoOrdemEmUso));
        if (sqlState(err) === '23503') return falhar(notFound(MSG_BO.conteudoProdutoNaoEncontrado));
        return falhar(err);
      }
    },

    /**
     * DELETE /conteudoproduto/delete/{id}: the row (students' progress on it
     * goes too, by cascade) with the product's audit entry (EXCLUIR_CONTEUDO)
     * in one transaction, then its file. Allowed whatever the state: a
     * conversion still running finds no row and throws its MP4 away.
     */
    async excluir(id: number, quem: QuemAudita): Promise<{ id: number }> {
      const removido = await db.transaction(async (tx) => {
        const row = await repository.excluir(id, tx);
        if (row) {
          await registrarAuditoria(tx, quem, {
            entidade: 'produto',
            entidadeId: row.produtoId,
            acao: 'EXCLUIR_CONTEUDO',
            antes: registroConteudo(row),
          });
        }
        return row;
      });
      if (!removido) throw notFound(MSG_API.conteudoNaoEncontrado);
      if (!(await repository.arquivoEmUso(removido.arquivo))) await apagar(removido.arquivo);
      return { id };
    },

    /** PUT /conteudoproduto/{id}/download (ADR 046): the flag, with the product's audit entry, in one transaction. */
    async permitirDownload(id: number, permiteDownload: boolean, quem: QuemAudita): Promise<ConteudoAdminItem> {
      const row = await db.transaction(async (tx) => {
        const atualizado = await repository.permitirDownload(id, permiteDownload, tx);
        if (atualizado) {
          await registrarAuditoria(tx, quem, {
            entidade: 'produto',
            entidadeId: atualizado.produtoId,
            acao: 'EDITAR',
            antes: { ...registroConteudo(atualizado), permiteDownload: !permiteDownload },
            depois: registroConteudo(atualizado),
          });
        }
        return atualizado;
      });
      if (!row) throw notFound(MSG_API.conteudoNaoEncontrado);
      return paraItem(row);
    },

    /**
     * PUT /conteudoproduto/{id}/previa (ADR 047): whether the content is a free preview of its course, with the
     * product's audit entry (ALTERAR_PREVIA) in one transaction. The catalogue's version moves with the row (its
     * trigger), so the course's page shows the change at once.
     */
    async alterarPrevia(id: number, previaGratuita: boolean, quem: QuemAudita): Promise<ConteudoAdminItem> {
      const row = await db.transaction(async (tx) => {
        const alterado = await repository.alterarPrevia(id, previaGratuita, tx);
        if (alterado) {
          await registrarAuditoria(tx, quem, {
            entidade: 'produto',
            entidadeId: alterado.produtoId,
            acao: 'ALTERAR_PREVIA',
            depois: { ...registroConteudo(alterado), previaGratuita },
          });
        }
        return alterado;
      });
      if (!row) throw notFound(MSG_API.conteudoNaoEncontrado);
      return paraItem(row);
    },

    /** The AVI → MP4 conversion job (registered on the job worker in app-services.ts). */
    jobHandlers(): JobHandlers {
      return conversaoJobHandlers({ repository, storage, log, apagar, timeoutMs: deps.conversaoTimeoutMs });
    },
  };
}

/** A content as the product's audit entries record it (no storage key). */
function registroConteudo(row: Parameters<typeof paraItem>[0]) {
  const { id, ordem, titulo, duracao, tipo, nomeArquivo, permiteDownload } = paraItem(row);
  return { conteudoId: id, ordem, titulo, duracao, tipo, nomeArquivo, permiteDownload };
}

/** A row as the back-office contract shows it. */
function paraItem(row: {
  id: number;
  produtoId: number;
  ordem: number;
  titulo: string;
  duracao: string;
  video: boolean;
  tipo: string;
  tamanho: number;
  processamento: string;
  nomeArquivo: string | null;
  permiteDownload: boolean;
  previaGratuita: boolean;
}): ConteudoAdminItem {
  return {
    id: row.id,
    produtoId: row.produtoId,
    ordem: row.ordem,
    titulo: row.titulo,
    duracao: row.duracao,
    video: row.video,
    tipo: row.tipo,
    tamanho: Number(row.tamanho),
    processamento: row.processamento as ConteudoAdminItem['processamento'],
    nomeArquivo: row.nomeArquivo,
    permiteDownload: row.permiteDownload,
    previaGratuita: row.previaGratuita,
  };
}

export type ConteudoAdminService = ReturnType<typeof createConteudoAdminService>;
