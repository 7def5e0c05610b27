import type { Page } from '@playwright/test';
import { expect, saveShot, test } from './fixtures';

/**
 * The header search's suggestions (ADR 045): typing shows products (picture, name, price) and categories; arrow down
 * and Enter open the product; Enter without an active option opens the results page; a category opens its
 * listing. At 1440 and 375 px. With SHOTS_DIR set, the open list is saved.
 */

const ESCOVA = 'Escova dental ultramacia Sorriso Pleno';

async function typeInSearch(page: Page, text: string) {
  await page.getByRole('button', { name: 'Abrir pesquisa' }).click();
  const field = page.getByRole('combobox', { name: 'Pesquise por produtos' });
  await field.pressSequentially(text);
  return field;
}

test('sugestões da pesquisa: seta para baixo e Enter abrem o produto @mobile', async ({ page }, testInfo) => {
  await page.goto('/');
  const field = await typeInSearch(page, 'escova');
  const list = page.getByRole('listbox', { name: 'Sugestões' });
  await expect(list).toBeVisible();
  await expect(field).toHaveAttribute('aria-expanded', 'true');
  const first = list.getByRole('option').first();
  await expect(first).toContainText(ESCOVA);
  await expect(first).toContainText('R$');
  await expect(page.getByRole('status').filter({ hasText: /sugest/ })).toHaveText(/\d+ sugest(ão|ões) disponíve(l|is)/);
  await saveShot(page, `sugestoes-${testInfo.project.name}`, { fullPage: false });

  await field.press('ArrowDown');
  await expect(field).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
  await field.press('Enter');
  await expect(page).toHaveURL(/\/details\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ESCOVA);
});

test('sugestões da pesquisa: Enter sem opção ativa abre os resultados; uma categoria abre a sua listagem @mobile', async ({
  page,
}) => {
  await page.goto('/loja');
  const field = await typeInSearch(page, 'escova');
  await expect(page.getByRole('option').first()).toBeVisible();
  await field.press('Enter');
  await expect(page).toHaveURL(/\/loja\?pesquisaProduto=escova$/);
  await expect(page.getByRole('link', { name: ESCOVA }).first()).toBeVisible();

  await page.goto('/');
  await typeInSearch(page, 'descart');
  const categoria = page.getByRole('option', { name: /Categoria\s*Descartáveis/ });
  await expect(categoria).toBeVisible();
  await categoria.click();
  await expect(page).toHaveURL(/\/loja\/categoria\/\d+\/descartaveis$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Descartáveis' })).toBeVisible();
});
