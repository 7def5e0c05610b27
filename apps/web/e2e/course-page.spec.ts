import { MSG_CURSO } from '@clinica/shared/messages-curso';
import type { Page } from '@playwright/test';
import { ACCOUNTS, catalogCards, expect, saveShot, signInWithEmail, test } from './fixtures';

/**
 * A course's product page sells it (ADR 047): a visitor who never signed in opens a course, reads its contents in
 * order with each item's kind and duration and the total, the access period and the 7-day guarantee, the authors and
 * the reviews; plays the free video preview (it really plays: its time moves) and reads the free PDF preview (its
 * first page is drawn), all without buying. With SHOTS_DIR set, the page and the player are saved.
 */
const CURSO = 'Biossegurança e ergonomia no consultório';

test('um visitante vê o conteúdo do curso, o acesso e a garantia, e assiste à prévia grátis sem comprar @mobile', async ({
  page,
}, testInfo) => {
  const curso = (await catalogCards(page)).find((c) => c.nome === CURSO);
  expect(curso, CURSO).toBeTruthy();
  await page.goto(`/details/${curso!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: CURSO })).toBeVisible();

  const conteudo = page.getByTestId('curso-conteudo');
  await expect(conteudo.getByRole('heading', { level: 2, name: MSG_CURSO.conteudoTitulo })).toBeVisible();
  // The seeded items come first (backoffice-contents.spec.ts may add one to this course for a moment).
  await expect(conteudo.getByTestId('curso-resumo')).toHaveText(/^\d+ aulas e materiais · \d+ min no total$/);
  const itens = conteudo.getByTestId('curso-item');
  await expect(itens.nth(0)).toContainText('Boas-vindas e apresentação do curso');
  await expect(itens.nth(0)).toContainText(MSG_CURSO.video);
  await expect(itens.nth(0)).toContainText('5 s');
  await expect(itens.nth(1)).toContainText(MSG_CURSO.pdf);
  await expect(itens.nth(1)).toContainText('20 min');
  await expect(conteudo.getByTestId('curso-acesso')).toContainText(MSG_CURSO.acessoTitulo);
  await expect(conteudo.getByTestId('curso-garantia')).toContainText(
    `${MSG_CURSO.garantiaTitulo}: ${MSG_CURSO.garantiaTexto}`,
  );
  await expect(page.getByRole('heading', { level: 2, name: /^Autor(es)?$/ })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Avaliações' })).toBeVisible();
  // The contents come in the server's HTML (a page part), not after the app starts.
  const html = await (await page.request.get(`/details/${curso!.id}`)).text();
  expect(html).toContain(MSG_CURSO.conteudoTitulo);
  expect(html).toContain('Boas-vindas e apresentação do curso');
  await saveShot(page, `${testInfo.project.name}-curso-pagina`);

  // The video preview plays for real, from the public route, with nobody signed in.
  await page.getByTestId('assistir-previa').click();
  const dialogo = page.getByRole('dialog', {
    name: MSG_CURSO.previaTitulo.replace('{titulo}', 'Boas-vindas e apresentação do curso'),
  });
  await expect(dialogo).toBeVisible();
  const video = dialogo.getByTestId('previa-video');
  await expect(video).toHaveAttribute('src', /\/api\/conteudoproduto\/previa\/\d+$/);
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(0.2);
  await saveShot(page, `${testInfo.project.name}-curso-previa-video`, { fullPage: false });
  await dialogo.getByRole('button', { name: MSG_CURSO.fechar }).click();
  await expect(dialogo).toBeHidden();

  // The handout is a preview too: its first page is drawn.
  await itens
    .nth(1)
    .getByRole('button', { name: `${MSG_CURSO.lerPrevia}: Apostila: biossegurança no atendimento` })
    .click();
  const pdf = page.getByRole('dialog', {
    name: MSG_CURSO.previaTitulo.replace('{titulo}', 'Apostila: biossegurança no atendimento'),
  });
  await expect(pdf.locator('canvas')).toBeVisible({ timeout: 15_000 });
  await expect(pdf.getByText(/^Página 1 de \d+$/)).toBeVisible();
  await saveShot(page, `${testInfo.project.name}-curso-previa-pdf`, { fullPage: false, settleMs: 300 });
  await page.keyboard.press('Escape');
  await expect(pdf).toBeHidden();

  // A lesson that is not a preview stays closed to the visitor.
  const naoPrevia = await page.request.get(`/api/conteudoproduto/stream/${await primeiroItem(page, curso!.id)}`);
  expect(naoPrevia.status()).toBe(401);
});

/** The first item's id of the course (GET /api/produto/{id}). */
async function primeiroItem(page: Page, id: number) {
  const res = await page.request.get(`/api/produto/${id}`);
  return ((await res.json()) as { content: { conteudos: { id: number }[] } }).content.conteudos[0]!.id;
}

test('a página de um curso mostra as avaliações de quem o comprou e os autores @mobile', async ({ page }) => {
  const nome = 'Harmonização Orofacial: fundamentos e planejamento';
  const curso = (await catalogCards(page)).find((c) => c.nome === nome);
  expect(curso, nome).toBeTruthy();
  await page.goto(`/details/${curso!.id}`);
  await expect(page.getByTestId('curso-conteudo').getByTestId('curso-item').nth(2)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /^Autor(es)?$/ })).toBeVisible();
  const avaliacoes = page.locator('#avaliacoes');
  await expect(avaliacoes.getByRole('heading', { level: 2, name: 'Avaliações' })).toBeVisible();
  await expect(avaliacoes).toContainText('Aulas claras e muito bem organizadas.');
});

test('o Gerente marca uma aula como prévia grátis e o visitante a vê na página do curso', async ({ page, browser }) => {
  const nome = 'Toxina botulínica na odontologia';
  const aula = 'Aula 1 — Bruxismo e sorriso gengival';
  const curso = (await catalogCards(page)).find((c) => c.nome === nome);
  expect(curso, nome).toBeTruthy();
  await signInWithEmail(page, ACCOUNTS.admin.email, ACCOUNTS.admin.password);
  await page.goto(`/EditListConteudoProduto/${curso!.id}`);
  const chave = page.getByRole('switch', { name: `${MSG_CURSO.previaSwitch}: ${aula}` });
  await expect(chave).not.toBeChecked();
  await chave.click({ force: true });
  await expect(page.getByText(MSG_CURSO.previaAtivada.replace('{titulo}', aula))).toBeVisible();
  await expect(chave).toBeChecked();

  const visitante = await browser.newContext();
  try {
    const outra = await visitante.newPage();
    await outra.goto(`/details/${curso!.id}`);
    const linha = outra.getByTestId('curso-item').filter({ hasText: aula });
    await expect(linha.getByRole('button', { name: `${MSG_CURSO.assistirPrevia}: ${aula}` })).toBeVisible();
  } finally {
    await visitante.close();
    // Back as seeded.
    await chave.click({ force: true });
    await expect(chave).not.toBeChecked();
  }
});
