import type { Page } from '@playwright/test';
import { ACCOUNTS, expect, openUserMenu, signInWithDocument, signInWithEmail, storedSession, test } from './fixtures';

const cartIcon = (page: Page) => page.getByRole('button', { name: /^Sacola/ });

test.describe('Entrar e menu do usuário por papel', () => {
  test('cliente entra por e-mail, vê o menu de cliente e a sacola', async ({ page }) => {
    await signInWithEmail(page, ACCOUNTS.cliente.email, ACCOUNTS.cliente.password);
    await expect(cartIcon(page)).toBeVisible();
    const menu = await openUserMenu(page);
    await expect(menu.getByRole('menuitem', { name: new RegExp(ACCOUNTS.cliente.nome) })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: /Minha biblioteca/ })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: /Lista de pedidos/ })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: /Sair da conta/ })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: /^Produtos$/ })).toHaveCount(0);
    await expect(menu.getByRole('menuitem', { name: /^Acesso/ })).toHaveCount(0);
    const stored = await storedSession(page);
    expect(stored.user).toMatchObject({ permissao: 'CLIENTE' });
    expect(stored.token).toMatch(/^ey/);
  });

  test('cliente entra pelo CPF com máscara', async ({ page }) => {
    await signInWithDocument(page, ACCOUNTS.cliente.cpf, ACCOUNTS.cliente.password);
    await expect(page.getByRole('button', { name: 'Abrir menu do usuário' })).toBeVisible();
    await expect(cartIcon(page)).toBeVisible();
  });

  test('empresa entra pelo CNPJ', async ({ page }) => {
    await signInWithDocument(page, ACCOUNTS.empresa.cnpj, ACCOUNTS.empresa.password);
    await expect(cartIcon(page)).toBeVisible();
  });

  test('gerente vê todas as entradas do back-office e não vê a sacola', async ({ page }) => {
    await signInWithEmail(page, ACCOUNTS.admin.email, ACCOUNTS.admin.password);
    await expect(cartIcon(page)).toHaveCount(0);
    const menu = await openUserMenu(page);
    for (const name of [
      /Gerente/,
      /Minha biblioteca/,
      /Lista de pedidos/,
      /^Produtos$/,
      /Unitários/,
      /Lista clientes/,
      /^Acesso/,
      /Sair da conta/,
    ]) {
      await expect(menu.getByRole('menuitem', { name })).toBeVisible();
    }
    await menu.getByRole('menuitem', { name: /^Acesso/ }).click();
    await expect(page).toHaveURL(/\/controlAccess$/);
  });

  test('equipe vê o back-office sem Acesso nem biblioteca', async ({ page }) => {
    await signInWithEmail(page, ACCOUNTS.equipe.email, ACCOUNTS.equipe.password);
    await expect(cartIcon(page)).toHaveCount(0);
    const menu = await openUserMenu(page);
    for (const name of [/Lista de pedidos/, /^Produtos$/, /Unitários/, /Lista clientes/, /Sair da conta/]) {
      await expect(menu.getByRole('menuitem', { name })).toBeVisible();
    }
    await expect(menu.getByRole('menuitem', { name: /^Acesso/ })).toHaveCount(0);
    await expect(menu.getByRole('menuitem', { name: /Minha biblioteca/ })).toHaveCount(0);
  });

  test('senha errada mostra a mensagem do servidor e não entra', async ({ page }) => {
    await page.goto('/signIn');
    await page.getByLabel('E-mail').fill(ACCOUNTS.cliente.email);
    await page.getByLabel('Senha', { exact: true }).fill('senha-errada');
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'E-mail, CPF/CNPJ ou senha inválidos.' })).toBeVisible();
    await expect(page).toHaveURL(/\/signIn$/);
    expect(await page.evaluate(() => localStorage.getItem('@Token'))).toBeNull();
  });

  test('sair da conta encerra a sessão e volta ao login', async ({ page }) => {
    await signInWithEmail(page, ACCOUNTS.cliente.email, ACCOUNTS.cliente.password);
    const menu = await openUserMenu(page);
    await menu.getByRole('menuitem', { name: /Sair da conta/ }).click();
    await expect(page).toHaveURL(/\/signIn$/);
    expect(await page.evaluate(() => localStorage.getItem('@Token'))).toBeNull();
    await expect(page.getByRole('link', { name: 'Entrar na minha conta' })).toBeVisible();
  });

  test('rota de outro papel não abre para o cliente', async ({ page }) => {
    await signInWithEmail(page, ACCOUNTS.cliente.email, ACCOUNTS.cliente.password);
    await page.goto('/controlAccess');
    await expect(page.getByRole('heading', { name: 'Configuração de acesso' })).toHaveCount(0);
  });

  test('sem login, rota de cliente leva ao login', async ({ page }) => {
    await page.goto('/library');
    await expect(page).toHaveURL(/\/signIn/);
  });
});
