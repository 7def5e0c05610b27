import type { Page, TestInfo } from '@playwright/test';
import {
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
} from './fixtures';

/**
 * Discount coupons and free shipping from the bag to the order (docs/behaviour/bag-and-checkout.md#coupons,
 * #free-shipping; ADR 028), on the demo data: BEMVINDO10 (10 % off a first purchase, not with the PIX discount),
 * NATAL2025 (expired on 26/12/2025), free PAC from R$ 300,00 to the South and Southeast. With SHOTS_DIR set,
 * screenshots are written there.
 */

const shot = (page: Page, testInfo: TestInfo, name: string) =>
  saveShot(page, `cupom-${testInfo.project.name}-${name}`, { fullPage: false, settleMs: 900 });

const bag = (page: Page) => page.getByRole('dialog', { name: 'Sacola' });
async function openBag(page: Page) {
  await page.getByRole('button', { name: /^Sacola/ }).click();
  await expect(bag(page)).toBeVisible();
  return bag(page);
}

/** The physical product of the demo catalogue named `nome` (with its price in reais). */
async function produto(page: Page, nome: RegExp) {
  const p = (await catalogCards(page)).find((c) => nome.test(c.nome) && !c.digital && c.disponivel);
  expect(p, `produto ${nome} nos dados de demonstração`).toBeDefined();
  return p!;
}

/** Through the checkout's identification and delivery (the new customer's saved address, the option `frete`). */
async function ateOPagamento(page: Page, frete: RegExp) {
  await page.getByRole('button', { name: 'Finalizar compra' }).click();
  await page.getByRole('button', { name: 'Avançar' }).click();
  await page.getByRole('button', { name: 'Avançar' }).click();
  const opcao = page.getByRole('radio', { name: frete });
  await expect(opcao).toBeVisible();
  await opcao.check();
  await page.getByRole('button', { name: 'Avançar' }).click();
  await expect(page.getByRole('button', { name: 'Enviar pagamento' })).toBeVisible();
}

test('BEMVINDO10 na sacola: aplicado, guardado ao recarregar, levado ao checkout e ao pedido @mobile', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const conta = await newCustomer(page.request, 'Lívia Cupom Andrade');
  await signInWithEmail(page, conta.email, conta.password);
  const espelho = await produto(page, /^Espelho bucal/);
  await addFromDetails(page, espelho);
  const desconto = Math.round(espelho.preco * 10) / 100; // 10 %
  const drawer = await openBag(page);

  await drawer.getByLabel('Cupom de desconto').fill('bemvindo10');
  await drawer.getByRole('button', { name: 'Aplicar' }).click();
  const aplicado = drawer.getByTestId('coupon-applied');
  await expect(aplicado).toContainText(`Cupom aplicado: −${brl(desconto)}`);
  await expect(aplicado).toContainText('Não acumula com o desconto do PIX');
  await expect(aplicado).toContainText('Acumula com o brinde');
  await expect(drawer.getByText(`−${brl(desconto)}`).last()).toBeVisible();
  await shot(page, testInfo, 'sacola-aplicado');

  // Kept with the bag: a reload still has it.
  await page.reload();
  const depois = await openBag(page);
  await expect(depois.getByTestId('coupon-applied')).toContainText(`Cupom aplicado: −${brl(desconto)}`);

  await depois.getByRole('button', { name: 'Finalizar compra' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  const resumo = page.getByTestId('order-summary');
  await expect(resumo.getByTestId('desconto-cupom')).toContainText(`Cupom BEMVINDO10−${brl(desconto)}`);
  await ateOPagamento(page, /PAC/);
  await shot(page, testInfo, 'checkout-cupom');

  await fillCard(page, TEST_CARDS.mastercard, 'APRO');
  const [criado] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/pedido/create') && r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Enviar pagamento' }).click(),
  ]);
  expect(criado.status()).toBe(201);
  const pedido = ((await criado.json()) as { content: { id: number; cupom: { codigo: string; desconto: number } } })
    .content;
  expect(pedido.cupom).toEqual({ codigo: 'BEMVINDO10', desconto, acumulaPix: false });
  await expect(page.getByRole('heading', { name: 'Pedido criado!' })).toBeVisible();

  // The customer's order dialog shows the coupon.
  const session = await storedSession(page);
  await page.goto(`/orders/${session.user!.idUser}`);
  await page.getByRole('button', { name: `Ver pedido #${pedido.id}`, exact: true }).click();
  await expect(page.getByTestId('pedido-cupom')).toContainText(`Cupom BEMVINDO10−${brl(desconto)}`);
  await page.getByTestId('pedido-cupom').scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'pedido-cupom');
});

