import { cupomApi } from '@clinica/shared/schemas/cupom';
import { descontoApi } from '@clinica/shared/schemas/desconto';
import { produtoApi } from '@clinica/shared/schemas/produto';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeCartItems, type StoredCartItem } from '../../lib/cart-storage';
import { session } from '../../lib/session';
import { resetSession } from '../../test/reset-session';
import { fail, mockApi, okFor, renderRoutes, storeSession, type MockReply } from '../../test/test-utils';
import BagDrawer from './bag-drawer';

const BRINDE = { id: 99, nome: 'Nécessaire (brinde)', pathImgDestaque: null, digital: false };
/** The active condition: R$ 100,00 earns the gift (reais on the wire). */
const CONDICAO = { id: 1, descricao: 'Brinde acima de R$ 100,00', valor: 100, ativo: true };

const line = (id: number, quantity: number, reais: number, patch: Partial<StoredCartItem> = {}): StoredCartItem => ({
  id,
  nome: `Produto ${id}`,
  pathImg: null,
  quantity,
  unitaryValue: reais,
  amount: (reais * quantity).toFixed(2),
  brinde: false,
  digital: false,
  ...patch,
});
const giftLine: StoredCartItem = { ...line(99, 1, 0), nome: BRINDE.nome, brinde: true };

const stored = () => JSON.parse(localStorage.getItem('@shoppingCartItems') ?? '[]') as StoredCartItem[];

function Harness({ onOpenChange }: { onOpenChange?: (open: boolean) => void }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        abrir
      </button>
      <BagDrawer
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          onOpenChange?.(next);
        }}
      />
    </>
  );
}

function renderDrawer(onOpenChange?: (open: boolean) => void) {
  return renderRoutes(
    [
      { path: '/', element: <Harness onOpenChange={onOpenChange} /> },
      { path: '/checkout', element: <p>Página do checkout</p> },
      { path: '/loja', element: <p>Página da loja</p> },
      { path: '/signIn', element: <p>Página de login</p> },
    ],
    '/',
  );
}

function api(
  condicao: MockReply | (() => Promise<MockReply>) = okFor(descontoApi.ativa, CONDICAO),
  brinde: MockReply = okFor(produtoApi.brinde, BRINDE),
  extra: Record<string, MockReply | (() => MockReply)> = {},
) {
  return mockApi({
    'GET /api/condicaodesconto/ativa': condicao,
    'GET /api/produto/produtobrinde': brinde,
    // The units left, asked when the bag opens (docs/behaviour/bag-and-checkout.md#stock): plenty here.
    'GET /api/produto/estoque': okFor(produtoApi.estoque, []),
    ...extra,
  });
}

/** BEMVINDO10 as POST /cupom/validar answers it on a bag of R$ 49,80 (reais on the wire). */
const BEMVINDO10 = {
  codigo: 'BEMVINDO10',
  descricao: 'Boas-vindas',
  resumo: '10% de desconto nos produtos',
  desconto: 4.98,
  acumulaPix: false,
  acumulaBrinde: true,
  avisos: ['Não acumula com o desconto do PIX'],
};

const dialog = () => screen.getByRole('dialog', { name: 'Sacola' });
const lines = () => within(dialog()).queryAllByTestId('cart-line');
const checkout = () => within(dialog()).getByRole('button', { name: 'Finalizar compra' }) as HTMLButtonElement;

