import { VERSAO_TERMOS } from '@clinica/shared/termos';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import {
  ACCOUNTS,
  apiContent,
  catalogCards,
  descontoPixCents,
  ENTREGA_PAULISTA,
  expect,
  newCustomer,
  ownedCourseIds,
  saveShot,
  signInWithEmail,
  storedCart,
  test,
  unownedCourse,
} from './fixtures';

/**
 * The right of withdrawal (docs/behaviour/orders.md#right-of-withdrawal, ADR 036), at 1440 and 375 px: a customer
 * withdraws a course bought minutes ago and sees it leave the library; a customer withdraws a delivered order and
 * the staff record the goods' arrival back, which refunds it (the order ends cancelled). Orders are made and paid
 * through the API (sandbox PIX); the steps the people take are in the browser.
 */

const shot = (page: Page, testInfo: TestInfo, name: string) =>
  saveShot(page, `${testInfo.project.name}-desistencia-${name}`, { fullPage: false, settleMs: 400 });

const cents = (reais: number) => Math.round(reais * 100);

interface Conta {
  email: string;
  password: string;
  nome: string;
  cpf: string;
}

/** Signs in through the API and stores the session as the app does (the UI sign-in has its own journey). */
async function entrar(page: Page, conta: { email: string; password: string }) {
  const res = await page.request.post('/api/usuario/cliente/auth', {
    data: { email: conta.email, password: conta.password, cpf: null, cnpj: null },
  });
  expect(res.status(), 'POST /api/usuario/cliente/auth').toBe(200);
  const { content } = (await res.json()) as {
    content: { idUsuario: number; permissao: string; idCliente: number | null; acess_token: string };
  };
  const user = { idUser: content.idUsuario, permissao: content.permissao, idClient: content.idCliente };
  await page.addInitScript(
    ([u, t]) => {
      localStorage.setItem('@authUser', u);
      localStorage.setItem('@Token', t);
    },
    [JSON.stringify(user), JSON.stringify(content.acess_token)] as const,
  );
  return { token: content.acess_token, idUser: content.idUsuario, clienteId: content.idCliente! };
}

