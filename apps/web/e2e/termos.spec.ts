import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import type { Page, TestInfo } from '@playwright/test';
import {
  addFromDetails,
  catalogCards,
  expect,
  generatePix,
  newCustomer,
  saveShot,
  signInWithEmail,
  storedSession,
  test,
  toPaymentStep,
} from './fixtures';

/**
 * The terms of purchase and the order's confirmation (Decreto 7.962/2013; docs/behaviour/site.md#terms-and-privacy,
 * docs/behaviour/bag-and-checkout.md#contract-summary, docs/behaviour/orders.md#order-confirmation-pdf, ADR 035):
 * /termos and /privacidade from the footer, server-rendered; the contract's summary before 'Enviar pagamento' with a
 * way back to correct the delivery; the order's PDF from the order dialog. With SHOTS_DIR set it writes the pages,
 * the summary and the dialog at 375 and 1440 px.
 */

const shot = (page: Page, testInfo: TestInfo, name: string, target?: ReturnType<Page['locator']>) =>
  saveShot(page, `termos-${testInfo.project.name}-${name}`, { settleMs: 300, ...(target ? { target } : {}) });

/** The text of a pdfkit PDF: its deflated content streams' hex strings, decoded as WinAnsi. */
function textoDoPdf(pdf: Buffer): string {
  let texto = '';
  for (const m of pdf.toString('latin1').matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let conteudo: string;
    try {
      conteudo = inflateSync(Buffer.from(m[1]!, 'latin1')).toString('latin1');
    } catch {
      conteudo = m[1]!;
    }
    for (const t of conteudo.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      texto += [...t[1]!.matchAll(/<([0-9a-fA-F]+)>/g)]
        .map((h) => Buffer.from(h[1]!, 'hex').toString('latin1'))
        .join('');
      texto += '\n';
    }
  }
  return texto.replace(/\u00a0/g, ' ');
}

test('o rodapé leva aos termos de compra e à política de privacidade, renderizados pelo servidor @mobile', async ({
  page,
}, testInfo) => {
  // Server-rendered (ADR 019): the text is in the HTML, before any script.
  const html = await (await page.request.get('/termos')).text();
  expect(html).toContain('Direito de arrependimento');
  expect(html).toContain('Desistir da compra');

  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Termos de compra' }).click();
  await expect(page).toHaveURL(/\/termos$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Termos de compra' })).toBeVisible();
  await expect(page).toHaveTitle('Termos de compra | Sorriso Pleno');
  await expect(page.getByText(/^Versão de \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  const clinica = page.getByRole('region', { name: 'Quem vende e atende' });
  await expect(clinica).toContainText(/CNPJ \d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}/);
  await expect(clinica.getByRole('link', { name: /@/ })).toBeVisible();
  await expect(page.getByRole('region', { name: /Direito de arrependimento/ })).toContainText('7 dias');
  await expect(page.getByRole('region', { name: 'Atendimento ao cliente' })).toContainText('até 5 dias');
  await shot(page, testInfo, 'termos');

  await page.getByRole('main').getByRole('link', { name: 'Política de privacidade' }).click();
  await expect(page).toHaveURL(/\/privacidade$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Política de privacidade' })).toBeVisible();
  const tabela = page.getByRole('table');
  await expect(tabela).toContainText('@Token');
  await expect(tabela).toContainText('@shoppingCartItems');
  await expect(page.getByRole('region', { name: 'O que fica guardado no seu navegador' })).toContainText(
    'não usa cookies',
  );
  // True to its word: the store set no cookie while the visitor browsed.
  expect(await page.context().cookies()).toEqual([]);
  await shot(page, testInfo, 'privacidade');
});

test('o resumo do contrato antes de enviar, a correção da entrega e o comprovante em PDF do pedido @mobile', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const fisico = (await catalogCards(page))
    .filter((p) => !p.digital && p.disponivel)
    .sort((a, b) => a.preco - b.preco)[0]!;
  const conta = await newCustomer(page.request, 'Beatriz Amaral Souza');
  await signInWithEmail(page, conta.email, conta.password);
  await addFromDetails(page, fisico);
  await toPaymentStep(page, true, conta);

  // The contract's summary: items, freight, total, payment, delivery, the withdrawal right and the terms.
  const contrato = page.getByTestId('contract-summary');
  await expect(contrato.getByRole('heading', { name: 'Resumo da sua compra' })).toBeVisible();
  await expect(contrato).toContainText(`1 × ${fisico.nome}`);
  await expect(contrato).toContainText(/Frete\s*R\$/);
  await expect(contrato).toContainText('Avenida Paulista');
  await expect(contrato).toContainText('desistir da compra em até 7 dias');
  await expect(contrato.getByTestId('contract-payment')).toContainText('Cartão de crédito');
  const termos = contrato.getByRole('link', { name: /termos de compra/ });
  await expect(termos).toHaveAttribute('href', '/termos');
  await expect(termos).toHaveAttribute('target', '_blank');
  await contrato.scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'resumo', contrato);

  // Back to correct the delivery: the other freight option, then forward again; the summary follows.
  await contrato.getByRole('button', { name: 'Corrigir entrega' }).click();
  await expect(page.getByTestId('contract-summary')).toHaveCount(0);
  const opcoes = page.getByRole('radio', { name: /dias? úte?is/ });
  await expect(opcoes).toHaveCount(2);
  await opcoes.last().check();
  await page.getByRole('button', { name: 'Avançar' }).click();
  await expect(contrato).toBeVisible();

  // PIX: the payment conditions follow the method; the order is created with the terms' version.
  await page.getByRole('radio', { name: 'PIX' }).check();
  await expect(contrato.getByTestId('contract-payment')).toHaveText('PIX à vista');
  const response = await generatePix(page);
  const pedido = ((await response.json()) as { content: { id: number; versaoTermos: string; valorTotal: number } })
    .content;
  expect(pedido.versaoTermos).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  // 'Fechar' leads to the customer's orders (docs/behaviour/payments.md#pix-dialog).
  await page.getByRole('dialog', { name: 'Pagamento via PIX' }).getByRole('button', { name: 'Fechar' }).click();
  const { user } = await storedSession(page);
  await expect(page).toHaveURL(new RegExp(`/orders/${user!.idUser}$`));

  // The order dialog: 'Comprovante do pedido (PDF)', the owner's PDF with the order's number and total.
  await page.getByRole('button', { name: `Ver pedido #${pedido.id}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Pedido #${pedido.id}` });
  const secao = dialog.getByRole('region', { name: 'Comprovante' });
  await expect(secao).toContainText('Termos de compra aceitos');
  await secao.scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'dialogo', secao);
  const [pdf, download] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith(`/api/pedido/${pedido.id}/comprovante.pdf`)),
    page.waitForEvent('download'),
    secao.getByRole('button', { name: 'Comprovante do pedido (PDF)' }).click(),
  ]);
  expect(pdf.status()).toBe(200);
  expect(download.suggestedFilename()).toBe(`pedido-${pedido.id}.pdf`);
  const arquivo = readFileSync((await download.path())!);
  expect(arquivo.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const texto = textoDoPdf(arquivo);
  expect(texto).toContain(`Comprovante de pedido nº ${pedido.id}`);
  expect(texto).toContain(`Total: R$ ${pedido.valorTotal.toFixed(2).replace('.', ',')}`);
  expect(texto).toContain(fisico.nome);
});
