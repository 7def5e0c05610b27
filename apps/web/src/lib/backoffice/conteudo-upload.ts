import { endpointPath } from '@clinica/shared/endpoint';
import { MSG } from '@clinica/shared/messages';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import type { Envelope } from '@clinica/shared/schemas/common';
import { conteudoAdminApi, type ConteudoAdminItem } from '@clinica/shared/schemas/conteudo';
import { API_BASE, ApiError, callUpload } from '../api-client';
import { session } from '../session';

/** A content to add to a digital product (POST /conteudoproduto/create/{productId}/{order}). */
export interface NovoConteudo {
  titulo: string;
  /** HH:MM:SS */
  duracao: string;
  /** A PDF, an MP4 or an AVI (the server checks the bytes). */
  arquivo: File;
}

export interface EnvioConteudoOpcoes {
  /** Upload progress from 0 to 1 (sent with XMLHttpRequest, which reports it; fetch does not). */
  onProgress?: (fracao: number) => void;
  signal?: AbortSignal;
}

/**
 * The multipart body: `titulo` and `duracao` first, so the server checks them
 * before it stores a byte of the file, then `conteudo`.
 */
function conteudoFormData({ titulo, duracao, arquivo }: NovoConteudo): FormData {
  const form = new FormData();
  form.append('titulo', titulo);
  form.append('duracao', duracao);
  form.append('conteudo', arquivo, arquivo.name);
  return form;
}

const STATUS_MESSAGES: Record<number, string> = {
  401: MSG.naoAutenticado,
  403: MSG.semPermissao,
  404: MSG.naoEncontrado,
  413: MSG_BO.conteudoArquivoGrande,
};

/**
 * Adds a content to a digital product and resolves with it as the back-office
 * lists it (an AVI comes back PROCESSANDO until the server converts it to MP4).
 * Used by /EditListConteudoProduto and by /newProduct after the product is
 * created. Failures are ApiErrors with the server's pt-BR message; a 401/403
 * signs out as every other call does.
 */
export function enviarConteudo(
  productId: number,
  ordem: number,
  conteudo: NovoConteudo,
  opcoes: EnvioConteudoOpcoes = {},
): Promise<ConteudoAdminItem> {
  const form = conteudoFormData(conteudo);
  const params = { productId, order: ordem };
  if (!opcoes.onProgress || typeof XMLHttpRequest === 'undefined') {
    return callUpload(conteudoAdminApi.criar, { params, form, ...(opcoes.signal ? { signal: opcoes.signal } : {}) });
  }
  return enviarComProgresso(`${API_BASE}${endpointPath(conteudoAdminApi.criar.path, params)}`, form, opcoes);
}

/** The same call through XMLHttpRequest, for its upload progress events. */
function enviarComProgresso(
  url: string,
  form: FormData,
  { onProgress, signal }: EnvioConteudoOpcoes,
): Promise<ConteudoAdminItem> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('Envio cancelado', 'AbortError'));
      return;
    }
    const token = session.getSnapshot().token;
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);

    xhr.onabort = () => {
      done();
      reject(new DOMException('Envio cancelado', 'AbortError'));
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError(0, MSG.erroConexao));
    };
    xhr.onload = () => {
      done();
      let envelope: Partial<Envelope<unknown>> | null;
      try {
        envelope = JSON.parse(xhr.responseText) as Envelope<unknown>;
      } catch {
        envelope = null;
      }
      const status = xhr.status;
      if ((status === 401 || status === 403) && token && session.getSnapshot().token === token) session.expire();
      if (status !== 201 && status !== 200) {
        reject(
          new ApiError(status, envelope?.message || STATUS_MESSAGES[status] || MSG.erroInterno, envelope?.content),
        );
        return;
      }
      onProgress?.(1);
      const parsed = conteudoAdminApi.criar.response.safeParse(envelope?.content);
      if (!parsed.success) reject(new ApiError(502, MSG.respostaInesperada));
      else resolve(parsed.data);
    };
    xhr.send(form);
  });
}
