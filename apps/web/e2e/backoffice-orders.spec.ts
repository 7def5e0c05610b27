import type { Page } from '@playwright/test';
import {
  ACCOUNTS,
  apiContent,
  brl,
  catalogCards,
  expect,
  newCustomer,
  signInWithEmail,
  test,
  saveShot,
  ENTREGA_PAULISTA,
  descontoPixCents,
} from './fixtures';
import { VERSAO_TERMOS } from '@clinica/shared/termos';

/**
 * The staff's orders (docs/behaviour/back-office.md#orders): the demo client places an
 * order of a physical product through the API and pays its PIX in the
 * sandbox bank; the seeded USUARIO finds it in /orders (today's orders, the
 * default), opens it, marks it sent with a tracking code (the client gets the
 * code by e-mail, read from the sandbox mailbox) and then delivered. The
 * screens are saved at 1440 px (list and dialog) and 375 px (list) into
 * SHOTS_DIR when it is set.
 */

const shot = (page: Page, name: string, fullPage = true) => saveShot(page, `backoffice-orders-${name}`, { fullPage });

const cents = (reais: number) => Math.round(reais * 100);

/** A Correios (UPU S10) tracking code for a serial number: two letters, 8 digits, the check digit, 'BR'. */
function codigoCorreios(serial: number): string {
  const digits = String(serial % 100_000_000).padStart(8, '0');
  const soma = [8, 6, 4, 2, 3, 5, 9, 7].reduce((s, p, i) => s + p * Number(digits[i]), 0);
  const d = 11 - (soma % 11);
  return `QA${digits}${d === 10 ? 0 : d === 11 ? 5 : d}BR`;
}

interface Pedido {
  id: number;
  valorTotal: number;
  situacaoPedido: string;
  pix: { qrCode: string } | null;
}

interface Comprador {
  email: string;
  password: string;
  nome: string;
  cpf: string;
}

/** A client (the demo one by default) signs in through the API and orders the cheapest physical product, paying by PIX. */
async function pedidoPagoDoCliente(page: Page, comprador: Comprador = ACCOUNTS.cliente): Promise<Pedido> {
  const request = page.request;
  const login = await request.post('/api/usuario/cliente/auth', {
    data: { email: comprador.email, password: comprador.password, cpf: null, cnpj: null },
  });
  expect(login.status(), 'POST /api/usuario/cliente/auth').toBe(200);
  const auth = ((await login.json()) as { content: { acess_token: string; idCliente: number } }).content;

  const fisico = (await catalogCards(page))
    .filter((p) => !p.digital && p.disponivel)
    .sort((a, b) => a.preco - b.preco)[0]!;
  const frete = await request.post('/api/frete/calcular', {
    data: { cep: ENTREGA_PAULISTA.cep, pedidoProdutos: [{ id: fisico.id, quantidade: 1 }] },
  });
  expect(frete.status(), 'POST /api/frete/calcular').toBe(200);
  const [opcao] = (
    (await frete.json()) as {
      content: Array<{
        id: number;
        name: string;
        custom_price: number;
        delivery_range: { max: number };
        company: { name: string };
      }>;
    }
  ).content;
  // By PIX the product costs the store's PIX discount less (the freight does not).
  const total =
    (cents(fisico.preco) - (await descontoPixCents(request, cents(fisico.preco))) + cents(opcao!.custom_price)) / 100;
  const res = await request.post('/api/pedido/create', {
    headers: { Authorization: `Bearer ${auth.acess_token}`, 'Idempotency-Key': `e2e-bo-orders-${crypto.randomUUID()}` },
    data: {
      valorTotal: total,
      clienteId: auth.idCliente,
      nomeRecebedor: comprador.nome,
      telefoneRecebedor: '11987654321',
      itens: [{ produto: { id: fisico.id }, quantidade: 1, valor: fisico.preco, valorTotal: fisico.preco }],
      enderecoEntrega: ENTREGA_PAULISTA,
      versaoTermos: VERSAO_TERMOS,
      dadosPessoais: {
        nome: comprador.nome,
        email: comprador.email,
        telefone: '(11) 9 8765-4321',
        documento: comprador.cpf,
      },
      entrega: {
        idMelhorEnvio: opcao!.id,
        name: opcao!.name,
        customPrice: opcao!.custom_price,
        tempoEntrega: opcao!.delivery_range.max,
        transportadora: opcao!.company.name,
      },
      pagamento: {
        paymentMethodId: 'pix',
        tipoPagamento: 'pix',
        nome: comprador.nome,
        email: comprador.email,
        valor: total,
        token: null,
      },
    },
  });
  const criado = (await res.json()) as { message: string; content: Pedido };
  expect(res.status(), `POST /api/pedido/create: ${criado.message}`).toBe(201);
  const pedido = criado.content;
  expect(pedido.pix?.qrCode).toMatch(/^000201/);

  // The sandbox bank pays the PIX; the payment reaches the order through the job queue.
  const pago = await request.post('/api/sandbox/pix/pagar', { data: { codigo: pedido.pix!.qrCode } });
  expect(pago.status(), 'POST /api/sandbox/pix/pagar').toBe(200);
  await expect
    .poll(
      async () => {
        const r = await request.get(`/api/pedido/${pedido.id}`, {
          headers: { Authorization: `Bearer ${auth.acess_token}` },
        });
        return ((await r.json()) as { content: Pedido }).content.situacaoPedido;
      },
      { timeout: 20_000 },
    )
    .toBe('PAGO');
  return pedido;
}

