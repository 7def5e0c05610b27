import type { Browser, Page } from '@playwright/test';
import { apiContent, catalogCards, expect, storedCart, test } from './fixtures';

/**
 * Taps before the app has started on a page the server rendered (ADR 019): the page shows its buttons at once, and
 * their handlers come with the app's script. A tap in between is held and replayed once the app has started
 * (src/boot.ts), so nothing a shopper taps is lost. The page runs on a slow phone: the CPU 6× slower and the app's
 * entry held back until the taps are done.
 */

/**
 * A visitor's page (no session, an empty bag) on a slow phone, whose app's entry is held back until `release()`: the
 * test taps first and then lets the app start, so the taps land before it whatever the machine's load.
 */
async function slowPhonePage(browser: Browser): Promise<{ page: Page; release: () => void }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return { page, release };
}

const appStarted = (page: Page) => page.evaluate(() => document.documentElement.hasAttribute('data-app-ready'));

test('dois toques em "Incluir" antes de o app iniciar põem duas unidades na sacola @mobile', async ({
  browser,
  page,
}) => {
  // Two units stay below the gift threshold, so the bag holds only this line.
  const { valor: limite } = await apiContent<{ valor: number }>(page, '/condicaodesconto/ativa');
  const card = (await catalogCards(page)).find((p) => !p.digital && p.disponivel && p.preco * 2 < limite)!;
  const { page: slow, release } = await slowPhonePage(browser);
  try {
    // Once the HTML is parsed (boot.ts, a deferred module, has run); the app waits for release().
    await slow.goto(`/details/${card.id}`, { waitUntil: 'domcontentloaded' });
    const incluir = slow.getByRole('button', { name: 'Incluir' });
    await incluir.click();
    await incluir.click();
    expect(await appStarted(slow), 'os toques chegaram antes de o app iniciar').toBe(false);
    release();

    await slow.waitForFunction(() => document.documentElement.hasAttribute('data-app-ready'));
    await expect.poll(async () => (await storedCart(slow)).map((l) => [l.id, l.quantity])).toEqual([[card.id, 2]]);
    await expect(slow.getByTestId('cart-badge')).toHaveText('2');
  } finally {
    await slow.context().close();
  }
});
