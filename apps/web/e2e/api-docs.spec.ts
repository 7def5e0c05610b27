import { expect, test } from './fixtures';

test('a documentação navegável da API abre em /api/docs e lista o login', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/api/docs');
  // Swagger UI renders the whole spec (every route) before it shows: slow on a busy 2-core machine.
  await expect(page.getByText('/api/usuario/cliente/auth').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('/api/empresa/').first()).toBeVisible();
  expect(errors).toEqual([]);
});
