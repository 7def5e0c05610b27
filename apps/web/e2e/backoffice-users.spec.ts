import type { Browser, Page } from '@playwright/test';
import { ACCOUNTS, expect, openUserMenu, prepareJourneyPage, signInWithEmail, test, saveShot } from './fixtures';

/**
 * Users and access (docs/behaviour/back-office.md#users-and-access): as
 * the seeded ADMIN a USUARIO is created and signs in in a second browser; it is
 * made Gerente (and, signing in again, sees the ADMIN's screen), made USUARIO
 * again (its open ADMIN screen is thrown out at the next request: 403), then
 * deactivated (its open session is thrown out at the next request: 401, and its
 * sign-in is refused). The screens are saved at 1440 and 375 px into
 * SHOTS_DIR when it is set. The journey writes only its own user.
 */

const shot = (page: Page, name: string, fullPage = true) => saveShot(page, `backoffice-users-${name}`, { fullPage });

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A person at a computer: a fresh browser context, the artificial waits off. */
async function newBrowserPage(browser: Browser) {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  return { context, page: await prepareJourneyPage(await context.newPage()) };
}

/** Saves the edit screen after changing what `change` changes, and waits for the toast. */
async function saveUser(page: Page, change: () => Promise<unknown>, toast: string) {
  await page.getByRole('button', { name: 'Editar' }).click();
  await change();
  await page.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(page.getByText(toast).last()).toBeVisible();
  await expect(page.getByTestId('edit-mode')).toContainText('Somente leitura');
}

/** The session-expired dialog, confirmed: back to /signIn. */
async function sessionThrownOut(page: Page) {
  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  await expect(dialog.getByText('Acesso não autorizado')).toBeVisible();
  await dialog.getByRole('button', { name: 'Fazer login' }).click();
  await expect(page).toHaveURL(/\/signIn$/);
}

// One journey in steps, in order, in one worker: the manager's and the new user's browsers stay open between them.
test.describe.configure({ mode: 'serial' });

const nome = `Equipe E2E ${unique()}`;
const email = `equipe.e2e.${unique()}@clinica.com.br`;
const senha = 'senha1234';
let gerente: Awaited<ReturnType<typeof newBrowserPage>>;
let equipe: Awaited<ReturnType<typeof newBrowserPage>>;

test.beforeAll(async ({ browser }) => {
  gerente = await newBrowserPage(browser);
  equipe = await newBrowserPage(browser);
  await signInWithEmail(gerente.page, ACCOUNTS.admin.email, ACCOUNTS.admin.password);
});

test.afterAll(async () => {
  await gerente?.context.close();
  await equipe?.context.close();
});

test('o gerente cadastra um USUARIO (sem a opção CLIENTE), que entra em outro navegador', async () => {
  const page = gerente.page;
  await page.goto('/controlAccess');
  await page.getByRole('link', { name: 'Adicionar usuário' }).click();
  await expect(page).toHaveURL(/\/newUser$/);
  const permissao = page.getByLabel('Permissão');
  await expect(permissao.locator('option')).toHaveText(['Selecione...', 'Gerente (ADMIN)', 'Usuário (USUARIO)']);
  await page.getByLabel('E-mail').fill(email);
  await permissao.selectOption({ label: 'Usuário (USUARIO)' });
  await page.getByLabel('Nome', { exact: true }).fill(nome);
  await page.getByLabel('Senha', { exact: true }).fill(senha);
  await page.getByRole('button', { name: 'Cadastrar usuário' }).click();
  await expect(page.getByText('Usuario cadastrado com sucesso')).toBeVisible();
  await expect(page).toHaveURL(/\/controlAccess$/);

  // Found by name, opened: the edit screen starts locked.
  await page.getByLabel('Nome ou e-mail').fill(nome);
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page.getByTestId('user-row')).toHaveCount(1);
  await page.getByRole('link', { name: `Editar usuário ${nome}` }).click();
  await expect(page).toHaveURL(/\/editUser\/\d+$/);
  await expect(page.getByLabel('Nome', { exact: true })).toHaveValue(nome);
  await expect(page.getByLabel('Nome', { exact: true })).toBeDisabled();

  // The new USUARIO signs in at another computer: staff menu, no 'Acesso'.
  await signInWithEmail(equipe.page, email, senha);
  const menu = await openUserMenu(equipe.page);
  await expect(menu.getByRole('menuitem', { name: /Unitários/ })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: /Acesso/ })).toHaveCount(0);
  await equipe.page.keyboard.press('Escape');
});

