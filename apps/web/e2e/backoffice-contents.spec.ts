import type { Page, TestInfo } from '@playwright/test';
import { ACCOUNTS, apiContent, expect, signInWithEmail, test, saveShot } from './fixtures';

/**
 * 'Conteúdos do Produto' (docs/behaviour/back-office.md#product-contents): as
 * the seeded ADMIN a small PDF made here is added to a seeded course, seen in
 * the list with its order, duration and type, its download for buyers switched on, then deleted after the
 * confirmation; the seeded USUARIO gets 'Página não encontrada!' on the same
 * address (product contents are the Gerente's). With SHOTS_DIR set,
 * the screen is saved at 1440 px.
 */

const shot = (page: Page, testInfo: TestInfo, name: string) => saveShot(page, `${testInfo.project.name}-${name}`);

/** A minimal, valid one-page PDF (header, objects, cross-reference table, trailer, %%EOF). */
function pdfMinimo(texto: string): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${texto}) Tj ET`;
  const objetos = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let corpo = '%PDF-1.4\n';
  const posicoes: number[] = [];
  objetos.forEach((obj, i) => {
    posicoes.push(corpo.length);
    corpo += `${i + 1} 0 obj\n${obj}\nendobj\n`;
  });
  const xref = corpo.length;
  corpo += `xref\n0 ${objetos.length + 1}\n0000000000 65535 f \n`;
  for (const p of posicoes) corpo += `${String(p).padStart(10, '0')} 00000 n \n`;
  corpo += `trailer\n<< /Size ${objetos.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(corpo, 'latin1');
}

async function cursoSemeado(page: Page): Promise<{ id: number; nome: string }> {
  const { listProdutoDigital } = await apiContent<{ listProdutoDigital: { id: number; nome: string }[] }>(
    page,
    '/produto/fisicodigital',
  );
  expect(listProdutoDigital.length, 'cursos de demonstração').toBeGreaterThan(0);
  return listProdutoDigital[0]!;
}

test('ADMIN adiciona um PDF a um curso, vê na lista e exclui', async ({ page }, testInfo) => {
  const curso = await cursoSemeado(page);
  const titulo = `Apostila e2e ${Date.now().toString(36)}`;
  await signInWithEmail(page, ACCOUNTS.admin.email, ACCOUNTS.admin.password);
  await page.goto(`/EditListConteudoProduto/${curso.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Conteúdos do Produto' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: curso.nome })).toBeVisible();
  const linhas = page.getByTestId('conteudo-linha');
  await expect(linhas.first()).toBeVisible();
  const antes = await linhas.count();
  const ordem = await page.getByLabel('Ordem').inputValue();
  expect(Number(ordem)).toBeGreaterThan(0);

  // On the way: a duration out of HH:MM:SS is refused before anything is sent.
  await page.getByLabel('Título').fill(titulo);
  await page.getByLabel('Duração').fill('0099');
  await expect(page.getByText('Formato de duração inválido. Use HH:MM:SS')).toBeVisible();
  await page.getByLabel('Duração').fill('001500');
  await expect(page.getByLabel('Duração')).toHaveValue('00:15:00');
  await page.getByLabel('Arquivo').setInputFiles({
    name: 'apostila-e2e.pdf',
    mimeType: 'application/pdf',
    buffer: pdfMinimo('Apostila de teste'),
  });
  await expect(page.getByText('apostila-e2e.pdf')).toBeVisible();
  await page.getByRole('button', { name: 'Adicionar conteúdo' }).click();
  await expect(page.getByText('Conteúdo adicionado com sucesso!')).toBeVisible();

  const linha = linhas.filter({ hasText: titulo });
  await expect(linha).toBeVisible();
  await expect(linhas).toHaveCount(antes + 1);
  await expect(linha.getByRole('cell').first()).toHaveText(ordem);
  await expect(linha).toContainText('00:15:00');
  await expect(linha).toContainText('PDF');
  await expect(linha).toContainText('Pronto');
  await expect(page.getByLabel('Ordem')).not.toHaveValue(ordem);
  // The download for buyers (ADR 046): off for a new PDF; switched on, it stays on after a reload.
  const download = linha.getByRole('switch', { name: `Permitir download de ${titulo}` });
  await expect(download).not.toBeChecked();
  await download.check();
  await expect(page.getByText('Download liberado para os alunos.')).toBeVisible();
  await page.reload();
  await expect(linha.getByRole('switch', { name: `Permitir download de ${titulo}` })).toBeChecked();
  await shot(page, testInfo, 'conteudos-do-produto');

  await page.getByRole('button', { name: `Excluir ${titulo}` }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(`Excluir “${titulo}”?`);
  await dialog.getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('Conteúdo excluído com sucesso!')).toBeVisible();
  await expect(linha).toHaveCount(0);
  await expect(linhas).toHaveCount(antes);
});

test('USUARIO não chega aos conteúdos do produto', async ({ page }) => {
  const curso = await cursoSemeado(page);
  await signInWithEmail(page, ACCOUNTS.equipe.email, ACCOUNTS.equipe.password);
  await page.goto(`/EditListConteudoProduto/${curso.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Página não encontrada!' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Conteúdos do Produto' })).toHaveCount(0);
});
