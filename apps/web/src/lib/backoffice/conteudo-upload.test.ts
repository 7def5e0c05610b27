import { MSG } from '@clinica/shared/messages';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { conteudoAdminApi } from '@clinica/shared/schemas/conteudo';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSession } from '../../test/reset-session';
import { fail, mockApi, okFor, storeSession, type WireContent } from '../../test/test-utils';
import { XhrSobreFetch } from '../../test/xhr-over-fetch';
import { ApiError } from '../api-client';
import { session } from '../session';
import { enviarConteudo } from './conteudo-upload';

const URL_CRIAR = 'POST /api/conteudoproduto/create/9/2';
const criado = {
  id: 30,
  produtoId: 9,
  ordem: 2,
  titulo: 'Aula',
  duracao: '00:01:00',
  video: true,
  tipo: 'video/x-msvideo',
  tamanho: 10,
  processamento: 'PROCESSANDO',
  nomeArquivo: 'aula.avi',
  permiteDownload: false,
  previaGratuita: false,
} satisfies WireContent<typeof conteudoAdminApi.criar>;
const conteudo = () => ({ titulo: 'Aula', duracao: '00:01:00', arquivo: new File(['RIFF'], 'aula.avi') });

describe('enviarConteudo', () => {
  beforeEach(() => {
    resetSession();
    storeSession({ idUser: 1, permissao: 'ADMIN' });
    session.reload();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    resetSession();
  });

  it('sends titulo, duracao and conteudo as multipart and reports the progress (XMLHttpRequest)', async () => {
    const { calls } = mockApi({ [URL_CRIAR]: okFor(conteudoAdminApi.criar, criado) });
    vi.stubGlobal('XMLHttpRequest', XhrSobreFetch);
    const progresso: number[] = [];
    const item = await enviarConteudo(9, 2, conteudo(), { onProgress: (f) => progresso.push(f) });
    expect(item).toEqual(criado);
    expect(progresso).toEqual([0.4, 1]);
    const form = calls[0]!.body as FormData;
    expect([...form.keys()]).toEqual(['titulo', 'duracao', 'conteudo']);
    expect(calls[0]!.headers.Authorization).toBe(`Bearer ${session.getSnapshot().token}`);
  });

  it('without a progress callback it goes through fetch (callUpload)', async () => {
    mockApi({ [URL_CRIAR]: okFor(conteudoAdminApi.criar, criado) });
    vi.stubGlobal('XMLHttpRequest', undefined);
    expect(await enviarConteudo(9, 2, conteudo())).toEqual(criado);
  });

  it("fails with the server's message, and a 403 signs out as every call does", async () => {
    mockApi({ [URL_CRIAR]: fail(409, MSG_BO.conteudoOrdemEmUso) });
    vi.stubGlobal('XMLHttpRequest', XhrSobreFetch);
    const erro = await enviarConteudo(9, 2, conteudo(), { onProgress: () => undefined }).catch((e: unknown) => e);
    expect(erro).toBeInstanceOf(ApiError);
    expect((erro as ApiError).message).toBe(MSG_BO.conteudoOrdemEmUso);
    expect(session.getSnapshot().user).not.toBeNull();

    mockApi({ [URL_CRIAR]: fail(403, MSG.semPermissao) });
    await expect(enviarConteudo(9, 2, conteudo(), { onProgress: () => undefined })).rejects.toThrow(MSG.semPermissao);
    expect(session.getSnapshot().user).toBeNull();
    expect(session.getSnapshot().expired).toBe(true);
  });
});