test('feito Gerente, entrando de novo vê a Configuração de acesso', async () => {
  const page = gerente.page;
  await saveUser(
    page,
    () => page.getByLabel('Permissão').selectOption({ label: 'Gerente (ADMIN)' }),
    'Permissao alterada com sucesso',
  );
  const user = equipe.page;
  const menu = await openUserMenu(user);
  await menu.getByRole('menuitem', { name: /Sair da conta/ }).click();
  await signInWithEmail(user, email, senha);
  await user.goto('/controlAccess');
  await expect(user.getByRole('heading', { level: 1, name: 'Configuração de acesso' })).toBeVisible();
  await expect(user.getByTestId('user-row').first()).toBeVisible();
});

test('de volta a USUARIO: a tela aberta do gerente cai na chamada seguinte (403)', async () => {
  const page = gerente.page;
  await saveUser(
    page,
    () => page.getByLabel('Permissão').selectOption({ label: 'Usuário (USUARIO)' }),
    'Permissao alterada com sucesso',
  );
  await equipe.page.reload();
  await sessionThrownOut(equipe.page);
});

test('desativado: a sessão aberta cai na chamada seguinte (401) e a entrada é recusada', async () => {
  const user = equipe.page;
  await signInWithEmail(user, email, senha);
  await user.goto('/products');
  await expect(user.getByTestId('product-row').first()).toBeVisible();

  const page = gerente.page;
  await saveUser(
    page,
    () => page.getByRole('form', { name: 'Dados do usuário' }).getByText('Ativo', { exact: true }).click(),
    'ativo alterado com sucesso',
  );
  await expect(page.getByRole('switch', { name: /Ativo/ })).not.toBeChecked();

  await user.goto('/unitarys');
  await sessionThrownOut(user);
  await user.getByLabel('E-mail').fill(email);
  await user.getByLabel('Senha', { exact: true }).fill(senha);
  await user.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(user.getByText('Usuário inativo. Entre em contato com a clínica.')).toBeVisible();
  await expect(user).toHaveURL(/\/signIn$/);

  // The list shows the account inactive.
  await page.goto(`/controlAccess?nome=${encodeURIComponent(nome)}`);
  await expect(page.getByTestId('user-row')).toHaveCount(1);
  await expect(page.getByTestId('user-row')).toContainText('Inativo');
});

test('telas de acesso a 1440 e 375 px', async () => {
  const page = gerente.page;
  await page.goto('/controlAccess');
  await expect(page.getByRole('heading', { level: 1, name: 'Configuração de acesso' })).toBeVisible();
  await expect(page.getByTestId('manager-email')).toHaveText(ACCOUNTS.admin.email);
  await expect(page.getByTestId('user-row').first()).toBeVisible();
  await shot(page, 'control-access-1440');

  await page.getByRole('link', { name: `Editar usuário ${ACCOUNTS.equipe.nome}` }).click();
  await expect(page.getByLabel('Nome', { exact: true })).toHaveValue(ACCOUNTS.equipe.nome);
  await expect(page.getByTestId('edit-mode')).toContainText('Somente leitura');
  await shot(page, 'edit-user-1440');

  await page.goto('/newUser');
  await expect(page.getByRole('heading', { level: 1, name: 'Novo usuário' })).toBeVisible();
  await shot(page, 'new-user-1440');

  // The e-mail dialog sends nothing until a new address is given (the password one mails a code on opening).
  await page.goto('/controlAccess');
  await page.getByRole('button', { name: 'Redefinir meu e-mail' }).click();
  const dialog = page.getByRole('dialog', { name: 'Alterar e-mail' });
  await expect(dialog.getByText(ACCOUNTS.admin.email)).toBeVisible();
  await shot(page, 'email-dialog-1440', false);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/controlAccess');
  await expect(page.getByTestId('user-row').first()).toBeVisible();
  await shot(page, 'control-access-375');
});
