import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import {
  ACCOUNTS,
  apiContent,
  brl,
  type Card,
  catalogCards,
  expect,
  newCustomer,
  test,
  unownedCourse,
  saveShot,
  ENTREGA_PAULISTA,
  descontoPixCents,
} from './fixtures';
import { VERSAO_TERMOS } from '@clinica/shared/termos';

/**
 * The customer's orders (docs/behaviour/orders.md): orders placed for
 * a fresh client through the API (real products, a real freight quote,
 * totals as the server computes them), then the list, the filters, the order
 * dialog and the cancellation. With SHOTS_DIR set, the
 * screens are saved there.
 */

interface OpcaoFrete {
  id: number;
  name: string;
  custom_price: number;
  delivery_range: { max: number };
  company: { name: string };
}
interface Criado {
  id: number;
  valorTotal: number;
  situacaoPedido: string;
}

/** Today in the clinic's time zone, as the date filters take it (YYYY-MM-DD). */
const today = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

const cents = (reais: number) => Math.round(reais * 100);
const reais = (c: number) => c / 100;

async function catalogue(page: Page) {
  const brinde = await apiContent<{ id: number }>(page, '/produto/produtobrinde');
  const cards = (await catalogCards(page)).filter((p) => p.disponivel && p.id !== brinde.id);
  const fisico = cards.filter((p) => !p.digital).sort((a, b) => a.preco - b.preco)[0];
  expect(fisico, 'um produto físico disponível').toBeTruthy();
  return { fisico: fisico! };
}

/** POST /api/pedido/create for the signed-in client, with the totals the server will compute. */
async function criarPedido(
  request: APIRequestContext,
  auth: { token: string; clienteId: number },
  linhas: { produto: Card; quantidade: number }[],
): Promise<Criado> {
  const enviaveis = linhas.filter((l) => !l.produto.digital);
  let entrega = null;
  let freteCents = 0;
  if (enviaveis.length > 0) {
    const res = await request.post('/api/frete/calcular', {
      data: {
        cep: ENTREGA_PAULISTA.cep,
        pedidoProdutos: enviaveis.map((l) => ({ id: l.produto.id, quantidade: l.quantidade })),
      },
    });
    expect(res.status(), 'POST /api/frete/calcular').toBe(200);
    const [opcao] = ((await res.json()) as { content: OpcaoFrete[] }).content;
    freteCents = cents(opcao!.custom_price);
    entrega = {
      idMelhorEnvio: opcao!.id,
      name: opcao!.name,
      customPrice: opcao!.custom_price,
      tempoEntrega: opcao!.delivery_range.max,
      transportadora: opcao!.company.name,
    };
  }
  const itens = linhas.map((l) => ({
    produto: { id: l.produto.id },
    quantidade: l.quantidade,
    valor: l.produto.preco,
    valorTotal: reais(cents(l.produto.preco) * l.quantidade),
  }));
  // By PIX the products cost the store's PIX discount less (the freight does not).
  const produtosCents = linhas.reduce((s, l) => s + cents(l.produto.preco) * l.quantidade, 0);
  const totalCents = produtosCents - (await descontoPixCents(request, produtosCents)) + freteCents;
  const res = await request.post('/api/pedido/create', {
    headers: { Authorization: `Bearer ${auth.token}`, 'Idempotency-Key': `e2e-orders-${crypto.randomUUID()}` },
    data: {
      valorTotal: reais(totalCents),
      clienteId: auth.clienteId,
      nomeRecebedor: ACCOUNTS.cliente.nome,
      telefoneRecebedor: '11987654321',
      itens,
      enderecoEntrega: ENTREGA_PAULISTA,
      versaoTermos: VERSAO_TERMOS,
      dadosPessoais: {
        nome: ACCOUNTS.cliente.nome,
        email: ACCOUNTS.cliente.email,
        telefone: '(11) 9 8765-4321',
        documento: ACCOUNTS.cliente.cpf,
      },
      entrega,
      pagamento: {
        paymentMethodId: 'pix',
        tipoPagamento: 'pix',
        nome: ACCOUNTS.cliente.nome,
        email: ACCOUNTS.cliente.email,
        valor: reais(totalCents),
        token: null,
      },
    },
  });
  const body = (await res.json()) as { message: string; content: Criado };
  expect(res.status(), `POST /api/pedido/create: ${body.message}`).toBe(201);
  expect(cents(body.content.valorTotal)).toBe(totalCents);
  return body.content;
}

