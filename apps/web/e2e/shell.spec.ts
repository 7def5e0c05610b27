import { ACCOUNTS, expect, signInWithEmail, storedSession, test } from './fixtures';

test('rota desconhecida mostra "Página não encontrada!" @mobile', async ({ page }) => {
  await page.goto('/uma/rota/que/nao/existe');
  await expect(page.getByRole('heading', { name: 'Página não encontrada!' })).toBeVisible();
});

test('rodapé mostra os dados da empresa, links sociais e formas de pagamento @mobile', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await footer.scrollIntoViewIfNeeded();
  await expect(footer.getByText('Compras 100% seguras')).toBeVisible();
  await expect(footer.getByText('Formas de pagamento')).toBeVisible();
  for (const logo of ['American Express', 'Elo', 'Hipercard', 'Mastercard', 'Visa', 'PIX']) {
    await expect(footer.getByRole('img', { name: logo, exact: true })).toBeVisible();
  }
  await expect(footer.getByText('Quem somos')).toBeVisible();
  // Company data from GET /api/empresa/ (seeded).
  const empresa = await (await page.request.get('/api/empresa/')).json();
  const c = empresa.content;
  await expect(footer.getByText(c.email, { exact: false }).first()).toBeVisible();
  await expect(footer.getByText(c.nome, { exact: false }).first()).toBeVisible();
  await expect(
    footer.getByText(new RegExp(`${c.endereco.municipio.nome}.*${c.endereco.uf.sigla}`)).first(),
  ).toBeVisible();
  // Every social link is absolute (https:// added when the value lacks a scheme).
  const social = footer.getByRole('list', { name: 'Redes sociais' }).getByRole('link');
  const hrefs = await social.evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  expect(hrefs.length).toBeGreaterThanOrEqual(3);
  for (const href of hrefs) expect(href).toMatch(/^https:\/\//);
});

test('cabeçalho: menus de produtos e pesquisa levam à busca', async ({ page }) => {
  await page.goto('/');
  const fisicodigital = await (await page.request.get('/api/produto/fisicodigital')).json();
  const primeiroFisico = fisicodigital.content.listProdutoFisico[0];
  // A click (the mouse moves onto the button first) opens the menu and leaves it open.
  await page.getByRole('button', { name: 'Produtos', exact: true }).click();
  await expect(page.getByRole('link', { name: primeiroFisico.nome }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Abrir pesquisa' }).click();
  await page.getByPlaceholder('Pesquise por produtos').fill('escova');
  await page.getByRole('button', { name: 'Pesquisar' }).click();
  await expect(page).toHaveURL(/\/loja\?pesquisaProduto=escova$/);
});

test('sessão expirada mostra o aviso e leva ao login', async ({ page }) => {
  await signInWithEmail(page, ACCOUNTS.cliente.email, ACCOUNTS.cliente.password);
  // Revoke the token behind the browser's back, as an expiry or a logout elsewhere would. The store is left first:
  // an open page may notice the revocation itself (its realtime connection is closed) and sign out there, and the
  // next visit would then simply be signed out; this journey is about a stored session found revoked at the next visit.
  const { token, user } = await storedSession(page);
  const idUser = user?.idUser;
  await page.goto('about:blank');
  const res = await page.request.post(`/api/usuario/logout/${idUser}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  await page.goto(`/user/${idUser}`);
  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  await expect(dialog.getByText('Acesso não autorizado')).toBeVisible();
  await expect(dialog.getByText('A sua sessão expirou, faça login novamente para continuar navegando.')).toBeVisible();
  await dialog.getByRole('button').first().click();
  await expect(page).toHaveURL(/\/signIn$/);
  expect(await page.evaluate(() => localStorage.getItem('@Token'))).toBeNull();
});

test('armazenamento corrompido é ignorado @mobile', async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('@authUser', '{isto não é json');
    localStorage.setItem('@Token', '');
    localStorage.setItem('@shoppingCartItems', '[{"quebrado":');
  });
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Entrar na minha conta' })).toBeVisible();
});

test('no celular, o menu lateral lista os produtos em listas recolhíveis @mobile-only', async ({ page }) => {
  await page.goto('/');
  const fisicodigital = await (await page.request.get('/api/produto/fisicodigital')).json();
  const primeiroDigital = fisicodigital.content.listProdutoDigital[0];
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  const nav = page.getByRole('navigation', { name: 'Menu principal' });
  await expect(nav.getByRole('link', { name: primeiroDigital.nome })).toHaveCount(0);
  await nav.getByRole('button', { name: 'Produtos digitais' }).click();
  await nav.getByRole('link', { name: primeiroDigital.nome }).click();
  await expect(page).toHaveURL(new RegExp(`/details/${primeiroDigital.id}`));

  // Each list ends with the page of all its products (ADR 044).
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await nav.getByRole('button', { name: 'Produtos', exact: true }).click();
  await nav.getByRole('link', { name: 'Ver todos na loja →' }).last().click();
  await expect(page).toHaveURL(/\/loja\/fisicos$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