test('equipe envia um pedido pago com código de rastreio (o cliente recebe o e-mail) e o marca como entregue', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const pedido = await pedidoPagoDoCliente(page);
  const codigo = codigoCorreios(pedido.id);

  await signInWithEmail(page, ACCOUNTS.equipe.email, ACCOUNTS.equipe.password);
  await page.goto('/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Lista de pedidos' })).toBeVisible();
  // Today's orders by default; the new order is on top (newest first).
  const hoje = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  await expect(page.getByLabel('Data de início')).toHaveValue(hoje);
  const row = page
    .getByTestId('staff-order-row')
    .filter({ has: page.getByRole('button', { name: `Ver pedido #${pedido.id}`, exact: true }) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Pago');
  await expect(row).toContainText(ACCOUNTS.cliente.nome);
  await expect(row).toContainText(brl(pedido.valorTotal));
  await expect(row.getByRole('button', { name: `Cancelar pedido #${pedido.id}` })).toBeVisible();
  await shot(page, 'lista-1440');

  // The dialog: 'Marcar como enviado' asks the tracking code.
  await row.getByRole('button', { name: `Ver pedido #${pedido.id}` }).click();
  const dialog = page.getByRole('dialog', { name: `Pedido #${pedido.id}` });
  await expect(dialog.getByRole('region', { name: 'Histórico', exact: true })).toContainText('Pago');
  await dialog.getByRole('button', { name: 'Marcar como enviado' }).click();
  await dialog.getByLabel('Código de rastreio').fill(`  ${codigo.toLowerCase()} `);
  await dialog.getByRole('button', { name: 'Confirmar envio' }).click();
  await expect(
    page.getByText('Pedido marcado como enviado. O cliente recebeu o código de rastreio por e-mail.'),
  ).toBeVisible();
  await expect(dialog.locator('[data-status="ENVIADO"]')).toBeVisible();
  await expect(dialog.getByTestId('order-tracking')).toContainText(`Código de rastreio: ${codigo}`);
  await expect(dialog.getByRole('link', { name: 'Rastrear na transportadora' })).toHaveAttribute(
    'href',
    `https://rastreamento.correios.com.br/app/index.php?objetos=${codigo}`,
  );
  await expect(dialog.getByRole('region', { name: 'Histórico', exact: true })).toContainText('pela equipe');
  await expect(dialog.getByRole('button', { name: /Histórico de alterações/ })).toBeVisible();
  await page.waitForTimeout(300); // the toast's slide-in
  await shot(page, 'dialogo-1440', false);

  // The client's e-mail with the code, in the sandbox mailbox.
  const caixa = await apiContent<Array<{ assunto: string; texto: string }>>(
    page,
    `/sandbox/emails?para=${encodeURIComponent(ACCOUNTS.cliente.email)}`,
  );
  const email = caixa.find((e) => e.assunto === `Seu pedido #${pedido.id} foi enviado`);
  expect(email, 'e-mail de envio na caixa do cliente').toBeTruthy();
  expect(email!.texto).toContain(`Código de rastreio: ${codigo}`);
  expect(email!.texto).toContain(`https://rastreamento.correios.com.br/app/index.php?objetos=${codigo}`);

  // The list behind shows the new status too.
  await dialog.getByRole('button', { name: 'Fechar' }).last().click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Enviado');
  await expect(row.getByRole('button', { name: /Cancelar pedido/ })).toHaveCount(0);

  // Then delivered.
  await row.getByRole('button', { name: `Ver pedido #${pedido.id}` }).click();
  await dialog.getByRole('button', { name: 'Marcar como entregue' }).click();
  await dialog.getByRole('button', { name: 'Confirmar entrega' }).click();
  await expect(page.getByText('Pedido marcado como entregue.')).toBeVisible();
  await expect(dialog.locator('[data-status="ENTREGUE"]')).toBeVisible();
  await expect(dialog.getByTestId('order-tracking')).toContainText('Entregue em');
  await dialog.getByRole('button', { name: 'Fechar' }).last().click();
  await expect(row).toContainText('Entregue');

  // A phone: the orders as cards.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(row).toBeVisible();
  await expect(page.getByRole('button', { name: 'Filtros' })).toBeVisible();
  await shot(page, 'lista-375');
});

