import { produtoApi } from '@clinica/shared/schemas/produto';
import { sugestoesApi, type Sugestoes } from '@clinica/shared/schemas/produto-sugestoes';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSession } from '../../../test/reset-session';
import { mockApi, okFor, renderRoutes } from '../../../test/test-utils';
import { Header } from './header';

const FD = { listProdutoDigital: [], listProdutoFisico: [] };
const produto = (id: number, nome: string) => ({ id, nome, preco: 19.9, digital: false, imagemDestaque: null });
const ESCOVA: Sugestoes = {
  produtos: [produto(11, 'Escova dental ultramacia'), produto(12, 'Escova interdental')],
  categorias: [{ id: 3, nome: 'Escovas e higiene', digital: false }],
};
const ES: Sugestoes = { produtos: [produto(21, 'Espelho bucal')], categorias: [] };

/** Answers each text from `answers`; a text in `held` waits until its release is called. */
function suggestionsApi(answers: Record<string, Sugestoes>, held: Record<string, Promise<void>> = {}) {
  return mockApi({
    'GET /api/produto/fisicodigital': okFor(produtoApi.fisicoDigital, FD),
    'GET /api/produto/sugestoes': async ({ url }) => {
      const termo = new URL(url, 'http://x').searchParams.get('termo')!;
      await held[termo];
      return okFor(sugestoesApi.sugestoes, answers[termo] ?? { produtos: [], categorias: [] });
    },
  });
}

async function openSearch(path = '/') {
  const view = renderRoutes([{ path: '*', element: <Header /> }], path);
  fireEvent.click(screen.getByRole('button', { name: 'Abrir pesquisa' }));
  // The search row comes with its suggestions, which make the field a combobox.
  const input = await screen.findByRole('combobox', { name: 'Pesquise por produtos' });
  expect(document.activeElement).toBe(input);
  return { ...view, input };
}
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const key = (input: HTMLElement, k: string) => fireEvent.keyDown(input, { key: k });
const termos = (calls: { url: string }[]) =>
  calls.filter((c) => c.url.includes('/sugestoes')).map((c) => new URL(c.url, 'http://x').searchParams.get('termo'));

describe('header search suggestions (combobox)', () => {
  beforeEach(() => resetSession());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('from 2 characters lists products and categories, announces how many, and links the combobox to its listbox', async () => {
    const { calls } = suggestionsApi({ escova: ESCOVA });
    const { input } = await openSearch();
    expect(input.getAttribute('aria-expanded')).toBe('false');
    type(input, 'e');
    type(input, 'escova');
    const listbox = await screen.findByRole('listbox');
    expect(input.getAttribute('aria-controls')).toBe(listbox.id);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    const options = within(listbox).getAllByRole('option');
    expect(options.map((o) => o.textContent!.replace(/\s/g, ' '))).toEqual([
      'Escova dental ultramaciaR$ 19,90',
      'Escova interdentalR$ 19,90',
      'CategoriaEscovas e higiene',
    ]);
    expect(screen.getByRole('status').textContent).toBe('3 sugestões disponíveis');
    // One character never asks (and the pause after 'e' was too short to ask for it either way).
    expect(termos(calls)).toEqual(['escova']);
  });

  it('arrows move the active option (wrapping), Enter opens it', async () => {
    suggestionsApi({ escova: ESCOVA });
    const { input, router } = await openSearch('/loja');
    type(input, 'escova');
    const options = await screen.findAllByRole('option');
    key(input, 'ArrowDown');
    expect(input.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    expect(options[0]!.getAttribute('aria-selected')).toBe('true');
    key(input, 'ArrowUp');
    expect(input.getAttribute('aria-activedescendant')).toBe(options[2]!.id);
    key(input, 'ArrowDown');
    key(input, 'ArrowDown');
    expect(input.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    key(input, 'Enter');
    await waitFor(() => expect(router.state.location.pathname).toBe('/details/12'));
    expect(screen.queryByPlaceholderText('Pesquise por produtos')).toBeNull();
  });

  it('Enter without an active option searches: the results page of the text', async () => {
    suggestionsApi({ escova: ESCOVA });
    const { input, router } = await openSearch('/details/1');
    type(input, 'escova');
    await screen.findAllByRole('option');
    fireEvent.submit(input.closest('form')!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/loja'));
    expect(router.state.location.search).toBe('?pesquisaProduto=escova');
  });

  it('a click on a category opens its listing; Escape closes the list, a second Escape the search', async () => {
    suggestionsApi({ escova: ESCOVA });
    const { input, router } = await openSearch();
    type(input, 'escova');
    await screen.findAllByRole('option');
    key(input, 'Escape');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryAllByRole('option')).toEqual([]);
    // Arrow down opens it again.
    key(input, 'ArrowDown');
    fireEvent.click(screen.getByRole('option', { name: /Escovas e higiene/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/loja/categoria/3/escovas-e-higiene'));

    // Opened again, the text is still there and so are its suggestions: Escape closes them, then the search.
    fireEvent.click(screen.getByRole('button', { name: 'Abrir pesquisa' }));
    const again = await screen.findByPlaceholderText('Pesquise por produtos');
    await waitFor(() => expect(again.getAttribute('aria-expanded')).toBe('true'));
    key(again, 'Escape');
    expect(again.getAttribute('aria-expanded')).toBe('false');
    key(again, 'Escape');
    expect(screen.queryByPlaceholderText('Pesquise por produtos')).toBeNull();
  });

  it('a late answer for an older text never replaces the newer one', async () => {
    let release = () => {};
    const held = { es: new Promise<void>((r) => (release = r)) };
    const { calls } = suggestionsApi({ es: ES, escova: ESCOVA }, held);
    const { input } = await openSearch();
    type(input, 'es');
    await waitFor(() => expect(termos(calls)).toEqual(['es']));
    type(input, 'escova');
    await screen.findByRole('option', { name: /Escova dental ultramacia/ });
    release();
    await held.es;
    await new Promise((r) => setTimeout(r, 0));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toHaveLength(3);
    expect(screen.queryByRole('option', { name: /Espelho/ })).toBeNull();
  });

  it('no suggestion: the live region says so and the list stays closed', async () => {
    suggestionsApi({});
    const { input } = await openSearch();
    type(input, 'xyz');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Nenhuma sugestão'));
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });
});
