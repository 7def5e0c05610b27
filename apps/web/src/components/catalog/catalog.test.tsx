import { produtoCardSchema } from '@clinica/shared/schemas/produto';
import { vitrineApi } from '@clinica/shared/schemas/vitrine';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CURSO_CARD, ESCOVA_CARD, KIT_CARD } from '../../test/catalog-fixtures';
import { regrasComerciais } from '../../test/comercial-fixtures';
import { renderAt, setupScreenTests } from '../../test/screen-tests';
import { fail, mockApi, okFor } from '../../test/test-utils';
import { ProductCard } from './product-card';
import { formatNota, RatingStars, toHalfStars } from './rating-stars';
import { ProductSearchResults } from './search-results';

const card = (wire: unknown) => produtoCardSchema.parse(wire);

describe('ProductCard', () => {
  setupScreenTests();

  it('shows the name as the link to the product page, the price in R$ and the rating', () => {
    renderAt('/', { '/': <ProductCard produto={card(ESCOVA_CARD)} /> });
    const link = screen.getByRole('link', { name: 'Escova dental ultramacia Sorriso Pleno' });
    expect(link.getAttribute('href')).toBe('/details/1');
    expect(screen.getByText('R$ 12,90')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Avaliação 4,5 de 5, 12 avaliações' })).toBeTruthy();
    expect(screen.queryByText('Digital')).toBeNull();
    expect(screen.queryByText('Indisponível')).toBeNull();
  });

  it('gives the picture srcset, sizes, width/height and lazy loading (eager when above the fold)', () => {
    const { container, unmount } = renderAt('/', { '/': <ProductCard produto={card(ESCOVA_CARD)} sizes="50vw" /> });
    const img = container.querySelector('img')!;
    expect(img.getAttribute('srcset')).toBe(
      '/api/arquivos/produtos/escova-400.webp 400w, /api/arquivos/produtos/escova-800.webp 800w',
    );
    expect(img.getAttribute('sizes')).toBe('50vw');
    expect(img.getAttribute('width')).toBe('800');
    expect(img.getAttribute('height')).toBe('800');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('fetchpriority')).toBeNull();
    unmount();

    const eager = renderAt('/', { '/': <ProductCard produto={card(ESCOVA_CARD)} priority /> });
    const first = eager.container.querySelector('img')!;
    expect(first.getAttribute('loading')).toBe('eager');
    expect(first.getAttribute('fetchpriority')).toBe('high');
  });

  it('formats thousands and shows the "Indisponível" badge', () => {
    renderAt('/', { '/': <ProductCard produto={card(KIT_CARD)} /> });
    expect(screen.getByText('R$ 1.234,56')).toBeTruthy();
    expect(screen.getByText('Indisponível')).toBeTruthy();
    // No reviews: no stars at all (five grey stars read as a bad rating).
    expect(screen.queryByText('Sem avaliações')).toBeNull();
    expect(screen.queryByRole('img', { name: /Avaliação|Sem avaliações/ })).toBeNull();
  });

  it('shows the stars and the count once the product has reviews', () => {
    renderAt('/', { '/': <ProductCard produto={{ ...card(KIT_CARD), nota: 4.3, quantidadeAvaliacoes: 12 }} /> });
    expect(screen.getByRole('img', { name: 'Avaliação 4,5 de 5, 12 avaliações' })).toBeTruthy();
    expect(screen.getByText('(12)')).toBeTruthy();
  });

  it('shows the PIX price and the most interest-free installments of the commercial rules under the price', async () => {
    mockApi({});
    renderAt('/', { '/': <ProductCard produto={card(KIT_CARD)} /> });
    // R$ 1.234,56 with 5 % off by PIX, and in 3x (the demo store's interest-free installments).
    const offers = await screen.findByTestId('price-offers');
    expect(within(offers).getByText('R$ 1.172,83 no PIX')).toBeTruthy();
    expect(within(offers).getByText('em até 3x de R$ 411,52 sem juros')).toBeTruthy();
  });

  it('leaves out an offer the rules do not give: no PIX discount, an installment under the minimum', async () => {
    mockApi({ 'GET /api/condicoescomerciais/': regrasComerciais({ pix: { desconto: 0 } }) });
    renderAt('/', { '/': <ProductCard produto={card(KIT_CARD)} /> });
    expect(await screen.findByText('em até 3x de R$ 411,52 sem juros')).toBeTruthy();
    expect(screen.queryByText(/no PIX/)).toBeNull();
    cleanup();
    mockApi({ 'GET /api/condicoescomerciais/': regrasComerciais() });
    renderAt('/', { '/': <ProductCard produto={card(ESCOVA_CARD)} /> });
    // R$ 12,90: 2x would be R$ 6,45, under the R$ 30,00 minimum installment.
    expect(await screen.findByText('R$ 12,25 no PIX')).toBeTruthy();
    expect(screen.queryByText(/sem juros/)).toBeNull();
  });

  it('shows the "Digital" badge and a placeholder when there is no picture', () => {
    const { container } = renderAt('/', { '/': <ProductCard produto={card(CURSO_CARD)} /> });
    expect(screen.getByText('Digital')).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByTestId('image-placeholder')).toBeTruthy();
    expect(screen.getByText('R$ 499,90')).toBeTruthy();
  });
});

