import type { Page, TestInfo } from '@playwright/test';
import { cpf } from 'cpf-cnpj-validator';
import {
  addFromDetails,
  catalogCards,
  expect,
  fillCard,
  newCustomer,
  saveShot,
  storedCart,
  TEST_CARDS,
  test,
  type Card,
} from './fixtures';

/**
 * The path to the order as a shopper walks it, on a phone (375 px) and a desktop (1440 px): signing in from the bag
 * (or after /checkout sent a visitor away) lands on /loja with the bag open and intact
 * (docs/behaviour/accounts-and-sign-in.md#keeping-the-shoppers-place); a sign-up on the way hands /signIn its
 * e-mail; the checkout's steps open at their top on their heading, numbered as the bar; a refused card says the
 * order waits for its payment, and the payment that goes through is told once
 * (docs/behaviour/bag-and-checkout.md#steps, #order-creation). Every journey uses a fresh customer
 * (fixtures.newCustomer). With SHOTS_DIR set, screenshots are written there.
 */

const bag = (page: Page) => page.getByRole('dialog', { name: 'Sacola' });
const shot = (page: Page, testInfo: TestInfo, name: string, fullPage = false) =>
  saveShot(page, `${testInfo.project.name}-caminho-${name}`, { fullPage, settleMs: 500 });

async function physicalProduct(page: Page): Promise<Card> {
  return (await catalogCards(page)).filter((p) => !p.digital && p.disponivel).sort((a, b) => a.preco - b.preco)[0]!;
}

/** /signIn's e-mail and password, then 'Entrar': the sign-in lands on /loja. */
async function signInHere(page: Page, email: string, password: string) {
  await expect(page).toHaveURL(/\/signIn$/);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(/\/loja$/);
}

/** /loja with the bag open after a sign-in, the product still in it, one tap from 'Finalizar compra'. */
async function expectBagKept(page: Page, produto: Card) {
  const drawer = bag(page);
  await expect(drawer).toBeVisible();
  await expect(drawer.getByTestId('cart-line').filter({ hasText: produto.nome })).toBeVisible();
  await expect(drawer.getByText('Você precisa fazer login para finalizar a compra')).toHaveCount(0);
  await expect(drawer.getByRole('button', { name: 'Finalizar compra' })).toBeEnabled();
  expect((await storedCart(page)).map((l) => l.id)).toEqual([produto.id]);
}