test('NATAL2025 recusado com o motivo, e nada aplicado @mobile', async ({ page }, testInfo) => {
  const conta = await newCustomer(page.request, 'Otávio Natal Pires');
  await signInWithEmail(page, conta.email, conta.password);
  await addFromDetails(page, await produto(page, /^Espelho bucal/));
  const drawer = await openBag(page);
  await drawer.getByLabel('Cupom de desconto').fill('NATAL2025');
  await drawer.getByRole('button', { name: 'Aplicar' }).click();
  await expect(drawer.getByRole('alert')).toHaveText('Este cupom expirou em 26/12/2025.');
  await expect(drawer.getByTestId('coupon-applied')).toHaveCount(0);
  await shot(page, testInfo, 'sacola-recusado');
  expect(await page.evaluate(() => localStorage.getItem('@cupomSacola'))).toBeNull();
});

test('frete grátis: a barra chega a "Frete grátis" e o PAC do checkout sai Grátis, também no pedido @mobile', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const regras = await apiContent<{ freteGratis: { ativo: boolean; valorMinimo: number; servicos: number[] } }>(
    page,
    '/condicoescomerciais/',
  );
  expect(regras.freteGratis).toMatchObject({ ativo: true, valorMinimo: 300, servicos: [1] });
  const conta = await newCustomer(page.request, 'Caio Frete Moreira');
  await signInWithEmail(page, conta.email, conta.password);
  const kit = await produto(page, /^Kit clareamento caseiro/);
  await addFromDetails(page, kit);
  const drawer = await openBag(page);
  const barra = drawer.getByTestId('free-shipping-progress');
  await expect(barra).toContainText(`Faltam ${brl(300 - kit.preco)} para frete grátis`);
  await shot(page, testInfo, 'sacola-faltam');
  await drawer.getByRole('button', { name: 'Aumentar quantidade' }).first().click();
  await expect(barra).toContainText('Frete grátis');
  await expect(barra).not.toContainText('Faltam');
  await shot(page, testInfo, 'sacola-frete-gratis');

  await drawer.getByRole('button', { name: 'Finalizar compra' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await page.getByRole('button', { name: 'Finalizar compra' }).click();
  await page.getByRole('button', { name: 'Avançar' }).click();
  await page.getByRole('button', { name: 'Avançar' }).click();
  const pac = page.locator('label').filter({ has: page.getByRole('radio', { name: /PAC/ }) });
  await expect(pac.getByTestId('freight-free')).toContainText('Grátis');
  await expect(pac.locator('s')).toBeVisible();
  await shot(page, testInfo, 'checkout-pac-gratis');
  await page.getByRole('radio', { name: /PAC/ }).check();
  await page.getByRole('button', { name: 'Avançar' }).click();
  const resumo = page.getByTestId('order-summary');
  await expect(resumo).toContainText('EntregaGrátis');
  await expect(resumo).toContainText(`Total${brl(kit.preco * 2)}`);

  await fillCard(page, TEST_CARDS.mastercard, 'APRO');
  const [criado] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/pedido/create') && r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Enviar pagamento' }).click(),
  ]);
  expect(criado.status(), await criado.text()).toBe(201);
  expect((await criado.json()).content).toMatchObject({ freteGratis: true, valorFrete: 0 });
});
