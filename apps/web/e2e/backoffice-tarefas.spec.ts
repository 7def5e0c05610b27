import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { ACCOUNTS, apiContent, expect, openUserMenu, saveShot, signInWithEmail, storedSession, test } from './fixtures';

/**
 * 'Tarefas' (ADMIN; ADR 007): a job dies through a real failing path, then
 * the manager brings it back. As the seeded ADMIN the journey uploads a
 * broken AVI (a RIFF header over bytes no decoder reads) to a seeded course
 * through the API; its conversion job fails its three attempts and ends
 * FALHOU. The ADMIN opens 'Tarefas' from the user menu, sees the dead job
 * with its error, opens it, clicks 'Tentar novamente' and sees it leave the
 * list. The content is deleted at the end. The seeded USUARIO gets 'Página
 * não encontrada!' at /tarefas. Screens at 1440 and 375 px in SHOTS_DIR.
 */

const shot = (page: Page, testInfo: TestInfo, name: string, fullPage = true) =>
  saveShot(page, `tarefas-${testInfo.project.name}-${name}`, { fullPage, settleMs: fullPage ? 0 : 300 });

/** An AVI header (RIFF … AVI ) over random bytes: the upload accepts it, ffmpeg cannot convert it. */
function aviQuebrado(): Buffer {
  const corpo = Buffer.concat([Buffer.from('AVI LIST'), Buffer.alloc(4), Buffer.from('hdrlavih'), randomBytes(4000)]);
  const riff = Buffer.alloc(8);
  riff.write('RIFF', 0, 'latin1');
  riff.writeUInt32LE(corpo.length, 4);
  return Buffer.concat([riff, corpo]);
}

interface TarefaWire {
  id: number;
  tipo: string;
  status: string;
  payload: Record<string, unknown>;
}

/** The broken AVI, added to the last seeded course (the contents journey uses the first) at a free position. */
async function enviarAviQuebrado(request: APIRequestContext, headers: Record<string, string>, curso: number) {
  for (let tentativa = 0; tentativa < 5; tentativa++) {
    const ordem = 500 + Math.floor(Math.random() * 9000);
    const res = await request.post(`/api/conteudoproduto/create/${curso}/${ordem}`, {
      headers,
      multipart: {
        titulo: `Aula e2e de conversão ${ordem}`,
        duracao: '00:01:00',
        conteudo: { name: 'aula-quebrada.avi', mimeType: 'video/x-msvideo', buffer: aviQuebrado() },
      },
    });
    if (res.status() === 409) continue;
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { content: { id: number } }).content.id;
  }
  throw new Error('nenhuma ordem livre no curso');
}

test('ADMIN vê a tarefa que falhou de vez e a põe para rodar de novo @mobile', async ({ page }, testInfo) => {
  // Three attempts 5 and 10 s apart before the job is dead, on a machine shared with the other journeys.
  test.setTimeout(120_000);
  const { listProdutoDigital } = await apiContent<{ listProdutoDigital: { id: number }[] }>(
    page,
    '/produto/fisicodigital',
  );
  const curso = listProdutoDigital.at(-1)!.id;
  await signInWithEmail(page, ACCOUNTS.admin.email, ACCOUNTS.admin.password);
  const { token } = await storedSession(page);
  const headers = { Authorization: `Bearer ${token}` };
  const conteudoId = await enviarAviQuebrado(page.request, headers, curso);
  try {
    // The real failing path: the conversion's three attempts fail and the job ends FALHOU.
    let tarefa: TarefaWire | undefined;
    await expect
      .poll(
        async () => {
          const res = await page.request.get('/api/tarefa/listagem?situacao=falhou&tipo=conteudo.converter&size=100', {
            headers,
          });
          const { tarefas } = ((await res.json()) as { content: { tarefas: TarefaWire[] } }).content;
          tarefa = tarefas.find((t) => t.payload.conteudoId === conteudoId);
          return tarefa?.status;
        },
        { timeout: 90_000, intervals: [1_000] },
      )
      .toBe('FALHOU');
    const nome = `Conversão de vídeo (AVI → MP4) #${tarefa!.id}`;

    await page.goto('/loja');
    const menu = await openUserMenu(page);
    await menu.getByRole('menuitem', { name: /^Tarefas/ }).click();
    await expect(page).toHaveURL(/\/tarefas$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Tarefas' })).toBeVisible();
    const linha = page
      .getByTestId('table-row')
      .filter({ has: page.getByRole('link', { name: `Abrir a tarefa ${nome}` }) });
    await expect(linha).toBeVisible();
    await expect(linha).toContainText('Falhou');
    if (testInfo.project.name === 'desktop') {
      await expect(linha).toContainText('3 de 3');
      await expect(linha).toContainText('ffmpeg');
    }
    await expect(page.getByText(/falharam de vez$/)).toBeVisible();
    await shot(page, testInfo, 'lista');

    // The filters live in the address.
    await page.getByLabel('Situação').selectOption('falhou');
    await expect(page).toHaveURL(/\?situacao=falhou$/);
    await expect(linha).toBeVisible();

    await linha.getByRole('link').click();
    const dialog = page.getByTestId('tarefa-dialog');
    await expect(dialog.getByRole('heading', { name: nome })).toBeVisible();
    await expect(dialog).toContainText('3 de 3');
    await expect(dialog.getByRole('region', { name: 'Último erro' })).toContainText('ffmpeg');
    await expect(dialog).toContainText(`conteudoId: ${conteudoId}`);
    await shot(page, testInfo, 'tarefa', false);

    await dialog.getByRole('button', { name: 'Tentar novamente' }).click();
    await expect(page.getByText('Tarefa colocada na fila para rodar agora.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(linha).toHaveCount(0);
    await shot(page, testInfo, 'depois');

    // It ran again (the content is already marked failed, so it has nothing left to do) and does not come back.
    await expect
      .poll(
        async () => {
          const res = await page.request.get(`/api/tarefa/${tarefa!.id}`, { headers });
          return ((await res.json()) as { content: TarefaWire }).content.status;
        },
        { timeout: 30_000 },
      )
      .toBe('CONCLUIDA');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Tarefas' })).toBeVisible();
    await expect(
      page.getByTestId('table-row').filter({ has: page.getByRole('link', { name: `Abrir a tarefa ${nome}` }) }),
    ).toHaveCount(0);
  } finally {
    await page.request.delete(`/api/conteudoproduto/delete/${conteudoId}`, { headers });
  }
});

test('USUARIO não chega às Tarefas', async ({ page }) => {
  await signInWithEmail(page, ACCOUNTS.equipe.email, ACCOUNTS.equipe.password);
  await page.goto('/tarefas');
  await expect(page.getByRole('heading', { level: 1, name: 'Página não encontrada!' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Tarefas' })).toHaveCount(0);
});
