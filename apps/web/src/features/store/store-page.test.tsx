import { LIMITE_CARDS_POR_CATEGORIA, produtoApi } from '@clinica/shared/schemas/produto';
import { vitrineApi } from '@clinica/shared/schemas/vitrine';
import { MSG } from '@clinica/shared/messages';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readCartItems } from '../../lib/cart-storage';
import { BANNERS, CATEGORIAS, CURSO_DETALHE, ESCOVA_CARD, ESCOVA_DETALHE } from '../../test/catalog-fixtures';
import { renderAt, setupScreenTests } from '../../test/screen-tests';
import { mockApi, type MockHandler, type MockReply, okFor } from '../../test/test-utils';
import { carouselBreakpoints } from './components/swiper-carousel';
import { StorePage } from './store-page';

const STORE_API = {
  'GET /api/produto/site/': okFor(produtoApi.banners, { content: { listImagemProdutoSite: BANNERS } }),
  'GET /api/produto/categoria': okFor(produtoApi.categorias, CATEGORIAS),
  'GET /api/produto/1': okFor(produtoApi.detalhe, ESCOVA_DETALHE),
  'GET /api/produto/9': okFor(produtoApi.detalhe, CURSO_DETALHE),
};

function renderStore(path = '/loja', api: Record<string, MockReply | MockHandler> = STORE_API) {
  const mock = mockApi(api);
  renderAt(path, { '/loja': <StorePage /> });
  return mock;
}

/** A reply that waits until released (to look at the loading state). */
function deferred(reply: MockReply) {
  let release = () => {};
  const handler: MockHandler = () => new Promise((resolve) => (release = () => resolve(reply)));
  return { handler, release: () => release() };
}

