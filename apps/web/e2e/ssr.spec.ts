import type { Locator, Page } from '@playwright/test';
import { ACCOUNTS, apiContent, type Card, expect, signInWithEmail, siteBanners, storedCart, test } from './fixtures';

/** Errors the page reports: a hydration that did not match the server's HTML is one (React's recoverable error). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/**
 * What is missing for the page's main heading to be styled as the app styles it: its CSS module classes that no rule
 * of the page's stylesheets names (the route's stylesheet was not linked), or why it cannot be checked.
 */
async function unstyledHeading(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selectors = [...document.styleSheets]
      .flatMap((sheet) => [...sheet.cssRules])
      .flatMap((rule) => (rule instanceof CSSStyleRule ? [rule.selectorText] : []));
    const heading = document.querySelector('main h1');
    if (!heading) return ['sem h1 em main'];
    if (heading.classList.length === 0) return ['h1 sem classe'];
    return [...heading.classList].filter((c) => !selectors.some((s) => s.includes(`.${c}`)));
  });
}

/** The CSS module classes of an element that no rule of the page's stylesheets names. */
async function unstyledClasses(locator: Locator): Promise<string[]> {
  return locator.evaluate((element) => {
    const selectors = [...document.styleSheets]
      .flatMap((sheet) => [...sheet.cssRules])
      .flatMap((rule) => (rule instanceof CSSStyleRule ? [rule.selectorText] : []));
    return [...element.classList].filter((c) => !selectors.some((s) => s.includes(`.${c}`)));
  });
}

test('sem JavaScript, a página inicial, a loja e o produto já mostram o conteúdo (ADR 019) @mobile', async ({
  browser,
  page,
}) => {
  // The first card of the first category: without JavaScript a phone's carousel shows only its first card.
  const categorias = await apiContent<{ listaProduto: Card[] }[]>(page, '/produto/categoria');
  const card = categorias.find((c) => c.listaProduto.length > 0)?.listaProduto[0];
  const [banner] = await siteBanners(page);
  expect(card, 'um produto nos dados de demonstração').toBeDefined();
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const noJs = await context.newPage();
    await noJs.goto('/');
    await expect(noJs.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await unstyledHeading(noJs), '/').toEqual([]);
    // The clinic's data is in every rendered page: the footer's e-mail and the floating WhatsApp link.
    await expect(noJs.getByRole('contentinfo').locator('a[href^="mailto:"]')).toBeAttached();
    await expect(noJs.getByRole('link', { name: 'Fale conosco pelo WhatsApp (abre em nova aba)' })).toHaveAttribute(
      'href',
      /^https:\/\/wa\.me\/55\d+$/,
    );
    await expect(noJs.getByRole('link', { name: 'Loja', exact: true }).first()).toBeVisible();

    await noJs.goto('/loja');
    // The head is the page's own, for search results and link previews that do not run scripts.
    await expect(noJs).toHaveTitle('Loja | Sorriso Pleno');
    const main = noJs.getByRole('main');
    await expect(main.getByRole('link', { name: card!.nome }).first()).toBeAttached();
    if (banner) await expect(main.getByRole('heading', { name: banner.titulo })).toBeAttached();

    await noJs.goto(`/details/${card!.id}`);
    await expect(noJs.getByRole('heading', { level: 1, name: card!.nome })).toBeVisible();
    expect(await unstyledHeading(noJs), 'produto').toEqual([]);
    // The product's structured data is in the HTML, for search engines that do not run scripts.
    const jsonLd = await noJs.locator('script[type="application/ld+json"]').first().textContent();
    expect(JSON.parse(jsonLd ?? '{}')).toMatchObject({ '@type': 'Product', name: card!.nome });
    await expect(noJs).toHaveTitle(`${card!.nome} | Sorriso Pleno`);
    await expect(noJs.locator('head link[rel="canonical"]')).toHaveAttribute(
      'href',
      new RegExp(`/details/${card!.id}$`),
    );
    await expect(noJs.locator('head meta[property="og:title"]')).toHaveAttribute(
      'content',
      `${card!.nome} | Sorriso Pleno`,
    );
    await expect(noJs.locator('body link[rel="canonical"]')).toHaveCount(0);

    // The contact page and the articles carry the clinic's data (read on the server) and their own head.
    await noJs.goto('/contato');
    await expect(noJs).toHaveTitle('Contato | Sorriso Pleno');
    await expect(noJs.getByRole('heading', { level: 1, name: 'Contato' })).toBeVisible();
    expect(await unstyledHeading(noJs), '/contato').toEqual([]);
    await expect(noJs.getByLabel('Nome')).toBeAttached();
    await expect(noJs.locator('main a[href^="mailto:"]').first()).toBeAttached();
    await expect(noJs.locator('head link[rel="canonical"]')).toHaveAttribute('href', /\/contato$/);
    await noJs.goto('/artigos');
    await expect(noJs).toHaveTitle('Artigos | Sorriso Pleno');
    await expect(noJs.getByRole('tab', { name: 'Artigos' })).toBeVisible();
    expect(await unstyledHeading(noJs), '/artigos').toEqual([]);
    await expect(noJs.getByRole('link', { name: /^Baixar PDF/ }).first()).toBeAttached();

    // The signed-out forms are rendered too, styled (the form's own stylesheets are linked though its code comes
    // later), and cannot be used before the app runs them: a submit would send the fields without their rules.
    for (const [url, title, field, submit] of [
      ['/signIn', 'Entrar', 'E-mail', 'Entrar'],
      ['/signUp', 'Criar conta', 'CPF ou CNPJ', 'Avançar'],
      ['/forgot', 'Recuperar senha', 'E-mail', 'Enviar código'],
    ] as const) {
      await noJs.goto(url);
      await expect(noJs).toHaveTitle(`${title} | Sorriso Pleno`);
      await expect(noJs.getByRole('heading', { level: 1, name: title })).toBeVisible();
      const input = noJs.getByRole('textbox', { name: field });
      await expect(input).toBeVisible();
      await expect(input).toBeDisabled();
      expect(await unstyledClasses(input), `${url}: ${field}`).toEqual([]);
      await expect(noJs.getByRole('button', { name: submit, exact: true })).toBeDisabled();
    }
  } finally {
    await context.close();
  }
});

