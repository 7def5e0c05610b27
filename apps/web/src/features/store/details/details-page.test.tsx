import { produtoApi, type ProdutoCard } from '@clinica/shared/schemas/produto';
import { produtoRelacionadosApi } from '@clinica/shared/schemas/produto-relacionados';
import { cartLine } from '@clinica/shared/cart';
import { MSG } from '@clinica/shared/messages';
import { MSG_CURSO } from '@clinica/shared/messages-curso';
import { MSG_ESTOQUE } from '@clinica/shared/messages-estoque';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cartQuantity, readCartItems, useCartItems } from '../../../lib/cart-storage';
import { CURSO_DETALHE, ESCOVA_DETALHE, KIT_DETALHE } from '../../../test/catalog-fixtures';
import { button, click, renderAt, setupScreenTests } from '../../../test/screen-tests';
import { fail, mockApi, okFor } from '../../../test/test-utils';
import { notifyInfo } from '../../../components/ui/toast';
import { parseProductId } from '../product-id';
import { PRODUCT_TOASTS } from '../product-toaster';
import { DetailsPage } from './details-page';

/** The kit as a card of 'Quem comprou também levou'. */
const KIT_CARD: ProdutoCard = {
  id: KIT_DETALHE.id,
  nome: KIT_DETALHE.nome,
  preco: KIT_DETALHE.preco,
  digital: KIT_DETALHE.digital,
  disponivel: KIT_DETALHE.disponivel,
  pathImgDestaque: KIT_DETALHE.pathImgDestaque,
  imagemDestaque: KIT_DETALHE.imagemDestaque,
  nota: KIT_DETALHE.nota,
  quantidadeAvaliacoes: KIT_DETALHE.quantidadeAvaliacoes,
  ultimasUnidades: false,
};

const API = {
  'GET /api/produto/1/comprados-juntos': okFor(produtoRelacionadosApi.compradosJuntos, [KIT_CARD]),
  'GET /api/produto/2/comprados-juntos': okFor(produtoRelacionadosApi.compradosJuntos, []),
  'GET /api/produto/9/comprados-juntos': okFor(produtoRelacionadosApi.compradosJuntos, []),
  'GET /api/produto/1': okFor(produtoApi.detalhe, ESCOVA_DETALHE),
  'GET /api/produto/2': okFor(produtoApi.detalhe, KIT_DETALHE),
  'GET /api/produto/9': okFor(produtoApi.detalhe, CURSO_DETALHE),
  'GET /api/produto/3': okFor(produtoApi.detalhe, { ...ESCOVA_DETALHE, id: 3, marca: 'Colgate', sku: 'COL-ESC-0101' }),
  'GET /api/produto/404': fail(404, MSG.produtoNaoEncontrado),
  'GET /api/produto/fisicodigital': okFor(produtoApi.fisicoDigital, { listProdutoDigital: [], listProdutoFisico: [] }),
};

/** Reads the cart the way the header's badge does (lib/cart-storage's hook). */
function BadgeProbe() {
  return <span data-testid="cart-badge">{cartQuantity(useCartItems())}</span>;
}

function renderDetails(path: string, withBadge = false) {
  mockApi(API);
  const page = (
    <>
      {withBadge && <BadgeProbe />}
      <DetailsPage />
    </>
  );
  return renderAt(path, { '/details/:id/:openSheet?': page });
}

const storedCart = () => JSON.parse(localStorage.getItem('@shoppingCartItems') ?? 'null');
const quantityField = () => screen.getByRole('textbox', { name: 'Quantidade' }) as HTMLInputElement;

