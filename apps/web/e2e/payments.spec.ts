import type { Page, TestInfo } from '@playwright/test';
import {
  unownedCourse,
  addFromDetails,
  fillCard,
  TEST_CARDS,
  type Card,
  catalogCards,
  expect,
  newCustomer,
  prepareJourneyPage,
  signInWithEmail,
  storedCart,
  storedSession,
  test,
  saveShot,
  generatePix,
  toPaymentStep,
} from './fixtures';

/**
 * Payments (docs/behaviour/payments.md) against the sandbox provider: PIX paid through /sandbox/pix
 * with the success dialog arriving by itself, cards APRO (approved) and OTHE
 * (refused), and the retry of a refused order from the order list. With
 * SHOTS_DIR set, the last journey also writes the payment screens there.
 */

/** Mercado Pago's test cards and holder names (docs/integrations.md#test-cards). */
const { mastercard: MASTERCARD, visa: VISA } = TEST_CARDS;

async function physicalProduct(page: Page): Promise<Card> {
  return (await catalogCards(page)).filter((p) => !p.digital && p.disponivel).sort((a, b) => a.preco - b.preco)[0]!;
}

const shot = (page: Page, testInfo: TestInfo, name: string) =>
  saveShot(page, `${testInfo.project.name}-${name}`, { settleMs: 400 });

async function pedidoLido(page: Page, id: number) {
  const { token } = await storedSession(page);
  const res = await page.request.get(`/api/pedido/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { content: { situacaoPedido: string; pagamento: { status: string } | null } }).content;
}

test('PIX: produto físico e digital, pago em /sandbox/pix; a sacola esvazia com o pedido e o sucesso chega sozinho', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const fisico = await physicalProduct(page);
  const conta = await newCustomer(page.request);
  await signInWithEmail(page, conta.email, conta.password);
  const curso = await unownedCourse(page, 'dearest');
  await addFromDetails(page, fisico);
  await addFromDetails(page, curso);
  await toPaymentStep(page, true, conta);

  const response = await generatePix(page);
  const pedidoId = ((await response.json()) as { content: { id: number } }).content.id;
  const dialog = page.getByRole('dialog', { name: 'Pagamento via PIX' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Escaneie o QR Code abaixo')).toBeVisible();
  await expect(dialog.getByTestId('pix-countdown')).toHaveText(/^(10:00|09:5\d)$/);
  const codigo = await dialog.getByLabel('PIX copia e cola').inputValue();
  expect(codigo).toMatch(/^000201/);
  // The bag empties as soon as the order exists (its PIX is paid from the order from now on).
  await expect.poll(() => storedCart(page)).toEqual([]);

  // The customer's bank: the sandbox page in another tab.
  const banco = await context.newPage();
  await banco.goto('/sandbox/pix');
  await banco.getByLabel('Código PIX copia e cola').fill(codigo);
  await banco.getByRole('button', { name: 'Consultar' }).click();
  const cobranca = banco.getByTestId('sandbox-pix-charge');
  await expect(cobranca).toContainText('Aguardando pagamento');
  await expect(cobranca).toContainText(`nº ${pedidoId}`);
  await banco.getByRole('button', { name: 'Pagar' }).click();
  await expect(banco.getByText('PIX pago! O pedido será atualizado em instantes.')).toBeVisible();
  await banco.close();

  // Back at the checkout: the success dialog arrives by itself; the PIX goes.
  const sucesso = page.getByRole('dialog', { name: 'Sucesso!' });
  await expect(sucesso).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('dialog', { name: 'Pagamento via PIX' })).toBeHidden();
  // Behind it, the delivery is the order's: the freight chosen, never 'Sem frete' for a physical product.
  await expect(page.getByTestId('step-entrega')).toContainText(/Frete\s*(PAC|SEDEX) \(Correios\), entrega em até/);
  await expect(page.getByTestId('step-entrega')).not.toContainText('Sem frete');
  expect(await storedCart(page)).toEqual([]);
  expect((await pedidoLido(page, pedidoId)).situacaoPedido).toBe('PAGO');
  await sucesso.getByRole('button', { name: 'OK' }).click();
  const { user } = await storedSession(page);
  await expect(page).toHaveURL(new RegExp(`/orders/${user!.idUser}$`));
});

test('cartão APRO: aprovado, a sacola esvazia e a confirmação leva à lista de pedidos', async ({ page }) => {
  test.setTimeout(90_000);
  const conta = await newCustomer(page.request);
  await signInWithEmail(page, conta.email, conta.password);
  await addFromDetails(page, await physicalProduct(page));
  await toPaymentStep(page, true, conta);

  // Nothing typed: 'Dados do pagamento invalidos'.
  await page.getByRole('button', { name: 'Enviar pagamento' }).click();
  await expect(page.getByText('Dados do pagamento invalidos').first()).toBeVisible();

  const tokens: string[] = [];
  page.on('request', (r) => {
    if (!r.url().includes('/api/sandbox/')) tokens.push(r.postData() ?? '');
  });
  await fillCard(page, MASTERCARD, 'APRO');
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/pedido/create') && r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Enviar pagamento' }).click(),
  ]);
  expect(response.status()).toBe(201);
  const pedido = ((await response.json()) as { content: { id: number; pagamento: { status: string } } }).content;
  expect(pedido.pagamento.status).toBe('approved');
  // Only the token reached our API: never the number.
  expect(tokens.some((body) => body.includes(MASTERCARD))).toBe(false);

  await expect(page.getByRole('heading', { name: 'Pedido criado!' })).toBeVisible();
  await expect(page.getByTestId('order-created')).toContainText(
    'Pagamento processado com sucesso! Acompanhe o pedido na sua lista de pedidos!',
  );
  expect(await storedCart(page)).toEqual([]);
  const { user } = await storedSession(page);
  await page.getByRole('link', { name: 'Ver meus pedidos' }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${user!.idUser}$`));
  expect((await pedidoLido(page, pedido.id)).situacaoPedido).toBe('PAGO');
});

