import type { Page } from '@playwright/test';
import { ACCOUNTS, expect, signInWithEmail, storedSession, test, saveShot } from './fixtures';

/**
 * Audit log (docs/behaviour/back-office.md#audit-log): as the seeded USUARIO, a product's
 * price is changed on /editProduct/{id} and its 'Histórico de alterações'
 * shows who changed it, when, and 'Preço: antes → depois'. The journey writes
 * only its own product (inactive, so no store journey sees it). The screens
 * are saved at 1440 and 375 px into SHOTS_DIR when it is set.
 */

const shot = (page: Page, name: string) => saveShot(page, `backoffice-audit-${name}`);

/** The `content` of a staff call made with the signed-in user's token. */
async function staffCall<T>(page: Page, method: 'GET' | 'POST', url: string, data?: unknown): Promise<T> {
  const { token } = await storedSession(page);
  const res = await page.request.fetch(url, {
    method,
    headers: { Authorization: `Bearer ${token}` },
    ...(data === undefined ? {} : { data }),
  });
  expect(res.ok(), `${method} ${url}: ${res.status()}`).toBe(true);
  return ((await res.json()) as { content: T }).content;
}

test('como USUARIO, muda o preço de um produto e vê a alteração no histórico', async ({ page }) => {
  await signInWithEmail(page, ACCOUNTS.equipe.email, ACCOUNTS.equipe.password);
  const [categoria] = await staffCall<Array<{ id: number }>>(page, 'GET', '/api/categoria/AllFisico/');
  const nome = `Espelho auditado ${Date.now().toString(36).slice(-5)}`;
  const { id } = await staffCall<{ id: number }>(page, 'POST', '/api/produto/create/', {
    nome,
    descricao: 'Espelho bucal de aço inox para a jornada da auditoria.',
    preco: 99.9,
    produtoExibidoSite: false,
    categoria: { id: categoria!.id },
    tempoEstimado: '01:00:00',
    digital: false,
    altura: 2,
    peso: 0.05,
    largura: 2,
    comprimento: 15,
    brinde: false,
    ativo: false,
    disponivel: true,
    fichaTecnica: [{ descricao: 'Material', valor: 'Aço inox' }],
  });

  await page.goto(`/editProduct/${id}`);
  await expect(page.getByLabel('Nome', { exact: true })).toHaveValue(nome);
  const historico = page.getByRole('button', { name: /Histórico de alterações/ });
  await expect(historico).toContainText('1 alteração');

  await page.getByRole('button', { name: 'Editar' }).click();
  await page.getByLabel('Preço').fill('123,45');
  await page.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(page.getByText('Produto atualizado com sucesso!', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Preço')).toBeDisabled();

  // The save refreshes the trail: the newest entry is the USUARIO's price change.
  await expect(historico).toContainText(`2 alterações · última em`);
  await expect(historico).toContainText(`por ${ACCOUNTS.equipe.nome} (Equipe)`);
  await historico.click();
  const trilha = page.getByTestId('audit-trail');
  const ultima = trilha.getByRole('listitem').first();
  await expect(ultima).toContainText('Edição');
  await expect(ultima).toContainText(ACCOUNTS.equipe.nome);
  await expect(ultima).toContainText('Equipe');
  await expect(ultima.locator('time')).toHaveText(/^\d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}$/);
  const preco = ultima.locator('[data-campo="preco"]');
  await expect(preco).toContainText('Preço');
  await expect(preco).toContainText('R$ 99,90');
  await expect(preco).toContainText('R$ 123,45');
  // Only the price changed.
  await expect(ultima.locator('[data-campo]')).toHaveCount(1);
  // The creation below it, with its initial values.
  await expect(trilha.getByRole('listitem').nth(1)).toContainText('Cadastro');
  await expect(trilha.getByRole('listitem').nth(1)).toContainText('Valores iniciais');

  await trilha.scrollIntoViewIfNeeded();
  await shot(page, 'edit-product-1440');
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(ultima.locator('[data-campo="preco"]')).toBeVisible();
  await shot(page, 'edit-product-375');
});
