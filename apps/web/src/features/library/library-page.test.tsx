import { MSG } from '@clinica/shared/messages';
import { conteudoApi, type ProdutoAcesso } from '@clinica/shared/schemas/conteudo';
import { act, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAt, setupScreenTests, signInAs } from '../../test/screen-tests';
import { fail, mockApi, okFor } from '../../test/test-utils';
import { LibraryPage } from './library-page';
import { LIBRARY_SEARCH_DEBOUNCE_MS, useDebouncedValue } from './use-debounced-value';

const LIST = 'GET /api/cliente/produtosacesso/7';

const produto = (id: number, nome: string, percentual = 0): ProdutoAcesso => ({
  id,
  nome,
  pathImgDestaque: null,
  descricao: null,
  duracao: '8 horas',
  autores: [{ nome: 'Dra. Camila Andrade', sobre: null, pathImg: null }],
  progresso: { concluidos: percentual === 100 ? 4 : 1, total: 4, percentual },
});

const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

function renderLibrary() {
  signInAs({ idUser: 7, permissao: 'CLIENTE', idClient: 3 });
  return renderAt('/library', { '/library': <LibraryPage />, '/classRoom/:id': <p>Sala de aula aberta</p> });
}

describe('useDebouncedValue', () => {
  it('gives the value only after it stayed the same for 500 ms', () => {
    vi.useFakeTimers();
    try {
      const { result, rerender } = renderHook(({ v }) => useDebouncedValue(v, LIBRARY_SEARCH_DEBOUNCE_MS), {
        initialProps: { v: '' },
      });
      rerender({ v: 'c' });
      act(() => vi.advanceTimersByTime(300));
      rerender({ v: 'cu' });
      act(() => vi.advanceTimersByTime(300));
      rerender({ v: 'cur' });
      act(() => vi.advanceTimersByTime(499));
      expect(result.current).toBe('');
      act(() => vi.advanceTimersByTime(1));
      expect(result.current).toBe('cur');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('/library', () => {
  setupScreenTests();

  it('lists the courses as cards linking to /classRoom/{id}, with their progress', async () => {
    mockApi({
      [LIST]: okFor(conteudoApi.produtosAcesso, [
        produto(40, 'Curso de Clareamento Dental', 25),
        produto(41, 'Ortodontia Essencial', 100),
      ]),
    });
    renderLibrary();
    const link = await screen.findByRole('link', { name: 'Curso de Clareamento Dental' });
    expect(link.getAttribute('href')).toBe('/classRoom/40');
    expect(screen.getByRole('heading', { level: 1, name: MSG.minhaBiblioteca })).toBeTruthy();
    const cards = screen.getAllByTestId('library-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('25% concluído')).toBeTruthy();
    expect(within(cards[0]!).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');
    expect(within(cards[0]!).getByText('Continuar')).toBeTruthy();
    expect(within(cards[1]!).getByText('Concluído')).toBeTruthy();
    expect(within(cards[1]!).getByText('4 de 4 conteúdos')).toBeTruthy();
  });

  it("shows 'Produto não encontrado em sua biblioteca' when nothing is there", async () => {
    mockApi({ [LIST]: okFor(conteudoApi.produtosAcesso, []) });
    renderLibrary();
    expect(await screen.findByText(MSG.produtoNaoEncontradoBiblioteca)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ir para a loja' }).getAttribute('href')).toBe('/loja');
  });

  it('searches by name once the typing stops, and clears the search', async () => {
    const { calls } = mockApi({
      [LIST]: ({ url }) =>
        okFor(
          conteudoApi.produtosAcesso,
          queryOf(url).filtroProduto === 'xyz' ? [] : [produto(40, 'Curso de Clareamento Dental', 0)],
        ),
    });
    renderLibrary();
    await screen.findByRole('link', { name: 'Curso de Clareamento Dental' });
    const listCalls = () => calls.filter((c) => c.url.startsWith('/api/cliente/produtosacesso/7'));
    expect(queryOf(listCalls()[0]!.url)).toEqual({ idCliente: '3' });

    const box = screen.getByRole('searchbox', { name: 'Buscar na biblioteca' });
    fireEvent.change(box, { target: { value: 'x' } });
    fireEvent.change(box, { target: { value: 'xy' } });
    fireEvent.change(box, { target: { value: 'xyz' } });
    expect(listCalls()).toHaveLength(1);
    expect(await screen.findByText(MSG.produtoNaoEncontradoBiblioteca)).toBeTruthy();
    expect(listCalls()).toHaveLength(2);
    expect(queryOf(listCalls()[1]!.url)).toEqual({ filtroProduto: 'xyz', idCliente: '3' });

    fireEvent.click(screen.getByRole('button', { name: 'Limpar busca' }));
    expect(await screen.findByRole('link', { name: 'Curso de Clareamento Dental' })).toBeTruthy();
  });

  it('a card opens the classroom', async () => {
    mockApi({ [LIST]: okFor(conteudoApi.produtosAcesso, [produto(40, 'Curso de Clareamento Dental')]) });
    const { router } = renderLibrary();
    fireEvent.click(await screen.findByRole('link', { name: 'Curso de Clareamento Dental' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/classRoom/40'));
  });

  it("shows the server's message when the list fails, and tries again", async () => {
    let n = 0;
    mockApi({
      [LIST]: () =>
        ++n === 1 ? fail(500, 'Falha ao buscar.') : okFor(conteudoApi.produtosAcesso, [produto(40, 'Curso A')]),
    });
    renderLibrary();
    expect(await screen.findByText('Falha ao buscar.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('link', { name: 'Curso A' })).toBeTruthy();
  });
});
