import type { Page } from '@playwright/test';
import {
  ACCOUNTS,
  expect,
  openUserMenu,
  prepareJourneyPage,
  signInWithEmail,
  storedSession,
  test,
  saveShot,
} from './fixtures';

/**
 * The manager's sales dashboard (docs/behaviour/back-office.md#sales-dashboard, ADMIN only): the
 * seeded ADMIN opens 'Painel de vendas' from the user menu and sees the demo
 * sales of the seed (non-zero revenue equal to the API's, the charts drawn as
 * SVG, the best sellers), reads a chart's tooltip in pt-BR, and changes the
 * period (7 days, then chosen days) through the address. The seeded USUARIO
 * gets 'Página não encontrada!' at /dashboard and no menu entry. The screens
 * are saved at 1440 and 375 px into SHOTS_DIR when it is set.
 * Orders other journeys place today only add to the figures; nothing here
 * writes.
 */

const shot = (page: Page, name: string) => saveShot(page, `dashboard-${name}`);

/** 'R$ 1.234,56' → 123456. */
const centsOf = (text: string) => Number(text.replace(/[^\d]/g, ''));
/** The clinic's day, 'YYYY-MM-DD', `n` days from today. */
const diaDaClinica = (n = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date(Date.now() + n * 86_400_000));
const ptBR = (dia: string) => dia.split('-').reverse().join('/');

// One worker runs the ADMIN journeys in order, so the ADMIN signs in once.
test.describe.configure({ mode: 'default' });

/** The ADMIN's signed-in browser storage (token and user), made once for the journeys. */
let sessao: { name: string; value: string }[] = [];

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext();
  const page = await prepareJourneyPage(await context.newPage());
  await signInWithEmail(page, ACCOUNTS.admin.email, ACCOUNTS.admin.password);
  sessao = (await context.storageState()).origins.flatMap((o) => o.localStorage);
  await context.close();
});

/** Opens the browser already signed in as the seeded ADMIN. */
async function comoAdmin(page: Page) {
  await page.addInitScript((items) => {
    for (const { name, value } of items) if (localStorage.getItem(name) === null) localStorage.setItem(name, value);
  }, sessao);
}

interface Resumo {
  receita: number;
  pedidosPagos: number;
  ticketMedio: number;
  pedidos: number;
}

test('ADMIN: painel de vendas pelo menu, com as vendas de demonstração', async ({ page }) => {
  await comoAdmin(page);
  await page.goto('/loja');
  const menu = await openUserMenu(page);
  await menu.getByRole('menuitem', { name: /^Painel de vendas/ }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Painel de vendas' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Gestão' }).getByRole('link', { name: 'Painel de vendas' }),
  ).toHaveAttribute('aria-current', 'page');

  // The last 30 days (the default): the demo sales of the seed.
  await expect(page.getByRole('button', { name: '30 dias' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText(`${ptBR(diaDaClinica(-29))} a ${ptBR(diaDaClinica())} · 30 dias`)).toBeVisible();
  const receita = page.getByTestId('kpi-receita').locator('dd').first();
  await expect(receita).toHaveText(/^R\$ [\d.]+,\d{2}$/);
  expect(centsOf((await receita.textContent()) ?? '')).toBeGreaterThan(0);

  // The same figures as the API's for the same days.
  const { token } = await storedSession(page);
  const api = await page.request.get(
    `/api/dashboard/vendas?dataInicio=${diaDaClinica(-29)}&dataFim=${diaDaClinica()}`,
    {
      headers: { Authorization: `Bearer ${token}` },
    },
  );
  expect(api.status()).toBe(200);
  const resumo = ((await api.json()) as { content: { resumo: Resumo } }).content.resumo;
  expect(centsOf((await receita.textContent()) ?? '')).toBe(Math.round(resumo.receita * 100));
  await expect(page.getByTestId('kpi-pagos').locator('dd').first()).toHaveText(String(resumo.pedidosPagos));
  await expect(page.getByTestId('kpi-pedidos').locator('dd').first()).toHaveText(String(resumo.pedidos));

  // Three charts drawn as SVG, each an image with a name; the best sellers listed.
  const charts = page.getByTestId('dashboard-chart');
  await expect(charts).toHaveCount(3);
  for (const chart of await charts.all()) {
    await expect(chart).toHaveAttribute('role', 'img');
    await expect(chart).toHaveAttribute('aria-label', /^Gráfico de /);
    await expect(chart.locator('svg.recharts-surface')).toBeVisible();
  }
  await expect(
    page
      .getByRole('img', { name: /^Gráfico de barras da receita por dia/ })
      .locator('.recharts-bar-rectangle')
      .first(),
  ).toBeVisible();
  await expect(
    page
      .getByRole('img', { name: /^Gráfico de barras dos pedidos por situação/ })
      .locator('.recharts-bar-rectangle')
      .first(),
  ).toBeVisible();
  await expect(
    page
      .getByRole('img', { name: /^Gráfico de rosca/ })
      .locator('.recharts-pie-sector')
      .first(),
  ).toBeVisible();
  const maisVendidos = page.getByTestId('best-seller');
  expect(await maisVendidos.count()).toBeGreaterThanOrEqual(5);
  await expect(maisVendidos.first().getByRole('rowheader')).not.toBeEmpty();
  await expect(page.getByText('Nécessaire de higiene bucal Sorriso Pleno (brinde)')).toHaveCount(0);

  // A tooltip in pt-BR money: hovering the middle of the revenue chart.
  const receitaPorDia = page.getByRole('img', { name: /^Gráfico de barras da receita por dia/ });
  const box = (await receitaPorDia.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.5);
  await expect(page.getByText(/^Receita: R\$ [\d.]+,\d{2}$/)).toBeVisible();

  // 'Ver tabela' shows the chart's numbers on screen.
  const porSituacao = page.getByRole('region', { name: 'Pedidos por situação' });
  await porSituacao.getByRole('button', { name: 'Ver tabela' }).click();
  await expect(porSituacao.getByRole('table')).toBeVisible();
  await expect(porSituacao.getByRole('rowheader', { name: 'Entregue' })).toBeVisible();
  await page.mouse.move(0, 0);
  await shot(page, 'painel-1440');
});

