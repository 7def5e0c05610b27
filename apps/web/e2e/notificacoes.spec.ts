import type { Page, TestInfo } from '@playwright/test';
import { MSG } from '@clinica/shared/messages';
import { buyCourseByPix, expect, newCustomer, saveShot, signInWithEmail, test, unownedCourse } from './fixtures';

/**
 * Notifications kept on the server (ADR 046): a new customer pays a PIX order in the sandbox, sees the notifications
 * arrive in the bell, reloads and still has them, opens the panel (it fits the screen, closes with Escape and gives
 * the focus back to the bell) and, after another reload, finds them read. At 1440 and 375 px.
 */

const shot = (page: Page, testInfo: TestInfo, name: string) =>
  saveShot(page, `${testInfo.project.name}-${name}`, { fullPage: false, settleMs: 300 });

test('as notificações do pagamento ficam guardadas: chegam, sobrevivem ao recarregar e ficam lidas ao abrir @mobile', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const cliente = await newCustomer(page.request, 'Lúcia Notificada Reis');
  await signInWithEmail(page, cliente.email, cliente.password);
  const bell = page.getByRole('button', { name: 'Notificações' });
  const badge = page.getByTestId('notification-badge');
  await expect(bell).toBeVisible();
  await expect(badge).toHaveCount(0);

  const curso = await unownedCourse(page);
  const { idPedido } = await buyCourseByPix(page, curso, {
    nome: cliente.nome,
    email: cliente.email,
    documento: cliente.cpf,
  });
  const recebido = `Pedido #${idPedido} recebido. Aguardando o pagamento.`;
  // Heard live: the order received and its payment approved.
  await expect(badge).toHaveText('2');

  await page.reload();
  await expect(badge).toHaveText('2');

  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notificações' });
  const itens = panel.getByRole('listitem');
  await expect(itens).toHaveCount(2);
  await expect(itens.nth(0)).toContainText(MSG.pagamentoProcessado);
  await expect(itens.nth(0)).toContainText(`Pedido #${idPedido}`);
  await expect(itens.nth(1)).toContainText(recebido);
  await expect(panel.getByText('Nova')).toHaveCount(2);
  // Opening marks them read.
  await expect(badge).toHaveCount(0);
  // The panel fits the screen: inside the viewport, and the page does not scroll sideways.
  const caixa = (await panel.boundingBox())!;
  const largura = page.viewportSize()!.width;
  expect(caixa.x).toBeGreaterThanOrEqual(0);
  expect(caixa.x + caixa.width).toBeLessThanOrEqual(largura);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(largura);
  await shot(page, testInfo, 'notificacoes-painel');

  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(bell).toBeFocused();

  await page.reload();
  await expect(bell).toBeVisible();
  await expect(badge).toHaveCount(0);
  await bell.click();
  await expect(itens).toHaveCount(2);
  await expect(itens.nth(0)).toContainText(MSG.pagamentoProcessado);
  await expect(panel.getByText('Nova')).toHaveCount(0);
});
