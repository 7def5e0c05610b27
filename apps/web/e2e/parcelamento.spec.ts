import type { Page, TestInfo } from '@playwright/test';
import {
  ACCOUNTS,
  addFromDetails,
  apiContent,
  brl,
  catalogCards,
  expect,
  fillCard,
  newCustomer,
  saveShot,
  signInWithEmail,
  storedSession,
  test,
  TEST_CARDS,
  unownedCourse,
} from './fixtures';

/**
 * Card installments, the PIX discount and the Gerente's screen of the commercial rules
 * (docs/behaviour/payments.md#installments, #pix-discount; docs/behaviour/back-office.md#commercial-rules), on the
 * demo store's rules: up to 10x, 3 interest-free, 1,99 % a month beyond, R$ 30,00 the smallest installment; 5 % off
 * by PIX. With SHOTS_DIR set, screenshots are written there.
 */

interface Regras {
  parcelamento: { maxParcelas: number; parcelasSemJuros: number; jurosMensal: number; parcelaMinima: number };
  pix: { desconto: number };
}

const shot = (page: Page, testInfo: TestInfo, name: string) =>
  saveShot(page, `parcelas-${testInfo.project.name}-${name}`, { settleMs: 300 });

/** Tabela Price in reais, rounded as the store rounds (ADR 024): the regular installment and the total. */
function price(valor: number, jurosMensal: number, n: number) {
  const i = jurosMensal / 100;
  const pmt = (valor * i) / (1 - (1 + i) ** -n);
  return { parcela: Math.round(pmt * 100) / 100, total: Math.round(pmt * n * 100) / 100 };
}

test('cartão em 6x com juros: o custo total aparece antes de pagar, e o pedido mostra as 6 parcelas @mobile', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const regras = await apiContent<Regras>(page, '/condicoescomerciais/');
  expect(regras.parcelamento).toMatchObject({ maxParcelas: 10, parcelasSemJuros: 3, jurosMensal: 1.99 });
  const conta = await newCustomer(page.request, 'Renata Parcelas Lima');
  await signInWithEmail(page, conta.email, conta.password);
  const session = await storedSession(page);
  // A course (no freight) whose 6 installments stay above the smallest one.
  const curso = await unownedCourse(
    page,
    'cheapest',
    { token: session.token!, idUser: session.user!.idUser },
    {
      atLeast: 200,
    },
  );
  const seis = price(curso.preco, regras.parcelamento.jurosMensal, 6);

  await addFromDetails(page, curso);
  await page.goto('/checkout');
  await page.getByRole('button', { name: 'Finalizar compra' }).click();
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue(conta.email);
  await page.getByRole('button', { name: 'Avançar' }).click();
  await expect(page.getByLabel('Nome completo')).toHaveValue(conta.nome);
  await page.getByRole('button', { name: 'Avançar' }).click();
  await page.getByRole('button', { name: 'Avançar' }).click();
  await expect(page.getByRole('button', { name: 'Enviar pagamento' })).toBeVisible();

  await fillCard(page, TEST_CARDS.mastercard, 'APRO');
  const select = page.getByLabel('Parcelamento');
  await expect(select.locator('option')).toHaveCount(10);
  await expect(select.locator('option').first()).toHaveText(`À vista: ${brl(curso.preco)}`);
  await select.selectOption('6');
  // Before paying (CDC art. 52): the cash price, the rate a month and a year, the interest and the total.
  const resumo = page.getByTestId('installment-summary');
  await expect(resumo).toContainText(`Preço à vista${brl(curso.preco)}`);
  await expect(resumo).toContainText(`Parcelas6x de ${brl(seis.parcela)}`);
  await expect(resumo).toContainText('Taxa de juros1,99% ao mês (26,68% ao ano)');
  await expect(resumo).toContainText(`Total a prazo${brl(seis.total)}`);
  await expect(page.getByTestId('pay-total')).toContainText(brl(seis.total));
  await shot(page, testInfo, '1-cartao-6x');

  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/pedido/create') && r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Enviar pagamento' }).click(),
  ]);
  expect(response.status()).toBe(201);
  const pedido = (await response.json()).content as { id: number; situacaoPedido: string };
  expect(pedido.situacaoPedido).toBe('PAGO');

  // The confirmation stays until the customer moves on; the order's dialog shows the 6 installments and the total.
  await expect(page.getByRole('heading', { name: 'Pedido criado!' })).toBeVisible();
  await page.getByRole('link', { name: 'Ver meus pedidos' }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${session.user!.idUser}$`), { timeout: 8000 });
  await page.getByRole('button', { name: `Ver pedido #${pedido.id}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Pedido #${pedido.id}` });
  await expect(dialog.getByTestId('order-installments')).toHaveText(
    `6x de ${brl(seis.parcela)} (total ${brl(seis.total)})`,
  );
  await shot(page, testInfo, '2-pedido-6x');
});

