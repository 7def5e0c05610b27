import { conteudoApi } from '@clinica/shared/schemas/conteudo';
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
});