describe('RatingStars', () => {
  setupScreenTests();

  it('rounds to half stars', () => {
    expect(toHalfStars(4.3)).toBe(4.5);
    expect(toHalfStars(4.2)).toBe(4);
    expect(toHalfStars(7)).toBe(5);
    expect(formatNota(3.5)).toBe('3,5');
    expect(formatNota(4)).toBe('4');
  });

  it('fills whole and half stars', () => {
    const { container } = renderAt('/', { '/': <RatingStars nota={3.5} count={4} countStyle="full" /> });
    const stars = screen.getByRole('img', { name: 'Avaliação 3,5 de 5, 4 avaliações' });
    // Three whole stars and half of the fourth filled (the CSS cuts the filled layer there).
    expect(stars.style.getPropertyValue('--full')).toBe('3');
    expect(stars.style.getPropertyValue('--half')).toBe('1');
    expect(container.querySelectorAll('svg')).toHaveLength(0);
    expect(screen.getByText('3,5 · 4 avaliações')).toBeTruthy();
  });
});

describe('ProductSearchResults (the listing grid, ADR 044)', () => {
  setupScreenTests();

  const vitrine = (produtos: (typeof ESCOVA_CARD)[], total = produtos.length) =>
    okFor(vitrineApi.vitrine, {
      categoria: null,
      produtos,
      total,
      pagina: 1,
      porPagina: 24,
      marcas: [
        { nome: 'Colgate', quantidade: 1 },
        { nome: 'Oral-B', quantidade: 1 },
      ],
      precoMinimo: 12.9,
      precoMaximo: 89.9,
    });

  it('searches GET /produto/vitrine with the URL’s text and filters, and shows the grid with the count', async () => {
    const { calls } = mockApi({ 'GET /api/produto/vitrine': vitrine([ESCOVA_CARD, CURSO_CARD]) });
    renderAt('/loja?pesquisaProduto=escova&marca=Colgate&ordem=menor-preco', {
      '/loja': <ProductSearchResults term="  escova  " />,
    });
    expect(screen.getByText('Carregando...')).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Resultados para “escova”' });
    expect(within(list).getAllByTestId('product-card')).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'Resultados para “escova”' })).toBeTruthy();
    expect(screen.getByTestId('listing-count').textContent).toBe('2 produtos');
    expect(calls[0]!.url).toBe('/api/produto/vitrine?pesquisaProduto=escova&marca=Colgate&ordem=menor-preco');
    expect((screen.getByRole('combobox', { name: 'Ordenar por' }) as HTMLSelectElement).value).toBe('menor-preco');
    expect((screen.getAllByRole('checkbox', { name: /Colgate/ })[0] as HTMLInputElement).checked).toBe(true);
  });

  it('a new order or brand is a new view: the URL changes, its page 1 is read', async () => {
    const { calls } = mockApi({ 'GET /api/produto/vitrine': vitrine([ESCOVA_CARD]) });
    const { router } = renderAt('/loja?pesquisaProduto=escova&pagina=1', {
      '/loja': <ProductSearchResults term="escova" />,
    });
    await screen.findByRole('list', { name: 'Resultados para “escova”' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Ordenar por' }), { target: { value: 'maior-preco' } });
    await waitFor(() => expect(router.state.location.search).toBe('?pesquisaProduto=escova&ordem=maior-preco'));
    fireEvent.click(screen.getAllByRole('checkbox', { name: /Oral-B/ })[0]!);
    await waitFor(() =>
      expect(router.state.location.search).toBe('?pesquisaProduto=escova&marca=Oral-B&ordem=maior-preco'),
    );
    await waitFor(() =>
      expect(calls.at(-1)!.url).toBe('/api/produto/vitrine?pesquisaProduto=escova&marca=Oral-B&ordem=maior-preco'),
    );
  });

  it("more than a page: 'Carregar mais' asks for the next page and keeps it in the URL", async () => {
    const { calls } = mockApi({ 'GET /api/produto/vitrine': vitrine([ESCOVA_CARD], 30) });
    const { router } = renderAt('/loja?pesquisaProduto=escova', { '/loja': <ProductSearchResults term="escova" /> });
    fireEvent.click(await screen.findByRole('button', { name: 'Carregar mais' }));
    await waitFor(() => expect(router.state.location.search).toBe('?pesquisaProduto=escova&pagina=2'));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('&pagina=2'))).toBe(true));
  });

  it('says so clearly when nothing matches; with filters, offers to clear them', async () => {
    mockApi({ 'GET /api/produto/vitrine': vitrine([]) });
    renderAt('/loja?pesquisaProduto=xyz', { '/loja': <ProductSearchResults term="xyz" /> });
    expect(await screen.findByText('Nenhum produto encontrado para “xyz”')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Limpar filtros' })).toBeNull();
    cleanup();
    const filtrado = renderAt('/loja?pesquisaProduto=xyz&emEstoque=true', {
      '/loja': <ProductSearchResults term="xyz" />,
    });
    expect(await screen.findByText('Nenhum produto encontrado com estes filtros.')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Limpar filtros' })[0]!);
    await waitFor(() => expect(filtrado.router.state.location.search).toBe('?pesquisaProduto=xyz'));
  });

  it('offers to try again when the search fails', async () => {
    mockApi({ 'GET /api/produto/vitrine': fail(500, 'Erro') });
    renderAt('/loja?pesquisaProduto=escova', { '/loja': <ProductSearchResults term="escova" /> });
    expect(await screen.findByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
  });
});
