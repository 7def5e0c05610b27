import { readFileSync } from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import {
  buyCourseByPix,
  catalogCards,
  expect,
  newCustomer,
  ownedCourseIds,
  saveShot,
  signInWithEmail,
  test,
} from './fixtures';

/**
 * The classroom on a phone (ADR 046), at 375 and 1440 px: a new customer buys a course by PIX, watches its first video
 * (the position is kept: after a reload it resumes there), and at its end 'Assistir a próxima aula' opens the PDF; the
 * PDF fits the screen's width (the page never scrolls sideways), zooms in and out, goes to the next page and
 * downloads (the staff allow it for this handout in the demo data).
 */

const shot = (page: Page, testInfo: TestInfo, name: string) =>
  saveShot(page, `${testInfo.project.name}-${name}`, { fullPage: false, settleMs: 500 });

/** The page scrolls sideways (wider than the screen)? */
const rolaDeLado = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

test('sala de aula no celular: vídeo retoma, próxima aula, PDF na largura da tela com zoom, páginas e download @mobile', async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  const cliente = await newCustomer(page.request, 'Rita Aluna Campos');
  await signInWithEmail(page, cliente.email, cliente.password);
  // The biosafety course: a video, then the handout whose download the demo allows.
  const curso = (await catalogCards(page)).find((c) => c.nome === 'Biossegurança e ergonomia no consultório');
  expect(curso, 'o curso de biossegurança no catálogo').toBeTruthy();
  expect(await ownedCourseIds(page)).not.toContain(curso!.id);
  await buyCourseByPix(page, curso!, { nome: cliente.nome, email: cliente.email, documento: cliente.cpf });

  await page.goto(`/classRoom/${curso!.id}`);
  const items = page.getByTestId('content-item');
  await expect(items).toHaveCount(2);
  await items.nth(0).click();

  // The video: plays from the signed URL; paused at 2 s, the position is saved with the course's progress.
  const video = page.getByTestId('video-player');
  await expect(video).toHaveAttribute('src', /\/api\/conteudoproduto\/stream\/\d+\?/);
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 })
    .toBeGreaterThan(0);
  const salvo = page.waitForResponse(
    (r) =>
      r.request().method() === 'PUT' &&
      /\/progresso$/.test(r.url()) &&
      r.request().postData()?.includes('"posicaoSegundos":2') === true,
  );
  await video.evaluate(
    (v: HTMLVideoElement) =>
      new Promise<void>((resolve) => {
        v.addEventListener('seeked', () => resolve(), { once: true });
        v.currentTime = 2.2;
      }),
  );
  await video.evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    await v.play();
    v.pause();
  });
  expect((await salvo).status()).toBe(200);
  expect(await rolaDeLado(page)).toBe(false);
  await shot(page, testInfo, 'sala-video');

  // After a reload the classroom opens the same video where it stopped.
  await page.reload();
  await expect(video).toHaveAttribute('src', /\/api\/conteudoproduto\/stream\/\d+\?/);
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
    .toBeGreaterThanOrEqual(2);

  // Played to its end: the next lesson is offered over the player.
  await video.evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    v.currentTime = Math.max(0, v.duration - 0.3);
    await v.play();
  });
  const proxima = page.getByRole('button', { name: 'Assistir a próxima aula' });
  await expect(proxima).toBeVisible({ timeout: 15_000 });
  await shot(page, testInfo, 'sala-fim-video');
  await proxima.click();

  // The PDF: fits the width, page by page, zoom, download.
  await expect(page.getByRole('heading', { level: 2, name: 'Apostila: biossegurança no atendimento' })).toBeVisible();
  const pageInfo = page.getByText(/^Página \d+ de \d+$/);
  await expect(pageInfo).toHaveText('Página 1 de 3', { timeout: 15_000 });
  const canvas = page.locator('canvas').first();
  await expect(canvas).toBeVisible();
  const largura = page.viewportSize()!.width;
  expect((await canvas.boundingBox())!.width).toBeLessThanOrEqual(largura);
  expect(await rolaDeLado(page)).toBe(false);
  await shot(page, testInfo, 'sala-pdf');

  await page.getByRole('button', { name: 'Aumentar zoom' }).click();
  await page.getByRole('button', { name: 'Aumentar zoom' }).click();
  await expect(page.getByText('150%')).toBeVisible();
  const frame = page.getByRole('document', { name: /^PDF:/ });
  // Zoomed, the PDF's frame scrolls sideways; the page itself does not.
  await expect.poll(() => frame.evaluate((f) => f.scrollWidth > f.clientWidth)).toBe(true);
  expect(await rolaDeLado(page)).toBe(false);
  await shot(page, testInfo, 'sala-pdf-zoom');
  await page.getByRole('button', { name: 'Diminuir zoom' }).click();
  await expect(page.getByText('125%')).toBeVisible();

  await page.getByRole('button', { name: 'Próxima', exact: true }).click();
  await expect(pageInfo).toHaveText('Página 2 de 3');

  const baixando = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Baixar PDF' }).click();
  const download = await baixando;
  expect(download.suggestedFilename()).toMatch(/^Apostila.*\.pdf$/);
  const arquivo = testInfo.outputPath('apostila.pdf');
  await download.saveAs(arquivo);
  expect(readFileSync(arquivo).subarray(0, 5).toString()).toBe('%PDF-');
  // The last item: no next lesson.
  await expect(page.getByRole('button', { name: 'Próxima aula' })).toHaveCount(0);
});
