import { test as base, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { cnpj, cpf } from 'cpf-cnpj-validator';
import { mkdirSync } from 'node:fs';
import { VERSAO_TERMOS } from '@clinica/shared/termos';

/** Demo accounts seeded on first start (apps/api/src/db/seed). */
export const ACCOUNTS = {
  admin: { email: 'admin@clinica.com.br', password: 'admin123', nome: 'Gerente da Clínica' },
  equipe: { email: 'equipe@clinica.com.br', password: 'equipe123', nome: 'Equipe Sorriso Pleno' },
  cliente: { email: 'cliente@clinica.com.br', password: 'cliente123', cpf: '52998224725', nome: 'Maria Cliente Silva' },
  empresa: { email: 'empresa@clinica.com.br', password: 'empresa123', cnpj: '11222333000181' },
} as const;

/**
 * A page of the app is ready once the app has started on it (`html[data-app-ready]`, apps/web/src/main.tsx): a page
 * rendered on the server (ADR 019) shows its buttons before they work, as it does for a visitor.
 */
const appReady = (page: Page) =>
  page.waitForFunction(
    () => !document.getElementById('root') || document.documentElement.hasAttribute('data-app-ready'),
  );

const prepared = new WeakSet<Page>();

/**
 * The artificial waits (apps/web/src/lib/delays.ts) and smooth scrolling are switched off for journeys, and
 * `page.goto` and `page.reload` return once the app has started on the page (see appReady). Every page of a journey
 * gets this: the `page` fixture, and the other tabs a journey opens with `context.newPage()` (a click on a tab that
 * had not started its app was lost: seen once in cart.spec.ts). Pages of a context a journey creates itself go
 * through it too.
 */
export async function prepareJourneyPage(page: Page): Promise<Page> {
  if (prepared.has(page)) return page;
  prepared.add(page);
  await page.addInitScript(() => {
    (globalThis as { __CLINICA_NO_DELAYS__?: boolean }).__CLINICA_NO_DELAYS__ = true;
    // Smooth scrolling (global.css) moves a button while Playwright scrolls it into view and clicks it, and on a
    // busy machine the click can land beside it (seen once: 'Salvar alterações' in backoffice-audit.spec.ts).
    // Journeys check what a click does, not the scroll animation.
    document.addEventListener('DOMContentLoaded', () => {
      const style = document.createElement('style');
      style.textContent = 'html { scroll-behavior: auto !important; }';
      document.head.append(style);
    });
  });
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await appReady(page);
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await appReady(page);
    return response;
  };
  return page;
}

export const test = base.extend({
  context: async ({ context }, use) => {
    const newPage = context.newPage.bind(context);
    context.newPage = async () => prepareJourneyPage(await newPage());
    await use(context);
  },
  page: async ({ page }, use) => {
    await use(await prepareJourneyPage(page));
  },
});
export { expect };

export async function signInWithEmail(page: Page, email: string, password: string) {
  await page.goto('/signIn');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(/\/loja$/);
}

export async function signInWithDocument(page: Page, documento: string, password: string) {
  await page.goto('/signIn');
  await page.getByLabel('Logar com CPF ou CNPJ').check();
  await page.getByRole('textbox', { name: 'CPF ou CNPJ' }).pressSequentially(documento);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(/\/loja$/);
}

/** The stored session: `@Token` holds the JWT as a JSON string. */
export async function storedSession(page: Page) {
  return page.evaluate(() => {
    const parse = (v: string | null) => {
      try {
        return v === null ? null : JSON.parse(v);
      } catch {
        return null;
      }
    };
    return {
      token: parse(localStorage.getItem('@Token')) as string | null,
      user: parse(localStorage.getItem('@authUser')) as { idUser: number; permissao: string } | null,
    };
  });
}

export async function openUserMenu(page: Page) {
  await page.getByRole('button', { name: 'Abrir menu do usuário' }).click();
  return page.getByRole('menu');
}

/** A product card of the public catalogue reads (menus, categories, search), as the journeys use it. */
export interface Card {
  id: number;
  nome: string;
  preco: number;
  digital: boolean;
  disponivel: boolean;
}

/** A /loja banner, as the journeys use it. */
export interface Banner {
  titulo: string;
  idProduto: number;
  nome: string;
  digital: boolean;
  disponivel: boolean;
  preco: number;
}

/**
 * A fresh customer made through the API (the sign-up payload). Journeys that fill a bag or count a customer's orders
 * use one: the bag follows the customer's orders on every device (ADR 010), so an order another journey makes for
 * a shared account would empty their bag.
 */