describe('BagDrawer', () => {
  beforeEach(resetSession);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    resetSession();
  });

  it('shows "Nenhum item no carrinho" when empty, with the checkout disabled', async () => {
    api();
    renderDrawer();
    expect(await screen.findByRole('dialog', { name: 'Sacola' })).toBeTruthy();
    expect(within(dialog()).getByText('Nenhum item no carrinho')).toBeTruthy();
    expect(lines()).toHaveLength(0);
    expect(screen.queryByTestId('gift-progress')).toBeNull();
    expect(checkout().disabled).toBe(true);
    expect(within(dialog()).getByRole('button', { name: 'Continuar comprando' })).toBeTruthy();
  });

  it('lists each line with picture placeholder, name, unit price, quantity, amount and the totals', async () => {
    api();
    writeCartItems([line(1, 2, 12.9), line(2, 1, 1234.5, { pathImg: '/api/arquivos/produtos/p2.webp' })]);
    renderDrawer();
    await screen.findByRole('dialog', { name: 'Sacola' });
    const [first, second] = lines();
    expect(within(first!).getByText('Produto 1')).toBeTruthy();
    expect(within(first!).getByTestId('image-placeholder')).toBeTruthy();
    expect(within(first!).getByText('R$ 12,90')).toBeTruthy();
    expect(within(first!).getByText('R$ 25,80')).toBeTruthy();
    expect(within(first!).getByText('2')).toBeTruthy();
    expect(second!.querySelector('img')?.getAttribute('src')).toBe('/api/arquivos/produtos/p2.webp');
    const totals = within(dialog()).getByText('Subtotal').closest('dl')!;
    expect(within(totals).getAllByText('R$ 1.260,30')).toHaveLength(2); // Subtotal and Total
  });

  it('plus and minus change the quantity (minus stops at 1), remove takes the line out', async () => {
    api(fail(404, 'Nenhuma condição ativa.'));
    writeCartItems([line(1, 1, 10), line(2, 3, 5)]);
    renderDrawer();
    await screen.findByRole('dialog', { name: 'Sacola' });

    const minus = screen.getByRole('button', { name: 'Diminuir quantidade de Produto 1' }) as HTMLButtonElement;
    expect(minus.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Aumentar quantidade de Produto 1' }));
    expect(stored()[0]).toMatchObject({ quantity: 2, amount: '20.00' });
    expect(within(lines()[0]!).getByText('R$ 20,00')).toBeTruthy();
    expect(minus.disabled).toBe(false);
    fireEvent.click(minus);
    expect(stored()[0]).toMatchObject({ quantity: 1, amount: '10.00' });
    fireEvent.click(minus);
    expect(stored()[0]).toMatchObject({ quantity: 1 });

    fireEvent.click(screen.getByRole('button', { name: 'Diminuir quantidade de Produto 2' }));
    expect(stored()[1]).toMatchObject({ quantity: 2, amount: '10.00' });

    fireEvent.click(screen.getByRole('button', { name: 'Remover Produto 1' }));
    expect(stored().map((i) => i.id)).toEqual([2]);
    expect(lines()).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Remover Produto 2' }));
    expect(within(dialog()).getByText('Nenhum item no carrinho')).toBeTruthy();
  });

  it('hides plus/minus on digital and gift lines; the gift has no remove button', async () => {
    api();
    writeCartItems([line(1, 1, 150, { digital: true, nome: 'Curso de Implantes' }), giftLine]);
    renderDrawer();
    await screen.findByRole('dialog', { name: 'Sacola' });
    await waitFor(() => expect(lines()).toHaveLength(2));
    expect(screen.queryByRole('button', { name: /Aumentar quantidade/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Diminuir quantidade/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remover Curso de Implantes' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: `Remover ${BRINDE.nome}` })).toBeNull();
    const gift = lines()[1]!;
    expect(within(gift).getByText('Brinde')).toBeTruthy();
    expect(within(gift).getByText('Grátis')).toBeTruthy();
  });

  it('adds the gift when the subtotal reaches the threshold and removes it below', async () => {
    const { calls } = api();
    writeCartItems([line(1, 1, 60)]);
    renderDrawer();
    await screen.findByRole('dialog', { name: 'Sacola' });
    expect(await screen.findByText('Faltam R$ 40,00 de R$ 100,00 para o brinde!')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Progresso para o brinde' }).getAttribute('aria-valuenow')).toBe(
      '60',
    );
    expect(screen.getByTestId('gift-progress-fill').style.width).toBe('60%');
    // The gift product is fetched only once the bag earns it.
    expect(calls.some((c) => c.url.includes('/produto/produtobrinde'))).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Aumentar quantidade de Produto 1' }));
    expect(await screen.findByText('Você atingiu o valor para ganhar o brinde! 🎉')).toBeTruthy();
    await waitFor(() => expect(lines()).toHaveLength(2));
    expect(stored()[1]).toEqual({
      id: 99,
      nome: BRINDE.nome,
      pathImg: null,
      quantity: 1,
      unitaryValue: 0,
      amount: '0.00',
      brinde: true,
      digital: false,
    });
    expect(screen.getByTestId('gift-progress-fill').style.width).toBe('100%');
    // The gift costs nothing: Subtotal and Total stay R$ 120,00.
    expect(within(within(dialog()).getByText('Subtotal').closest('dl')!).getAllByText('R$ 120,00')).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Diminuir quantidade de Produto 1' }));
    await waitFor(() => expect(lines()).toHaveLength(1));
    expect(stored().some((i) => i.brinde)).toBe(false);
    expect(screen.getByText('Faltam R$ 40,00 de R$ 100,00 para o brinde!')).toBeTruthy();
  });

  it('gives no gift and no bar without an active condition (404), and removes a stale gift', async () => {
    api(fail(404, 'Nenhuma condição de desconto ativa.'));
    writeCartItems([line(1, 1, 500), giftLine]);
    renderDrawer();
    await screen.findByRole('dialog', { name: 'Sacola' });
    await waitFor(() => expect(stored().some((i) => i.brinde)).toBe(false));
    expect(lines()).toHaveLength(1);
    expect(screen.queryByTestId('gift-progress')).toBeNull();
  });

  it('leaves the cart alone while the condition is loading', async () => {
    let answer: (reply: MockReply) => void = () => {};
    api(() => new Promise<MockReply>((resolve) => (answer = resolve)));
    writeCartItems([line(1, 1, 10), giftLine]);
    renderDrawer();
    await screen.findByRole('dialog', { name: 'Sacola' });
    await act(async () => new Promise((r) => setTimeout(r, 50)));
    expect(stored()).toHaveLength(2);
    expect(screen.queryByTestId('gift-progress')).toBeNull();
    await act(async () => answer(okFor(descontoApi.ativa, CONDICAO)));
    await waitFor(() => expect(stored()).toHaveLength(1)); // R$ 10,00 is below R$ 100,00
  });

  it('signed out: the checkout is disabled with the login message', async () => {
    api();
    writeCartItems([line(1, 1, 10)]);
    renderDrawer();
    await screen.findByRole('dialog', { name: 'Sacola' });
    expect(within(dialog()).getByText('Você precisa fazer login para finalizar a compra')).toBeTruthy();
    expect(checkout().disabled).toBe(true);
    expect(within(dialog()).getByRole('link', { name: 'Entrar' }).getAttribute('href')).toBe('/signIn');
  });

  it('signed in: "Finalizar compra" closes the drawer and goes to /checkout', async () => {
    api();
    storeSession({ idUser: 7, permissao: 'CLIENTE', idClient: 3, nome: 'Maria' });
    session.reload();
    writeCartItems([line(1, 1, 10)]);
    const onOpenChange = vi.fn();
    const { router } = renderDrawer(onOpenChange);
    await screen.findByRole('dialog', { name: 'Sacola' });
    expect(screen.queryByText('Você precisa fazer login para finalizar a compra')).toBeNull();
    fireEvent.click(checkout());
    expect(onOpenChange).toHaveBeenCalledWith(false);
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
  });

  it('"Continuar comprando" goes to /loja; Escape closes the drawer', async () => {
    api();
    const onOpenChange = vi.fn();
    const { router } = renderDrawer(onOpenChange);
    await screen.findByRole('dialog', { name: 'Sacola' });
    fireEvent.keyDown(dialog(), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onOpenChange).toHaveBeenCalledWith(false);

    fireEvent.click(screen.getByRole('button', { name: 'abrir' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Continuar comprando' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/loja'));
  });

  it('follows another tab: lines written there show up here', async () => {
    api();
    renderDrawer();
    await screen.findByRole('dialog', { name: 'Sacola' });
    act(() => {
      localStorage.setItem('@shoppingCartItems', JSON.stringify([line(5, 2, 20), { id: 'x' }]));
      window.dispatchEvent(new StorageEvent('storage', { key: '@shoppingCartItems' }));
    });
    expect(lines()).toHaveLength(1);
    expect(within(lines()[0]!).getByText('Produto 5')).toBeTruthy();
  });

  describe('cupom e frete grátis', () => {
    const signIn = () => {
      storeSession({ idUser: 7, permissao: 'CLIENTE', idClient: 3, nome: 'Maria' });
      session.reload();
    };

    it('applies a coupon: "Cupom aplicado: −R$ 4,98", the line in the totals, kept under @cupomSacola, removable', async () => {
      const { calls } = api(undefined, undefined, {
        'POST /api/cupom/validar': okFor(cupomApi.validar, BEMVINDO10),
      });
      signIn();
      writeCartItems([line(1, 2, 24.9)]);
      renderDrawer();
      await screen.findByRole('dialog', { name: 'Sacola' });
      fireEvent.change(within(dialog()).getByLabelText('Cupom de desconto'), { target: { value: 'bem vindo10' } });
      fireEvent.click(within(dialog()).getByRole('button', { name: 'Aplicar' }));
      const aplicado = await within(dialog()).findByTestId('coupon-applied');
      expect(aplicado.textContent).toContain('Cupom aplicado: −R$ 4,98');
      expect(aplicado.textContent).toContain('Não acumula com o desconto do PIX');
      expect(aplicado.textContent).toContain('Acumula com o brinde');
      expect(calls.find((c) => c.url === '/api/cupom/validar')?.body).toEqual({
        codigo: 'BEMVINDO10',
        itens: [{ produto: { id: 1 }, quantidade: 2 }],
      });
      expect(JSON.parse(localStorage.getItem('@cupomSacola')!)).toBe('BEMVINDO10');
      const totals = within(dialog()).getByText('Subtotal').closest('dl')!;
      expect(within(totals).getByText('Cupom BEMVINDO10')).toBeTruthy();
      expect(totals.textContent).toContain('−R$ 4,98');
      expect(totals.textContent).toContain('R$ 44,82');

      fireEvent.click(within(dialog()).getByRole('button', { name: 'Remover cupom' }));
      await waitFor(() => expect(within(dialog()).queryByTestId('coupon-applied')).toBeNull());
      expect(localStorage.getItem('@cupomSacola')).toBeNull();
    });

    it('a refused coupon shows its reason and is not kept', async () => {
      api(undefined, undefined, {
        'POST /api/cupom/validar': fail(422, 'Este cupom expirou em 26/12/2025.'),
      });
      signIn();
      writeCartItems([line(1, 1, 24.9)]);
      renderDrawer();
      await screen.findByRole('dialog', { name: 'Sacola' });
      fireEvent.change(within(dialog()).getByLabelText('Cupom de desconto'), { target: { value: 'NATAL2025' } });
      fireEvent.click(within(dialog()).getByRole('button', { name: 'Aplicar' }));
      expect((await within(dialog()).findByRole('alert')).textContent).toContain('Este cupom expirou em 26/12/2025.');
      expect(within(dialog()).queryByTestId('coupon-applied')).toBeNull();
      expect(localStorage.getItem('@cupomSacola')).toBeNull();
    });

    it('the free-shipping bar: "Faltam R$ 85,10 para frete grátis", then "Frete grátis" at R$ 300,00', async () => {
      api(fail(404, 'Nenhuma condição ativa.'));
      writeCartItems([line(1, 1, 214.9)]);
      renderDrawer();
      const barra = await within(await screen.findByRole('dialog', { name: 'Sacola' })).findByTestId(
        'free-shipping-progress',
      );
      expect(barra.textContent).toContain('Faltam R$ 85,10 para frete grátis');
      act(() => writeCartItems([line(1, 1, 214.9), line(2, 1, 85.1)]));
      await waitFor(() =>
        expect(within(dialog()).getByTestId('free-shipping-progress').textContent).toBe('Frete grátis'),
      );
    });
  });
  it('a bag whose only line sold out says so instead of emptying silently', async () => {
    api(fail(404, 'Nenhuma condição ativa.'), okFor(produtoApi.brinde, BRINDE), {
      'GET /api/produto/estoque': okFor(produtoApi.estoque, [
        { id: 1, disponivel: false, restam: 0, usoProfissional: false },
      ]),
    });
    writeCartItems([line(1, 2, 10)]);
    renderDrawer();
    await screen.findByRole('dialog', { name: 'Sacola' });
    await waitFor(() => expect(lines()).toHaveLength(0));
    expect(within(dialog()).getByText('Nenhum item no carrinho')).toBeTruthy();
    expect(within(dialog()).getByTestId('aviso-estoque').textContent).toContain('Produto 1');
    expect(stored()).toEqual([]);
  });
});
