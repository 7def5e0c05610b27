import { readFileSync } from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import {
  ACCOUNTS,
  apiContent,
  buyCourseByPix,
  expect,
  signInWithEmail,
  storedSession,
  test,
  unownedCourse,
  saveShot,
} from './fixtures';

/**
 * Library, classroom and certificate (docs/behaviour/library-and-classroom.md): a course bought by PIX in the sandbox (through the
 * API: the order and the sandbox payment), then in the browser: found in the
 * library, the video played and sought (90 % marks it done), the PDF paged to
 * its end, the course rated, finished and its certificate downloaded and
 * verified on the public page. A client without the course gets no access
 * from a pasted URL. With SHOTS_DIR set, the screens are saved at 1440 and 375 px.
 */

const shot = (page: Page, testInfo: TestInfo, name: string) =>
  saveShot(page, `${testInfo.project.name}-${name}`, { widths: [1440, 375], settleMs: 500 });

/** Signed in in the page: the bearer token and ids of the stored session. */
async function auth(page: Page) {
  const { token, user } = await storedSession(page);
  expect(token, 'sessão gravada').toBeTruthy();
  return { token: token!, idUser: user!.idUser, headers: { authorization: `Bearer ${token}` } };
}

test('compra um curso por PIX e o conclui: biblioteca, vídeo, PDF, avaliação e certificado', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await signInWithEmail(page, ACCOUNTS.cliente.email, ACCOUNTS.cliente.password);
  // A course from the gift threshold up, the cheapest not bought yet: the payment journey takes the dearest
  // and the order-list journey one below the threshold (they share this database).
  const condicao = await apiContent<{ valor: number }>(page, '/condicaodesconto/ativa');
  const curso = await unownedCourse(page, 'cheapest', undefined, { atLeast: condicao.valor });
  await buyCourseByPix(page, curso, { ...ACCOUNTS.cliente, documento: '529.982.247-25' });

  // The library: search by name (debounced), then the card opens the classroom.
  await page.goto('/library');
  await expect(page.getByRole('heading', { level: 1, name: 'Minha biblioteca' })).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Buscar na biblioteca' });
  await search.fill('zzz curso inexistente');
  await expect(page.getByText('Produto não encontrado em sua biblioteca')).toBeVisible();
  await search.fill(curso.nome.split(' ')[0]!);
  const card = page.getByRole('link', { name: curso.nome });
  await expect(card).toBeVisible();
  await expect(page.getByTestId('library-card').filter({ hasText: curso.nome })).toContainText('0% concluído');
  await shot(page, testInfo, 'library');
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/classRoom/${curso.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: curso.nome })).toBeVisible();
  await expect(page.getByTestId('welcome')).toContainText('Escolha um conteúdo na lista para começar.');

  const items = page.getByTestId('content-item');
  // Exact: Playwright matches names by substring, and 'Não concluído' contains 'concluído'.
  const doneMark = (i: number) => items.nth(i).getByRole('img', { name: 'Concluído', exact: true });
  const count = await items.count();
  expect(count).toBeGreaterThanOrEqual(2);
  const titles = await items.allTextContents();
  const videoIndex = titles.findIndex((t) => t.includes('Vídeo ·'));
  const pdfIndex = titles.findIndex((t) => t.includes('Leitura ·'));
  expect(videoIndex, 'um vídeo no curso').toBeGreaterThanOrEqual(0);
  expect(pdfIndex, 'um PDF no curso').toBeGreaterThanOrEqual(0);

  // The video: loads from the signed URL, plays, seeks (HTTP Range) and 90 % marks it done.
  await items.nth(videoIndex).click();
  const video = page.getByTestId('video-player');
  await expect(video).toHaveAttribute('src', /\/api\/conteudoproduto\/stream\/\d+\?/);
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 })
    .toBeGreaterThan(0);
  await video.evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    await v.play();
  });
  // Playing: the position moves (on a busy machine it may take a while to start; no fixed wait).
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(0);
  const sought = await video.evaluate(
    (v: HTMLVideoElement) =>
      new Promise<number>((resolve) => {
        v.addEventListener('seeked', () => resolve(v.currentTime), { once: true });
        v.currentTime = v.duration * 0.5;
      }),
  );
  expect(sought).toBeGreaterThan(0);
  await shot(page, testInfo, 'classroom-video');
  await video.evaluate((v: HTMLVideoElement) => {
    v.currentTime = v.duration * 0.95;
  });
  await expect(doneMark(videoIndex)).toBeVisible({ timeout: 15_000 });

  // The PDF: page by page to the last one, which marks the reading done.
  await items.nth(pdfIndex).click();
  const pageInfo = page.getByText(/^Página \d+ de \d+$/);
  await expect(pageInfo).toHaveText(/^Página 1 de \d+$/, { timeout: 15_000 });
  await expect(page.locator('canvas').first()).toBeVisible();
  await shot(page, testInfo, 'classroom-pdf');
  const total = Number((await pageInfo.textContent())!.match(/de (\d+)/)![1]);
  for (let n = 2; n <= total; n++) {
    await page.getByRole('button', { name: 'Próxima', exact: true }).click();
    await expect(pageInfo).toHaveText(`Página ${n} de ${total}`);
  }
  if (total > 1) {
    await page.getByRole('button', { name: 'Anterior' }).click();
    await expect(pageInfo).toHaveText(`Página ${total - 1} de ${total}`);
  }
  await expect(doneMark(pdfIndex)).toBeVisible();

  // Any other item is marked done by hand.
  for (let i = 0; i < count; i++) {
    if (await doneMark(i).count()) continue;
    await items.nth(i).click();
    await page.getByRole('button', { name: 'Marcar como concluído' }).click();
    await expect(doneMark(i)).toBeVisible();
  }
  await expect(page.getByTestId('course-percent')).toHaveText('100% concluído');

  // The rating: stars, 'Confirmar', the feedback dialog, thanks.
  await page.getByRole('radio', { name: '5 estrelas' }).check({ force: true });
  await page.getByRole('button', { name: 'Confirmar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Avaliar curso' });
  await dialog.getByLabel('Conte o que achou do curso (opcional)').fill('Aulas objetivas e material excelente.');
  await dialog.getByRole('button', { name: 'Enviar avaliação' }).click();
  await expect(dialog.getByText('Avaliação feita com sucesso!')).toBeVisible();
  await dialog.getByRole('button', { name: 'Fechar' }).last().click();
  await expect(dialog).toBeHidden();

  // The certificate: the PDF downloads, and its code is genuine on the public page.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar certificado' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^certificado-[0-9A-Z-]+\.pdf$/);
  const file = testInfo.outputPath('certificado.pdf');
  await download.saveAs(file);
  expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');

  await page.getByRole('link', { name: 'Verificar autenticidade' }).click();
  await expect(page).toHaveURL(/\/certificado\/[0-9A-Z-]+$/);
  await expect(page.getByText('Certificado válido.')).toBeVisible();
  await expect(page.getByText(ACCOUNTS.cliente.nome)).toBeVisible();
  await expect(page.getByText(curso.nome)).toBeVisible();
  await expect(page.getByText(ACCOUNTS.cliente.email)).toHaveCount(0);
  await shot(page, testInfo, 'certificado');

  // The library shows the course done.
  await page.goto('/library');
  await expect(page.getByTestId('library-card').filter({ hasText: curso.nome })).toContainText('100% concluído');
});

test('um cliente sem o curso não o abre por uma URL colada', async ({ page }) => {
  await signInWithEmail(page, ACCOUNTS.empresa.email, ACCOUNTS.empresa.password);
  const { headers, idUser } = await auth(page);
  const curso = await unownedCourse(page);
  // The classroom read is refused to a non-owner.
  const res = await page.request.get(`/api/conteudoproduto/produto/${curso.id}/conteudo/${idUser}`, { headers });
  expect(res.status()).toBe(403);

  await page.goto(`/classRoom/${curso.id}`);
  // The classroom asks the client's library first: not there, so the content routes are never called.
  await expect(page.getByText('Produto não encontrado em sua biblioteca')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Acesso não autorizado' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: curso.nome })).toHaveCount(0);
  await expect(page.getByTestId('content-item')).toHaveCount(0);
  await expect(page.getByTestId('video-player')).toHaveCount(0);
});
