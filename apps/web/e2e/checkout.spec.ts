import type { Locator, Page, TestInfo } from '@playwright/test';
import {
  unownedCourse,
  addFromDetails,
  fillCard,
  TEST_CARDS,
  apiContent,
  brl,
  catalogCards,
  expect,
  newCustomer,
  signInWithEmail,
  storedCart,
  storedSession,
  test,
  saveShot,
  generatePix,
  descontoPixCents,
  typeNewAddressAtCheckout,
} from './fixtures';

/**
 * The checkout journey (docs/behaviour/bag-and-checkout.md#checkout) on the seeded
 * catalogue, as a fresh customer (fixtures.newCustomer): bag review, the four steps (e-mail and
 * personal data prefilled from the profile, the address with the freight of
 * CEP 01310100, the payment method), the order created and read back from the
 * API; a bag of courses only (no freight); a visitor sent to /loja, told to sign in.
 * With SHOTS_DIR set, screenshots are written there.
 */

interface PedidoLido {
  id: number;
  situacaoPedido: string;
  valorTotal: number;
  valorFrete: number;
  produtos: { produtoId: number; quantidade: number }[];
  enderecoEntrega: { cep: string; logradouro: string; numero: string } | null;
  entrega: { idMelhorEnvio: number; customPrice: number } | null;
}

const step = (page: Page, id: string) => page.getByTestId(`step-${id}`);
const summary = (page: Page) => page.getByTestId('order-summary');

const shot = (page: Page, testInfo: TestInfo, name: string, target?: Locator) =>
  saveShot(page, `${testInfo.project.name}-${name}`, { settleMs: 300, ...(target ? { target } : {}) });

type Conta = Awaited<ReturnType<typeof newCustomer>>;
const cpfFormatado = (cpf: string) => cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');

/** The bag review, then e-mail and personal data (prefilled from the customer's profile). */
async function throughIdentification(page: Page, testInfo: TestInfo, shots: boolean, conta: Conta) {
  await expect(page.getByRole('heading', { level: 1, name: 'Minha sacola' })).toBeVisible();
  if (shots) await shot(page, testInfo, '1-sacola');
  await page.getByRole('button', { name: 'Finalizar compra' }).click();
  const email = page.getByRole('textbox', { name: 'E-mail' });
  await expect(email).toHaveValue(conta.email);
  if (shots) await shot(page, testInfo, '2-email');
  await page.getByRole('button', { name: 'Avançar' }).click();
  await expect(page.getByLabel('Nome completo')).toHaveValue(conta.nome);
  await expect(page.getByLabel('CPF ou CNPJ')).toHaveValue(cpfFormatado(conta.cpf));
  await page.getByRole('button', { name: 'Avançar' }).click();
  // The registered address is the book's first card (docs/behaviour/bag-and-checkout.md#saved-addresses).
  await expect(page.getByRole('radio', { name: /Principal/ })).toBeChecked();
}

test('um visitante em /checkout vai para /loja, que pede para entrar @mobile', async ({ page }) => {
  await page.goto('/checkout');
  await expect(page).toHaveURL(/\/loja$/);
  await expect(
    page.getByRole('status').filter({ hasText: 'Você precisa fazer login para finalizar a compra' }),
  ).toBeVisible();
});

