import type { Page } from '@playwright/test';
import { ACCOUNTS, expect, prepareJourneyPage, signInWithEmail, test, saveShot } from './fixtures';

/**
 * The staff's client list (docs/behaviour/back-office.md#clients, /clients and /Clients): as the
 * seeded USUARIO the demo client is found by its CPF typed with the mask, and
 * its details dialog opens (by a click and by the keyboard) with the client's
 * data and orders section; /Clients reaches the same screen, on a phone. Nothing
 * is written. The screens are saved at 1440 and 375 px into SHOTS_DIR
 * when it is set.
 */

/** A screenshot of the page (the whole list), or of the viewport while a dialog is open. */
const shot = (page: Page, name: string, fullPage = true) => saveShot(page, `backoffice-clients-${name}`, { fullPage });

const abrir = `Abrir cliente ${ACCOUNTS.cliente.nome}`;

/** A row of GET /api/pedido/admin/listagem, as this journey reads it. */
interface UltimoPedido {
  id: number;
  situacaoPedido: string;
  cliente: { id: number; nome: string };
}

// One worker runs both journeys in order, so the USUARIO signs in once.
test.describe.configure({ mode: 'default' });

/** The USUARIO's signed-in browser storage (token and user), made once for both journeys. */
let sessao: { name: string; value: string }[] = [];

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext();
  const page = await prepareJourneyPage(await context.newPage());
  await signInWithEmail(page, ACCOUNTS.equipe.email, ACCOUNTS.equipe.password);
  sessao = (await context.storageState()).origins.flatMap((o) => o.localStorage);
  await context.close();
});

test.beforeEach(async ({ page }) => {
  await page.addInitScript((items) => {
    for (const { name, value } of items) if (localStorage.getItem(name) === null) localStorage.setItem(name, value);
  }, sessao);
});

test('equipe encontra a cliente pelo CPF e abre os dados e os pedidos', async ({ page }) => {
  await page.goto('/clients');
  await expect(page.getByRole('heading', { level: 1, name: 'Lista de clientes' })).toBeVisible();
  const rows = page.getByTestId('client-row');
  await expect(rows.first()).toBeVisible();
  await shot(page, 'lista-1440');

  // The CPF typed digit by digit gets the CPF mask; the filter goes to the address.
  const documento = page.getByLabel('CPF/CNPJ');
  await documento.pressSequentially(ACCOUNTS.cliente.cpf);
  await expect(documento).toHaveValue('529.982.247-25');
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page).toHaveURL(/\/clients\?cpfCnpj=52998224725$/);
  await expect(rows).toHaveCount(1);
  const maria = rows.first();
  await expect(maria.getByRole('link', { name: abrir })).toBeVisible();
  await expect(maria.getByRole('cell', { name: '529.982.247-25' })).toBeVisible();
  await expect(maria.getByRole('cell', { name: '(11) 9 8765-4321' })).toBeVisible();
  await expect(maria.getByRole('cell', { name: 'São Paulo', exact: true })).toBeVisible();
  await expect(maria.getByRole('cell', { name: 'SP', exact: true })).toBeVisible();

  // A click on the row opens the details.
  await maria.getByRole('cell', { name: '(11) 9 8765-4321' }).click();
  const dialog = page.getByTestId('client-dialog');
  await expect(dialog.getByRole('heading', { name: ACCOUNTS.cliente.nome })).toBeVisible();
  await expect(page).toHaveURL(/cliente=\d+/);
  await expect(dialog.getByText('Pessoa física · Cliente #')).toBeVisible();
  await expect(dialog.getByText('529.982.247-25')).toBeVisible();
  await expect(dialog.getByRole('link', { name: ACCOUNTS.cliente.email })).toBeVisible();
  await expect(dialog.getByRole('link', { name: '(11) 9 8765-4321' })).toBeVisible();
  // The address book (ADR 033): the registered address, the default, and the demo's 'Clínica'.
  const enderecos = dialog.getByTestId('client-address');
  await expect(enderecos.first()).toContainText('Casa');
  await expect(enderecos.first()).toContainText('Padrão');
  await expect(enderecos.first()).toContainText('Avenida Paulista, 1578 – Apto 42');
  await expect(enderecos.first()).toContainText('CEP 01310-200');
  await expect(enderecos.filter({ hasText: 'Clínica' })).toContainText('Rua Augusta, 900 – Sala 3');
  await expect(dialog.getByLabel('Resumo dos pedidos')).toBeVisible();
  const pedidos = dialog.getByRole('region', { name: 'Pedidos' });
  await expect(pedidos).toBeVisible();
  // The orders, or the note that there are none (other journeys may have bought as this client).
  await expect(
    pedidos.getByTestId('client-order').first().or(pedidos.getByText('Este cliente ainda não fez pedidos.')),
  ).toBeVisible();
  await shot(page, 'detalhes-1440', false);

  // Esc closes it and goes back to the filtered list; Enter on the name opens it again.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/clients\?cpfCnpj=52998224725$/);
  await maria.getByRole('link', { name: abrir }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('heading', { name: ACCOUNTS.cliente.nome })).toBeVisible();

  // A client of the demo sales: the newest order of the store is the first of its client's list, with its status.
  const token = JSON.parse(sessao.find((item) => item.name === '@Token')!.value) as string;
  const res = await page.request.get('/api/pedido/admin/listagem?size=1&sort=desc&dataInicio=2000-01-01', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  const [ultimo] = ((await res.json()) as { content: { pedidos: UltimoPedido[] } }).content.pedidos;
  expect(ultimo, 'pedidos de demonstração').toBeTruthy();
  await page.goto(`/clients?cliente=${ultimo!.cliente.id}`);
  await expect(dialog.getByRole('heading', { name: ultimo!.cliente.nome })).toBeVisible();
  const primeiro = dialog.getByTestId('client-order').first();
  await expect(primeiro).toContainText(`Pedido #${ultimo!.id}`);
  await expect(primeiro.locator(`[data-status="${ultimo!.situacaoPedido}"]`)).toBeVisible();
  await shot(page, 'pedidos-1440', false);
});

test('/Clients leva à mesma tela; no celular a lista vira cartões e o diálogo cabe na tela', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  // The path's other spelling, with the filter in the address.
  await page.goto('/Clients?cpfCnpj=52998224725');
  await expect(page.getByRole('heading', { level: 1, name: 'Lista de clientes' })).toBeVisible();
  const rows = page.getByTestId('client-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByText('CPF 529.982.247-25')).toBeVisible();
  // Phones: the filters fold under a button that counts them.
  const filtros = page.getByRole('button', { name: /^Filtros/ });
  await expect(filtros).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByLabel('CPF/CNPJ')).toHaveValue('529.982.247-25');
  await filtros.click();
  await expect(page.getByLabel('CPF/CNPJ')).toBeHidden();
  await shot(page, 'lista-375');

  await rows.first().getByRole('link', { name: abrir }).click();
  const dialog = page.getByTestId('client-dialog');
  await expect(dialog.getByRole('heading', { name: ACCOUNTS.cliente.nome })).toBeInViewport();
  await expect(dialog.getByRole('button', { name: 'Fechar' })).toBeInViewport();
  await shot(page, 'detalhes-375', false);
  await dialog.getByRole('button', { name: 'Fechar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/Clients\?cpfCnpj=52998224725$/);
});