test('as páginas renderizadas no servidor hidratam sem divergência e funcionam (ADR 019)', async ({ page }) => {
  const errors = collectErrors(page);
  const banners = await siteBanners(page);
  // The first card of the first category: without JavaScript a phone's carousel shows only its first card.
  const categorias = await apiContent<{ listaProduto: Card[] }[]>(page, '/produto/categoria');
  const card = categorias.find((c) => c.listaProduto.length > 0)?.listaProduto[0];
  const urls = ['/', '/loja', `/details/${card!.id}`, `/details/${card!.id}/true`, '/contato', '/artigos'];
  for (const url of [...urls, '/signIn', '/signUp', '/forgot']) {
    await page.goto(url);
    // A form (lib/page-part.tsx) works once its own code has come: its fields are then enabled.
    if (url === '/contato' || url === '/signIn' || url === '/forgot')
      await expect(page.getByRole('textbox', { name: url === '/contato' ? 'Nome' : 'E-mail' })).toBeEnabled();
    if (url === '/signUp') await expect(page.getByRole('textbox', { name: 'CPF ou CNPJ' })).toBeEnabled();
    // The ids React gave on the server are the ones the hydrated page refers to (useId matched), also once the
    // carousels below the fold have started and re-rendered their sections.
    for (const region of await page.getByRole('main').locator('section').all()) await region.scrollIntoViewIfNeeded();
    if (url === '/loja') await expect(page.locator('.swiper-initialized').first()).toBeAttached();
    await page.waitForLoadState('networkidle');
    const broken = await page.evaluate(() =>
      [...document.querySelectorAll('[aria-labelledby], [aria-describedby], label[for]')]
        .flatMap((el) =>
          ['aria-labelledby', 'aria-describedby', 'for'].flatMap((attr) =>
            (el.getAttribute(attr) ?? '')
              .split(' ')
              .filter((id) => id && !document.getElementById(id))
              .map((id) => `${el.tagName} ${attr}=${id}`),
          ),
        )
        .slice(0, 5),
    );
    expect(broken, url).toEqual([]);
    // The app's code downloads once the page has loaded (boot.ts): only the boot script and its two helpers before.
    const early = await page.evaluate(() => {
      const [nav] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      return performance
        .getEntriesByType('resource')
        .filter((e) => /\/assets\/[\w.-]+\.js$/.test(e.name) && e.startTime < nav!.loadEventStart)
        .map((e) => e.name.replace(/^.*\/assets\//, ''));
    });
    expect(early.length, url).toBeGreaterThan(0);
    expect(
      early.filter((file) => !/^(boot|preload-helper|rolldown-runtime)-/.test(file)),
      url,
    ).toEqual([]);
    // The server's canonical link is the one the page keeps up to date: never a second one (the signed-out forms
    // declare none).
    if (urls.includes(url)) await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
  }
  expect(errors).toEqual([]);

  // Hydrated: the buttons work.
  const index = banners.findIndex((b) => b.disponivel);
  expect(index).toBeGreaterThanOrEqual(0);
  await page.goto('/loja');
  await page.getByRole('button', { name: 'Comprar' }).nth(index).click();
  await expect.poll(async () => (await storedCart(page)).length).toBe(1);
  await expect(page.getByRole('button', { name: /^Sacola: 1 ite/ })).toBeVisible();
  expect(errors).toEqual([]);
});

test('um cliente com sessão guardada recebe a página do servidor e vê o seu menu, sem divergência (ADR 019)', async ({
  page,
}) => {
  await signInWithEmail(page, ACCOUNTS.cliente.email, ACCOUNTS.cliente.password);
  const errors = collectErrors(page);
  for (const url of ['/', '/loja']) {
    await page.goto(url);
    await expect(page.getByRole('button', { name: 'Abrir menu do usuário' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Entrar na minha conta' })).toHaveCount(0);
  }
  expect(errors).toEqual([]);
});
