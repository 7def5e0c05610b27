import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page, TestInfo } from '@playwright/test';
import sharp from 'sharp';
import { ACCOUNTS, expect, signInWithEmail, storedSession, test, saveShot } from './fixtures';

/**
 * Back-office products (docs/behaviour/back-office.md#products, #product-images): as the seeded ADMIN a
 * physical product is created with two pictures and a technical sheet, and a
 * course with a PDF content, authors and tags; both show in /loja and in the
 * header's search. The physical product's price is edited and seen in the
 * store, then it is deactivated and is gone from the store.
 *
 * The journeys share one database: the names are unique, the physical product
 * costs more than any seeded one (no other journey picks it: they take the
 * cheapest, or prices below the gift threshold) and the course sits between the
 * seeded courses' prices; nothing seeded is touched. With SHOTS_DIR set, the
 * screens are saved there at 1440 and 375 px.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stamp = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 1e3)}`;

const shot = (page: Page, testInfo: TestInfo, name: string) =>
  saveShot(page, `${testInfo.project.name}-${name}`, { widths: [1440, 375], settleMs: 400 });
/** A real PNG picture (a two-colour gradient with a label), so the server's decoder and re-encoder get a true image. */
async function png(label: string, from: string, to: string, width = 900, height = 900): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="#ffffff" fill-opacity="0.85"/>
    <text x="50%" y="52%" font-family="sans-serif" font-size="${Math.round(height / 12)}" text-anchor="middle"
      fill="#13293d">${label}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Waits for a toast's text (react-toastify, top-right). */
const toast = (page: Page, text: string) => expect(page.getByText(text, { exact: true })).toBeVisible();

/** The header search (docs/behaviour/site.md#header): the grid of results lists the product. */
async function searchFinds(page: Page, termo: string, nome: string) {
  await page.goto('/loja');
  await page.getByRole('button', { name: 'Abrir pesquisa' }).click();
  await page.getByPlaceholder('Pesquise por produtos').fill(termo);
  await page.getByRole('button', { name: 'Pesquisar' }).click();
  const grid = page.getByRole('list', { name: `Resultados para “${termo}”` });
  await expect(grid.getByRole('link', { name: nome }).first()).toBeVisible();
}

/** The category carousels of /loja: the product's card is in its category's section. */
async function inStoreCategory(page: Page, categoria: string, nome: string) {
  await page.goto('/loja');
  const section = page.getByRole('region', { name: categoria });
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByRole('link', { name: nome }).first()).toBeAttached();
}

/**
 * Types a price key by key, as a person does: the cents mask fills the digits from the right (8, 4, 9, 0 shows
 * 84,90), so the field shows after each key the exact amount it will save.
 */
async function typePrice(page: Page, digits: string, shown: string) {
  const preco = page.getByLabel('Preço');
  await expect(preco).toHaveAttribute('inputmode', 'numeric');
  await preco.click();
  await preco.press('End');
  await preco.pressSequentially(digits);
  await expect(preco).toHaveValue(shown);
}

