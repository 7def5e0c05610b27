import { readFileSync } from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import {
  ACCOUNTS,
  addFromDetails,
  catalogCards,
  expect,
  generatePix,
  newCustomer,
  prepareJourneyPage,
  saveShot,
  signInWithEmail,
  storedSession,
  test,
  toPaymentStep,
} from './fixtures';

/**
 * The NF-e of a paid order (docs/behaviour/orders.md#invoice, ADR 031) against the offline sandbox: the customer pays
 * a physical product by PIX at /sandbox/pix, the payment's job issues the invoice, the order dialog shows 'Nota
 * fiscal' (read again while it is being issued) with a DANFE that is a PDF; the staff see its number and access key.
 * With SHOTS_DIR set it writes the invoice block, the staff view and the ship form's confirmation at 375 and 1440 px.
 */

const shot = (page: Page, testInfo: TestInfo, name: string, target?: ReturnType<Page['locator']>) =>
  saveShot(page, `nfe-${testInfo.project.name}-${name}`, { settleMs: 300, ...(target ? { target } : {}) });

test('PIX pago: o pedido mostra a nota fiscal com o DANFE em PDF; a equipe vê número e chave @mobile', async ({
  page,
  context,
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const fisico = (await catalogCards(page))
    .filter((p) => !p.digital && p.disponivel)
    .sort((a, b) => a.preco - b.preco)[0]!;
  const conta = await newCustomer(page.request, 'Renata Moraes Lima');
  await signInWithEmail(page, conta.email, conta.password);
  await addFromDetails(page, fisico);
  await toPaymentStep(page, true, conta);
  const response = await generatePix(page);
  const pedidoId = ((await response.json()) as { content: { id: number } }).content.id;
  const pix = page.getByRole('dialog', { name: 'Pagamento via PIX' });
  const codigo = await pix.getByLabel('PIX copia e cola').inputValue();

  // The customer's bank pays it.
  const banco = await context.newPage();
  await banco.goto('/sandbox/pix');
  await banco.getByLabel('Código PIX copia e cola').fill(codigo);
  await banco.getByRole('button', { name: 'Consultar' }).click();
  await expect(banco.getByTestId('sandbox-pix-charge')).toContainText(`nº ${pedidoId}`);
  await banco.getByRole('button', { name: 'Pagar' }).click();
  await expect(banco.getByText('PIX pago! O pedido será atualizado em instantes.')).toBeVisible();
  await banco.close();

  const sucesso = page.getByRole('dialog', { name: 'Sucesso!' });
  await expect(sucesso).toBeVisible({ timeout: 15_000 });
  await sucesso.getByRole('button', { name: 'OK' }).click();
  const { user } = await storedSession(page);
  await expect(page).toHaveURL(new RegExp(`/orders/${user!.idUser}$`));

  // The order: 'Nota fiscal', issued by the job (the dialog reads it again while it is being issued).
  await page
    .getByTestId('order-row')
    .filter({ has: page.getByRole('button', { name: `Ver pedido #${pedidoId}`, exact: true }) })
    .getByRole('button', { name: `Ver pedido #${pedidoId}`, exact: true })
    .click();
  const dialog = page.getByRole('dialog', { name: `Pedido #${pedidoId}` });
  const nota = dialog.getByTestId('order-invoice');
  await expect(nota.getByRole('heading', { name: 'Nota fiscal' })).toBeVisible();
  await expect(nota).toContainText(/NF-e nº \d+, série 1/, { timeout: 30_000 });
  const danfe = nota.getByRole('button', { name: 'DANFE (PDF)' });
  await expect(danfe).toBeVisible();
  await nota.scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'cliente-nota', nota);
  await shot(page, testInfo, 'cliente-dialogo');

  // 'DANFE (PDF)' asks the owner-only route with the session's token and saves what it answers.
  const [pdf, download] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith(`/api/pedido/${pedidoId}/nota-fiscal/danfe.pdf`)),
    page.waitForEvent('download'),
    danfe.click(),
  ]);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect(download.suggestedFilename()).toBe(`nfe-pedido-${pedidoId}.pdf`);
  expect(
    readFileSync((await download.path())!)
      .subarray(0, 4)
      .toString('latin1'),
  ).toBe('%PDF');
  const numero = /NF-e nº (\d+)/.exec((await nota.textContent()) ?? '')![1]!;

  // The staff: the same order with the invoice's number and access key.
  const equipeCtx = await browser.newContext({ viewport: page.viewportSize()! });
  const equipe = await prepareJourneyPage(await equipeCtx.newPage());
  await signInWithEmail(equipe, ACCOUNTS.equipe.email, ACCOUNTS.equipe.password);
  await equipe.goto('/orders');
  await equipe.getByRole('button', { name: `Ver pedido #${pedidoId}`, exact: true }).click();
  const staffDialog = equipe.getByRole('dialog', { name: `Pedido #${pedidoId}` });
  const staffNota = staffDialog.getByTestId('order-invoice');
  await expect(staffNota).toContainText(`NF-e nº ${numero}, série 1`);
  await expect(staffNota).toContainText(/Chave de acesso: (\d{4} ){10}\d{4}/);
  await staffNota.scrollIntoViewIfNeeded();
  await shot(equipe, testInfo, 'equipe-nota', staffNota);

  // The ship form: an issued invoice asks no confirmation.
  await staffDialog.getByRole('button', { name: 'Marcar como enviado' }).click();
  await expect(staffDialog.getByLabel('Código de rastreio')).toBeVisible();
  await expect(staffDialog.getByRole('button', { name: 'Confirmar envio' })).toBeEnabled();
  await expect(staffDialog.getByRole('checkbox', { name: 'Enviar sem nota fiscal emitida' })).toHaveCount(0);

  if (process.env.SHOTS_DIR) {
    // Only for the picture of the confirmation: the same order read as if its invoice had failed (nothing is sent).
    await equipe.route(`**/api/pedido/${pedidoId}/nota-fiscal`, (route) =>
      route.fulfill({
        json: {
          statusCode: 200,
          message: 'Sucesso.',
          content: {
            status: 'falhou',
            provedor: 'sandbox',
            numero: null,
            serie: null,
            chaveAcesso: null,
            motivoFalha: 'Produto sem NCM cadastrado: Espelho bucal.',
            tentativas: 1,
            emitidaEm: null,
          },
        },
      }),
    );
    await staffDialog.getByRole('button', { name: 'Voltar' }).click();
    await equipe.reload();
    await equipe.getByRole('button', { name: `Ver pedido #${pedidoId}`, exact: true }).click();
    await staffDialog.getByRole('button', { name: 'Marcar como enviado' }).click();
    const check = staffDialog.getByRole('checkbox', { name: 'Enviar sem nota fiscal emitida' });
    await expect(check).toBeVisible();
    await expect(staffDialog.getByRole('button', { name: 'Confirmar envio' })).toBeDisabled();
    await staffDialog.getByLabel('Código de rastreio').fill('AA473124829BR');
    await check.check();
    await expect(staffDialog.getByRole('button', { name: 'Confirmar envio' })).toBeEnabled();
    await shot(equipe, testInfo, 'equipe-envio-sem-nota', staffDialog.locator('form'));
  }
  await equipeCtx.close();
});
