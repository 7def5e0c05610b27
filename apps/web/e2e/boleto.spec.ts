import { readFileSync } from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import {
  addFromDetails,
  catalogCards,
  expect,
  newCompany,
  saveShot,
  signInWithEmail,
  storedSession,
  test,
  type Card,
} from './fixtures';

/**
 * The boleto (docs/behaviour/payments.md#boleto) against the sandbox provider: a company customer (CNPJ) finds boleto
 * preselected, pays the order by boleto, copies the line, pays it at /sandbox/boleto in another page, and the checkout
 * shows the payment approved by itself; the order is then PAGO. With SHOTS_DIR set, it writes the boleto screens.
 */

async function physicalProduct(page: Page): Promise<Card> {
  return (await catalogCards(page)).filter((p) => !p.digital && p.disponivel).sort((a, b) => a.preco - b.preco)[0]!;
}

const shot = (page: Page, testInfo: TestInfo, name: string) =>
  saveShot(page, `${testInfo.project.name}-${name}`, { settleMs: 400 });

test('boleto: empresa com boleto pré-selecionado, linha copiada, paga em /sandbox/boleto e aprovada ao vivo @mobile', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const fisico = await physicalProduct(page);
  const conta = await newCompany(page.request);
  await signInWithEmail(page, conta.email, conta.password);
  await addFromDetails(page, fisico);

  // From the bag to the payment step: the e-mail and the company's data are prefilled.
  await page.goto('/checkout');
  await page.getByRole('button', { name: 'Finalizar compra' }).click();
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue(conta.email);
  await page.getByRole('button', { name: 'Avançar' }).click();
  await expect(page.getByLabel('Razão social')).toHaveValue(conta.razaoSocial);
  await page.getByRole('button', { name: 'Avançar' }).click();
  // The registered address, the book's default card (docs/behaviour/bag-and-checkout.md#saved-addresses).
  await expect(page.getByRole('radio', { name: /Principal/ })).toBeChecked();
  const options = page.getByRole('radio', { name: /dias? úte?is/ });
  await expect(options).toHaveCount(2);
  await options.first().check();
  await page.getByRole('button', { name: 'Avançar' }).click();

  // A company: boleto comes chosen (the demo store's rule), with what happens next.
  const boletoOpcao = page.getByRole('radio', { name: 'Boleto bancário' });
  await expect(boletoOpcao).toBeChecked();
  await expect(page.getByTestId('boleto-nao-gerado')).toContainText('O boleto vence em 3 dias úteis');
  await shot(page, testInfo, 'boleto-escolhido');

  const criado = page.waitForResponse((r) => r.url().endsWith('/api/pedido/create') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Enviar pagamento' }).click();
  const pedidoId = ((await (await criado).json()) as { content: { id: number } }).content.id;

  const boleto = page.getByTestId('boleto');
  await expect(boleto).toBeVisible();
  await expect(page.getByTestId('boleto-vencimento')).toHaveText(/^Vence em \d{2}\/\d{2}\/\d{4}$/);
  await expect(page.getByTestId('boleto-valor')).toHaveText(/^R\$\s?\d/);
  await expect(boleto.getByRole('button', { name: 'Baixar boleto (PDF)' })).toBeVisible();
  const linhaNaTela = await page.getByTestId('boleto-linha').inputValue();
  expect(linhaNaTela).toMatch(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/);

  // 'Copiar' puts the line's 47 digits on the clipboard.
  await boleto.getByRole('button', { name: 'Copiar a linha digitável' }).click();
  await expect(boleto.getByRole('button', { name: 'Copiado!' })).toBeVisible();
  const copiada = await page.evaluate(() => navigator.clipboard.readText());
  expect(copiada).toBe(linhaNaTela.replace(/\D/g, ''));
  await shot(page, testInfo, 'boleto-gerado');

  // The PDF downloads, and it is a PDF.
  const baixado = page.waitForEvent('download');
  await boleto.getByRole('button', { name: 'Baixar boleto (PDF)' }).click();
  const download = await baixado;
  expect(download.suggestedFilename()).toBe(`boleto-pedido-${pedidoId}.pdf`);
  expect(
    readFileSync(await download.path())
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-');

  // The customer's bank: the sandbox page in another page, the line pasted.
  const banco = await context.newPage();
  await banco.goto('/sandbox/boleto');
  await banco.getByLabel('Linha digitável do boleto').fill(copiada);
  await banco.getByRole('button', { name: 'Consultar boleto' }).click();
  const noBanco = banco.getByTestId('sandbox-boleto');
  await expect(noBanco).toContainText('Aguardando pagamento');
  await expect(noBanco).toContainText(`nº ${pedidoId}`);
  await expect(noBanco).toContainText(conta.razaoSocial);
  await saveShot(banco, `${testInfo.project.name}-boleto-sandbox`, { settleMs: 400 });
  await banco.getByRole('button', { name: 'Pagar boleto' }).click();
  await expect(banco.getByText('Boleto pago! O pedido será atualizado em instantes.')).toBeVisible();
  await banco.close();

  // Back at the checkout: the approval arrives by itself.
  const sucesso = page.getByRole('dialog', { name: 'Sucesso!' });
  await expect(sucesso).toBeVisible({ timeout: 20_000 });
  await expect(sucesso).toContainText('Pagamento processado com sucesso!');
  await expect(page.getByTestId('boleto')).toBeHidden();
  await shot(page, testInfo, 'boleto-aprovado');
  await sucesso.getByRole('button', { name: 'OK' }).click();

  // The order is PAGO, paid by boleto.
  const { user, token } = await storedSession(page);
  await expect(page).toHaveURL(new RegExp(`/orders/${user!.idUser}$`));
  const lido = await page.request.get(`/api/pedido/${pedidoId}`, { headers: { Authorization: `Bearer ${token}` } });
  const pedido = ((await lido.json()) as { content: { situacaoPedido: string; pagamento: { tipoPagamento: string } } })
    .content;
  expect(pedido.situacaoPedido).toBe('PAGO');
  expect(pedido.pagamento.tipoPagamento).toBe('boleto');
  await page
    .getByRole('row', { name: new RegExp(`${pedidoId}`) })
    .first()
    .click();
  const dialogo = page.getByTestId('order-dialog');
  await expect(dialogo).toContainText('Pago');
  await expect(dialogo).toContainText('Boleto');
  await shot(page, testInfo, 'boleto-pedido-pago');
});