/** Pastes `text` over the price field's whole text (a paste event with the text, as the browser sends it). */
async function pastePrice(page: Page, text: string) {
  const preco = page.getByLabel('Preço');
  await preco.selectText();
  await preco.evaluate((input, pasted) => {
    const data = new DataTransfer();
    data.setData('text/plain', pasted);
    input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

/** Fills what every product has. */
async function fillCommon(page: Page, p: { nome: string; descricao: string; categoria: string }) {
  await page.getByLabel('Nome', { exact: true }).fill(p.nome);
  await page.getByLabel('Descrição', { exact: true }).fill(p.descricao);
  await expect(page.getByLabel('Categoria').getByRole('option', { name: p.categoria })).toBeAttached();
  await page.getByLabel('Categoria').selectOption({ label: p.categoria });
}

test('cadastra um produto físico com duas imagens e ficha técnica, muda o preço e o desativa', async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  const nome = `Ultrassom piezoelétrico E2E ${stamp()}`;
  await signInWithEmail(page, ACCOUNTS.admin.email, ACCOUNTS.admin.password);

  await page.goto('/products');
  await expect(page.getByRole('heading', { level: 1, name: 'Produtos' })).toBeVisible();
  await expect(page.getByTestId('product-row').first()).toBeVisible();
  await shot(page, testInfo, 'products');
  await page.getByRole('link', { name: 'Novo produto' }).click();
  await expect(page).toHaveURL(/\/newProduct$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Novo produto' })).toBeVisible();

  // Nothing filled: the submit is blocked and the fields say why.
  await page.getByRole('button', { name: 'Cadastrar produto' }).click();
  await expect(page.getByText('Corrija os campos destacados para salvar o produto.')).toBeVisible();
  await expect(page.getByText('O campo tem que ter 3 ou mais caracteres.').first()).toBeVisible();

  await fillCommon(page, {
    nome,
    descricao: 'Ultrassom com cinco pontas para profilaxia e periodontia, controle de irrigação e autoclavável.',
    categoria: 'Instrumentais',
  });
  // 4, 8, 9, 0 is R$ 48,90 on screen (never R$ 4.890,00 unannounced); two more zeros make R$ 4.890,00.
  await typePrice(page, '4890', '48,90');
  await typePrice(page, '00', '4.890,00');
  await page.getByLabel('Tempo estimado').fill('013000');
  await expect(page.getByLabel('Tempo estimado')).toHaveValue('01:30:00');
  await page.getByLabel('Altura (cm)').fill('12.5');
  await page.getByLabel('Largura (cm)').fill('18');
  await page.getByLabel('Comprimento (cm)').fill('24');
  await page.getByLabel('Peso (kg)').fill('1.35');
  await page.getByRole('button', { name: 'Adicionar característica' }).click();
  await page.getByLabel('Característica 1', { exact: true }).fill('Potência');
  await page.getByLabel('Valor 1', { exact: true }).fill('30 kHz');
  await page.getByRole('button', { name: 'Adicionar característica' }).click();
  await page.getByLabel('Característica 2', { exact: true }).fill('Pontas inclusas');
  // A row with only the description is refused with its message.
  await page.getByRole('button', { name: 'Cadastrar produto' }).click();
  await expect(page.getByText('Preencha todos os campos da ficha técnica')).toBeVisible();
  await page.getByLabel('Valor 2', { exact: true }).fill('5');
  await expect(page.getByText('Preencha todos os campos da ficha técnica')).toHaveCount(0);
  await page.getByLabel('Imagens do produto', { exact: true }).setInputFiles([
    { name: 'ultrassom-frente.png', mimeType: 'image/png', buffer: await png('Frente', '#0b6861', '#a7e3d9') },
    { name: 'ultrassom-lado.png', mimeType: 'image/png', buffer: await png('Lado', '#9a5a07', '#fdf0d7') },
  ]);
  await expect(
    page.getByRole('list', { name: 'Imagens do produto: arquivos escolhidos' }).getByRole('listitem'),
  ).toHaveCount(2);
  await expect(page.getByLabel('Preço')).toHaveValue('4.890,00');
  await shot(page, testInfo, 'new-physical');

  await page.getByRole('button', { name: 'Cadastrar produto' }).click();
  await toast(page, 'Produto criado com sucesso');
  await toast(page, 'Imagem 1 cadastrada com sucesso');
  await toast(page, 'Imagem 2 cadastrada com sucesso');
  await expect(page).toHaveURL(/\/products\?id=\d+$/, { timeout: 20_000 });
  const id = Number(new URL(page.url()).searchParams.get('id'));
  const row = page.getByTestId('product-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('link', { name: nome, exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'R$ 4.890,00' })).toBeVisible();
  // A physical product has no contents.
  await expect(row.getByRole('link', { name: `Conteúdos de ${nome}` })).toHaveCount(0);

  // The store: its category, its page (two pictures, the technical sheet) and the header search.
  await inStoreCategory(page, 'Instrumentais', nome);
  await page.goto(`/details/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: nome })).toBeVisible();
  await expect(page.getByText('R$ 4.890,00').first()).toBeVisible();
  await expect(page.getByRole('list', { name: 'Imagens do produto' }).getByRole('listitem')).toHaveCount(2);
  const ficha = page.getByRole('region', { name: 'Ficha técnica' });
  await expect(ficha.getByText('30 kHz')).toBeVisible();
  await expect(ficha.getByText('Pontas inclusas')).toBeVisible();
  await searchFinds(page, nome, nome);

  // The pictures screen: both gallery pictures, and a home picture added.
  await page.goto(`/EditListImagemProduto/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Imagens do Produto' })).toBeVisible();
  await expect(page.getByTestId('product-image')).toHaveCount(2);
  await page.getByRole('button', { name: 'Adicionar imagem' }).click();
  await expect(page.getByText('Selecione uma imagem', { exact: true })).toBeVisible();
  await page.getByLabel('Arquivo da imagem', { exact: true }).setInputFiles({
    name: 'ultrassom-home.png',
    mimeType: 'image/png',
    buffer: await png('Destaque', '#093f3c', '#14948a', 1600, 600),
  });
  await page.getByRole('radio', { name: /Imagem da home/ }).check();
  await page.getByRole('button', { name: 'Adicionar imagem' }).click();
  await toast(page, 'Imagem adicionada com sucesso!');
  await expect(page.getByTestId('product-image')).toHaveCount(3);
  await expect(page.getByRole('img', { name: 'Imagem da home: ultrassom-home.png' })).toBeVisible();
  await shot(page, testInfo, 'images');

  // Edit: locked until 'Editar'; a new price is seen in the store.
  await page.goto(`/editProduct/${id}`);
  await expect(page.getByLabel('Nome', { exact: true })).toHaveValue(nome);
  await expect(page.getByLabel('Nome', { exact: true })).toBeDisabled();
  await expect(page.getByLabel('Característica 1', { exact: true })).toHaveValue('Potência');
  await shot(page, testInfo, 'edit-locked');
  await page.getByRole('button', { name: 'Editar' }).click();
  await expect(page.getByLabel('Preço')).toBeEnabled();
  // A pasted '4.990' (pt-BR thousands) is R$ 4.990,00, never R$ 4,99.
  await pastePrice(page, '4.990');
  await expect(page.getByLabel('Preço')).toHaveValue('4.990,00');
  await page.getByRole('button', { name: 'Salvar alterações' }).click();
  await toast(page, 'Produto atualizado com sucesso!');
  await expect(page.getByLabel('Preço')).toBeDisabled();
  await page.reload();
  await expect(page.getByLabel('Preço')).toHaveValue('4.990,00');
  await page.goto(`/details/${id}`);
  await expect(page.getByText('R$ 4.990,00').first()).toBeVisible();
  await searchFinds(page, nome, nome);
  await expect(
    page
      .getByRole('list', { name: `Resultados para “${nome}”` })
      .getByText('R$ 4.990,00')
      .first(),
  ).toBeVisible();

  // Deactivated: gone from the store, the search and its page; still in the back-office list.
  await page.goto(`/editProduct/${id}`);
  await page.getByRole('button', { name: 'Editar' }).click();
  await page.getByRole('switch', { name: /^Ativo/ }).uncheck();
  await page.getByRole('button', { name: 'Salvar alterações' }).click();
  await toast(page, 'Produto atualizado com sucesso!');
  await page.goto(`/loja?pesquisaProduto=${encodeURIComponent(nome)}`);
  await expect(page.getByRole('link', { name: nome })).toHaveCount(0);
  await page.goto('/loja');
  await expect(page.getByRole('region', { name: 'Instrumentais' })).toBeAttached();
  await expect(page.getByRole('link', { name: nome })).toHaveCount(0);
  await page.goto(`/details/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Produto não encontrado.' })).toBeVisible();
  await page.goto(`/products?id=${id}&ativo=false`);
  await expect(
    page.getByTestId('product-row').getByText('Inativo', { exact: true }).filter({ visible: true }),
  ).toBeVisible();
});

test('cadastra um curso com PDF, autores e tags, visto na loja e na pesquisa', async ({ page }, testInfo) => {
  test.setTimeout(150_000);
  const nome = `Workshop de facetas E2E ${stamp()}`;
  await signInWithEmail(page, ACCOUNTS.admin.email, ACCOUNTS.admin.password);
  await page.goto('/newProduct');
  await page.getByRole('switch', { name: /Produto digital/ }).check();
  // Digital: no dimensions nor technical sheet; authors, tags and contents instead.
  await expect(page.getByLabel('Altura (cm)')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Ficha técnica' })).toHaveCount(0);
  await fillCommon(page, {
    nome,
    descricao: 'Facetas em resina composta do planejamento ao acabamento, com casos clínicos comentados.',
    categoria: 'Cursos clínicos',
  });
  await typePrice(page, '44900', '449,00');
  await page.getByLabel('Carga horária').fill('6 horas');
  await page.getByRole('button', { name: 'Cadastrar produto' }).click();
  await expect(page.getByText('Selecione um autor')).toBeVisible();
  await expect(page.getByText('Campo obrigatório para produto digital, insira pelo menos um conteúdo.')).toBeVisible();

  const autores = page.getByRole('region', { name: 'Autores' });
  await autores.locator('label', { hasText: 'Dra. Camila Andrade' }).click();
  await autores.locator('label', { hasText: 'Dr. Rafael Mendes' }).click();
  await expect(page.getByText('Selecione um autor')).toHaveCount(0);
  await page.getByRole('button', { name: 'Adicionar tag' }).click();
  await page.getByLabel('Tag 1', { exact: true }).fill('facetas');
  await page.getByRole('button', { name: 'Adicionar tag' }).click();
  await page.getByLabel('Tag 2', { exact: true }).fill('resina composta');
  await page.getByRole('button', { name: 'Adicionar conteúdo' }).click();
  const conteudo = page.getByTestId('conteudo-row');
  await expect(conteudo.getByLabel('Ordem')).toHaveValue('1');
  await conteudo.getByLabel('Título').fill('Aula inaugural: planejamento');
  await conteudo.getByLabel('Duração').fill('0015');
  await page.getByRole('button', { name: 'Cadastrar produto' }).click();
  await expect(page.getByText('Formato de duração inválido. Use HH:MM:SS')).toBeVisible();
  await conteudo.getByLabel('Duração').fill('001500');
  await expect(page.getByText('Formato de duração inválido. Use HH:MM:SS')).toHaveCount(0);
  await page.getByLabel('Arquivo do conteúdo 1', { exact: true }).setInputFiles({
    name: 'planejamento-facetas.pdf',
    mimeType: 'application/pdf',
    buffer: readFileSync(path.join(ROOT, 'public/artigos/mitos-do-clareamento.pdf')),
  });
  await page.getByLabel('Imagens do produto', { exact: true }).setInputFiles({
    name: 'facetas-capa.png',
    mimeType: 'image/png',
    buffer: await png('Facetas', '#5b21b6', '#ede9fe'),
  });
  await shot(page, testInfo, 'new-digital');

  await page.getByRole('button', { name: 'Cadastrar produto' }).click();
  await toast(page, 'Produto criado com sucesso');
  await toast(page, 'Imagem 1 cadastrada com sucesso');
  await toast(page, 'Conteudo: Aula inaugural: planejamento cadastrado com sucesso');
  await expect(page).toHaveURL(/\/products\?id=\d+$/, { timeout: 20_000 });
  const id = Number(new URL(page.url()).searchParams.get('id'));
  const row = page.getByTestId('product-row');
  await expect(row.getByRole('link', { name: `Conteúdos de ${nome}` })).toHaveAttribute(
    'href',
    `/EditListConteudoProduto/${id}`,
  );

  await inStoreCategory(page, 'Cursos clínicos', nome);
  await page.goto(`/details/${id}/true`);
  await expect(page.getByRole('heading', { level: 1, name: nome })).toBeVisible();
  await expect(page.getByText('R$ 449,00').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Temas' }).getByText('resina composta')).toBeVisible();
  const autoresLoja = page.getByRole('region', { name: 'Autores' });
  await expect(autoresLoja.getByText('Dra. Camila Andrade')).toBeVisible();
  await expect(autoresLoja.getByText('Dr. Rafael Mendes')).toBeVisible();
  await searchFinds(page, nome, nome);

  // The edit screen shows the saved authors, tags and category, locked.
  await page.goto(`/editProduct/${id}`);
  // Tags are found by name, case-insensitive: a seeded 'Resina composta' is reused.
  await expect(page.getByLabel('Tag 2', { exact: true })).toHaveValue(/^resina composta$/i);
  await expect(page.getByRole('region', { name: 'Autores' }).getByLabel('Dr. Rafael Mendes')).toBeChecked();
  await expect(page.getByLabel('Categoria').locator('option:checked')).toHaveText('Cursos clínicos');
  await expect(page.getByLabel('Tag 2', { exact: true })).toBeDisabled();
  await shot(page, testInfo, 'edit-digital');
});

/** A physical product created through the API as the signed-in staff member: the journeys below start from it. */
async function productViaApi(page: Page, nome: string): Promise<number> {
  const { token } = await storedSession(page);
  const categorias = await page.request.get('/api/categoria/AllFisico/', {
    headers: { Authorization: `Bearer ${token}` },
  });
  const [categoria] = ((await categorias.json()) as { content: { id: number }[] }).content;
  const res = await page.request.post('/api/produto/create/', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      nome,
      descricao: 'Produto criado para conferir a tela do produto e as suas imagens.',
      preco: 5990,
      categoria: { id: categoria!.id },
      altura: 10,
      largura: 10,
      comprimento: 10,
      peso: 1,
      // Units on hand (ADR 032): a product created with none shows 'Produto indisponível'.
      estoqueInicial: 20,
    },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { content: { id: number } }).content.id;
}

test('a tela do produto abre com o Editar à vista; Salvar e Cancelar também ficam à vista @mobile', async ({
  page,
}) => {
  await signInWithEmail(page, ACCOUNTS.admin.email, ACCOUNTS.admin.password);
  const nome = `Sugador descartável E2E ${stamp()}`;
  const id = await productViaApi(page, nome);

  await page.goto(`/editProduct/${id}`);
  await expect(page.getByLabel('Nome', { exact: true })).toHaveValue(nome);
  // No scrolling: the action bar is in the window as the screen opens.
  const editar = page.getByRole('button', { name: 'Editar' });
  await expect(editar).toBeInViewport();
  await editar.click();
  await expect(page.getByLabel('Nome', { exact: true })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Salvar alterações' })).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Cancelar' })).toBeInViewport();
  // Further down the form, the bar is still there.
  await page.getByLabel('Peso (kg)').scrollIntoViewIfNeeded();
  await page.getByLabel('Peso (kg)').fill('1.25');
  await expect(page.getByRole('button', { name: 'Salvar alterações' })).toBeInViewport();
  await page.getByRole('button', { name: 'Salvar alterações' }).click();
  await toast(page, 'Produto atualizado com sucesso!');
  await expect(page.getByLabel('Peso (kg)')).toBeDisabled();
  await expect(page.getByLabel('Peso (kg)')).toHaveValue('1.25');

  await page.goto('/newProduct');
  await expect(page.getByRole('heading', { level: 1, name: 'Novo produto' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cadastrar produto' })).toBeInViewport();
});

test('imagens: duas enviadas de uma vez e a ordem mudada pelo teclado; a loja mostra a nova capa @mobile', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await signInWithEmail(page, ACCOUNTS.equipe.email, ACCOUNTS.equipe.password);
  const id = await productViaApi(page, `Espelho clínico E2E ${stamp()}`);

  await page.goto(`/EditListImagemProduto/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Imagens do Produto' })).toBeVisible();
  await page.getByLabel('Arquivo da imagem', { exact: true }).setInputFiles([
    { name: 'espelho-frente.png', mimeType: 'image/png', buffer: await png('Frente', '#0b6861', '#a7e3d9', 600, 600) },
    { name: 'espelho-cabo.png', mimeType: 'image/png', buffer: await png('Cabo', '#9a5a07', '#fdf0d7', 600, 600) },
  ]);
  await page.getByRole('button', { name: 'Adicionar 2 imagens' }).click();
  await toast(page, '2 imagens adicionadas com sucesso!');
  const envios = page.getByRole('list', { name: 'Envio das imagens' }).getByRole('listitem');
  await expect(envios).toHaveText([/espelho-frente\.png\s*Enviada/, /espelho-cabo\.png\s*Enviada/]);
  const galeria = page.getByRole('list', { name: 'Galeria do produto, na ordem da loja' });
  const ordem = () => galeria.getByRole('img');
  await expect(galeria.getByRole('listitem')).toHaveCount(2);
  await expect(galeria.getByRole('listitem').first()).toContainText('Foto do card');
  await expect(ordem().first()).toHaveAttribute('alt', 'Imagem 1: espelho-frente.png');

  // The keyboard: focus the first picture's 'later' button and press Enter.
  const saved = page.waitForResponse((r) => r.url().endsWith(`/produto/${id}/ordem`) && r.status() === 200);
  await page.getByRole('button', { name: 'Mover imagem 1 (espelho-frente.png) para depois' }).focus();
  await page.keyboard.press('Enter');
  await expect(ordem().first()).toHaveAttribute('alt', 'Imagem 1: espelho-cabo.png');
  await expect(ordem().nth(1)).toHaveAttribute('alt', 'Imagem 2: espelho-frente.png');
  // The focus stays on the moved picture (its 'later' button is off at the end, so 'earlier'), and it is announced.
  await expect(page.getByRole('button', { name: 'Mover imagem 2 (espelho-frente.png) para antes' })).toBeFocused();
  await expect(
    page.getByRole('status').filter({ hasText: 'espelho-frente.png movida para a posição 2 de 2.' }),
  ).toBeAttached();
  await saved;
  await expect(galeria.getByRole('listitem').first()).toContainText('Foto do card');
  await shot(page, testInfo, 'images-reordered');

  // Kept by the API: after a reload, and in the store (the first picture is the cover).
  await page.reload();
  await expect(ordem().first()).toHaveAttribute('alt', 'Imagem 1: espelho-cabo.png');
  await page.goto(`/details/${id}`);
  const fotos = page.getByRole('list', { name: 'Imagens do produto' }).getByRole('listitem');
  await expect(fotos).toHaveCount(2);
  await expect(fotos.first().locator('img')).toHaveAttribute('src', /espelho-cabo/);
  const busca = await page.request.get(`/api/produto/${id}`);
  const detalhe = ((await busca.json()) as { content: { pathImgDestaque: string } }).content;
  expect(detalhe.pathImgDestaque).toMatch(/espelho-cabo/);
});
