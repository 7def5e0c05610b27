import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { isApiError } from '../../lib/api-client';
import type { ConteudoRow } from './product-form-schema';

/** The toast of a failed upload: our sentence, then the server's reason when there is one. */
const withReason = (message: string, error: unknown) =>
  isApiError(error) && error.message ? `${message}. ${error.message}` : message;

/** What goes up after POST /produto/create/ answered 201 (docs/behaviour/back-office.md#products). */
export interface AfterCreateUploads {
  imagens: readonly File[];
  conteudos: readonly ConteudoRow[];
  imagemHome: File | null;
}

/** The step being sent, for the screen's progress line. */
export type UploadStep =
  | { kind: 'imagem'; index: number; total: number }
  | { kind: 'conteudo'; titulo: string; index: number; total: number; fraction?: number }
  | { kind: 'home' };

export interface UploadDeps {
  enviarImagem: (file: File, isHomeImage: boolean) => Promise<unknown>;
  enviarConteudo: (
    ordem: number,
    conteudo: { titulo: string; duracao: string; arquivo: File },
    onProgress: (fraction: number) => void,
  ) => Promise<unknown>;
  success: (message: string) => void;
  error: (message: string) => void;
  onStep?: (step: UploadStep) => void;
}

/**
 * Sends, one after the other, the pictures ('Imagem N cadastrada com sucesso'
 * / 'Imagem N não foi cadastrada'), the contents ('Conteudo: {title} cadastrado
 * com sucesso' / 'Ocorreu um erro! conteudo: {title} não foi cadastrado') and
 * the home picture, with one toast each. A failure does not stop
 * the next upload: the product exists, and what failed can be sent again from
 * its images or contents screen. Resolves with how many uploads failed.
 */
export async function uploadAfterCreate(uploads: AfterCreateUploads, deps: UploadDeps): Promise<number> {
  let failed = 0;
  const { imagens, conteudos, imagemHome } = uploads;

  for (const [i, file] of imagens.entries()) {
    const n = String(i + 1);
    deps.onStep?.({ kind: 'imagem', index: i + 1, total: imagens.length });
    try {
      await deps.enviarImagem(file, false);
      deps.success(MSG_BO.imagemNCadastrada.replace('{n}', n));
    } catch (e) {
      failed += 1;
      deps.error(withReason(MSG_BO.imagemNNaoCadastrada.replace('{n}', n), e));
    }
  }

  for (const [i, row] of conteudos.entries()) {
    const titulo = row.titulo.trim();
    deps.onStep?.({ kind: 'conteudo', titulo, index: i + 1, total: conteudos.length });
    try {
      if (!row.file) throw new Error('sem arquivo');
      await deps.enviarConteudo(Number(row.ordem), { titulo, duracao: row.duracao, arquivo: row.file }, (fraction) =>
        deps.onStep?.({ kind: 'conteudo', titulo, index: i + 1, total: conteudos.length, fraction }),
      );
      deps.success(MSG_BO.conteudoNomeCadastrado.replace('{titulo}', titulo));
    } catch (e) {
      failed += 1;
      deps.error(withReason(MSG_BO.conteudoNomeNaoCadastrado.replace('{titulo}', titulo), e));
    }
  }

  if (imagemHome) {
    deps.onStep?.({ kind: 'home' });
    try {
      await deps.enviarImagem(imagemHome, true);
      deps.success(MSG_BO.imagemHomeCadastrada);
    } catch (e) {
      failed += 1;
      deps.error(withReason(MSG_BO.imagemHomeNaoCadastrada, e));
    }
  }
  return failed;
}

/** The progress line of a step: 'Enviando imagem 1 de 2…'. */
export function stepText(step: UploadStep): string {
  if (step.kind === 'imagem') return `Enviando imagem ${step.index} de ${step.total}…`;
  if (step.kind === 'home') return 'Enviando a imagem da home…';
  const percent = step.fraction === undefined ? '' : ` (${Math.round(step.fraction * 100)}%)`;
  return `Enviando conteúdo ${step.index} de ${step.total}: ${step.titulo}${percent}…`;
}
