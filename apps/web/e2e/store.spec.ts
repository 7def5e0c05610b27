import type { Page } from '@playwright/test';
import { apiContent, brl, type Card, catalogCards, expect, saveShot, siteBanners, storedCart, test } from './fixtures';

interface Categoria {
  id: number;
  nome: string;
  digital: boolean;
  listaProduto: Card[];
}
interface Detalhe extends Card {
  fichaTecnica: { descricao: string; valor: string }[];
  tags: { nome: string }[];
  duracao: string | null;
  autores: { nome: string }[];
  pathImgDestaque: string | null;
  listaAvaliacao: unknown[];
}

const categorias = (page: Page) => apiContent<Categoria[]>(page, '/produto/categoria');

test('a loja mostra os destaques e uma seção por categoria @mobile', async ({ page }) => {
  const banners = await siteBanners(page);
  const comProdutos = (await categorias(page)).filter((c) => c.listaProduto.length > 0);
  expect(comProdutos.length).toBeGreaterThan(0);

  await page.goto('/loja');
  const main = page.getByRole('main');
  for (const banner of banners) {
    await expect(main.getByRole('heading', { name: banner.titulo })).toBeAttached();
  }
  if (banners[0]) {
    await expect(main.getByRole('heading', { name: banners[0].titulo })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Saiba mais' }).first()).toHaveAttribute(
      'href',
      `/details/${banners[0].idProduto}`,
    );
  }
  for (const categoria of comProdutos) {
    const section = main.getByRole('region', { name: categoria.nome, exact: true });
    await section.scrollIntoViewIfNeeded();
    await expect(section.getByRole('heading', { level: 2, name: categoria.nome })).toBeVisible();
    await expect(section.getByTestId('product-card').first()).toBeVisible();
    await expect(section.getByRole('link', { name: categoria.listaProduto[0]!.nome })).toHaveCount(1);
  }
  await expect(page.getByText('Não há produtos para exibir.')).toHaveCount(0);
});

test('a pesquisa do cabeçalho mostra os produtos encontrados @mobile', async ({ page }) => {
  const encontrados = await apiContent<Card[]>(page, '/produto/buscaNomeListagem?pesquisaProduto=escova');
  expect(encontrados.length).toBeGreaterThan(0);
  await page.goto('/loja');
  await page.getByRole('button', { name: 'Abrir pesquisa' }).click();
  await page.getByPlaceholder('Pesquise por produtos').fill('escova');
  await page.getByRole('button', { name: 'Pesquisar' }).click();
  await expect(page).toHaveURL(/\?pesquisaProduto=escova/);
  await expect(page.getByRole('heading', { name: 'Resultados para “escova”' })).toBeVisible();
  const grid = page.getByRole('list', { name: 'Resultados para “escova”' });
  await expect(grid.getByTestId('product-card')).toHaveCount(encontrados.length);
  await expect(grid.getByRole('link', { name: encontrados[0]!.nome })).toBeVisible();
  await expect(grid.getByText(brl(encontrados[0]!.preco)).first()).toBeVisible();

  await page.goto('/loja?pesquisaProduto=zzqxw');
  await expect(page.getByText('Nenhum produto encontrado para “zzqxw”')).toBeVisible();
});

test('um produto físico mostra disponibilidade, preço e ficha técnica @mobile', async ({ page }) => {
  const card = (await catalogCards(page)).find((p) => !p.digital && p.disponivel)!;
  const produto = await apiContent<Detalhe>(page, `/produto/${card.id}`);
  await page.goto(`/details/${produto.id}`);
  await expect(page.getByRole('heading', { level: 1, name: produto.nome })).toBeVisible();
  await expect(page.getByText(brl(produto.preco)).first()).toBeVisible();
  await expect(page.getByText('Disponível', { exact: true })).toBeVisible();
  const ficha = page.getByRole('region', { name: 'Ficha técnica' });
  for (const item of produto.fichaTecnica) {
    await expect(ficha.getByText(item.descricao, { exact: true })).toBeVisible();
  }
  // No label runs into its value: side by side on a wide screen, the label above the value on a phone.
  const mobile = (page.viewportSize()?.width ?? 1440) < 480;
  for (const linha of await ficha.locator('dl > div').all()) {
    const rotulo = (await linha.locator('dt').boundingBox())!;
    const valor = (await linha.locator('dd').boundingBox())!;
    if (mobile) expect(valor.y).toBeGreaterThanOrEqual(rotulo.y + rotulo.height - 1);
    else expect(valor.x).toBeGreaterThanOrEqual(rotulo.x + rotulo.width);
  }
  await expect(page.getByText('Carga horária:')).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Quantidade' })).toHaveValue('1');
  // The product page says what it sells to search engines.
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
  expect(jsonLd.offers).toMatchObject({ price: produto.preco.toFixed(2), priceCurrency: 'BRL' });
  await expect(page).toHaveTitle(new RegExp(produto.nome.slice(0, 20)));
});