test('o cartão de produto e a página do produto mostram o preço no PIX e as parcelas sem juros @mobile', async ({
  page,
}, testInfo) => {
  const regras = await apiContent<Regras>(page, '/condicoescomerciais/');
  // A physical product priced high enough for 3 interest-free installments of R$ 30,00 or more.
  const produto = (await catalogCards(page))
    .filter((p) => !p.digital && p.disponivel && p.preco >= 90)
    .sort((a, b) => a.preco - b.preco)[0]!;
  // In cents, as the store works them out: the discount rounded half up (pix-discount.ts), 3x splitting the cents.
  const cents = Math.round(produto.preco * 100);
  const desconto = Math.floor((cents * Math.round(regras.pix.desconto * 100) + 5000) / 10_000);
  const noPix = brl((cents - desconto) / 100);
  const emTres = brl(Math.floor(cents / 3) / 100);

  await page.goto('/loja');
  // The carousels mount once the browser is idle and render their cards again: the locator is found anew each time.
  const card = page.getByTestId('product-card').filter({ hasText: produto.nome }).first();
  // On a phone the carousels further down mount as they come into view: scroll until the product's is there.
  await expect(async () => {
    if ((await card.count()) === 0) await page.mouse.wheel(0, 800);
    await expect(card).toHaveCount(1, { timeout: 500 });
  }).toPass({ timeout: 20_000 });
  await expect(card.getByTestId('price-offers')).toContainText(`${noPix} no PIX`);
  await expect(card.getByTestId('price-offers')).toContainText(`em até 3x de ${emTres} sem juros`);
  if (process.env.SHOTS_DIR) {
    // A card in view (on a phone the product may sit on a later slide of its carousel).
    await page.waitForLoadState('networkidle');
    const visivel = page
      .getByTestId('product-card')
      .filter({ has: page.getByTestId('price-offers') })
      .first();
    await visivel.scrollIntoViewIfNeeded();
    await saveShot(page, `parcelas-${testInfo.project.name}-3-cartao`, { target: visivel, settleMs: 500 });
  }

  await page.goto(`/details/${produto.id}`);
  // The buy box's (the rows further down, such as 'Quem comprou também levou', have cards with their own).
  const ofertas = page.getByTestId('price-offers').first();
  await expect(ofertas).toContainText(`${noPix} no PIX`);
  await expect(ofertas).toContainText(`em até 3x de ${emTres} sem juros`);
  await shot(page, testInfo, '4-produto');

  // The server-rendered page already has them, before any script runs (ADR 019).
  const html = await (await page.request.get(`/details/${produto.id}`)).text();
  expect(html).toContain(`${noPix} no PIX`);
});

test('o Gerente edita e salva as condições comerciais; a equipe não tem acesso @mobile', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await signInWithEmail(page, ACCOUNTS.equipe.email, ACCOUNTS.equipe.password);
  await page.goto('/condicoes-comerciais');
  await expect(page.getByRole('heading', { level: 1, name: 'Página não encontrada!' })).toBeVisible();

  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signInWithEmail(page, ACCOUNTS.admin.email, ACCOUNTS.admin.password);
  await page.goto('/empresa');
  await page.getByRole('navigation', { name: 'Gestão' }).getByRole('link', { name: 'Comercial' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Condições comerciais' })).toBeVisible();
  const previa = page.getByTestId('commercial-preview');
  await expect(previa.getByRole('listitem')).toHaveCount(10);
  await expect(previa).toContainText('6x de R$ 178,47 com juros (1,99% a.m.) — total R$ 1.070,79');
  await expect(previa).toContainText('R$ 950,00 no PIX');
  await shot(page, testInfo, '5-condicoes');

  // The simulation follows the form; 'Cancelar' keeps the saved rules (other journeys buy with them meanwhile).
  await page.getByRole('button', { name: 'Editar' }).click();
  await page.getByLabel('Máximo de parcelas').fill('12');
  await expect(previa.getByRole('listitem')).toHaveCount(12);
  await shot(page, testInfo, '6-editando');
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByLabel('Máximo de parcelas')).toHaveValue('10');

  // A change that touches no card or PIX payment, saved and then put back.
  const tolerancia = page.getByLabel('Tolerância após o vencimento (dias)');
  for (const dias of ['4', '2']) {
    await page.getByRole('button', { name: 'Editar' }).click();
    await tolerancia.fill(dias);
    await page.getByRole('button', { name: 'Salvar condições' }).click();
    await expect(page.getByText('Condições comerciais salvas com sucesso!').first()).toBeVisible();
    await expect(tolerancia).toBeDisabled();
    await expect(tolerancia).toHaveValue(dias);
  }
  const salvas = await apiContent<{ boleto: { diasTolerancia: number } }>(page, '/condicoescomerciais/');
  expect(salvas.boleto.diasTolerancia).toBe(2);
});
