import { usuarioApi } from '@clinica/shared/schemas/auth';
import { produtoApi } from '@clinica/shared/schemas/produto';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeCartItems } from '../../../lib/cart-storage';
import { session } from '../../../lib/session';
import { resetSession } from '../../../test/reset-session';
import { mockApi, okFor, renderRoutes, storeSession, usuarioFixture } from '../../../test/test-utils';
import { Header, type HeaderBag } from './header';

const FD = {
  listProdutoDigital: [{ id: 100, nome: 'Curso de Harmonização Facial', digital: true, pathImgDestaque: null }],
  listProdutoFisico: [{ id: 200, nome: 'Escova Dental Ultra Macia', digital: false, pathImgDestaque: null }],
};
const item = (id: number, quantity: number) => ({
  id,
  nome: `Item ${id}`,
  quantity,
  unitaryValue: 10,
  amount: (10 * quantity).toFixed(2),
  brinde: false,
  digital: false,
});

const stubBag: HeaderBag = {
  load: async () => undefined,
  Drawer: ({ open }) => (open ? <div role="dialog" aria-label="Sacola" /> : <span data-testid="bag-closed" />),
};

function renderHeader(path = '/') {
  return renderRoutes([{ path: '*', element: <Header /> }], path);
}

const cartButton = () => screen.queryByRole('button', { name: /^Sacola/ });