test('cartão OTHE: recusado com "Erro!"; o pedido é pago depois pela lista de pedidos', async ({ page }) => {
  test.setTimeout(120_000);
  const conta = await newCustomer(page.request);
  await signInWithEmail(page, conta.email, conta.password);
  await addFromDetails(page, await physicalProduct(page));
  await toPaymentStep(page, true, conta);
  await fillCard(page, VISA, 'OTHE');
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/pedido/create') && r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Enviar pagamento' }).click(),
  ]);
  const pedidoId = ((await response.json()) as { content: { id: number } }).content.id;
  const erro = page.getByRole('dialog', { name: 'Erro!' });
  await expect(erro).toBeVisible();
  await erro.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('pending-order')).toContainText(`Pedido nº ${pedidoId}`);
  expect(['RECUSADO', 'PENDENTE']).toContain((await pedidoLido(page, pedidoId)).situacaoPedido);

  // From the order list: the order dialog offers 'Tentar pagamento novamente'.
  const { user } = await storedSession(page);
  await page.goto(`/orders/${user!.idUser}`);
  await page.getByRole('button', { name: `Ver pedido #${pedidoId}`, exact: true }).click();
  const orderDialog = page.getByRole('dialog', { name: `Pedido #${pedidoId}` });
  await orderDialog.getByRole('button', { name: 'Tentar pagamento novamente' }).click();
  const payment = page.getByRole('dialog', { name: `Pagamento do pedido #${pedidoId}` });
  await expect(payment).toBeVisible();
  await fillCard(payment, VISA, 'APRO');
  const [retry] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/pagamento/processar') && r.request().method() === 'POST'),
    payment.getByRole('button', { name: 'Enviar pagamento' }).click(),
  ]);
  expect(retry.status()).toBe(201);
  expect(retry.request().postDataJSON()).toMatchObject({
    idPedido: pedidoId,
    tipoPagamento: 'credit',
    origem: 'pedido',
  });
  // Told once: the answer's toast, not the realtime notice's again.
  await expect(page.getByText('Pagamento processado com sucesso!')).toBeVisible();
  await expect(payment).toBeHidden();
  await page.waitForTimeout(1500);
  await expect(page.getByText('Pagamento processado com sucesso!')).toHaveCount(1);
  // The status refreshes by itself.
  await expect(orderDialog.getByRole('button', { name: 'Tentar pagamento novamente' })).toBeHidden();
  await expect(orderDialog.getByText('Pago').first()).toBeVisible();
  expect((await pedidoLido(page, pedidoId)).situacaoPedido).toBe('PAGO');
});

