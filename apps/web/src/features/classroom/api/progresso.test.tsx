import { conteudoApi, type ConteudoCurso, type ProgressoInput } from '@clinica/shared/schemas/conteudo';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, okFor } from '../../../test/test-utils';
import { cursoWire, PDF, VIDEO } from '../classroom-fixtures';
import { salaKeys } from './keys';
import { useSalvarProgresso } from './progresso';

afterEach(() => vi.unstubAllGlobals());

describe('useSalvarProgresso', () => {
  it('two saves answered out of order: the percentage follows the marks, not the older answer', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const curso = cursoWire({
      listaConteudoProduto: [
        { ...VIDEO, concluido: false },
        { ...PDF, concluido: false },
      ],
      progresso: { concluidos: 0, total: 2, percentual: 0 },
    });
    client.setQueryData(salaKeys.curso(40, 7), curso);
    let liberarVideo: () => void = () => undefined;
    const videoAtrasado = new Promise<void>((r) => (liberarVideo = r));
    mockApi({
      // The video's save was sent first but answers last, with the percentage of its own moment (50 %).
      [`PUT /api/conteudoproduto/${VIDEO.id}/progresso`]: async () => {
        await videoAtrasado;
        return okFor(conteudoApi.progresso, {
          conteudoId: VIDEO.id,
          produtoId: 40,
          concluido: true,
          posicaoSegundos: 5,
          progresso: { concluidos: 1, total: 2, percentual: 50 },
        });
      },
      [`PUT /api/conteudoproduto/${PDF.id}/progresso`]: okFor(conteudoApi.progresso, {
        conteudoId: PDF.id,
        produtoId: 40,
        concluido: true,
        posicaoSegundos: 0,
        progresso: { concluidos: 2, total: 2, percentual: 100 },
      }),
    });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => ({ a: useSalvarProgresso(40, 7), b: useSalvarProgresso(40, 7) }), { wrapper });
    act(() => {
      result.current.a.mutate({ id: VIDEO.id, body: { posicaoSegundos: 5 } });
      result.current.b.mutate({ id: PDF.id, body: { concluido: true } });
    });
    await waitFor(() => expect(result.current.b.isSuccess).toBe(true));
    liberarVideo();
    await waitFor(() => expect(result.current.a.isSuccess).toBe(true));
    expect(client.getQueryData<typeof curso>(salaKeys.curso(40, 7))?.progresso).toEqual({
      concluidos: 2,
      total: 2,
      percentual: 100,
    });
  });

  /** Two saves of one item, the first answering last with the row as it was before the second landed. */
  async function outOfOrder(
    primeiro: { body: ProgressoInput; answer: boolean },
    segundo: { body: ProgressoInput; answer: boolean },
    inicial: boolean,
  ) {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(
      salaKeys.curso(40, 7),
      cursoWire({
        listaConteudoProduto: [
          { ...VIDEO, concluido: inicial },
          { ...PDF, concluido: true },
        ],
        progresso: { concluidos: inicial ? 2 : 1, total: 2, percentual: inicial ? 100 : 50 },
      }),
    );
    let liberar: () => void = () => undefined;
    const atrasado = new Promise<void>((r) => (liberar = r));
    let chamada = 0;
    const answer = (concluido: boolean) =>
      okFor(conteudoApi.progresso, {
        conteudoId: VIDEO.id,
        produtoId: 40,
        concluido,
        posicaoSegundos: 9,
        progresso: { concluidos: concluido ? 2 : 1, total: 2, percentual: concluido ? 100 : 50 },
      });
    mockApi({
      [`PUT /api/conteudoproduto/${VIDEO.id}/progresso`]: async () => {
        if (++chamada === 1) {
          await atrasado;
          return answer(primeiro.answer);
        }
        return answer(segundo.answer);
      },
    });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => ({ a: useSalvarProgresso(40, 7), b: useSalvarProgresso(40, 7) }), { wrapper });
    act(() => result.current.a.mutate({ id: VIDEO.id, body: primeiro.body }));
    await waitFor(() => expect(chamada).toBe(1));
    act(() => result.current.b.mutate({ id: VIDEO.id, body: segundo.body }));
    await waitFor(() => expect(result.current.b.isSuccess).toBe(true));
    liberar();
    await waitFor(() => expect(result.current.a.isSuccess).toBe(true));
    const curso = client.getQueryData<ConteudoCurso>(salaKeys.curso(40, 7))!;
    return { video: curso.listaConteudoProduto[0]!.concluido, percentual: curso.progresso.percentual };
  }

  it("the video's 90 % mark, then its last position answered late with the row before the mark: stays done", async () => {
    // The position (sent first, as the video ends) read the row before the mark landed: `false` is stale.
    const r = await outOfOrder(
      { body: { posicaoSegundos: 9 }, answer: false },
      { body: { concluido: true, posicaoSegundos: 9 }, answer: true },
      false,
    );
    expect(r).toEqual({ video: true, percentual: 100 });
  });

  it('a mark then an unmark, the mark answering last: the unmark wins', async () => {
    const r = await outOfOrder(
      { body: { concluido: true }, answer: true },
      { body: { concluido: false }, answer: false },
      false,
    );
    expect(r).toEqual({ video: false, percentual: 50 });
  });

  it('an unmark, then a late position answer that still saw the mark: stays unmarked', async () => {
    const r = await outOfOrder(
      { body: { posicaoSegundos: 9 }, answer: true },
      { body: { concluido: false }, answer: false },
      true,
    );
    expect(r).toEqual({ video: false, percentual: 50 });
  });

  it('a position the server counts as watched (90 %) marks the item', async () => {
    const r = await outOfOrder(
      { body: { posicaoSegundos: 9 }, answer: true },
      { body: { posicaoSegundos: 10 }, answer: true },
      false,
    );
    expect(r).toEqual({ video: true, percentual: 100 });
  });
});