test('cliente: sacola, identificação, entrega com frete para 01310100, pagamento e pedido criado @mobile', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const brinde = await apiContent<{ id: number }>(page, '/produto/produtobrinde');
  const condicao = await apiContent<{ valor: number }>(page, '/condicaodesconto/ativa');
  const fisico = (await catalogCards(page))
    .filter((p) => !p.digital && p.disponivel && p.id !== brinde.id && p.preco * 2 < condicao.valor)
    .sort((a, b) => a.preco - b.preco)[0]!;

  const conta = await newCustomer(page.request, 'Maria Cliente Silva');
  await signInWithEmail(page, conta.email, conta.password);
  await addFromDetails(page, fisico);
  await expect(page.getByTestId('cart-badge')).toHaveText('1');
  // Reached from the bag drawer.
  await page.getByRole('button', { name: /^Sacola/ }).click();
  await page.getByRole('dialog', { name: 'Sacola' }).getByRole('button', { name: 'Finalizar compra' }).click();
  await expect(page).toHaveURL(/\/checkout$/);

  // Mode 0: the bag as a table; one more unit from here.
  const line = page.getByTestId('checkout-line').filter({ hasText: fisico.nome });
  await expect(line).toContainText(brl(fisico.preco));
  await line.getByRole('button', { name: `Aumentar quantidade de ${fisico.nome}` }).click();
  await expect(line).toContainText(brl(fisico.preco * 2));
  await expect(summary(page)).toContainText(`Subtotal${brl(fisico.preco * 2)}`);
  await expect(page.getByRole('banner').getByRole('link', { name: /página inicial/ })).toHaveAttribute('href', '/');

  await throughIdentification(page, testInfo, true, conta);

  // Entrega: a new address for this order; CEP 01310100 fills it and asks for the freight (two options).
  await typeNewAddressAtCheckout(page);
  const cep = page.getByRole('textbox', { name: 'CEP' });
  await cep.fill('');
  await cep.pressSequentially('01310100');
  await expect(page.getByLabel('Logradouro')).toHaveValue('Avenida Paulista');
  await page.getByLabel('Número').fill('1000');
  const options = page.getByRole('radio', { name: /dias? úte?is/ });
  await expect(options).toHaveCount(2);
  await page.getByRole('button', { name: 'Avançar' }).click();
  await expect(page.getByText('Escolha uma opção de entrega.')).toBeVisible();
  await shot(page, testInfo, '3-entrega');
  await options.first().check();
  const frete = await options
    .and(page.getByRole('radio', { checked: true }))
    .locator('xpath=ancestor::label')
    .innerText();
  await page.getByRole('button', { name: 'Avançar' }).click();

  // Pagamento: credit card by default; the summary adds the freight.
  const send = page.getByRole('button', { name: 'Enviar pagamento' });
  await expect(send).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Cartão de crédito' })).toBeChecked();
  await expect(step(page, 'entrega')).toContainText('Avenida Paulista, 1000');
  await expect(summary(page)).not.toContainText('A calcular');
  await shot(page, testInfo, '4-pagamento');

  // The card: only its token reaches our API (payments.spec checks the bodies); APRO approves.
  await fillCard(page, TEST_CARDS.mastercard, 'APRO');
  let creates = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/pedido/create') && r.method() === 'POST') creates += 1;
  });
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/pedido/create') && r.request().method() === 'POST'),
    send.dblclick(),
  ]);
  expect(response.status()).toBe(201);
  const pedidoId = ((await response.json()) as { content: { id: number } }).content.id;
  // One confirmation, which stays until the customer moves on.
  await expect(page.getByTestId('order-created')).toContainText('Acompanhe o pedido na sua lista de pedidos!');
  await shot(page, testInfo, '5-pago');
  const { token, user } = await storedSession(page);
  await page.getByRole('link', { name: 'Ver meus pedidos' }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${user!.idUser}$`));

  expect(await storedCart(page)).toEqual([]);
  // The order as the API keeps it: paid by card, with the address and the chosen freight.
  const res = await page.request.get(`/api/pedido/${pedidoId}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  const pedido = ((await res.json()) as { content: PedidoLido }).content;
  expect(pedido.situacaoPedido).toBe('PAGO');
  expect(pedido.produtos).toEqual([expect.objectContaining({ produtoId: fisico.id, quantidade: 2 })]);
  expect(pedido.enderecoEntrega).toMatchObject({ cep: '01310100', logradouro: 'Avenida Paulista', numero: '1000' });
  expect(pedido.entrega).not.toBeNull();
  expect(frete).toContain(brl(pedido.valorFrete));
  expect(pedido.valorTotal).toBeCloseTo(fisico.preco * 2 + pedido.valorFrete, 2);
  // Double-click safe: one request for the two clicks.
  expect(creates).toBe(1);
});

test('cliente: um pedido só de produto digital passa pelas quatro etapas, sem frete @mobile', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const conta = await newCustomer(page.request, 'Maria Cliente Silva');
  await signInWithEmail(page, conta.email, conta.password);
  const curso = await unownedCourse(page);
  await addFromDetails(page, curso);
  await page.goto('/checkout');
  await throughIdentification(page, testInfo, false, conta);

  await expect(page.getByText(/apenas produtos digitais/)).toBeVisible();
  await expect(page.getByRole('radio', { name: /dias? úte?is/ })).toHaveCount(0);
  await expect(summary(page)).toContainText('EntregaR$ 0,00');
  await shot(page, testInfo, '6-digital-entrega');
  await page.getByRole('button', { name: 'Avançar' }).click();

  // By PIX the course costs the store's PIX discount less: the summary lists it before the code is asked for.
  const precoCents = Math.round(curso.preco * 100);
  const desconto = await descontoPixCents(page.request, precoCents);
  await page.getByRole('radio', { name: 'PIX' }).check();
  await expect(summary(page).getByTestId('desconto-pix')).toContainText(`−${brl(desconto / 100)}`);
  await expect(summary(page)).toContainText(`Total${brl((precoCents - desconto) / 100)}`);
  const response = await generatePix(page);
  const body = response.request().postDataJSON() as { entrega: unknown; enderecoEntrega: unknown };
  expect(body.entrega).toBeNull();
  expect(body.enderecoEntrega).toBeNull();
  const pedido = ((await response.json()) as { content: PedidoLido }).content;
  expect(pedido).toMatchObject({ situacaoPedido: 'PENDENTE', valorFrete: 0, entrega: null, enderecoEntrega: null });
  expect(pedido.valorTotal).toBeCloseTo((precoCents - desconto) / 100, 2);
  // PIX: the QR code, its copy-and-paste code and the PIX dialog.
  const dialogo = page.getByRole('dialog', { name: 'Pagamento via PIX' });
  await expect(dialogo).toBeVisible();
  await expect(dialogo.getByText('Escaneie o QR Code abaixo')).toBeVisible();
  await shot(page, testInfo, '7-digital-pix');
  // The order exists: the bag is empty (the PIX is paid from the order from now on).
  await expect.poll(() => storedCart(page)).toEqual([]);
});