// Always runs (its checks stand on their own); the screenshots are written only with SHOTS_DIR.
test('PIX gerado, depois pago pelo pedido: diálogo, 30:00 no pagamento do pedido e consulta no banco de teste @mobile', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const conta = await newCustomer(page.request);
  await signInWithEmail(page, conta.email, conta.password);
  await addFromDetails(page, await physicalProduct(page));
  await toPaymentStep(page, true, conta);
  await fillCard(page, MASTERCARD, 'APRO');
  await shot(page, testInfo, 'pagamento-cartao');

  await page.getByRole('radio', { name: 'PIX' }).check();
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/pedido/create') && r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Gerar QRcode do pix' }).click(),
  ]);
  const pedidoId = ((await response.json()) as { content: { id: number } }).content.id;
  const dialog = page.getByRole('dialog', { name: 'Pagamento via PIX' });
  await expect(dialog).toBeVisible();
  await shot(page, testInfo, 'pix-dialog');
  await dialog.getByRole('button', { name: 'Fechar' }).click();
  await expect(page.getByText('Acompanhe seu pedido pela Lista de pedidos')).toBeVisible();
  await shot(page, testInfo, 'pagamento-pix');
  const { user } = await storedSession(page);
  await expect(page).toHaveURL(new RegExp(`/orders/${user!.idUser}$`), { timeout: 5000 });

  await page.getByRole('button', { name: `Ver pedido #${pedidoId}`, exact: true }).click();
  await page
    .getByRole('dialog', { name: `Pedido #${pedidoId}` })
    .getByRole('button', { name: 'Tentar pagamento novamente' })
    .click();
  const payment = page.getByRole('dialog', { name: `Pagamento do pedido #${pedidoId}` });
  await expect(payment.getByLabel('Número do cartão')).toBeVisible();
  await shot(page, testInfo, 'pedido-pagamento-cartao');
  await payment.getByRole('radio', { name: 'PIX' }).check();
  await payment.getByRole('button', { name: 'Gerar QRcode do pix' }).click();
  await expect(payment.getByTestId('pix-countdown')).toHaveText(/^(30:00|29:5\d)$/);
  await shot(page, testInfo, 'pedido-pagamento-pix');
  // The newest charge (a new attempt cancels the order's earlier PIX).
  const codigo = await payment.getByLabel('PIX copia e cola').inputValue();

  await page.goto('/sandbox/pix');
  await page.getByLabel('Código PIX copia e cola').fill(codigo);
  await page.getByRole('button', { name: 'Consultar' }).click();
  await expect(page.getByTestId('sandbox-pix-charge')).toBeVisible();
  await shot(page, testInfo, 'sandbox-pix');
});

/**
 * A network that drops things: the realtime channel never connects (so no notice tells the page about the order),
 * and the answer of the first POST /pedido/create is lost after the server handled it. Returns what the server
 * answered.
 */
async function loseFirstCreateAnswer(page: Page) {
  const perdido: { id?: number; qrCode?: string | null } = {};
  await page.route('**/api/ws/**', (route) => route.abort('connectionrefused'));
  await page.route('**/api/pedido/create', async (route) => {
    if (perdido.id !== undefined) return route.fallback();
    const resposta = await route.fetch();
    const { content } = (await resposta.json()) as { content: { id: number; pix: { qrCode: string } | null } };
    perdido.id = content.id;
    perdido.qrCode = content.pix?.qrCode ?? null;
    // The server committed the order and its charge; the browser never hears of it.
    await route.abort('connectionreset');
  });
  return perdido;
}

/** A fresh customer with a physical product at the payment step, over the network of loseFirstCreateAnswer. */
async function toPaymentOverLossyNetwork(page: Page) {
  const conta = await newCustomer(page.request);
  const perdido = await loseFirstCreateAnswer(page);
  await signInWithEmail(page, conta.email, conta.password);
  await addFromDetails(page, await physicalProduct(page));
  await toPaymentStep(page, true, conta);
  return { conta, perdido };
}

/** The customer's orders and their payments, as the API holds them. */
async function ordersOf(page: Page, idCliente: number) {
  const { token } = await storedSession(page);
  const res = await page.request.get(`/api/pedido/listagem/cliente/${idCliente}?page=0&size=20`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { content: { pedidos: { id: number; situacaoPedido: string }[] } }).content.pedidos;
}

