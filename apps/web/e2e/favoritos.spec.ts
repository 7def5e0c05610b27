import type { Page } from '@playwright/test';
import { expect, newCustomer, openUserMenu, saveShot, signInWithEmail, test } from './fixtures';

/**
 * Favourites (ADR 045): a customer favourites a product from a card and another from its product page, finds both on
 * /favoritos (user menu) and removes one; a visitor's heart leads to sign in and back, the product then a favourite.
 * At 1440 and 375 px; with SHOTS_DIR set, /loja's hearts and /favoritos are saved.
 */

const heart = (page: Page, nome: string) => page.getByRole('button', { name: `Favoritar ${nome}`, exact: true });

test('favoritar de um cartão e da página do produto, ver em /favoritos e remover um @mobile', async ({
  page,
  request,
}, testInfo) => {
  const cliente = await newCustomer(request, 'Lívia Favoritos');
  await signInWithEmail(page, cliente.email, cliente.password);

  await saveShot(page, `favoritos-loja-${testInfo.project.name}`, { fullPage: false });
  // From a card of the search results (a grid: the carousels of /loja move their cards as they start).
  await page.goto('/loja?pesquisaProduto=escova');
  const card = page.getByTestId('product-card').first();
  const nomeCartao = (await card.getByRole('heading').textContent())!.trim();
  await expect(heart(page, nomeCartao).first()).toHaveAttribute('aria-pressed', 'false');
  await heart(page, nomeCartao).first().click();
  await expect(heart(page, nomeCartao).first()).toHaveAttribute('aria-pressed', 'true');
  await saveShot(page, `favoritos-busca-${testInfo.project.name}`, { fullPage: false });

  // From a product page (another product).
  await page.goto('/details/1');
  let nomePagina = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
  if (nomePagina === nomeCartao) {
    await page.goto('/details/2');
    nomePagina = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
  }
  await heart(page, nomePagina).click();
  await expect(heart(page, nomePagina)).toHaveAttribute('aria-pressed', 'true');
  await saveShot(page, `favoritos-produto-${testInfo.project.name}`, { fullPage: false });

  // /favoritos through the user menu: the newest first.
  const menu = await openUserMenu(page);
  await menu.getByRole('menuitem', { name: /^Favoritos/ }).click();
  await expect(page).toHaveURL(/\/favoritos$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Favoritos' })).toBeVisible();
  const grade = page.getByRole('list', { name: 'Produtos favoritos' });
  await expect(grade.getByRole('heading')).toHaveText([nomePagina, nomeCartao]);
  await saveShot(page, `favoritos-pagina-${testInfo.project.name}`);

  await page.getByRole('button', { name: `Remover ${nomePagina} dos favoritos` }).click();
  await expect(grade.getByRole('heading')).toHaveText([nomeCartao]);
  await page.reload();
  await expect(page.getByRole('list', { name: 'Produtos favoritos' }).getByRole('heading')).toHaveText([nomeCartao]);
});

test('o coração de um visitante leva a entrar e de volta, com o produto já favorito @mobile', async ({
  page,
  request,
}) => {
  const cliente = await newCustomer(request, 'Otávio Visitante');
  await page.goto('/details/1');
  const nome = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
  await heart(page, nome).click();
  await expect(page).toHaveURL(/\/signIn$/);
  await page.getByLabel('E-mail').fill(cliente.email);
  await page.getByLabel('Senha', { exact: true }).fill(cliente.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(/\/details\/1$/);
  await expect(heart(page, nome)).toHaveAttribute('aria-pressed', 'true');
});