export async function newCustomer(request: APIRequestContext, nome = 'Helena Duarte Rocha') {
  const account = { ...newLogin('cliente'), nome, cpf: cpf.generate() };
  const pessoa = { nome, cpf: account.cpf, cnpj: null, razaoSocial: null, inscricaoEstadual: null, juridica: false };
  const content = await signUp(request, account, pessoa);
  return { ...account, idUser: content.usuario.id, idCliente: content.id };
}

/** A fresh company customer (CNPJ), made through the API like newCustomer. */
export async function newCompany(request: APIRequestContext, razaoSocial = 'Odonto Vida Ltda') {
  const account = { ...newLogin('empresa'), razaoSocial, cnpj: cnpj.generate() };
  const pessoa = {
    nome: null,
    cpf: null,
    cnpj: account.cnpj,
    razaoSocial,
    inscricaoEstadual: 'ISENTO',
    juridica: true,
  };
  const content = await signUp(request, account, pessoa);
  return { ...account, idUser: content.usuario.id, idCliente: content.id };
}

/** A unique e-mail (`prefix.<id>@exemplo.com.br`) and the journeys' password. */
function newLogin(prefix: string) {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  return { email: `${prefix}.${id}@exemplo.com.br`, password: 'senha123' };
}

/** POST /api/cliente/create for a person or a company, at the journeys' address (São Paulo, CEP 01310-100). */
async function signUp(
  request: APIRequestContext,
  login: { email: string; password: string },
  pessoa: Record<string, string | boolean | null>,
) {
  const res = await request.post('/api/cliente/create', {
    data: {
      ...pessoa,
      telefone: '11987650000',
      usuario: { email: login.email, password: login.password },
      endereco: {
        cep: '01310100',
        logradouro: 'Avenida Paulista',
        numero: '900',
        complemento: null,
        bairro: 'Bela Vista',
        municipio: { id: 3550308 },
        uf: { id: 35 },
      },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).content as { id: number; usuario: { id: number } };
}

/** A delivery address of POST /api/pedido/create (São Paulo, CEP 01310-100) for orders the journeys create by API. */
export const ENTREGA_PAULISTA = {
  ufId: 35,
  municipioId: 3550308,
  bairro: 'Bela Vista',
  logradouro: 'Avenida Paulista',
  numero: '1000',
  cep: '01310-100',
  complemento: 'Sala 1',
} as const;

/** From the bag to the payment step (the e-mail and personal data are prefilled; CEP 01310100 for the freight). */
export async function toPaymentStep(page: Page, ships: boolean, conta: { email: string; nome: string }) {
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Minha sacola' })).toBeVisible();
  await page.getByRole('button', { name: 'Finalizar compra' }).click();
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue(conta.email);
  await page.getByRole('button', { name: 'Avançar' }).click();
  await expect(page.getByLabel('Nome completo')).toHaveValue(conta.nome);
  await page.getByRole('button', { name: 'Avançar' }).click();
  // The registered address is the book's first card (docs/behaviour/bag-and-checkout.md#saved-addresses).
  await expect(page.getByRole('radio', { name: /Principal/ })).toBeChecked();
  if (ships) {
    await typeNewAddressAtCheckout(page);
    const cep = page.getByRole('textbox', { name: 'CEP' });
    await cep.fill('');
    await cep.pressSequentially('01310100');
    await expect(page.getByLabel('Logradouro')).toHaveValue('Avenida Paulista');
    await page.getByLabel('Número').fill('1000');
    const options = page.getByRole('radio', { name: /dias? úte?is/ });
    await expect(options).toHaveCount(2);
    await options.first().check();
  }
  await page.getByRole('button', { name: 'Avançar' }).click();
  await expect(page.getByRole('button', { name: 'Enviar pagamento' })).toBeVisible();
}

/**
 * At the checkout's delivery step of a customer with saved addresses (every customer has the registered one,
 * docs/behaviour/bag-and-checkout.md#saved-addresses): 'Novo endereço' with 'Salvar no meu catálogo de endereços'
 * unchecked, so a journey types an address for this order only, as before the address book.
 */
export async function typeNewAddressAtCheckout(page: Page) {
  await page.getByRole('radio', { name: 'Novo endereço' }).check();
  await page.getByRole('checkbox', { name: 'Salvar no meu catálogo de endereços' }).uncheck();
  await expect(page.getByRole('textbox', { name: 'CEP' })).toBeVisible();
}

/**
 * On the checkout's payment step: chooses PIX, asks for the QR code and resolves to the answer of the
 * POST /api/pedido/create it sends (checked 201).
 */
export async function generatePix(page: Page) {
  await page.getByRole('radio', { name: 'PIX' }).check();
  await expect(page.getByText('Pagamento PIX não gerado')).toBeVisible();
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/pedido/create') && r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Gerar QRcode do pix' }).click(),
  ]);
  expect(response.status()).toBe(201);
  return response;
}