test('um produto digital mostra carga horária, temas e autores', async ({ page }) => {
  const card = (await catalogCards(page)).find((p) => p.digital && p.disponivel)!;
  const produto = await apiContent<Detalhe>(page, `/produto/${card.id}`);
  await page.goto(`/details/${produto.id}/true`);
  await expect(page.getByRole('heading', { level: 1, name: produto.nome })).toBeVisible();
  await expect(page.getByText('Digital', { exact: true }).first()).toBeVisible();
  if (produto.duracao) await expect(page.getByText('Carga horária:')).toBeVisible();
  for (const tag of produto.tags) await expect(page.getByText(tag.nome, { exact: true })).toBeVisible();
  for (const autor of produto.autores) {
    await expect(page.getByRole('heading', { level: 3, name: autor.nome })).toBeVisible();
  }
  await expect(page.getByRole('region', { name: 'Ficha técnica' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Quantidade' })).toHaveCount(0);
});

test('"Incluir" grava a linha na sacola, soma no mesmo produto e o selo do carrinho acompanha @mobile', async ({
  page,
}) => {
  // Four units stay below the gift threshold, so no gift line joins the count (the gift is cart.spec.ts's).
  const { valor: limite } = await apiContent<{ valor: number }>(page, '/condicaodesconto/ativa');
  const card = (await catalogCards(page)).find((p) => !p.digital && p.disponivel && p.preco * 4 < limite)!;
  const produto = await apiContent<Detalhe>(page, `/produto/${card.id}`);
  await page.goto(`/details/${produto.id}`);
  await page.getByRole('button', { name: 'Aumentar quantidade' }).click();
  await page.getByRole('button', { name: 'Incluir' }).click();
  await expect(page.getByText('Produto adicionado à sacola').first()).toBeVisible();
  expect(await storedCart(page)).toEqual([
    {
      id: produto.id,
      nome: produto.nome,
      pathImg: produto.pathImgDestaque,
      quantity: 2,
      unitaryValue: produto.preco,
      amount: (produto.preco * 2).toFixed(2),
      brinde: false,
      digital: false,
    },
  ]);
  await expect(page.getByTestId('cart-badge')).toHaveText('2');
  await page.getByRole('button', { name: 'Incluir' }).click();
  await expect.poll(async () => (await storedCart(page))[0]?.quantity).toBe(4);
  expect((await storedCart(page))[0]!.amount).toBe((produto.preco * 4).toFixed(2));
  await expect(page.getByTestId('cart-badge')).toHaveText('4');
});

test('quantidade 0 avisa "Quantidade deve ser maior que zero" @mobile', async ({ page }) => {
  const card = (await catalogCards(page)).find((p) => !p.digital && p.disponivel)!;
  await page.goto(`/details/${card.id}`);
  await page.getByRole('button', { name: 'Diminuir quantidade' }).click();
  await expect(page.getByRole('button', { name: 'Diminuir quantidade' })).toBeDisabled();
  await page.getByRole('button', { name: 'Incluir' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Quantidade deve ser maior que zero' })).toBeVisible();
  expect(await storedCart(page)).toEqual([]);
});

test('"Comprar" no destaque adiciona 1 unidade', async ({ page }) => {
  const banners = await siteBanners(page);
  const index = banners.findIndex((b) => b.disponivel);
  expect(index, 'destaque disponível para compra nos dados de demonstração').toBeGreaterThanOrEqual(0);
  const banner = banners[index]!;
  const produto = await apiContent<Detalhe>(page, `/produto/${banner.idProduto}`);
  await page.goto('/loja');
  await page.getByRole('button', { name: 'Comprar' }).nth(index).click();
  await expect.poll(async () => (await storedCart(page)).length).toBe(1);
  expect(await storedCart(page)).toEqual([
    {
      id: produto.id,
      nome: produto.nome,
      pathImg: produto.pathImgDestaque,
      quantity: 1,
      unitaryValue: produto.preco,
      amount: produto.preco.toFixed(2),
      brinde: false,
      digital: produto.digital,
    },
  ]);
});

test('um produto digital incluído duas vezes fica com quantidade 1 @mobile', async ({ page }) => {
  const card = (await catalogCards(page)).find((p) => p.digital && p.disponivel)!;
  await page.goto(`/details/${card.id}`);
  await page.getByRole('button', { name: 'Incluir' }).click();
  await expect(page.getByText('Produto Digital já adicionado ao carrinho')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Incluir' })).toHaveCount(0);
  // Again from the store's banner (when the course is featured) or by reopening the page.
  const banners = await siteBanners(page);
  const index = banners.findIndex((b) => b.idProduto === card.id);
  if (index >= 0) {
    await page.goto('/loja');
    await page.getByRole('button', { name: 'Comprar' }).nth(index).click();
    await expect(page.getByText('Produto Digital já adicionado ao carrinho').first()).toBeVisible();
  } else {
    await page.reload();
    await expect(page.getByText('Produto Digital já adicionado ao carrinho')).toBeVisible();
  }
  expect((await storedCart(page)).map((l) => [l.id, l.quantity])).toEqual([[card.id, 1]]);
});

test('um produto indisponível mostra "Produto indisponível" e nenhum botão @mobile', async ({ page }) => {
  const card = (await catalogCards(page)).find((p) => !p.disponivel);
  // The demo data shows one unavailable product in the store (the Gracey curettes kit).
  expect(card, 'produto indisponível exibido na loja nos dados de demonstração').toBeDefined();
  await page.goto(`/details/${card!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: card!.nome })).toBeVisible();
  await expect(page.getByText('Produto indisponível')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Incluir' })).toHaveCount(0);
});

test('um produto que não existe mostra "Produto não encontrado."', async ({ page }) => {
  await page.goto('/details/987654');
  await expect(page.getByRole('heading', { level: 1, name: 'Produto não encontrado.' })).toBeVisible();
});

test('quem comprou também levou: a página de um produto vendido com outros nos pedidos pagos da demonstração mostra esses produtos, e um clique abre o produto @mobile', async ({
  page,
}, testInfo) => {
  // The demo's paid orders have the mouthwash with several other products (db/seed/demo-vendas.ts, ADR 043).
  const produto = (await catalogCards(page)).find((p) => p.nome === 'Enxaguante bucal sem álcool 500 ml');
  expect(produto, 'enxaguante nos dados de demonstração').toBeDefined();
  await page.goto(`/details/${produto!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: produto!.nome })).toBeVisible();
  const juntos = page.getByRole('list', { name: 'Quem comprou também levou' });
  await expect(juntos.getByRole('link').first()).toBeVisible();
  const esperados = await apiContent<Card[]>(page, `/produto/${produto!.id}/comprados-juntos`);
  expect(esperados.length).toBeGreaterThanOrEqual(2);
  // The products of the same paid orders, most shared first; never the product itself.
  await expect(juntos.getByRole('link')).toHaveText(esperados.map((p) => p.nome));
  await expect(juntos.getByRole('link', { name: produto!.nome })).toHaveCount(0);
  await saveShot(page, `${testInfo.project.name}-comprados-juntos`, {
    target: page.getByRole('region', { name: 'Quem comprou também levou' }),
  });
  const outro = esperados[0]!;
  await juntos.getByRole('link', { name: outro.nome }).click();
  await expect(page.getByRole('heading', { level: 1, name: outro.nome })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/details/${outro.id}$`));
});

test('vistos recentemente: a página de um produto mostra os outros que a pessoa viu, e guarda depois de recarregar @mobile', async ({
  page,
}, testInfo) => {
  const [a, b, c] = (await catalogCards(page)).filter((p) => p.disponivel).slice(0, 3);
  await page.goto(`/details/${a!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: a!.nome })).toBeVisible();
  // The first product seen: nothing else to show.
  await expect(page.getByRole('heading', { name: 'Vistos recentemente' })).toHaveCount(0);

  await page.goto(`/details/${b!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: b!.nome })).toBeVisible();
  const vistos = page.getByRole('list', { name: 'Vistos recentemente' });
  await expect(vistos.getByRole('link', { name: a!.nome })).toBeVisible();
  await expect(vistos.getByRole('link', { name: b!.nome })).toHaveCount(0);

  await page.goto(`/details/${c!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: c!.nome })).toBeVisible();
  await page.reload();
  // Newest first: b, then a; a card opens its product.
  await expect(vistos.getByRole('link')).toHaveText([b!.nome, a!.nome]);
  await saveShot(page, `${testInfo.project.name}-vistos-recentemente`, {
    target: page.getByRole('region', { name: 'Vistos recentemente' }),
  });
  await vistos.getByRole('link', { name: a!.nome }).click();
  await expect(page.getByRole('heading', { level: 1, name: a!.nome })).toBeVisible();
  await expect(vistos.getByRole('link')).toHaveText([c!.nome, b!.nome]);
});
