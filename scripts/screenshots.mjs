/**
 * Screenshots of the back-office (and the pages that share its blocks) at 1440 and 375 px, for comparing a screen
 * before and after a change (README, "Screenshots"). Starts the built app on a fresh demo database (as the journeys
 * do), signs in as the demo Gerente and writes one full-page PNG per screen and width.
 *
 *   node scripts/screenshots.mjs <out-dir> [port]
 *
 * Needs the build (`node scripts/build-if-needed.mjs`) and Debian's Chromium.
 */
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { ROOT } from './build-if-needed.mjs';

const outDir = path.resolve(process.argv[2] ?? 'test-results/screenshots');
const port = Number(process.argv[3] ?? 3190);
const base = `http://127.0.0.1:${port}`;
mkdirSync(outDir, { recursive: true });

const server = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
  cwd: ROOT,
  env: { ...process.env, E2E_PORT: String(port) },
  stdio: 'inherit',
});
const stop = () => server.kill('SIGTERM');
process.on('exit', stop);

for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/api/health`)).ok) break;
  } catch {
    /* not up yet */
  }
  if (i > 240) throw new Error('the app did not start');
  await new Promise((r) => setTimeout(r, 500));
}

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});

/** The first row's link target on a list screen (the rows navigate on click). */
async function firstRowPath(page, listPath, rowSelector) {
  await page.goto(base + listPath);
  await page.locator(rowSelector).first().click();
  await page.waitForURL((u) => u.pathname !== listPath);
  return new URL(page.url()).pathname;
}

/** The orders list starts with today's orders: on a fresh demo database, open the last 30 days instead. */
async function showRecentOrders(page) {
  const recent = page.getByRole('button', { name: 'Ver os últimos 30 dias' });
  if (await recent.count()) {
    await recent.click();
    await page.waitForTimeout(1200);
  }
}

async function shoot(width, height) {
  const context = await browser.newContext({
    viewport: { width, height },
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  const page = await context.newPage();
  await page.goto(`${base}/signIn`);
  await page.getByLabel('E-mail').fill('admin@clinica.com.br');
  await page.getByLabel('Senha', { exact: true }).fill('admin123');
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await page.waitForURL(/\/loja$/);

  const screens = [
    ['dashboard', '/dashboard'],
    ['products', '/products'],
    ['new-product', '/newProduct'],
    ['unitarys', '/unitarys'],
    ['new-category', '/newCategory'],
    ['new-discount', '/newDiscount'],
    ['new-author', '/newAuthor'],
    ['clients', '/clients'],
    ['control-access', '/controlAccess'],
    ['new-user', '/newUser'],
    ['orders', '/orders'],
    ['empresa', '/empresa'],
    ['tarefas', '/tarefas'],
    ['cupons', '/cupons'],
    ['new-cupom', '/cupons/novo'],
  ];
  const dynamic = [
    ['edit-product', () => firstRowPath(page, '/products', '[data-testid="product-row"]')],
    ['edit-user', () => firstRowPath(page, '/controlAccess', 'tbody tr')],
    ['edit-cupom', () => firstRowPath(page, '/cupons', '[data-testid="coupon-row"]')],
    ['cupom-usos', async () => `${await firstRowPath(page, '/cupons', '[data-testid="coupon-row"]')}/usos`],
    // The images screen of the first product of the list.
    [
      'product-images',
      async () =>
        (await firstRowPath(page, '/products', '[data-testid="product-row"]')).replace(
          '/editProduct/',
          '/EditListImagemProduto/',
        ),
    ],
  ];
  for (const [name, find] of dynamic) {
    try {
      screens.push([name, await find()]);
    } catch (e) {
      console.warn(`${name}: ${e.message}`);
    }
  }
  for (const [name, route] of screens) {
    await page.goto(base + route);
    // The realtime channel keeps the network busy: wait for the screen's data instead of network idle.
    await page.waitForLoadState('load');
    await page.waitForTimeout(1200);
    await showRecentOrders(page);
    await page.screenshot({ path: path.join(outDir, `${name}-${width}.png`), fullPage: true });
  }
  // The staff's order dialog and a client's dialog: the first row of each list.
  for (const [name, route] of [
    ['order-dialog', '/orders'],
    ['client-dialog', '/clients'],
  ]) {
    await page.goto(base + route);
    await page.waitForTimeout(1200);
    await showRecentOrders(page);
    const row = page.locator('tbody tr').first();
    if (await row.count()) {
      await row.click();
      await page.waitForTimeout(800);
      await page.screenshot({ path: path.join(outDir, `${name}-${width}.png`), fullPage: false });
    }
  }
  await context.close();
}

try {
  await shoot(1440, 900);
  await shoot(375, 812);
  console.log(`screenshots in ${outDir}`);
} finally {
  await browser.close();
  stop();
}