interface Sessao {
  token: string;
  idUser: number;
  clienteId: number;
}

/**
 * Signs a client in through the API (POST /api/usuario/cliente/auth; the demo client by default) and stores the
 * session as the app does (`@authUser`, `@Token`) before any page script runs: the UI sign-in has its own
 * journey (sign-in.spec.ts).
 */
async function entrarComoCliente(
  page: Page,
  conta: { email: string; password: string } = ACCOUNTS.cliente,
): Promise<Sessao> {
  const res = await page.request.post('/api/usuario/cliente/auth', {
    data: { email: conta.email, password: conta.password, cpf: null, cnpj: null },
  });
  expect(res.status(), 'POST /api/usuario/cliente/auth').toBe(200);
  const { content } = (await res.json()) as {
    content: { idUsuario: number; permissao: string; idCliente: number | null; acess_token: string };
  };
  expect(content.permissao).toBe('CLIENTE');
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

// The dialog fades in.
const shot = (page: Page, testInfo: TestInfo, name: string) =>
  saveShot(page, `${testInfo.project.name}-${name}`, { fullPage: false, settleMs: 350 });

const row = (page: Page, id: number) =>
  page.getByTestId('order-row').filter({ has: page.getByRole('button', { name: `Ver pedido #${id}`, exact: true }) });

test('lista de pedidos do cliente: pedidos criados, filtros, diálogo e cancelamento @mobile', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const mobile = testInfo.project.name === 'mobile';
  const { fisico } = await catalogue(page);

  // A fresh customer: its list holds only this journey's orders, whatever the other journeys order meanwhile.
  const auth = await entrarComoCliente(page, await newCustomer(page.request, ACCOUNTS.cliente.nome));
  // A course below the gift threshold, so the order stays digital only (no gift, nothing to ship).
  const condicao = await apiContent<{ valor: number }>(page, '/condicaodesconto/ativa');
  const curso = await unownedCourse(page, 'cheapest', auth, { below: condicao.valor });
  const { token } = auth;

  const fisicoPedido = await criarPedido(page.request, auth, [{ produto: fisico, quantidade: 2 }]);
  const cursoPedido = await criarPedido(page.request, auth, [{ produto: curso, quantidade: 1 }]);
  expect(fisicoPedido.situacaoPedido).toBe('PENDENTE');

  // The list: newest first, both orders with their totals.
  await page.goto(`/orders/${auth.idUser}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Lista de pedidos' })).toBeVisible();
  await expect(row(page, cursoPedido.id)).toBeVisible();
  await expect(row(page, fisicoPedido.id)).toContainText(brl(fisicoPedido.valorTotal));
  await expect(row(page, fisicoPedido.id)).toContainText(`${fisico.nome}`);
  const ids = await page.getByTestId('order-row').getByRole('button').allTextContents();
  expect(ids.indexOf(`Ver pedido #${cursoPedido.id}`)).toBeGreaterThanOrEqual(0);
  expect(ids.indexOf(`Ver pedido #${cursoPedido.id}`)).toBeLessThan(ids.indexOf(`Ver pedido #${fisicoPedido.id}`));

  // Date and status columns only from 1024 px; on a phone each row shows them under its products.
  const statusHeader = page.getByRole('columnheader', { name: 'Situação' });
  const dateHeader = page.getByRole('columnheader', { name: 'Data' });
  const meta = row(page, fisicoPedido.id).getByTestId('order-row-meta');
  const hoje = new Date().toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });
  if (mobile) {
    await expect(statusHeader).toBeHidden();
    await expect(dateHeader).toBeHidden();
    await expect(meta).toBeVisible();
    await expect(meta).toContainText('Pendente');
    await expect(meta).toContainText(hoje);
  } else {
    await expect(statusHeader).toBeVisible();
    await expect(meta).toBeHidden();
    await expect(row(page, fisicoPedido.id)).toContainText('Pendente', { useInnerText: true });
  }
  await shot(page, testInfo, '1-lista');

  // Filters: by number, then the start date rule, then the period.
  await page.getByLabel('Nº do pedido').fill(String(fisicoPedido.id));
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page.getByTestId('order-row')).toHaveCount(1);
  await expect(row(page, fisicoPedido.id)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`idPedido=${fisicoPedido.id}`));

  await page.getByRole('button', { name: 'Limpar', exact: true }).click();
  await expect(row(page, cursoPedido.id)).toBeVisible();
  await page.getByLabel('Data final').fill(today());
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page.getByText('É necessário informar uma data de início')).toBeVisible();
  await shot(page, testInfo, '2-filtro-erro');
  await page.getByLabel('Data de início').fill(today());
  await expect(page.getByText('É necessário informar uma data de início')).toBeHidden();
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page).toHaveURL(new RegExp(`dataInicio=${today()}`));
  await expect(row(page, fisicoPedido.id)).toBeVisible();
  await expect(row(page, cursoPedido.id)).toBeVisible();

  // The digital order: no address.
  await row(page, cursoPedido.id).click();
  let dialog = page.getByRole('dialog', { name: `Pedido #${cursoPedido.id}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Produto digital')).toBeVisible();
  await expect(dialog.getByText(curso.nome)).toBeVisible();
  await dialog.getByRole('button', { name: 'Fechar' }).last().click();
  await expect(dialog).toBeHidden();

  // The physical order, opened by keyboard: items, address, totals; then cancelled.
  await page.getByRole('button', { name: `Ver pedido #${fisicoPedido.id}`, exact: true }).focus();
  await page.keyboard.press('Enter');
  dialog = page.getByRole('dialog', { name: `Pedido #${fisicoPedido.id}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('order-item')).toContainText(fisico.nome);
  await expect(dialog.getByTestId('order-item')).toContainText(`2 × ${brl(fisico.preco)}`);
  await expect(dialog.getByText('Avenida Paulista, 1000 – Sala 1')).toBeVisible();
  await expect(dialog.getByText('CEP 01310-100')).toBeVisible();
  const resumo = dialog.getByRole('region', { name: 'Resumo' });
  await expect(resumo).toContainText(brl(fisico.preco * 2));
  await expect(resumo).toContainText(brl(fisicoPedido.valorTotal));
  await expect(dialog.getByText('Pendente').first()).toBeVisible();
  await shot(page, testInfo, '3-dialogo');

  await dialog.getByRole('button', { name: 'Cancelar pedido' }).click();
  await expect(
    dialog.getByText(`Cancelar o pedido #${fisicoPedido.id}? Esta ação não pode ser desfeita.`),
  ).toBeVisible();
  await shot(page, testInfo, '4-confirmar');
  await dialog.getByRole('button', { name: 'Sim, cancelar pedido' }).click();
  await expect(page.getByText('Pedido cancelado com sucesso')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancelar pedido' })).toBeHidden();
  await expect(dialog.getByRole('region', { name: 'Histórico' })).toContainText('Cancelado por você');
  await shot(page, testInfo, '5-cancelado');
  await dialog.getByRole('button', { name: 'Fechar' }).last().click();
  await expect(dialog).toBeHidden();

  // The list refreshed: the order is now cancelled (in its column from 1024 px, under the products on a phone).
  // innerText: what is shown (the hidden line under the products does not count on a wide screen).
  await expect(mobile ? meta : row(page, fisicoPedido.id)).toContainText('Cancelado', { useInnerText: true });
  const depois = await page.request.get(`/api/pedido/${fisicoPedido.id}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(((await depois.json()) as { content: Criado }).content.situacaoPedido).toBe('CANCELADO');
});

test('lista de pedidos: visitante vai ao login; o cliente que abre outro id vê a própria lista', async ({ page }) => {
  await page.goto('/orders/1');
  await expect(page).toHaveURL(/\/signIn$/);
  const { idUser } = await entrarComoCliente(page);
  await page.goto(`/orders/${idUser + 999}`);
  await expect(page).toHaveURL(new RegExp(`/orders/${idUser}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Lista de pedidos' })).toBeVisible();
});

/** Presses Tab until `target` has the focus (a keyboard user's path to it); fails after `max` presses. */
async function tabTo(page: Page, target: ReturnType<Page['getByRole']>, max = 40) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test('só com o teclado: menu de produtos, sacola e diálogo do pedido devolvem o foco a quem os abriu @mobile', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const mobile = testInfo.project.name === 'mobile';
  const { fisico } = await catalogue(page);
  const auth = await entrarComoCliente(page, await newCustomer(page.request, ACCOUNTS.cliente.nome));
  const pedido = await criarPedido(page.request, auth, [{ produto: fisico, quantidade: 1 }]);
  // A bag of eight products: with the gift it is longer than the drawer.
  const fisicos = (await catalogCards(page)).filter((p) => !p.digital && p.disponivel).slice(0, 8);
  const gravada = await page.request.put('/api/sacola', {
    headers: { Authorization: `Bearer ${auth.token}` },
    data: { versao: 0, itens: fisicos.map((p) => ({ produtoId: p.id, quantidade: 3 })) },
  });
  expect(gravada.status(), 'PUT /api/sacola').toBe(200);

  await page.goto(`/orders/${auth.idUser}`);
  await expect(row(page, pedido.id)).toBeVisible();
  await page.locator('body').focus();

  // The header's product menu (desktop) or the menu sheet (phone).
  if (!mobile) {
    const produtos = page.getByRole('button', { name: 'Produtos', exact: true });
    await tabTo(page, produtos);
    const scrollY = await page.evaluate(() => window.scrollY);
    await page.keyboard.press('ArrowDown');
    const painel = page.getByRole('region', { name: 'Produtos', exact: true });
    await expect(painel.getByRole('link').first()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(painel.getByRole('link').nth(1)).toBeFocused();
    expect(await page.evaluate(() => window.scrollY)).toBe(scrollY);
    await page.keyboard.press('Escape');
    await expect(produtos).toBeFocused();
    await expect(produtos).toHaveAttribute('aria-expanded', 'false');
  } else {
    const menu = page.getByRole('button', { name: 'Abrir menu', exact: true });
    await tabTo(page, menu);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(menu).toBeFocused();
  }

  // The bag: every line, the gift included, in the drawer's one scroll (no list scrolling inside it).
  const sacola = page.getByRole('button', { name: /^Sacola/ });
  await tabTo(page, sacola);
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: /Sacola/ });
  await expect(drawer).toBeVisible();
  for (const p of fisicos) await expect(drawer.getByText(p.nome).first()).toBeAttached();
  const lista = drawer.getByRole('list').first();
  const { overflowY, scrollHeight, clientHeight } = await lista.evaluate((el) => ({
    overflowY: getComputedStyle(el).overflowY,
    scrollHeight: el.scrollHeight,
    clientHeight: el.clientHeight,
  }));
  expect(overflowY).toBe('visible');
  expect(scrollHeight).toBeLessThanOrEqual(clientHeight + 1);
  // The last line (the gift's, when the bag earns it) comes into view by scrolling the drawer itself.
  const ultima = lista.locator(':scope > li').last();
  await ultima.scrollIntoViewIfNeeded();
  await expect(ultima).toBeInViewport();
  await shot(page, testInfo, 'teclado-sacola');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(sacola).toBeFocused();

  // The order dialog, opened from its row's button and closed with Esc.
  const abrir = page.getByRole('button', { name: `Ver pedido #${pedido.id}`, exact: true });
  await tabTo(page, abrir, 80);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Pedido #${pedido.id}` });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(abrir).toBeFocused();
});
