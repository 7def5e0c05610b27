import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { ACCOUNTS, addFromDetails, expect, saveShot, signInWithEmail, storedCart, test } from './fixtures';

/*
 * Stock end to end (ADR 032; docs/behaviour/back-office.md#stock, docs/behaviour/catalogue-and-search.md#avise-me):
 * products sell out while they are in the bag and the bag says so; a sold-out product offers 'Avise-me quando chegar',
 * a visitor registers, the staff make an entrada and the e-mail is in the sandbox outbox; the staff record a perda on
 * the product screen and the product appears in 'Estoque baixo'. Each journey works on products of its own, made
 * through the back-office API. Screens are saved at 375 and 1440 px into SHOTS_DIR when it is set.
 */

const stamp = () => `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`;

/** The demo staff member's token, from the API's login. */
async function staffToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/usuario/cliente/auth', {
    data: { email: ACCOUNTS.equipe.email, password: ACCOUNTS.equipe.password },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { content: { acess_token: string } }).content.acess_token;
}

async function staffCall<T>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST',
  url: string,
  data?: unknown,
) {
  const res = await request.fetch(url, {
    method,
    headers: { Authorization: `Bearer ${token}` },
    ...(data === undefined ? {} : { data }),
  });
  expect(res.ok(), `${method} ${url}: ${res.status()} ${await res.text()}`).toBe(true);
  return ((await res.json()) as { content: T }).content;
}

/** A physical product with `estoque` units and its 'Estoque mínimo', created through the back-office API. */
async function novoProduto(request: APIRequestContext, token: string, nome: string, estoque: number, minimo: number) {
  const [categoria] = await staffCall<Array<{ id: number }>>(request, token, 'GET', '/api/categoria/AllFisico/');
  const { id } = await staffCall<{ id: number }>(request, token, 'POST', '/api/produto/create/', {
    nome,
    descricao: 'Produto da jornada de estoque: unidades, reservas e avisos.',
    preco: 24.9,
    categoria: { id: categoria!.id },
    altura: 2,
    largura: 5,
    comprimento: 12,
    peso: 0.1,
    estoqueInicial: estoque,
    estoqueMinimo: minimo,
  });
  return id;
}

const mover = (request: APIRequestContext, token: string, id: number, body: object) =>
  staffCall(request, token, 'POST', `/api/produto/${id}/estoque/movimento`, body);

const shotOnce = (page: Page, testInfo: TestInfo, name: string) =>
  testInfo.project.name === 'desktop' ? saveShot(page, `estoque-${name}`, { widths: [375, 1440] }) : Promise.resolve();