test('cartão: a resposta do pedido se perde e o cliente clica de novo: um pedido, um pagamento aprovado @mobile', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { conta, perdido } = await toPaymentOverLossyNetwork(page);
  await fillCard(page, MASTERCARD, 'APRO');
  const enviados: { key: string; token: string }[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/pedido/create') && r.method() === 'POST') {
      enviados.push({ key: r.headers()['idempotency-key']!, token: r.postDataJSON().pagamento.token });
    }
  });

  await page.getByRole('button', { name: 'Enviar pagamento' }).click();
  await expect(page.getByText('Erro ao salvar pedido').first()).toBeVisible();
  expect(perdido.id).toBeDefined();

  // 'Enviar pagamento' again: the card is tokenized again (a new token), the checkout attempt is the same.
  const [res] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/pedido/create') && r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Enviar pagamento' }).click(),
  ]);
  expect(res.status()).toBe(201);
  expect(res.headers()['idempotent-replayed']).toBe('true');
  expect(((await res.json()) as { content: { id: number } }).content.id).toBe(perdido.id);
  await expect(page.getByRole('heading', { name: 'Pedido criado!' })).toBeVisible();
  await expect(page.getByTestId('order-created')).toContainText('Pagamento processado com sucesso!');
  expect(enviados).toHaveLength(2);
  expect(enviados[1]!.key).toBe(enviados[0]!.key);
  expect(enviados[1]!.token).not.toBe(enviados[0]!.token);

  // Exactly one order, paid by one approved payment.
  const pedidos = await ordersOf(page, conta.idCliente);
  expect(pedidos).toEqual([expect.objectContaining({ id: perdido.id, situacaoPedido: 'PAGO' })]);
  expect((await pedidoLido(page, perdido.id!)).pagamento?.status).toBe('approved');
  expect(await storedCart(page)).toEqual([]);
});

test('PIX: a resposta do pedido se perde e o cliente gera o QR code de novo: um pedido, um PIX', async ({ page }) => {
  test.setTimeout(120_000);
  const { conta, perdido } = await toPaymentOverLossyNetwork(page);
  await page.getByRole('radio', { name: 'PIX' }).check();

  await page.getByRole('button', { name: 'Gerar QRcode do pix' }).click();
  await expect(page.getByText('Erro ao salvar pedido').first()).toBeVisible();
  expect(perdido.qrCode).toMatch(/^000201/);

  const [res] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/pedido/create') && r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Gerar QRcode do pix' }).click(),
  ]);
  expect(res.status()).toBe(201);
  const dialog = page.getByRole('dialog', { name: 'Pagamento via PIX' });
  await expect(dialog).toBeVisible();
  // The same charge: the code the lost answer carried.
  await expect(dialog.getByLabel('PIX copia e cola')).toHaveValue(perdido.qrCode!);
  expect(await ordersOf(page, conta.idCliente)).toEqual([
    expect.objectContaining({ id: perdido.id, situacaoPedido: 'PENDENTE' }),
  ]);
  expect(await storedCart(page)).toEqual([]);
});

test('a resposta se perde e a página é recarregada: o checkout acha o pedido em vez de criar outro', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { conta, perdido } = await toPaymentOverLossyNetwork(page);
  await fillCard(page, VISA, 'APRO');
  await page.getByRole('button', { name: 'Enviar pagamento' }).click();
  await expect(page.getByText('Erro ao salvar pedido').first()).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Pedido criado!' })).toBeVisible();
  await expect(page.getByTestId('order-created')).toContainText(`nº ${perdido.id}`);
  await expect.poll(() => storedCart(page)).toEqual([]);
  expect(await ordersOf(page, conta.idCliente)).toHaveLength(1);
});

test('a sacola de outro aparelho esvazia quando o pedido é feito neste', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const conta = await newCustomer(page.request);
  const produto = await physicalProduct(page);
  // The phone: the same customer, the same product in its bag.
  const celular = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const outro = await prepareJourneyPage(await celular.newPage());
  await signInWithEmail(outro, conta.email, conta.password);
  await addFromDetails(outro, produto);
  await expect.poll(async () => (await storedCart(outro)).map((l) => l.id)).toEqual([produto.id]);

  await signInWithEmail(page, conta.email, conta.password);
  await addFromDetails(page, produto);
  await toPaymentStep(page, true, conta);
  await page.getByRole('radio', { name: 'PIX' }).check();
  await page.getByRole('button', { name: 'Gerar QRcode do pix' }).click();
  await expect(page.getByRole('dialog', { name: 'Pagamento via PIX' })).toBeVisible();

  // The order exists: the phone's bag empties by itself.
  await expect.poll(() => storedCart(outro), { timeout: 15_000 }).toEqual([]);
  await celular.close();
});