test('entrar pela sacola abre a /loja com a sacola aberta e intacta @mobile', async ({ page }, testInfo) => {
  const conta = await newCustomer(page.request);
  const produto = await physicalProduct(page);
  await addFromDetails(page, produto);
  await page.getByRole('button', { name: /^Sacola/ }).click();
  await bag(page).getByRole('link', { name: 'Entrar' }).click();

  await signInHere(page, conta.email, conta.password);
  await expectBagKept(page, produto);
  await shot(page, testInfo, 'sacola-apos-entrar');

  // One tap from the order.
  await bag(page).getByRole('button', { name: 'Finalizar compra' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  // Back to /loja: the bag opened once, not at every visit of that page.
  await page.goBack();
  await expect(page).toHaveURL(/\/loja$/);
  await expect(page.getByRole('heading', { name: 'Loja Sorriso Pleno' })).toBeAttached();
  await expect(bag(page)).toBeHidden();
});

test('um visitante em /checkout vai à /loja avisado de que precisa entrar; o Entrar volta com a sacola aberta @mobile', async ({
  page,
}, testInfo) => {
  const conta = await newCustomer(page.request);
  const produto = await physicalProduct(page);
  await addFromDetails(page, produto);
  await page.goto('/checkout');
  await expect(page).toHaveURL(/\/loja$/);
  const aviso = page.getByRole('status').filter({ hasText: 'Você precisa fazer login para finalizar a compra' });
  await expect(aviso).toBeVisible();
  await shot(page, testInfo, 'aviso-checkout');

  await aviso.getByRole('link', { name: 'Entrar' }).click();
  await signInHere(page, conta.email, conta.password);
  await expectBagKept(page, produto);
  // Signed in, the notice is gone.
  await expect(page.getByText('Você precisa fazer login para finalizar a compra')).toHaveCount(0);
});

test('sem conta: da sacola ao cadastro, o /signIn vem com o e-mail novo e a sacola abre depois de entrar @mobile', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const produto = await physicalProduct(page);
  const email = `nova.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@exemplo.com.br`;
  await addFromDetails(page, produto);
  await page.getByRole('button', { name: /^Sacola/ }).click();
  await bag(page).getByRole('link', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/signIn$/);
  await page.getByRole('link', { name: 'Cadastre-se' }).click();

  await expect(page.getByRole('heading', { name: 'Criar conta' })).toBeVisible();
  const documento = page.getByRole('textbox', { name: 'CPF ou CNPJ' });
  const novoCpf = cpf.generate();
  await documento.pressSequentially(novoCpf);
  await expect(documento).toHaveValue(cpf.format(novoCpf));
  await page.getByRole('button', { name: 'Avançar' }).click();
  await page.getByLabel('Nome completo').fill('Lívia Andrade Prado');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Celular').pressSequentially('11987654321');
  await page.getByLabel('Senha', { exact: true }).fill('minhasenha');
  await page.getByLabel('Confirme a senha').fill('minhasenha');
  await page.getByRole('button', { name: 'Avançar' }).click();
  await page.getByLabel('CEP').pressSequentially('01310100');
  await expect(page.getByLabel('Logradouro')).toHaveValue('Avenida Paulista');
  await page.getByLabel('Número').fill('1578');
  await page.getByRole('button', { name: 'Cadastrar' }).click();

  // /signIn with the new e-mail filled in: only the password is left.
  await expect(page).toHaveURL(/\/signIn$/, { timeout: 10_000 });
  await expect(page.getByLabel('E-mail')).toHaveValue(email);
  await page.getByLabel('Senha', { exact: true }).fill('minhasenha');
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(/\/loja$/);
  await expectBagKept(page, produto);
});

/** The heading of a checkout step (or of a part of it) has the focus and sits at the top of the screen. */
async function expectOpenedAtTop(page: Page, name: string, level: 2 | 3) {
  const heading = page.getByRole('heading', { level, name, exact: true });
  await expect(heading).toBeFocused();
  await expect(heading).toBeInViewport();
  const box = await heading.boundingBox();
  // At the top of the screen; the first step keeps the bar of steps and the page title above it where it fits.
  expect(box!.y, `${name} no topo da tela`).toBeLessThan(name === 'Identificação' ? 450 : 160);
}

test('checkout: cada etapa abre no topo com o foco no título, numerada como a barra; recusa e aprovação com uma mensagem cada @mobile', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const conta = await newCustomer(page.request);
  const produto = await physicalProduct(page);
  await addFromDetails(page, produto);
  await page.getByRole('button', { name: /^Sacola/ }).click();
  await bag(page).getByRole('link', { name: 'Entrar' }).click();
  await signInHere(page, conta.email, conta.password);
  await bag(page).getByRole('button', { name: 'Finalizar compra' }).click();
  await expect(page).toHaveURL(/\/checkout$/);

  // 'Finalizar compra' of the bag review sits low on a phone: the identification opens at the page's top.
  const finalizar = page.getByRole('button', { name: 'Finalizar compra' });
  await finalizar.scrollIntoViewIfNeeded();
  await finalizar.click();
  await expectOpenedAtTop(page, 'Identificação', 2);
  const barra = page.getByRole('list', { name: 'Etapas da compra' });
  await expect(barra.locator('[aria-current="step"]')).toContainText('2Identificação');
  await expect(page.getByTestId('step-identificacao')).toContainText('2Identificação');
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue(conta.email);
  await shot(page, testInfo, 'identificacao');

  await page.getByRole('button', { name: 'Avançar' }).click();
  await expectOpenedAtTop(page, 'Dados pessoais', 3);
  await expect(page.getByLabel('Nome completo')).toHaveValue(conta.nome);
  await expect(page.getByLabel('Celular')).toHaveValue('(11) 9 8765-0000');

  await page.getByRole('button', { name: 'Avançar' }).click();
  await expectOpenedAtTop(page, 'Entrega', 2);
  await expect(barra.locator('[aria-current="step"]')).toContainText('3Entrega');
  await expect(page.getByTestId('step-entrega')).toContainText('3Entrega');
  // The profile's address, the book's default card (docs/behaviour/bag-and-checkout.md#saved-addresses), and its
  // freight.
  await expect(page.getByRole('radio', { name: /Principal/ })).toBeChecked();
  await expect(page.getByRole('group', { name: 'Endereço de entrega' })).toContainText('CEP 01310-100');
  await page
    .getByRole('radio', { name: /dias? úte?is/ })
    .first()
    .check();
  await page.getByRole('button', { name: 'Avançar' }).click();
  await expectOpenedAtTop(page, 'Pagamento', 2);
  await expect(page.getByTestId('step-pagamento')).toContainText('4Pagamento');
  await shot(page, testInfo, 'pagamento');

  // 'Enviar pagamento' pressed again and again without a card: one toast, inside the screen.
  for (let i = 0; i < 4; i++) await page.getByRole('button', { name: 'Enviar pagamento' }).click();
  const aviso = page.getByText('Dados do pagamento invalidos');
  await expect(aviso).toHaveCount(1);
  await expect(aviso).toBeInViewport({ ratio: 1 });
  expect(await page.locator('.Toastify__toast').count()).toBeLessThanOrEqual(3);

  // A refused card: one message, saying the order exists and waits for its payment; no 'Pedido criado!' beside it.
  await fillCard(page, TEST_CARDS.visa, 'OTHE');
  const [criacao] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/pedido/create') && r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Enviar pagamento' }).click(),
  ]);
  const pedidoId = ((await criacao.json()) as { content: { id: number } }).content.id;
  const erro = page.getByRole('dialog', { name: 'Erro!' });
  await expect(erro).toContainText('Pagamento recusado.');
  await expect(erro).toContainText(`Seu pedido nº ${pedidoId} foi criado e aguarda o pagamento.`);
  await expect(page.getByText('Pedido criado!')).toHaveCount(0);
  await shot(page, testInfo, 'cartao-recusado');
  await erro.getByRole('button', { name: 'OK' }).click();

  // Paid again with a card the sandbox approves: one confirmation, which stays.
  await page.getByLabel('Nome do titular').fill('APRO');
  const [pagamento] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/pagamento/processar') && r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Enviar pagamento' }).click(),
  ]);
  expect(pagamento.status()).toBe(201);
  const confirmacao = page.getByTestId('order-created');
  await expect(confirmacao.getByRole('heading', { name: 'Pedido criado!' })).toBeFocused();
  await expect(confirmacao).toContainText(`nº ${pedidoId}`);
  await expect(confirmacao).toContainText('Pago');
  await expect(confirmacao).toContainText(
    'Pagamento processado com sucesso! Acompanhe o pedido na sua lista de pedidos!',
  );
  // The realtime notice of the same payment arrives too: still one message, no 'Sucesso!' dialog, no toast.
  await page.waitForTimeout(3000);
  await expect(page.getByText(/Pagamento processado com sucesso!/)).toHaveCount(1);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/checkout$/);
  await shot(page, testInfo, 'confirmacao');
  await confirmacao.getByRole('link', { name: 'Ver meus pedidos' }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${conta.idUser}$`));
});
