import { produtoAdminApi } from '@clinica/shared/schemas/produto-admin';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, okFor, testQueryClient } from '../../../test/test-utils';
import type * as Delays from '../../../lib/delays';
import { useCriarProduto } from './produtos';

let release: () => void = () => undefined;
const delay = vi.fn((ms: number) => {
  void ms;
  return new Promise<void>((resolve) => (release = resolve));
});
vi.mock('../../../lib/delays', async (original) => ({
  ...(await original<typeof Delays>()),
  artificialDelay: (ms: number) => delay(ms),
}));

describe('product creation', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('waits 3 s before POST /produto/create/', async () => {
    const { calls } = mockApi({
      'POST /api/produto/create/': okFor(produtoAdminApi.criar, { id: 40 }, { status: 201 }),
    });
    const client = testQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useCriarProduto(), { wrapper });
    const created = result.current.mutateAsync({
      nome: 'Produto',
      descricao: 'Descrição',
      preco: 10,
      categoria: { id: 1 },
    });
    await waitFor(() => expect(delay).toHaveBeenCalledWith(3000));
    expect(calls).toHaveLength(0);
    release();
    expect(await created).toEqual({ id: 40 });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/produto/create/']);
  });
});
