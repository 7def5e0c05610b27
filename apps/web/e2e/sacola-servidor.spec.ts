import type { Browser, Page } from '@playwright/test';
import {
  addFromDetails,
  catalogCards,
  expect,
  newCustomer,
  prepareJourneyPage,
  saveShot,
  signInWithEmail,
  storedCart,
  test,
  type Card,
} from './fixtures';

/**
 * The bag kept on the server for a signed-in customer (docs/behaviour/bag-and-checkout.md#server-bag, ADR 034): two
 * devices (two browser contexts) of one customer share the bag, two tabs of one browser stay in step, a visitor's bag
 * is merged at sign-in and signing out forgets it on the device; the sign-up's marketing consent; the demo
 * customer's abandoned-bag reminder, its picture and its unsubscribe page. With SHOTS_DIR set, screenshots are saved.
 */

const badge = (page: Page) => page.getByTestId('cart-badge');
const ids = async (page: Page) => (await storedCart(page)).filter((l) => !l.brinde).map((l) => [l.id, l.quantity]);
/** What a device does when the customer comes back to it: the window regains focus. */
const focus = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event('focus')));

async function physical(page: Page, n: number): Promise<Card[]> {
  const brinde = (await page.request.get('/api/produto/produtobrinde').then((r) => r.json())).content as { id: number };
  const all = (await catalogCards(page)).filter((p) => !p.digital && p.disponivel && p.id !== brinde.id);
  const unique = [...new Map(all.map((p) => [p.id, p])).values()].sort((a, b) => a.preco - b.preco);
  expect(unique.length).toBeGreaterThanOrEqual(n);
  return unique.slice(0, n);
}

async function device(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, baseURL: test.info().project.use.baseURL });
  return { context, page: await prepareJourneyPage(await context.newPage()) };
}