describe('Header', () => {
  beforeEach(() => {
    resetSession();
    mockApi({
      'GET /api/produto/fisicodigital': okFor(produtoApi.fisicoDigital, FD),
      'GET /api/usuario/7': okFor(usuarioApi.get, usuarioFixture({ id: 7, nome: 'Maria Souza', email: 'm@x.com' })),
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    resetSession();
  });

  it('shows the login icon and a cart badge with the total quantity to a visitor', async () => {
    writeCartItems([item(1, 2), item(2, 3)]);
    renderHeader();
    expect(screen.getByRole('link', { name: 'Entrar na minha conta' }).getAttribute('href')).toBe('/signIn');
    expect(cartButton()?.getAttribute('aria-label')).toBe('Sacola: 5 itens');
    expect(screen.getByTestId('cart-badge').textContent).toBe('5');
  });

  it('updates the badge when another tab changes the cart (storage event)', async () => {
    renderHeader();
    expect(screen.queryByTestId('cart-badge')).toBeNull();
    act(() => {
      localStorage.setItem('@shoppingCartItems', JSON.stringify([item(1, 4)]));
      window.dispatchEvent(new StorageEvent('storage', { key: '@shoppingCartItems' }));
    });
    expect(screen.getByTestId('cart-badge').textContent).toBe('4');
  });

  it('shows the cart to CLIENTE and hides it from USUARIO and ADMIN', async () => {
    storeSession({ idUser: 7, permissao: 'CLIENTE', idClient: 3, nome: 'Maria Souza' });
    session.reload();
    const first = renderHeader();
    expect(cartButton()).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Abrir menu do usuário' }).textContent).toBe('MS');
    first.unmount();

    for (const permissao of ['USUARIO', 'ADMIN'] as const) {
      storeSession({ idUser: 1, permissao, nome: 'Equipe' });
      session.reload();
      const view = renderHeader();
      expect(cartButton()).toBeNull();
      view.unmount();
    }
  });

  it('loads the name for the avatar when the stored session lacks it', async () => {
    storeSession({ idUser: 7, permissao: 'CLIENTE', idClient: 3 });
    session.reload();
    renderHeader();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Abrir menu do usuário' }).textContent).toBe('MS'));
    expect(session.getSnapshot().user?.nome).toBe('Maria Souza');
  });

  it('search: the first click opens the box, the second with text goes to /loja?pesquisaProduto=', async () => {
    const { router } = renderHeader('/loja');
    fireEvent.click(screen.getByRole('button', { name: 'Abrir pesquisa' }));
    const input = await screen.findByPlaceholderText('Pesquise por produtos');
    fireEvent.change(input, { target: { value: 'escova macia' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pesquisar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/loja'));
    expect(router.state.location.search).toBe('?pesquisaProduto=escova%20macia');
  });

  it('search: Enter submits too', async () => {
    const { router } = renderHeader('/loja');
    fireEvent.click(screen.getByRole('button', { name: 'Abrir pesquisa' }));
    const input = await screen.findByPlaceholderText('Pesquise por produtos');
    fireEvent.change(input, { target: { value: 'fio' } });
    fireEvent.submit(input.closest('form')!);
    await waitFor(() => expect(router.state.location.search).toBe('?pesquisaProduto=fio'));
  });

  it('the product menus list products linking to /details/{id}', async () => {
    renderHeader();
    fireEvent.click(screen.getByRole('button', { name: 'Produtos digitais' }));
    const link = await screen.findByRole('link', { name: 'Curso de Harmonização Facial' });
    expect(link.getAttribute('href')).toBe('/details/100');
    fireEvent.click(screen.getByRole('button', { name: 'Produtos' }));
    expect((await screen.findByRole('link', { name: 'Escova Dental Ultra Macia' })).getAttribute('href')).toBe(
      '/details/200',
    );
  });

  it('a product menu opened by hover stays open on the click that follows (mouse or tap); a second click closes it', async () => {
    renderHeader();
    const trigger = screen.getByRole('button', { name: 'Produtos' });
    fireEvent.mouseEnter(trigger.parentElement!);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(await screen.findByRole('link', { name: 'Escova Dental Ultra Macia' })).toBeTruthy();
    fireEvent.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
  });

  it('a product menu works with the arrow keys, and they never scroll the page', async () => {
    mockApi({
      'GET /api/produto/fisicodigital': okFor(produtoApi.fisicoDigital, {
        ...FD,
        listProdutoFisico: [
          { id: 200, nome: 'Escova Dental Ultra Macia', digital: false, pathImgDestaque: null },
          { id: 201, nome: 'Fio Dental', digital: false, pathImgDestaque: null },
        ],
      }),
    });
    renderHeader();
    const trigger = screen.getByRole('button', { name: 'Produtos' });
    act(() => trigger.focus());
    // fireEvent returns false when the handler called preventDefault(): the key does not scroll the page.
    expect(fireEvent.keyDown(trigger, { key: 'ArrowDown' })).toBe(false);
    const escova = await screen.findByRole('link', { name: 'Escova Dental Ultra Macia' });
    await waitFor(() => expect(document.activeElement).toBe(escova));
    expect(fireEvent.keyDown(escova, { key: 'ArrowDown' })).toBe(false);
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Fio Dental' }));
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement).toBe(screen.getByRole('link', { name: /Ver todos na loja/ }));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(escova);
    expect(fireEvent.keyDown(escova, { key: 'ArrowUp' })).toBe(false);
    expect(document.activeElement).toBe(trigger);
    fireEvent.keyDown(trigger, { key: 'Escape' });
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    // ↑ on the closed button opens it on its last link.
    fireEvent.keyDown(trigger, { key: 'ArrowUp' });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('link', { name: /Ver todos na loja/ })));
    // Other keys keep their default (Tab moves on, letters type).
    expect(fireEvent.keyDown(document.activeElement!, { key: 'Tab' })).toBe(true);
  });

  it('opens the bag drawer it is given (features/cart, handed in by app/)', async () => {
    renderRoutes([{ path: '*', element: <Header bag={stubBag} /> }], '/');
    fireEvent.click(cartButton()!);
    expect(await screen.findByRole('dialog', { name: 'Sacola' })).toBeTruthy();
  });

  it('mounts the bag drawer closed at idle when the bag has items (it keeps the gift rule)', async () => {
    writeCartItems([item(1, 1)]);
    renderRoutes([{ path: '*', element: <Header bag={stubBag} /> }], '/');
    expect(await screen.findByTestId('bag-closed', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