for (const width of [1440, 375]) {
  test(`o gerente envia e entrega um pedido pela própria linha da lista (${width} px)`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    const cliente = await newCustomer(page.request, 'Otávio Linhares Prado');
    const pedido = await pedidoPagoDoCliente(page, cliente);

    await signInWithEmail(page, ACCOUNTS.admin.email, ACCOUNTS.admin.password);
    await page.goto(`/orders?idPedido=${pedido.id}`);
    const row = page
      .getByTestId('staff-order-row')
      .filter({ has: page.getByRole('button', { name: `Ver pedido #${pedido.id}`, exact: true }) });
    await expect(row).toContainText('Pago');
    // The next step comes first; 'Cancelar' (a refund) after it.
    const acoes = row.getByRole('button').filter({ hasNotText: `#${pedido.id}` });
    await expect(acoes).toHaveText(['Enviar', 'Cancelar']);
    await shot(page, `linha-pago-${width}`);

    // 'Enviar' goes straight to the tracking code, as the order dialog asks it.
    await row.getByRole('button', { name: `Enviar pedido #${pedido.id}` }).click();
    const envio = page.getByRole('dialog', { name: `Enviar o pedido #${pedido.id}` });
    await envio.getByLabel('Código de rastreio').fill(codigoCorreios(pedido.id));
    await envio.getByRole('button', { name: 'Confirmar envio' }).click();
    await expect(
      page.getByText('Pedido marcado como enviado. O cliente recebeu o código de rastreio por e-mail.'),
    ).toBeVisible();
    await expect(envio).toBeHidden();
    await expect(row).toContainText('Enviado');
    await expect(acoes).toHaveText(['Marcar como entregue']);

    // 'Marcar como entregue' asks first.
    await row.getByRole('button', { name: `Marcar pedido #${pedido.id} como entregue` }).click();
    const entrega = page.getByRole('alertdialog', { name: 'Marcar como entregue?' });
    await expect(entrega).toContainText(`Confirmar que o pedido #${pedido.id} foi entregue ao cliente?`);
    await entrega.getByRole('button', { name: 'Confirmar entrega' }).click();
    await expect(page.getByText('Pedido marcado como entregue.')).toBeVisible();
    await expect(row).toContainText('Entregue');
    await expect(acoes).toHaveCount(0);

    // The order's history says who moved it.
    await row.getByRole('button', { name: `Ver pedido #${pedido.id}` }).click();
    const dialog = page.getByRole('dialog', { name: `Pedido #${pedido.id}` });
    await expect(dialog.locator('[data-status="ENTREGUE"]')).toBeVisible();
    await expect(dialog.getByRole('region', { name: 'Histórico', exact: true })).toContainText('pelo gerente');
  });
}