/** The customer's bag on the server (GET /api/sacola with the page's session). */
async function serverBag(page: Page) {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('@Token') ?? 'null') as string);
  const res = await page.request.get('/api/sacola', { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return (
    (await res.json()) as { content: { versao: number; itens: { id: number; quantity: number; brinde: boolean }[] } }
  ).content;
}

test('dois dispositivos do mesmo cliente compartilham a sacola @mobile', async ({ browser, page, request }) => {
  const viewport = page.viewportSize()!;
  const cliente = await newCustomer(request, 'Joana Dispositivos');
  const [a, b] = await physical(page, 2);
  const celular = await device(browser, viewport);
  const notebook = await device(browser, viewport);
  try {
    await signInWithEmail(celular.page, cliente.email, cliente.password);
    // The notebook's realtime channel subscribes to the bag's notices (SockJS sends the STOMP frame in an xhr_send).
    const inscrito = notebook.page.waitForRequest(
      (r) => r.url().includes('/xhr_send') && (r.postData() ?? '').includes('/queue/sacola'),
    );
    await signInWithEmail(notebook.page, cliente.email, cliente.password);
    await inscrito;

    await addFromDetails(celular.page, a!);
    await expect(badge(celular.page)).toHaveText('1');
    await expect.poll(async () => (await serverBag(celular.page)).itens.map((i) => i.id)).toEqual([a!.id]);

    // The other device picks it up at once, without the focus: the realtime channel said the bag changed.
    await expect.poll(() => ids(notebook.page)).toEqual([[a!.id, 1]]);
    await expect(badge(notebook.page)).toHaveText('1');

    // And the other way round, with a change on each side before either reads: nothing is lost.
    await addFromDetails(notebook.page, b!);
    await expect.poll(async () => (await serverBag(notebook.page)).itens.length).toBe(2);
    await focus(celular.page);
    await expect
      .poll(() => ids(celular.page))
      .toEqual([
        [a!.id, 1],
        [b!.id, 1],
      ]);
  } finally {
    await celular.context.close();
    await notebook.context.close();
  }
});

test('duas abas do mesmo navegador ficam iguais e a sacola vai para o servidor', async ({ page, context, request }) => {
  const cliente = await newCustomer(request, 'Carla Abas');
  const [a] = await physical(page, 1);
  await signInWithEmail(page, cliente.email, cliente.password);
  const outra = await context.newPage();
  await outra.goto('/loja');

  await addFromDetails(page, a!);
  await page.getByRole('button', { name: 'Incluir' }).click();
  await expect(badge(page)).toHaveText('2');
  await expect(badge(outra)).toHaveText('2');
  await expect.poll(async () => (await serverBag(outra)).itens.map((i) => [i.id, i.quantity])).toEqual([[a!.id, 2]]);
});

test('a sacola do visitante é somada à guardada ao entrar; sair esquece a sacola só neste aparelho @mobile', async ({
  page,
  request,
}) => {
  const cliente = await newCustomer(request, 'Bruna Visitante');
  const [a, b] = await physical(page, 2);
  // A bag kept from another day: product a, 3 units.
  const login = await request.post('/api/usuario/cliente/auth', {
    data: { email: cliente.email, password: cliente.password },
  });
  const token = ((await login.json()) as { content: { acess_token: string } }).content.acess_token;
  const put = await request.put('/api/sacola', {
    headers: { authorization: `Bearer ${token}` },
    data: { versao: 0, itens: [{ produtoId: a!.id, quantidade: 3 }] },
  });
  expect(put.status()).toBe(200);

  // As a visitor: b, and one unit of a.
  await addFromDetails(page, b!);
  await addFromDetails(page, a!);
  await expect(badge(page)).toHaveText('2');

  await signInWithEmail(page, cliente.email, cliente.password);
  // The union, the larger quantity of a product in both.
  await expect
    .poll(() => ids(page))
    .toEqual([
      [a!.id, 3],
      [b!.id, 1],
    ]);
  await expect(badge(page)).toHaveText('4');
  await expect.poll(async () => (await serverBag(page)).itens.filter((i) => !i.brinde).length).toBe(2);

  // Signing out empties this device's bag; the server keeps it for the next sign-in.
  await page.getByRole('button', { name: 'Abrir menu do usuário' }).click();
  await page.getByRole('menuitem', { name: /Sair da conta/ }).click();
  await expect(badge(page)).toHaveCount(0);
  expect(await storedCart(page)).toEqual([]);
  await signInWithEmail(page, cliente.email, cliente.password);
  await expect
    .poll(() => ids(page))
    .toEqual([
      [a!.id, 3],
      [b!.id, 1],
    ]);
});

test('o cadastro pede o consentimento de e-mails de ofertas, desmarcado @mobile', async ({ page }, testInfo) => {
  await page.goto('/signUp');
  await page.getByLabel('CPF ou CNPJ').pressSequentially('52998224725');
  await page.getByRole('button', { name: 'Avançar' }).click();
  await page.getByLabel('Nome completo').fill('Teste Consentimento');
  await page.getByLabel('E-mail').fill(`consentimento.${Date.now()}@exemplo.com.br`);
  await page.getByLabel('Celular').pressSequentially('11987654321');
  await page.getByLabel('Senha', { exact: true }).fill('minhasenha');
  await page.getByLabel('Confirme a senha').fill('minhasenha');
  await page.getByRole('button', { name: 'Avançar' }).click();
  const consent = page.getByLabel('Quero receber ofertas e novidades por e-mail');
  await expect(consent).toBeVisible();
  await expect(consent).not.toBeChecked();
  await page.getByLabel('CEP').pressSequentially('01310100');
  await expect(page.getByLabel('Logradouro')).toHaveValue('Avenida Paulista');
  await page.getByLabel('Número').fill('1578');
  await page.getByText('Quero receber ofertas e novidades por e-mail').click();
  await expect(consent).toBeChecked();
  await saveShot(page, `${testInfo.project.name}-cadastro-consentimento`, { fullPage: true });
});

test('o cliente de demonstração recebe um lembrete da sacola parada, com descadastro sem entrar @mobile', async ({
  page,
}, testInfo) => {
  const para = 'ana.carvalho@example.com';
  type Email = { assunto: string; texto: string; html: string | null };
  const lembrete = async () => {
    const res = await page.request.get(`/api/sandbox/emails?para=${encodeURIComponent(para)}`);
    return ((await res.json()) as { content: Email[] }).content.find(
      (e) => e.assunto === 'Você deixou itens na sua sacola',
    );
  };
  // The periodic job runs at start: the demo bag has been left alone for two days.
  await expect.poll(lembrete, { timeout: 30_000 }).toBeDefined();
  const email = (await lembrete())!;
  expect(email.texto).toContain('2x Escova');
  expect(email.texto).toContain('/?sacola=1');

  // The e-mail as a mail client shows it (the inline logo replaced by the site's icon).
  const icone = new URL('/favicon.svg', testInfo.project.use.baseURL).href;
  await page.setContent(email.html!.replace('cid:logo@sorrisopleno', icone));
  await expect(page.getByRole('link', { name: 'Descadastrar' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ver minha sacola' })).toBeVisible();
  await saveShot(page, `${testInfo.project.name}-email-lembrete-sacola`, { fullPage: true });

  // The unsubscribe link works without signing in: GET asks, the button confirms.
  const link = /(\/api\/email\/descadastrar\?token=[^\s]+)/.exec(email.texto)![1]!;
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Descadastro de e-mails' })).toBeVisible();
  await expect(page.getByText(para)).toBeVisible();
  await saveShot(page, `${testInfo.project.name}-descadastro`, { fullPage: true });
  await page.getByRole('button', { name: 'Confirmar descadastro' }).click();
  await expect(page.getByText(/não receberá mais ofertas e novidades/)).toBeVisible();
  // A tampered link: a clear refusal.
  const res = await page.goto(link.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')));
  expect(res!.status()).toBe(400);
  await expect(page.getByText('Link de descadastro inválido.', { exact: false })).toBeVisible();
});
