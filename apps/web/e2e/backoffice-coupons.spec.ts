import type { Page, TestInfo } from '@playwright/test';
import { ACCOUNTS, expect, openUserMenu, saveShot, signInWithEmail, test } from './fixtures';

/**
 * Discount coupons in the back-office (docs/behaviour/back-office.md#coupons, ADR 025): the seeded ADMIN opens
 * 'Cupons' from the user menu, sees the demo coupons, creates a coupon for a category, finds it with the filters,
 * edits it, opens its usage report and deactivates it; the seeded USUARIO sees the list, a coupon (locked, without
 * 'Editar' nor 'Desativar') and its usage report, and gets 'Página não encontrada!' at /cupons/novo. Codes are
 * unique per run and project (the journeys share one database). Screens at 1440 and 375 px in SHOTS_DIR.
 */

const shot = (page: Page, testInfo: TestInfo, name: string) =>
  saveShot(page, `cupons-${testInfo.project.name}-${name}`);

const codigoUnico = (testInfo: TestInfo) =>
  `E2E${testInfo.project.name === 'mobile' ? 'M' : 'D'}${Date.now().toString(36).toUpperCase()}`;

/** Opens 'Cupons' as a person does: the user menu, on a phone and on a desktop alike. */
async function abrirCupons(page: Page) {
  await page.goto('/loja');
  const menu = await openUserMenu(page);
  await menu.getByRole('menuitem', { name: /^Cupons/ }).click();
  await expect(page).toHaveURL(/\/cupons$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Cupons' })).toBeVisible();
}

/** Filters the list by part of a code (the filters fold under 'Filtros' on a phone). */
async function filtrarPorCodigo(page: Page, codigo: string) {
  await expect(page.getByRole('heading', { level: 1, name: 'Cupons' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Filtrar cupons' });
  if ((page.viewportSize()?.width ?? 1440) < 768) {
    const toggle = form.getByRole('button', { name: /^Filtros/ });
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  }
  await form.getByLabel('Código').fill(codigo);
  await form.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page).toHaveURL(new RegExp(`codigo=${codigo}`));
}

const linhaDe = (page: Page, codigo: string) =>
  page.getByTestId('coupon-row').filter({ has: page.getByRole('link', { name: `Abrir o cupom ${codigo}` }) });

test('Gerente cadastra, encontra, edita e desativa um cupom e abre os usos @mobile', async ({ page }, testInfo) => {
  const codigo = codigoUnico(testInfo);
  await signInWithEmail(page, ACCOUNTS.admin.email, ACCOUNTS.admin.password);
  await abrirCupons(page);
  await expect(linhaDe(page, 'BEMVINDO10')).toContainText('Vigente');
  await expect(linhaDe(page, 'NATAL2025')).toContainText('Expirado');
  await shot(page, testInfo, 'lista');

  await page.getByRole('link', { name: 'Novo cupom' }).click();
  await expect(page).toHaveURL(/\/cupons\/novo$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Novo cupom' })).toBeVisible();
  // The rules speak before anything is sent.
  await page.getByRole('button', { name: 'Cadastrar cupom' }).click();
  await expect(
    page.getByText('Use de 3 a 30 letras (sem acento) e números, sem espaços. Ex.: BEMVINDO10.'),
  ).toBeVisible();
  await page.getByLabel('Código', { exact: true }).fill(codigo.toLowerCase());
  await page.getByLabel('Descrição', { exact: true }).fill('Cupom da jornada: 12,5% nos cursos');
  await page.getByLabel('Percentual', { exact: true }).fill('12,5');
  await page.getByLabel('Vale para').selectOption('CATEGORIAS');
  const categorias = page.getByRole('group', { name: 'Categorias em que vale' });
  await categorias.locator('label').first().click();
  await expect(categorias.getByRole('checkbox').first()).toBeChecked();
  await page.getByLabel('Vale até').fill('2099-12-31');
  await page.getByLabel('Limite de usos').fill('20');
  await shot(page, testInfo, 'novo');
  await page.getByRole('button', { name: 'Cadastrar cupom' }).click();
  await expect(page.getByText('Cupom cadastrado com sucesso!')).toBeVisible();
  await expect(page).toHaveURL(/\/cupons$/);

  await filtrarPorCodigo(page, codigo);
  const linha = linhaDe(page, codigo);
  await expect(linha).toHaveCount(1);
  await expect(linha).toContainText('12,5% de desconto');
  await expect(linha).toContainText('Vigente');
  if (testInfo.project.name === 'desktop') {
    await expect(linha).toContainText('Categorias escolhidas');
    await expect(linha).toContainText('Até 31/12/2099');
    await expect(linha).toContainText('0 de 20');
  }

  await linha.getByRole('link', { name: `Abrir o cupom ${codigo}` }).click();
  await expect(page).toHaveURL(/\/cupons\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Editar cupom' })).toBeVisible();
  await expect(page.getByLabel('Percentual', { exact: true })).toBeDisabled();
  await expect(page.getByLabel('Percentual', { exact: true })).toHaveValue('12,5');
  await page.getByRole('button', { name: 'Editar' }).click();
  await page.getByLabel('Percentual', { exact: true }).fill('15');
  await page.getByLabel('Usos por cliente').fill('1');
  await page.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(page.getByText('Cupom atualizado com sucesso!')).toBeVisible();
  await expect(page.getByLabel('Percentual', { exact: true })).toBeDisabled();
  await expect(page.getByLabel('Percentual', { exact: true })).toHaveValue('15');
  // The change is in the coupon's history.
  await page.getByRole('button', { name: /Histórico de alterações/ }).click();
  await expect(page.getByTestId('audit-trail').getByText('Percentual (%)').first()).toBeVisible();
  await shot(page, testInfo, 'cupom');

  await page.getByRole('link', { name: 'Ver usos' }).click();
  await expect(page).toHaveURL(/\/cupons\/\d+\/usos$/);
  await expect(page.getByRole('heading', { level: 1, name: `Usos do cupom ${codigo}` })).toBeVisible();
  await expect(page.getByText('Este cupom ainda não foi usado')).toBeVisible();
  await expect(page.getByLabel('Totais do cupom')).toContainText('R$ 0,00');
  await shot(page, testInfo, 'usos');
  await page.getByRole('link', { name: 'Voltar ao cupom' }).click();

  await page.getByRole('button', { name: 'Desativar cupom' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(`O cupom ${codigo} deixará de valer em novos pedidos.`);
  await dialog.getByRole('button', { name: 'Desativar' }).click();
  await expect(page.getByText('Cupom desativado: ele não vale mais em novos pedidos.')).toBeVisible();
  await expect(page).toHaveURL(/\/cupons$/);
  await filtrarPorCodigo(page, codigo);
  await expect(linhaDe(page, codigo)).toContainText('Desativado');
});

test('Equipe vê os cupons e os usos, mas não cadastra, edita nem desativa @mobile', async ({ page }, testInfo) => {
  await signInWithEmail(page, ACCOUNTS.equipe.email, ACCOUNTS.equipe.password);
  await abrirCupons(page);
  await expect(page.getByRole('link', { name: 'Novo cupom' })).toHaveCount(0);
  await linhaDe(page, 'BEMVINDO10').getByRole('link', { name: 'Abrir o cupom BEMVINDO10' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cupom' })).toBeVisible();
  await expect(page.getByLabel('Código', { exact: true })).toHaveValue('BEMVINDO10');
  await expect(page.getByLabel('Código', { exact: true })).toBeDisabled();
  await expect(page.getByRole('switch', { name: /Só na primeira compra/ })).toBeChecked();
  await expect(page.getByRole('switch', { name: /Acumula com o desconto do PIX/ })).not.toBeChecked();
  await expect(page.getByRole('button', { name: 'Editar' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Desativar cupom' })).toHaveCount(0);
  await shot(page, testInfo, 'equipe-cupom');
  await page.getByRole('link', { name: 'Ver usos' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Usos do cupom BEMVINDO10' })).toBeVisible();

  await page.goto('/cupons/novo');
  await expect(page.getByText('Página não encontrada!')).toBeVisible();
});