/** The `content` of a public GET under /api (the journeys pick their products from the real catalogue). */
export async function apiContent<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(`/api${path}`);
  expect(res.status(), `GET /api${path}`).toBe(200);
  return ((await res.json()) as { content: T }).content;
}

/**
 * Every product card of the catalogue's categories (GET /api/produto/categoria), without the professional-use
 * products (ADR 037: only a customer with a CRO buys them; anvisa.spec.ts does): the journeys that buy "a product"
 * buy one anyone may buy. `profissionais: true` gives those only.
 */
export async function catalogCards(page: Page, { profissionais = false } = {}): Promise<Card[]> {
  const cards = (await apiContent<{ listaProduto: Card[] }[]>(page, '/produto/categoria')).flatMap(
    (c) => c.listaProduto,
  );
  const marcados = new Set<number>();
  for (let i = 0; i < cards.length; i += 50) {
    const ids = cards.slice(i, i + 50).map((c) => c.id);
    const estoques = await apiContent<{ id: number; usoProfissional: boolean }[]>(
      page,
      `/produto/estoque?ids=${ids.join(',')}`,
    );
    for (const e of estoques) if (e.usoProfissional) marcados.add(e.id);
  }
  return cards.filter((c) => marcados.has(c.id) === profissionais);
}

/** The /loja banners (GET /api/produto/site/). */
export async function siteBanners(page: Page): Promise<Banner[]> {
  return (await apiContent<{ content: { listImagemProdutoSite: Banner[] } }>(page, '/produto/site/')).content
    .listImagemProdutoSite;
}

/** The stored cart (`@shoppingCartItems`), parsed. */
export async function storedCart(page: Page) {
  return page.evaluate(() => JSON.parse(localStorage.getItem('@shoppingCartItems') ?? '[]')) as Promise<
    {
      id: number;
      nome: string;
      pathImg: string | null;
      quantity: number;
      unitaryValue: number;
      amount: string;
      brinde: boolean;
      digital: boolean;
    }[]
  >;
}

/** Reais from the API as the shop shows them: 1234.5 → 'R$ 1.234,50'. */
export function brl(reais: number): string {
  const [int, dec] = reais.toFixed(2).split('.');
  return `R$ ${int!.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${dec}`;
}

/** Adds a product from its details page (the bag badge counts it). */
export async function addFromDetails(page: Page, produto: Card) {
  await page.goto(`/details/${produto.id}${produto.digital ? '/true' : ''}`);
  await expect(page.getByRole('heading', { level: 1, name: produto.nome })).toBeVisible();
  await page.getByRole('button', { name: 'Incluir' }).click();
}

/** Mercado Pago's test cards (docs/integrations.md#test-cards); the holder name decides the sandbox's answer (APRO, OTHE…). */
export const TEST_CARDS = { mastercard: '5031433215406351', visa: '4235647728025682' } as const;

/** Fills the card form; the number's blur check accepts it. */
export async function fillCard(scope: Page | Locator, numero: string, nome: string) {
  const number = scope.getByLabel('Número do cartão');
  await number.fill(numero);
  await number.blur();
  await expect(scope.getByText(/^Cartão .* aceito$/)).toBeVisible();
  await scope.getByLabel('Nome do titular').fill(nome);
  await scope.getByLabel('Validade (MM/AA)').fill('1130');
  await scope.getByLabel('CVC', { exact: true }).fill('123');
  const mesmo = scope.getByLabel('Usar o mesmo documento dos dados pessoais');
  if (await mesmo.count()) await mesmo.check();
  else await scope.getByLabel('CPF ou CNPJ do titular').fill('12345678909');
}

/** The token and user id the page's session keeps (after a sign-in through the screen). */
async function sessionOfPage(page: Page): Promise<{ token: string; idUser: number }> {
  const { token, user } = await storedSession(page);
  expect(token, 'sessão gravada').toBeTruthy();
  return { token: token!, idUser: user!.idUser };
}

/**
 * The ids of the courses the signed-in customer already owns. The journeys share
 * one server (one database) and a paid course cannot be bought again, so every
 * journey that orders a course picks one of these out.
 */