describe('/details/:id', () => {
  setupScreenTests();

  it('a physical product: gallery, name, price, availability, technical sheet and description; no authors', async () => {
    renderDetails('/details/1');
    expect(await screen.findByRole('heading', { level: 1, name: ESCOVA_DETALHE.nome })).toBeTruthy();
    expect(screen.getByText('R$ 12,90')).toBeTruthy();
    expect(screen.getByText('Disponível')).toBeTruthy();
    // The sheet is a part of the page (lib/page-part.tsx): it comes after the page's own code.
    const sheet = (await screen.findByRole('heading', { name: 'Ficha técnica' })).closest('section')!;
    expect(within(sheet).getByText('Cerdas')).toBeTruthy();
    expect(within(sheet).getByText('5.460 filamentos ultramacios')).toBeTruthy();
    expect(screen.getByText('Escova com 5.460 cerdas ultramacias.')).toBeTruthy();
    expect(screen.queryByText(/Carga horária/)).toBeNull();
    expect(screen.queryByRole('heading', { name: /Autor/ })).toBeNull();
    // Gallery: the main picture and one thumbnail per image.
    expect(screen.getByRole('img', { name: `${ESCOVA_DETALHE.nome} — imagem 1 de 2` })).toBeTruthy();
    click('Ver imagem 2 de 2');
    expect(screen.getByRole('img', { name: `${ESCOVA_DETALHE.nome} — imagem 2 de 2` })).toBeTruthy();
    expect(button('Ver imagem 2 de 2').getAttribute('aria-current')).toBe('true');
    expect(document.title).toBe(`${ESCOVA_DETALHE.nome} | Sorriso Pleno`);
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      'Escova com 5.460 cerdas ultramacias.',
    );
  });

  it('brand and code (ADR 044) head the technical sheet of a physical product', async () => {
    renderDetails('/details/3');
    const sheet = (await screen.findByRole('heading', { name: 'Ficha técnica' })).closest('section')!;
    const termos = [...sheet.querySelectorAll('dt')].map((dt) => dt.textContent);
    expect(termos.slice(0, 3)).toEqual(['Marca', 'Código (SKU)', 'Cerdas']);
    expect(within(sheet).getByText('Colgate')).toBeTruthy();
    expect(within(sheet).getByText('COL-ESC-0101')).toBeTruthy();
  });

  it('a digital product: tags, "Carga horária", authors; no technical sheet, no stepper', async () => {
    renderDetails('/details/9/true');
    expect(await screen.findByRole('heading', { level: 1, name: CURSO_DETALHE.nome })).toBeTruthy();
    expect(screen.getByText('Digital')).toBeTruthy();
    expect(screen.getByText('Carga horária:')).toBeTruthy();
    expect(screen.getByText('12 horas', { exact: false })).toBeTruthy();
    expect(await screen.findByText('Harmonização')).toBeTruthy();
    expect(screen.getByText('Toxina botulínica')).toBeTruthy();
    const autores = screen.getByRole('heading', { level: 2, name: 'Autores' }).closest('section')!;
    expect(within(autores).getByRole('heading', { name: 'Dra. Ana Lima' })).toBeTruthy();
    expect(within(autores).getByText('Especialista em harmonização orofacial.')).toBeTruthy();
    expect(autores.querySelector('img')?.getAttribute('src')).toBe('/api/arquivos/autores/ana.webp');
    expect(within(autores).getByText('PR')).toBeTruthy(); // no photo: initials, titles skipped
    expect(screen.queryByRole('heading', { name: 'Ficha técnica' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Quantidade' })).toBeNull();
    expect(screen.getByTestId('image-placeholder')).toBeTruthy();
  });

  it('a course: its contents in order with kind and duration, the total, access period and guarantee (ADR 047)', async () => {
    renderDetails('/details/9');
    const curso = await screen.findByTestId('curso-conteudo');
    expect(within(curso).getByRole('heading', { level: 2, name: MSG_CURSO.conteudoTitulo })).toBeTruthy();
    expect(within(curso).getByTestId('curso-resumo').textContent).toBe('3 aulas e materiais · 1 h 20 min no total');
    const linhas = within(curso).getAllByTestId('curso-item');
    expect(linhas.map((l) => l.textContent)).toEqual([
      'Boas-vindasVídeo4 min 30 sPrévia grátis',
      'Aula 1 — Anatomia facialVídeo55 min 30 s',
      'Apostila do cursoPDF20 min',
    ]);
    expect(within(curso).getByTestId('curso-acesso').textContent).toContain(MSG_CURSO.acessoTitulo);
    expect(within(curso).getByTestId('curso-garantia').textContent).toBe(
      `${MSG_CURSO.garantiaTitulo}: ${MSG_CURSO.garantiaTexto}`,
    );
    // The authors and the reviews are on the course's page too.
    expect(screen.getByRole('heading', { level: 2, name: 'Autores' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Avaliações' })).toBeTruthy();
  });

  it('"Assistir prévia grátis" opens the player on the public preview of the marked item', async () => {
    renderDetails('/details/9');
    // Beside the price, and again over the contents.
    expect(await screen.findByTestId('assistir-previa-conteudo')).toBeTruthy();
    const botao = await screen.findByTestId('assistir-previa');
    expect(botao.textContent).toBe(MSG_CURSO.assistirPrevia);
    expect(botao.parentElement!.textContent).toContain(`${MSG_CURSO.acessoTitulo}${MSG_CURSO.garantiaTitulo}`);
    await waitFor(() => expect((botao as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(botao);
    const dialog = await screen.findByRole('dialog', {
      name: MSG_CURSO.previaTitulo.replace('{titulo}', 'Boas-vindas'),
    });
    const video = within(dialog).getByTestId('previa-video');
    expect(video.getAttribute('src')).toBe('/api/conteudoproduto/previa/31');
    fireEvent.click(within(dialog).getByRole('button', { name: MSG_CURSO.fechar }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Only the marked item has a preview button in the list.
    expect(screen.getAllByRole('button', { name: /^Assistir prévia grátis: / }).map((b) => b.textContent)).toEqual([
      MSG_CURSO.previaGratis,
    ]);
  });

  it('a physical product has no course section', async () => {
    renderDetails('/details/1');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByTestId('curso-conteudo')).toBeNull();
    expect(screen.queryByText(MSG_CURSO.garantiaTitulo, { exact: false })).toBeNull();
  });

  it('the quantity stepper starts at 1 and stops at 0; "Incluir" with 0 alerts', async () => {
    renderDetails('/details/1');
    await screen.findByRole('heading', { level: 1 });
    expect(quantityField().value).toBe('1');
    click('Aumentar quantidade');
    expect(quantityField().value).toBe('2');
    click('Diminuir quantidade');
    click('Diminuir quantidade');
    expect(quantityField().value).toBe('0');
    expect(button('Diminuir quantidade').disabled).toBe(true);
    click('Diminuir quantidade');
    expect(quantityField().value).toBe('0');
    click('Incluir');
    expect(screen.getByRole('alert').textContent).toContain('Quantidade deve ser maior que zero');
    expect(localStorage.getItem('@shoppingCartItems')).toBeNull();
    fireEvent.change(quantityField(), { target: { value: '3a' } });
    expect(quantityField().value).toBe('3');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('"Incluir" writes the cart line with the spec fields; the same product again sums; the badge hook follows', async () => {
    renderDetails('/details/1', true);
    await screen.findByRole('heading', { level: 1 });
    click('Aumentar quantidade');
    click('Incluir');
    expect(storedCart()).toEqual([
      {
        id: 1,
        nome: ESCOVA_DETALHE.nome,
        pathImg: '/api/arquivos/produtos/escova-1.webp',
        quantity: 2,
        unitaryValue: 12.9,
        amount: '25.80',
        brinde: false,
        digital: false,
      },
    ]);
    expect(await screen.findByText(MSG.produtoAdicionado)).toBeTruthy();
    expect(screen.getByTestId('cart-badge').textContent).toBe('2');
    click('Incluir');
    expect(readCartItems()).toEqual([expect.objectContaining({ id: 1, quantity: 4, amount: '51.60' })]);
    expect(screen.getByTestId('cart-badge').textContent).toBe('4');
  });

  it('shows at most 4 toasts at once on the product page, each message once', async () => {
    renderDetails('/details/1');
    await screen.findByRole('heading', { level: 1 });
    for (let i = 0; i < 6; i++) click('Incluir');
    expect(readCartItems()[0]!.quantity).toBe(6);
    // 'Produto adicionado' and 'Quantidade atualizada', each once however often it was said.
    await waitFor(() => expect(document.querySelectorAll('.Toastify__toast').length).toBe(2));
    act(() => {
      for (const n of [1, 2, 3, 4]) notifyInfo(`Aviso ${n}`, PRODUCT_TOASTS);
    });
    await screen.findByText('Aviso 2');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(document.querySelectorAll('.Toastify__toast').length).toBe(4);
  });

  it('a digital product is added once; then its controls give way to the notice', async () => {
    renderDetails('/details/9');
    await screen.findByRole('heading', { level: 1 });
    click('Incluir');
    expect(storedCart()).toEqual([
      {
        id: 9,
        nome: CURSO_DETALHE.nome,
        pathImg: null,
        quantity: 1,
        unitaryValue: 499.9,
        amount: '499.90',
        brinde: false,
        digital: true,
      },
    ]);
    expect(await screen.findByText(MSG.produtoDigitalNoCarrinho)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Incluir' })).toBeNull();
  });

  it('a digital product already in the cart (e.g. from another tab) shows the notice and no controls', async () => {
    renderDetails('/details/9');
    await screen.findByRole('button', { name: 'Incluir' });
    act(() => {
      localStorage.setItem(
        '@shoppingCartItems',
        JSON.stringify([cartLine({ id: 9, nome: 'Curso', pathImg: null, preco: 49990, digital: true }, 1)]),
      );
      window.dispatchEvent(new StorageEvent('storage', { key: '@shoppingCartItems' }));
    });
    expect(screen.getByText(MSG.produtoDigitalNoCarrinho)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Incluir' })).toBeNull();
    expect(readCartItems()).toHaveLength(1);
  });

  it('an unavailable product shows "Produto indisponível" and no add button', async () => {
    renderDetails('/details/2');
    await screen.findByRole('heading', { level: 1, name: KIT_DETALHE.nome });
    expect(screen.getByText(MSG.produtoIndisponivel)).toBeTruthy();
    expect(screen.getByText('Indisponível')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Incluir' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Quantidade' })).toBeNull();
  });

  it("a sold-out physical product offers 'Avise-me quando chegar': a visitor's e-mail is sent, the answer shown", async () => {
    const { calls } = mockApi({
      ...API,
      'POST /api/produto/2/avise-me': {
        status: 201,
        body: { statusCode: 201, message: MSG_ESTOQUE.aviseMeRegistrado, content: { jaRegistrado: false } },
      },
    });
    renderAt('/details/2', { '/details/:id/:openSheet?': <DetailsPage /> });
    const aviso = await screen.findByRole('region', { name: MSG_ESTOQUE.aviseMeTitulo });
    fireEvent.click(within(aviso).getByRole('button', { name: MSG_ESTOQUE.aviseMeBotao }));
    expect(await within(aviso).findByText(MSG_ESTOQUE.aviseMeSemEmail)).toBeTruthy();
    fireEvent.change(within(aviso).getByLabelText('Seu e-mail'), { target: { value: 'ana@example.com' } });
    fireEvent.click(within(aviso).getByRole('button', { name: MSG_ESTOQUE.aviseMeBotao }));
    expect(await within(aviso).findByText(MSG_ESTOQUE.aviseMeRegistrado)).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ email: 'ana@example.com' });
  });

  it('lists the reviews (name, stars, date, comment as text) with the average', async () => {
    renderDetails('/details/1');
    await screen.findByRole('heading', { level: 1 });
    const reviews = screen.getAllByTestId('review');
    expect(reviews).toHaveLength(2);
    expect(within(reviews[0]!).getByText('Maria Cliente')).toBeTruthy();
    expect(within(reviews[0]!).getByText('12/03/2025').getAttribute('datetime')).toBe('2025-03-12');
    expect(within(reviews[0]!).getByRole('img', { name: 'Avaliação 5 de 5' })).toBeTruthy();
    // The comment is text, never HTML.
    expect(within(reviews[0]!).getByText('Ótima! <img src=x onerror=alert(1)>')).toBeTruthy();
    expect(reviews[0]!.querySelector('img')).toBeNull();
    expect(screen.getAllByRole('img', { name: 'Avaliação 4,5 de 5, 2 avaliações' }).length).toBeGreaterThan(0);
    expect(screen.queryByText(MSG.semAvaliacoes)).toBeNull();
  });

  it('says "Sem avaliações" when there are none', async () => {
    renderDetails('/details/9');
    await screen.findByRole('heading', { level: 1 });
    const section = screen.getByRole('heading', { name: 'Avaliações' }).closest('section')!;
    expect(within(section).getByText(MSG.semAvaliacoes)).toBeTruthy();
  });

  it('adds schema.org Product JSON-LD with the price in BRL, availability and rating', async () => {
    renderDetails('/details/1');
    await screen.findByRole('heading', { level: 1 });
    const script = document.querySelector('script[type="application/ld+json"]')!;
    expect(script.innerHTML).not.toContain('<img');
    const data = JSON.parse(script.textContent!);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: ESCOVA_DETALHE.nome,
      description: 'Escova com 5.460 cerdas ultramacias.',
      offers: {
        '@type': 'Offer',
        price: '12.90',
        priceCurrency: 'BRL',
        availability: 'https://schema.org/InStock',
      },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 2 },
    });
    expect(data.image[0]).toBe(`${window.location.origin}/api/arquivos/produtos/escova-1-800.webp`);
  });

  it('JSON-LD of a product without reviews has no rating; unavailable is OutOfStock', async () => {
    renderDetails('/details/2');
    await screen.findByRole('heading', { level: 1 });
    const data = JSON.parse(document.querySelector('script[type="application/ld+json"]')!.textContent!);
    expect(data.offers).toMatchObject({ price: '1234.56', availability: 'https://schema.org/OutOfStock' });
    expect(data.aggregateRating).toBeUndefined();
  });

  it('an unknown product shows "Produto não encontrado."', async () => {
    renderDetails('/details/404');
    expect(await screen.findByRole('heading', { level: 1, name: 'Produto não encontrado.' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver produtos da loja' }).getAttribute('href')).toBe('/loja');
    await waitFor(() => expect(document.title).toBe('Produto não encontrado. | Sorriso Pleno'));
  });

  it('a malformed id is "not found" without calling the API', async () => {
    const { calls } = mockApi(API);
    renderAt('/details/abc', { '/details/:id/:openSheet?': <DetailsPage /> });
    expect(await screen.findByText('Produto não encontrado.')).toBeTruthy();
    expect(calls.filter((c) => c.url.startsWith('/api/produto/'))).toHaveLength(0);
    expect(parseProductId('0')).toBe(0);
    expect(parseProductId('12')).toBe(12);
    expect(parseProductId('99999999999')).toBe(0);
  });

  it("'Quem comprou também levou' lists the API's cards, each a link to its page", async () => {
    renderDetails('/details/1');
    const row = await screen.findByRole('region', { name: 'Quem comprou também levou' });
    const link = within(row).getByRole('link', { name: new RegExp(KIT_DETALHE.nome) });
    expect(link.getAttribute('href')).toBe(`/details/${KIT_DETALHE.id}`);
  });
});