test('produtos esgotam com eles na sacola: a sacola baixa ou tira as linhas e diz por quê @mobile', async ({
  page,
  request,
}) => {
  const token = await staffToken(request);
  const fio = `Fio dental da jornada ${stamp()}`;
  const escova = `Escova interdental da jornada ${stamp()}`;
  const idFio = await novoProduto(request, token, fio, 3, 0);
  const idEscova = await novoProduto(request, token, escova, 2, 0);
  const card = (id: number, nome: string) => ({ id, nome, digital: false }) as Parameters<typeof addFromDetails>[1];
  await addFromDetails(page, card(idFio, fio));
  await page.getByRole('button', { name: 'Incluir' }).click();
  await page.getByRole('button', { name: 'Incluir' }).click();
  await addFromDetails(page, card(idEscova, escova));
  await expect
    .poll(async () => (await storedCart(page)).map((l) => [l.id, l.quantity]))
    .toEqual([
      [idFio, 3],
      [idEscova, 1],
    ]);

  // Meanwhile the staff count 1 toothfloss left and no brush.
  await mover(request, token, idFio, { tipo: 'ajuste', quantidade: 1, motivo: 'Contagem: uma unidade' });
  await mover(request, token, idEscova, { tipo: 'perda', quantidade: 2, motivo: 'Lote vencido' });

  await page.getByRole('button', { name: /^Sacola/ }).click();
  const aviso = page.getByRole('dialog', { name: 'Sacola' }).getByTestId('aviso-estoque');
  await expect(aviso).toContainText(`Resta apenas 1 unidade de ${fio}.`);
  await expect(aviso).toContainText(`${escova} esgotou.`);
  await expect.poll(async () => (await storedCart(page)).map((l) => [l.id, l.quantity])).toEqual([[idFio, 1]]);
  // The brush's page says it is unavailable.
  await page.goto(`/details/${idEscova}`);
  await expect(page.getByText('Produto indisponível', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Incluir' })).toHaveCount(0);
  // Back on the shelf (and out of 'Estoque baixo', their minimum being 0) for the next runs.
  await mover(request, token, idEscova, { tipo: 'entrada', quantidade: 1 });
});

test('esgotado: Avise-me quando chegar; a equipe dá entrada e o e-mail chega uma vez @mobile', async ({
  page,
  request,
}, testInfo) => {
  const token = await staffToken(request);
  const nome = `Escova da jornada ${stamp()}`;
  const id = await novoProduto(request, token, nome, 0, 0);
  const email = `avise-${stamp()}@example.com`;

  await page.goto(`/details/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: nome })).toBeVisible();
  await expect(page.getByText('Produto indisponível', { exact: true })).toBeVisible();
  const aviso = page.getByRole('region', { name: 'Avise-me quando chegar' });
  await expect(aviso).toBeVisible();
  await shotOnce(page, testInfo, 'avise-me');
  await aviso.getByLabel('Seu e-mail').fill(email);
  await aviso.getByRole('button', { name: 'Avise-me' }).click();
  await expect(aviso.getByText('Pronto! Avisaremos você por e-mail quando o produto chegar.')).toBeVisible();

  // The same e-mail again: already registered.
  await page.reload();
  await aviso.getByLabel('Seu e-mail').fill(email);
  await aviso.getByRole('button', { name: 'Avise-me' }).click();
  await expect(aviso.getByText('Você já está na lista: avisaremos por e-mail quando o produto chegar.')).toBeVisible();

  await mover(request, token, id, { tipo: 'entrada', quantidade: 6, motivo: 'NF da jornada' });
  const assunto = `${nome} chegou!`;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/sandbox/emails?para=${encodeURIComponent(email)}`);
        return ((await res.json()).content as Array<{ assunto: string }>).filter((e) => e.assunto === assunto).length;
      },
      { timeout: 20_000 },
    )
    .toBe(1);
  const [mensagem] = (await (await request.get(`/api/sandbox/emails?para=${encodeURIComponent(email)}`)).json())
    .content as Array<{
    texto: string;
  }>;
  expect(mensagem!.texto).toContain(`/details/${id}`);
  // Sellable again: the page offers 'Incluir' and no more 'Avise-me'.
  await page.goto(`/details/${id}`);
  await expect(page.getByRole('button', { name: 'Incluir' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Avise-me quando chegar' })).toHaveCount(0);
});

test('a equipe registra uma perda no produto e ele aparece em Estoque baixo @mobile', async ({
  page,
  request,
}, testInfo) => {
  const token = await staffToken(request);
  const nome = `Abridor de boca da jornada ${stamp()}`;
  const id = await novoProduto(request, token, nome, 8, 5);
  await signInWithEmail(page, ACCOUNTS.equipe.email, ACCOUNTS.equipe.password);

  await page.goto(`/editProduct/${id}`);
  const secao = page.getByTestId('product-stock');
  const figuras = secao.getByLabel('Estoque do produto');
  await expect(figuras).toContainText('Em estoque8');
  await secao.getByRole('button', { name: 'Ajustar estoque' }).click();
  const form = secao.getByRole('form', { name: 'Ajustar estoque' });
  await form.getByLabel('Perda').check();
  await form.getByLabel('Unidades perdidas').fill('5');
  await form.getByRole('button', { name: 'Registrar movimento' }).click();
  await expect(form.getByText('Informe o motivo do ajuste.')).toBeVisible();
  await form.getByLabel('Motivo').fill('Avaria no transporte');
  await form.getByRole('button', { name: 'Registrar movimento' }).click();
  await expect(page.getByText('Perda registrada.', { exact: true })).toBeVisible();
  await expect(figuras).toContainText('Disponível3');
  await expect(secao.getByText('Estoque baixo', { exact: true })).toBeVisible();
  await expect(secao.getByTestId('stock-movement').first()).toContainText('Avaria no transporte');
  await secao.scrollIntoViewIfNeeded();
  if (testInfo.project.name === 'desktop') {
    await saveShot(page, 'estoque-produto', { widths: [375, 1440], target: secao });
  }

  await page.goto('/estoque-baixo?size=20');
  await expect(page.getByRole('heading', { level: 1, name: 'Estoque baixo' })).toBeVisible();
  const linha = page.getByTestId('low-stock-row').filter({ hasText: nome });
  await expect(linha).toBeVisible();
  await shotOnce(page, testInfo, 'lista');
  await linha.getByRole('link', { name: `Abrir o produto ${nome}` }).click();
  await expect(page).toHaveURL(new RegExp(`/editProduct/${id}$`));
});

test('o painel de vendas avisa dos produtos com estoque baixo', async ({ page }, testInfo) => {
  await signInWithEmail(page, ACCOUNTS.admin.email, ACCOUNTS.admin.password);
  await page.goto('/dashboard');
  const aviso = page.getByTestId('low-stock-notice');
  await expect(aviso).toContainText(/\d+ produtos? com estoque baixo/);
  await shotOnce(page, testInfo, 'painel');
  await aviso.getByRole('link', { name: /Ver estoque baixo/ }).click();
  await expect(page).toHaveURL(/\/estoque-baixo$/);
});