export async function ownedCourseIds(page: Page, session?: { token: string; idUser: number }): Promise<number[]> {
  const { token, idUser } = session ?? (await sessionOfPage(page));
  const res = await page.request.get(`/api/cliente/produtosacesso/${idUser}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { content: { id: number }[] }).content.map((c) => c.id);
}

/** An available course the signed-in customer does not own yet: the cheapest, or the dearest (optionally priced below `below` or from `atLeast` reais). */
export async function unownedCourse(
  page: Page,
  prefer: 'cheapest' | 'dearest' = 'cheapest',
  session?: { token: string; idUser: number },
  options: { below?: number; atLeast?: number } = {},
): Promise<Card> {
  const mine = await ownedCourseIds(page, session);
  const courses = (await catalogCards(page))
    .filter((p) => p.digital && p.disponivel && !mine.includes(p.id))
    .filter((p) => options.below === undefined || p.preco < options.below)
    .filter((p) => options.atLeast === undefined || p.preco >= options.atLeast)
    .sort((a, b) => (prefer === 'cheapest' ? a.preco - b.preco : b.preco - a.preco));
  expect(courses[0], 'um curso ainda não comprado').toBeTruthy();
  return courses[0]!;
}

export interface ShotOptions {
  /** The whole page (default) or only the viewport (an open dialog). */
  fullPage?: boolean;
  /** Waits this long first, for an animation to end (a drawer, a dialog's fade-in). */
  settleMs?: number;
  /** Only this element. */
  target?: Locator;
  /** Saves one picture per width (`<file>-<width>.png`), then goes back to 1440 px. */
  widths?: number[];
}

/**
 * Saves a screen for a person to look at (`<SHOTS_DIR>/<file>.png`), only when
 * SHOTS_DIR is set: the pictures are for checking by eye, and in `npm test`
 * they would cost CPU while nobody opens them.
 */
export async function saveShot(page: Page, file: string, options: ShotOptions = {}): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const take = async (name: string) => {
    if (options.settleMs) await page.waitForTimeout(options.settleMs);
    const path = `${dir}/${name}.png`;
    if (options.target) await options.target.screenshot({ path });
    else await page.screenshot({ path, fullPage: options.fullPage ?? true });
  };
  if (!options.widths) return take(file);
  for (const width of options.widths) {
    await page.setViewportSize({ width, height: width <= 375 ? 812 : 900 });
    await take(`${file}-${width}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/**
 * The store's PIX discount on `produtosCents` of products, in cents, as the server works it out for an order paid by
 * PIX (docs/behaviour/payments.md#pix-discount: the percent of GET /api/condicoescomerciais/, rounded half up).
 */
export async function descontoPixCents(request: APIRequestContext, produtosCents: number): Promise<number> {
  const res = await request.get('/api/condicoescomerciais/');
  expect(res.status(), 'GET /api/condicoescomerciais/').toBe(200);
  const { desconto } = ((await res.json()) as { content: { pix: { desconto: number } } }).content.pix;
  return Math.min(produtosCents, Math.floor((produtosCents * Math.round(desconto * 100) + 5000) / 10_000));
}

/**
 * Buys `curso` by PIX through the API (POST /api/pedido/create, at the store's PIX price) as the page's signed-in
 * customer `comprador`, and pays it in the sandbox bank; returns once the course is in the customer's library (the
 * payment reaches the order through the job queue).
 */
export async function buyCourseByPix(
  page: Page,
  curso: Card,
  comprador: { nome: string; email: string; documento: string },
): Promise<{ idPedido: number }> {
  const { token, user } = await storedSession(page);
  expect(token, 'sessão gravada').toBeTruthy();
  const headers = { authorization: `Bearer ${token}` };
  const { idClient } = user as unknown as { idClient: number };
  const produto = (
    (await (await page.request.get(`/api/produto/${curso.id}`)).json()) as { content: { preco: number } }
  ).content;
  // By PIX the course costs the store's PIX discount less.
  const precoCents = Math.round(produto.preco * 100);
  const pix = (precoCents - (await descontoPixCents(page.request, precoCents))) / 100;
  const created = await page.request.post('/api/pedido/create', {
    headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
    data: {
      valorTotal: pix,
      clienteId: idClient,
      nomeRecebedor: null,
      telefoneRecebedor: null,
      itens: [{ produto: { id: curso.id }, quantidade: 1, valor: produto.preco, valorTotal: produto.preco }],
      enderecoEntrega: null,
      entrega: null,
      versaoTermos: VERSAO_TERMOS,
      dadosPessoais: {
        nome: comprador.nome,
        email: comprador.email,
        telefone: '(11) 9 8765-4321',
        documento: comprador.documento,
      },
      pagamento: {
        paymentMethodId: 'pix',
        tipoPagamento: 'pix',
        nome: comprador.nome,
        email: comprador.email,
        valor: pix,
        token: null,
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const pedido = ((await created.json()) as { content: { id: number; pix: { qrCode: string } } }).content;
  expect(pedido.pix.qrCode).toMatch(/^000201/);
  const pago = await page.request.post('/api/sandbox/pix/pagar', { data: { codigo: pedido.pix.qrCode } });
  expect(pago.status()).toBe(200);
  await expect.poll(async () => (await ownedCourseIds(page)).includes(curso.id), { timeout: 20_000 }).toBe(true);
  return { idPedido: pedido.id };
}
