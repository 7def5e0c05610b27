import type { Page, TestInfo } from '@playwright/test';
import {
  addFromDetails,
  catalogCards,
  expect,
  newCustomer,
  saveShot,
  signInWithEmail,
  test,
  type Card,
} from './fixtures';

/**
 * Freight before checkout (docs/behaviour/bag-and-checkout.md#freight-before-checkout), at 375 and 1440 px: a CEP on
 * the product page quotes that product, the bag quotes its lines that ship, the CEP is remembered (`@cepFrete`) and
 * fills the checkout's address for a customer without one. With SHOTS_DIR set, screenshots are written there.
 */

const RJ = '20040020';
const quote = (page: Page) => page.getByTestId('freight-quote');
const shot = (page: Page, testInfo: TestInfo, name: string, fullPage = false) =>
  saveShot(page, `${testInfo.project.name}-frete-${name}`, { fullPage, settleMs: 500 });

async function physicalProduct(page: Page): Promise<Card> {
  return (await catalogCards(page)).filter((p) => !p.digital && p.disponivel).sort((a, b) => a.preco - b.preco)[0]!;
}

test('frete na página do produto e na sacola; o CEP lembrado preenche o endereço do checkout @mobile', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const produto = await physicalProduct(page);

  // The product page arrives from the server with the quote block in it (ADR 019).
  const html = await (await page.request.get(`/details/${produto.id}`)).text();
  expect(html).toContain('Calcular frete e prazo');

  await page.goto(`/details/${produto.id}`);
  const bloco = quote(page);
  const cep = bloco.getByRole('textbox', { name: 'CEP' });
  await cep.pressSequentially('2004');
  await bloco.getByRole('button', { name: 'Calcular' }).click();
  await expect(bloco.getByText('O campo tem que ter 8 caracteres.')).toBeVisible();

  // A CEP no state has: a clear message, nothing remembered.
  await cep.fill('');
  await cep.pressSequentially('00000001');
  await expect(cep).toHaveValue('00000-001');
  await expect(bloco.getByRole('alert')).toHaveText('CEP não encontrado. Confira o número digitado.');
  expect(await page.evaluate(() => localStorage.getItem('@cepFrete'))).toBeNull();

  // A real CEP: where it is, and each option with its price and delivery days.
  const [cotacao] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/frete/calcular') && r.request().method() === 'POST'),
    (async () => {
      await cep.fill('');
      await cep.pressSequentially(RJ);
    })(),
  ]);
  expect(cotacao.request().postDataJSON()).toEqual({ cep: RJ, pedidoProdutos: [{ id: produto.id, quantidade: 1 }] });
  const opcoes = bloco.getByTestId('freight-option');
  await expect(opcoes).toHaveCount(2);
  await expect(opcoes.first()).toContainText(/Entrega em até \d+ dias? úte?is/);
  await expect(opcoes.first()).toContainText(/R\$ \d+,\d{2}/);
  await expect(bloco.getByText('Entrega para Rio de Janeiro - RJ')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('@cepFrete'))).toBe(JSON.stringify(RJ));
  await bloco.scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'produto');

  // The bag quotes its lines that ship with the remembered CEP, by itself.
  await page.getByRole('button', { name: 'Incluir' }).click();
  await expect(page.getByTestId('cart-badge')).toHaveText('1');
  await page.getByRole('button', { name: /^Sacola/ }).click();
  const sacola = page.getByRole('dialog', { name: 'Sacola' });
  const blocoSacola = sacola.getByTestId('freight-quote');
  await expect(blocoSacola.getByRole('textbox', { name: 'CEP' })).toHaveValue('20040-020');
  await expect(blocoSacola.getByTestId('freight-option')).toHaveCount(2);
  await blocoSacola.scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'sacola');
  await sacola.getByRole('button', { name: 'Continuar comprando' }).click();

  // A customer without an address of their own: the checkout's delivery starts from the remembered CEP.
  const conta = await newCustomer(page.request);
  await page.route(`**/api/profile/${conta.idUser}`, async (route) => {
    const resposta = await route.fetch();
    const envelope = (await resposta.json()) as { content: Record<string, unknown> };
    await route.fulfill({
      response: resposta,
      json: { ...envelope, content: { ...envelope.content, endereco: null } },
    });
  });
  // Nor any saved address (docs/behaviour/bag-and-checkout.md#saved-addresses): the checkout shows the form alone.
  await page.route(`**/api/cliente/${conta.idCliente}/enderecos`, (route) =>
    route.fulfill({ json: { statusCode: 200, message: 'Sucesso.', content: { enderecos: [] } } }),
  );
  await signInWithEmail(page, conta.email, conta.password);
  await page.goto('/checkout');
  await page.getByRole('button', { name: 'Finalizar compra' }).click();
  await page.getByRole('button', { name: 'Avançar' }).click();
  await page.getByRole('button', { name: 'Avançar' }).click();
  await expect(page.getByRole('textbox', { name: 'CEP' })).toHaveValue('20040-020');
  await expect(page.getByLabel('Logradouro')).not.toHaveValue('');
  await expect(page.getByLabel('Estado')).toHaveValue('33');
  await expect(page.getByRole('radio', { name: /dias? úte?is/ })).toHaveCount(2);
  await page.getByLabel('Número').fill('100');
  await shot(page, testInfo, 'checkout-entrega', true);
});

test('um curso não tem frete: a página do produto digital não mostra o cálculo', async ({ page }) => {
  const curso = (await catalogCards(page)).find((p) => p.digital && p.disponivel)!;
  await addFromDetails(page, curso);
  await expect(quote(page)).toHaveCount(0);
  await page.getByRole('button', { name: /^Sacola/ }).click();
  await expect(page.getByRole('dialog', { name: 'Sacola' }).getByTestId('freight-quote')).toHaveCount(0);
});