test('ADMIN: troca de período pelo endereço, e o painel a 375 px', async ({ page }) => {
  await comoAdmin(page);
  await page.goto('/dashboard');
  await expect(page.getByTestId('kpi-receita')).toBeVisible();

  // 7 days: in the address, fewer days.
  await page.getByRole('button', { name: '7 dias' }).click();
  await expect(page).toHaveURL(/\/dashboard\?dias=7$/);
  await expect(page.getByText(`${ptBR(diaDaClinica(-6))} a ${ptBR(diaDaClinica())} · 7 dias`)).toBeVisible();
  await expect(page.getByRole('button', { name: '7 dias' })).toHaveAttribute('aria-pressed', 'true');

  // Chosen days: the 60 days before today (all the demo sales), kept in the address and after a reload.
  await page.getByRole('button', { name: 'Personalizado' }).click();
  await page.getByLabel('Data de início').fill(diaDaClinica(-60));
  await page.getByLabel('Data de fim').fill(diaDaClinica(-1));
  await page.getByRole('button', { name: 'Aplicar' }).click();
  await expect(page).toHaveURL(new RegExp(`dataInicio=${diaDaClinica(-60)}&dataFim=${diaDaClinica(-1)}$`));
  await expect(page.getByText(`${ptBR(diaDaClinica(-60))} a ${ptBR(diaDaClinica(-1))} · 60 dias`)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Personalizado' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByLabel('Data de início')).toHaveValue(diaDaClinica(-60));
  const pagos60 = Number((await page.getByTestId('kpi-pagos').locator('dd').first().textContent())?.replace(/\D/g, ''));
  expect(pagos60).toBeGreaterThanOrEqual(20);

  // A period the wrong way round is refused on the screen.
  await page.getByLabel('Data de início').fill(diaDaClinica(-1));
  await page.getByLabel('Data de fim').fill(diaDaClinica(-10));
  await page.getByRole('button', { name: 'Aplicar' }).click();
  await expect(page.getByText('A data final deve ser igual ou posterior à data de início.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`dataInicio=${diaDaClinica(-60)}&dataFim=${diaDaClinica(-1)}$`));

  // The main screen at 375 px.
  await page.goto('/dashboard');
  await page.setViewportSize({ width: 375, height: 812 });
  const charts = page.getByTestId('dashboard-chart');
  await expect(charts).toHaveCount(3);
  for (const chart of await charts.all()) await expect(chart.locator('svg.recharts-surface')).toBeVisible();
  const semRolagem = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(semRolagem).toBe(true);
  // The best sellers fit their card too (no sideways scrolling inside it).
  const tabelaCabe = await page
    .getByTestId('best-seller')
    .first()
    .evaluate((row) => {
      const wrap = row.closest('table')!.parentElement!;
      return wrap.scrollWidth <= wrap.clientWidth;
    });
  expect(tabelaCabe).toBe(true);
  await shot(page, 'painel-375');
});

test('USUARIO: sem entrada no menu, e /dashboard é "Página não encontrada!"', async ({ page }) => {
  await signInWithEmail(page, ACCOUNTS.equipe.email, ACCOUNTS.equipe.password);
  const menu = await openUserMenu(page);
  await expect(menu.getByRole('menuitem', { name: /^Lista de pedidos/ })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: /Painel de vendas/ })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Página não encontrada!' })).toBeVisible();
  await expect(page.getByTestId('dashboard-chart')).toHaveCount(0);
});