/** A token of `conta` (the staff's moves made by API). */
async function token(request: APIRequestContext, conta: { email: string; password: string }) {
  const res = await request.post('/api/usuario/cliente/auth', {
    data: { email: conta.email, password: conta.password, cpf: null, cnpj: null },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { content: { acess_token: string } }).content.acess_token;
}

/** Creates and pays by sandbox PIX an order of one `produto` (a course or goods shipped to São Paulo). */
async function comprarPorPix(
  request: APIRequestContext,
  auth: { token: string; clienteId: number },
  conta: Conta,
  produto: { id: number; preco: number; digital: boolean },
) {
  let entrega = null;
  let freteCents = 0;
  if (!produto.digital) {
    const frete = await request.post('/api/frete/calcular', {
      data: { cep: ENTREGA_PAULISTA.cep, pedidoProdutos: [{ id: produto.id, quantidade: 1 }] },
    });
    expect(frete.status()).toBe(200);
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
    freteCents = cents(opcao!.custom_price);
    entrega = {
      idMelhorEnvio: opcao!.id,
      name: opcao!.name,
      customPrice: opcao!.custom_price,
      tempoEntrega: opcao!.delivery_range.max,
      transportadora: opcao!.company.name,
    };
  }
  const total = (cents(produto.preco) - (await descontoPixCents(request, cents(produto.preco))) + freteCents) / 100;
  const res = await request.post('/api/pedido/create', {
    headers: { Authorization: `Bearer ${auth.token}`, 'Idempotency-Key': `e2e-desist-${crypto.randomUUID()}` },
    data: {
      valorTotal: total,
      clienteId: auth.clienteId,
      nomeRecebedor: produto.digital ? null : conta.nome,
      telefoneRecebedor: produto.digital ? null : '11987654321',
      itens: [{ produto: { id: produto.id }, quantidade: 1, valor: produto.preco, valorTotal: produto.preco }],
      enderecoEntrega: produto.digital ? null : ENTREGA_PAULISTA,
      dadosPessoais: { nome: conta.nome, email: conta.email, telefone: '(11) 9 8765-4321', documento: conta.cpf },
      entrega,
      versaoTermos: VERSAO_TERMOS,
      pagamento: {
        paymentMethodId: 'pix',
        tipoPagamento: 'pix',
        nome: conta.nome,
        email: conta.email,
        valor: total,
        token: null,
      },
    },
  });
  const body = (await res.json()) as { message: string; content: { id: number; pix: { qrCode: string } } };
  expect(res.status(), body.message).toBe(201);
  const pago = await request.post('/api/sandbox/pix/pagar', { data: { codigo: body.content.pix.qrCode } });
  expect(pago.status()).toBe(200);
  await expect
    .poll(
      async () => {
        const r = await request.get(`/api/pedido/${body.content.id}`, {
          headers: { Authorization: `Bearer ${auth.token}` },
        });
        return ((await r.json()) as { content: { situacaoPedido: string } }).content.situacaoPedido;
      },
      { timeout: 20_000 },
    )
    .toBe('PAGO');
  return body.content.id;
}

const row = (page: Page, testId: string, id: number) =>
  page.getByTestId(testId).filter({ has: page.getByRole('button', { name: `Ver pedido #${id}`, exact: true }) });

test('desistir de um curso em até 7 dias: o curso sai da Biblioteca @mobile', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const conta = await newCustomer(page.request, 'Beatriz Souza Lima');
  const auth = await entrar(page, conta);
  // Below the gift threshold: the order stays one of courses only (no gift to ship).
  const condicao = await apiContent<{ valor: number }>(page, '/condicaodesconto/ativa');
  const curso = await unownedCourse(page, 'cheapest', auth, { below: condicao.valor });
  const pedidoId = await comprarPorPix(page.request, auth, conta, { ...curso, digital: true });
  await expect.poll(async () => (await ownedCourseIds(page, auth)).includes(curso.id)).toBe(true);

  await page.goto(`/orders/${auth.idUser}`);
  await row(page, 'order-row', pedidoId).click();
  const dialog = page.getByRole('dialog', { name: `Pedido #${pedidoId}` });
  await expect(dialog.getByRole('heading', { name: 'Direito de arrependimento' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Desistir da compra' }).click();
  await expect(dialog.getByText(/o acesso ao curso termina na hora/)).toBeVisible();
  await dialog.getByLabel('Motivo (opcional)').fill('Comprei o curso errado.');
  await shot(page, testInfo, 'curso-confirmar');
  await dialog.getByRole('button', { name: 'Confirmar desistência' }).click();
  await expect(dialog.getByRole('status')).toContainText('Desistência registrada. O acesso ao curso foi encerrado');
  await expect(dialog.getByText('Motivo informado: Comprei o curso errado.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Desistir da compra' })).toBeHidden();
  await shot(page, testInfo, 'curso-registrada');

  await page.keyboard.press('Escape');
  await page.goto('/library');
  await expect(page.getByText('Produto não encontrado em sua biblioteca')).toBeVisible();
  await expect(page.getByText(curso.nome)).toBeHidden();
  expect(await ownedCourseIds(page, auth)).not.toContain(curso.id);
});

/**
 * A new customer's order of the cheapest product anyone may buy, paid by sandbox PIX, then shipped (Correios code
 * AA473124829BR) and delivered by the staff through the API (their own journeys cover those screens).
 */
async function pedidoEntregue(page: Page, nome: string) {
  const conta = await newCustomer(page.request, nome);
  const auth = await entrar(page, conta);
  const fisico = (await catalogCards(page))
    .filter((p) => !p.digital && p.disponivel)
    .sort((a, b) => a.preco - b.preco)[0]!;
  const pedidoId = await comprarPorPix(page.request, auth, conta, fisico);
  const equipe = { Authorization: `Bearer ${await token(page.request, ACCOUNTS.equipe)}` };
  const envio = await page.request.put(`/api/pedido/enviar/${pedidoId}`, {
    headers: equipe,
    data: { codigoRastreio: 'AA473124829BR', semNotaFiscal: true },
  });
  expect(envio.status(), await envio.text()).toBe(200);
  expect((await page.request.put(`/api/pedido/entregar/${pedidoId}`, { headers: equipe })).status()).toBe(200);
  return { auth, pedidoId, fisico };
}

test('desistir de um pedido entregue; a equipe registra a chegada e o valor é estornado @mobile', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const { auth, pedidoId } = await pedidoEntregue(page, 'Caio Menezes Prado');

  await page.goto(`/orders/${auth.idUser}`);
  await row(page, 'order-row', pedidoId).click();
  const dialog = page.getByRole('dialog', { name: `Pedido #${pedidoId}` });
  await dialog.getByRole('button', { name: 'Desistir da compra' }).click();
  await expect(dialog.getByText(/sem custo para você/).first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirmar desistência' }).click();
  await expect(dialog.getByRole('status')).toContainText('Enviaremos por e-mail as instruções para devolver');
  await expect(dialog.getByText('Aguardando a chegada dos produtos devolvidos.', { exact: false })).toBeVisible();
  await shot(page, testInfo, 'produtos-registrada');

  // The staff, in a page of their own (the customer's page keeps its session): the order in the list filtered by
  // its status, then 'Registrar chegada da devolução'.
  const equipePage = await page.context().newPage();
  await signInWithEmail(equipePage, ACCOUNTS.equipe.email, ACCOUNTS.equipe.password);
  await equipePage.goto(`/orders?idPedido=${pedidoId}&situacao=DEVOLUCAO_SOLICITADA`);
  const linha = row(equipePage, 'staff-order-row', pedidoId);
  await expect(linha).toBeVisible();
  await expect(linha).toContainText('Devolução solicitada');
  await linha.getByRole('button', { name: `Ver pedido #${pedidoId}` }).click();
  const staff = equipePage.getByRole('dialog', { name: `Pedido #${pedidoId}` });
  await expect(staff.getByText('Aguardando a chegada dos produtos', { exact: false })).toBeVisible();
  await staff.getByRole('button', { name: 'Registrar chegada da devolução' }).click();
  await expect(staff.getByText(/O estoque volta a contar essas unidades/)).toBeVisible();
  await shot(equipePage, testInfo, 'equipe-confirmar');
  await staff.getByRole('button', { name: 'Confirmar chegada' }).click();
  await expect(equipePage.getByText('Chegada registrada. O estorno do valor total foi pedido')).toBeVisible();
  await expect(staff.getByText('Cancelado').first()).toBeVisible();
  await shot(equipePage, testInfo, 'equipe-estornado');
});

test('pedido entregue: o rastreio leva aos Correios e "Comprar novamente" devolve os produtos à sacola @mobile', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const { auth, pedidoId, fisico } = await pedidoEntregue(page, 'Lia Fontes Barreto');

  await page.goto(`/orders/${auth.idUser}`);
  await row(page, 'order-row', pedidoId).click();
  const dialog = page.getByRole('dialog', { name: `Pedido #${pedidoId}` });
  // The tracking code and the carrier's page for it.
  await expect(dialog.getByTestId('order-tracking')).toContainText('AA473124829BR');
  const rastrear = dialog.getByRole('link', { name: 'Rastrear na transportadora' });
  await expect(rastrear).toHaveAttribute('href', /^https:\/\/rastreamento\.correios\.com\.br\/.*AA473124829BR$/);
  await expect(rastrear).toHaveAttribute('target', '_blank');

  await dialog.getByRole('button', { name: 'Comprar novamente' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Os produtos do pedido voltaram para a sacola, com os preços de hoje.')).toBeVisible();
  const drawer = page.getByRole('dialog', { name: /Sacola/ });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByText(fisico.nome).first()).toBeVisible();
  expect((await storedCart(page)).find((i) => i.id === fisico.id)).toMatchObject({ quantity: 1, brinde: false });
  await expect(page).not.toHaveURL(/sacola=1/);
  await shot(page, testInfo, 'comprar-novamente');
});