describe('/loja', () => {
  setupScreenTests();
  // Swiper reads its breakpoints through matchMedia, which jsdom lacks.
  beforeEach(() => {
    vi.stubGlobal('matchMedia', (media: string) => ({
      matches: false,
      media,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
    }));
  });

  it('shows the banners with "Saiba mais" and "Comprar", and one section per category with products', async () => {
    renderStore();
    const hero = await screen.findByRole('heading', { name: 'Cuidado diário, sem agredir a gengiva' });
    expect(hero.tagName).toBe('H2');
    expect(screen.getByRole('heading', { name: 'Aprenda harmonização orofacial' })).toBeTruthy();
    const saibaMais = screen.getAllByRole('link', { name: 'Saiba mais' });
    expect(saibaMais.map((a) => a.getAttribute('href'))).toEqual(['/details/1', '/details/9']);
    expect(screen.getAllByRole('button', { name: 'Comprar' })).toHaveLength(2);
    // The hero picture is the LCP: eager and high priority.
    const heroImg = document.querySelector('img[fetchpriority="high"]');
    expect(heroImg?.getAttribute('src')).toBe('/api/arquivos/produtos/banner-escova-800.webp');

    const sections = await screen.findAllByTestId('category-section');
    // The empty category is left out.
    expect(sections.map((s) => within(s).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Higiene bucal',
      'Instrumentais',
      'Cursos de harmonização',
    ]);
    expect(within(sections[0]!).getAllByTestId('product-card')).toHaveLength(2);
    expect(within(sections[0]!).getByRole('link', { name: ESCOVA_CARD.nome }).getAttribute('href')).toBe('/details/1');
    expect(within(sections[1]!).getByText('Indisponível')).toBeTruthy();
    expect(within(sections[2]!).getByText('Digital')).toBeTruthy();
    expect(document.title).toBe('Loja | Sorriso Pleno');
  });

  it('counts the products of a category, and says a full carousel shows the first ones by name', async () => {
    const cheia = {
      ...CATEGORIAS[0]!,
      listaProduto: Array.from({ length: LIMITE_CARDS_POR_CATEGORIA }, (_, i) => ({
        ...ESCOVA_CARD,
        id: 100 + i,
        nome: `Escova ${String(i + 1).padStart(2, '0')}`,
      })),
    };
    renderStore('/loja', {
      ...STORE_API,
      'GET /api/produto/categoria': okFor(produtoApi.categorias, [cheia, ...CATEGORIAS.slice(1)]),
    });
    const sections = await screen.findAllByTestId('category-section');
    expect(
      within(sections[0]!).getByText(`Produtos físicos · os ${LIMITE_CARDS_POR_CATEGORIA} primeiros de A a Z`),
    ).toBeTruthy();
    expect(within(sections[1]!).getByText(/^Produtos físicos · \d+ produtos?$/)).toBeTruthy();
    expect(within(sections[2]!).getByText(/^Cursos digitais · \d+ produtos?$/)).toBeTruthy();
  });

  it('mounts Swiper after the first paint, with the spec breakpoints (loop only with more slides than in view)', async () => {
    renderStore();
    await screen.findAllByTestId('category-section');
    await waitFor(() => expect(document.querySelectorAll('.swiper').length).toBe(3), { timeout: 3000 });
    expect(screen.getAllByRole('button', { name: 'Higiene bucal: próximos' })).toHaveLength(1);
    expect(carouselBreakpoints(5)).toEqual({
      840: { slidesPerView: 2, spaceBetween: 24, loop: true },
      1400: { slidesPerView: 3, spaceBetween: 24, loop: true },
      1800: { slidesPerView: 4, spaceBetween: 24, loop: true },
    });
    expect(carouselBreakpoints(3)).toMatchObject({ 840: { loop: true }, 1400: { loop: false }, 1800: { loop: false } });
  });

  it('says "Carregando..." while the categories load', async () => {
    const categorias = deferred(okFor(produtoApi.categorias, CATEGORIAS));
    renderStore('/loja', { ...STORE_API, 'GET /api/produto/categoria': categorias.handler });
    expect(screen.getByText(MSG.carregando)).toBeTruthy();
    act(() => categorias.release());
    await screen.findAllByTestId('category-section');
    expect(screen.queryByText(MSG.carregando)).toBeNull();
  });

  it('says "Não há produtos para exibir." when there are no categories', async () => {
    renderStore('/loja', {
      'GET /api/produto/site/': okFor(produtoApi.banners, { content: { listImagemProdutoSite: [] } }),
      'GET /api/produto/categoria': okFor(produtoApi.categorias, []),
    });
    expect(await screen.findByText('Não há produtos para exibir.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Comprar' })).toBeNull();
  });

  it('replaces the categories with a grid of results for ?pesquisaProduto=', async () => {
    const { calls } = renderStore('/loja?pesquisaProduto=escova', {
      ...STORE_API,
      // The listing's grid (ADR 044) over the whole store.
      'GET /api/produto/vitrine': okFor(vitrineApi.vitrine, {
        categoria: null,
        produtos: [ESCOVA_CARD],
        total: 1,
        pagina: 1,
        porPagina: 24,
        marcas: [],
        precoMinimo: null,
        precoMaximo: null,
      }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Resultados para “escova”' })).toBeTruthy();
    const grid = await screen.findByRole('list', { name: 'Resultados para “escova”' });
    expect(within(grid).getAllByTestId('product-card')).toHaveLength(1);
    expect(screen.queryByTestId('category-section')).toBeNull();
    expect(calls.some((c) => c.url.startsWith('/api/produto/categoria'))).toBe(false);
  });

  it('"Comprar" adds 1 unit of the banner product to the stored cart (exact fields)', async () => {
    renderStore();
    const [comprarEscova] = await screen.findAllByRole('button', { name: 'Comprar' });
    fireEvent.click(comprarEscova!);
    await waitFor(() => expect(readCartItems()).toHaveLength(1));
    expect(JSON.parse(localStorage.getItem('@shoppingCartItems')!)).toEqual([
      {
        id: 1,
        nome: 'Escova dental ultramacia Sorriso Pleno',
        pathImg: '/api/arquivos/produtos/escova-1.webp',
        quantity: 1,
        unitaryValue: 12.9,
        amount: '12.90',
        brinde: false,
        digital: false,
      },
    ]);
    expect(await screen.findByText(MSG.produtoAdicionado)).toBeTruthy();

    // A physical product twice sums.
    fireEvent.click(screen.getAllByRole('button', { name: 'Comprar' })[0]!);
    await waitFor(() => expect(readCartItems()[0]!.quantity).toBe(2));
    expect(readCartItems()[0]!.amount).toBe('25.80');
  });

  it('"Comprar" on a digital product twice keeps quantity 1', async () => {
    renderStore();
    const buttons = await screen.findAllByRole('button', { name: 'Comprar' });
    fireEvent.click(buttons[1]!);
    await waitFor(() => expect(readCartItems()).toHaveLength(1));
    fireEvent.click(screen.getAllByRole('button', { name: 'Comprar' })[1]!);
    expect(await screen.findByText(MSG.produtoDigitalNoCarrinho)).toBeTruthy();
    expect(readCartItems()).toEqual([expect.objectContaining({ id: 9, quantity: 1, digital: true, amount: '499.90' })]);
  });

  it('an unavailable banner product shows "Produto indisponível" instead of "Comprar"', async () => {
    renderStore('/loja', {
      ...STORE_API,
      'GET /api/produto/site/': okFor(produtoApi.banners, {
        content: { listImagemProdutoSite: [{ ...BANNERS[0]!, disponivel: false }] },
      }),
    });
    expect(await screen.findByText(MSG.produtoIndisponivel)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Comprar' })).toBeNull();
  });
});
