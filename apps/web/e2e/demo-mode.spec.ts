import type { Page } from '@playwright/test';
import {
  ACCOUNTS,
  addFromDetails,
  catalogCards,
  expect,
  saveShot,
  signInWithEmail,
  storedSession,
  test,
} from './fixtures';

/*
 * The journeys' server is the demo store (scripts/e2e-server.mjs, DEMO_MODE=true; ADR 022): every page says so, from
 * the first paint, in a strip above the header.
 */

const avisoDe = (page: Page) => page.getByRole('note').filter({ hasText: 'Loja de demonstração' });

test('loja de demonstração: o aviso está na página inicial, na loja e no back-office @mobile', async ({ page }) => {
  // The server's page already carries it (rendered on the server: nothing moves when the app starts).
  const html = await (await page.request.get('/')).text();
  expect(html).toContain('<html data-demo');
  expect(html).toMatch(/role="note"[^>]*>.*Loja de demonstração/s);

  await page.goto('/');
  const aviso = avisoDe(page);
  await expect(aviso).toBeVisible();
  await expect(aviso).toContainText('Pagamentos e e-mails são simulados.');
  // Above the header, across the page.
  const caixa = (await aviso.boundingBox())!;
  const cabecalho = (await page.getByRole('banner').first().boundingBox())!;
  expect(caixa.y).toBe(0);
  expect(caixa.y + caixa.height).toBeLessThanOrEqual(cabecalho.y + 1);
  expect(caixa.width).toBe(page.viewportSize()!.width);
  await saveShot(page, 'demo-home', { fullPage: false, widths: [375, 1440] });

  await page.goto('/loja');
  await expect(avisoDe(page)).toBeVisible();
  await saveShot(page, 'demo-loja', { fullPage: false, widths: [375, 1440] });

  await signInWithEmail(page, ACCOUNTS.admin.email, ACCOUNTS.admin.password);
  await page.goto('/products');
  await expect(page.getByRole('heading', { level: 1, name: 'Produtos' })).toBeVisible();
  await expect(avisoDe(page)).toBeVisible();
  await saveShot(page, 'demo-backoffice', { fullPage: false, widths: [375, 1440] });
});

test('loja de demonstração: o banco de teste /sandbox/pix existe e também avisa @mobile', async ({ page }) => {
  await page.goto('/sandbox/pix');
  await expect(page.getByRole('heading', { level: 1, name: 'Pagar PIX (sandbox)' })).toBeVisible();
  await expect(avisoDe(page)).toBeVisible();
});

test('loja de demonstração: o aviso também está no checkout e na área do cliente', async ({ page }) => {
  const fisico = (await catalogCards(page)).find((p) => !p.digital && p.disponivel)!;
  await signInWithEmail(page, ACCOUNTS.cliente.email, ACCOUNTS.cliente.password);
  const { user } = await storedSession(page);
  await page.goto(`/orders/${user!.idUser}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Lista de pedidos' })).toBeVisible();
  await expect(avisoDe(page)).toBeVisible();

  await addFromDetails(page, fisico);
  await page.getByRole('button', { name: /^Sacola/ }).click();
  await page.getByRole('dialog', { name: 'Sacola' }).getByRole('button', { name: 'Finalizar compra' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(avisoDe(page)).toBeVisible();
  await saveShot(page, 'demo-checkout', { fullPage: false, widths: [375, 1440] });
});
