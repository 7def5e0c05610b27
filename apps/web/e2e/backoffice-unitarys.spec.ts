import { deflateSync } from 'node:zlib';
import type { Page, TestInfo } from '@playwright/test';
import { ACCOUNTS, expect, signInWithEmail, storedSession, test, saveShot } from './fixtures';

/**
 * The unitários hub and its forms (docs/behaviour/back-office.md#unitarys: /unitarys, /newAuthor, /editAuthor,
 * /newCategory, /editCategory, /newDiscount, /editDiscount, /empresa): as the
 * seeded ADMIN a category, an author with a photo and a discount are created,
 * edited and deleted, and the company is saved and seen in the footer (then
 * put back); as the seeded USUARIO /empresa and the Empresa tab are refused.
 * The journeys share one database with the others: names are unique, the
 * discount stays inactive and the company is restored. With SHOTS_DIR set,
 * the screens are saved there.
 */

const shot = (page: Page, testInfo: TestInfo, name: string) => saveShot(page, `${testInfo.project.name}-${name}`);

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A real PNG (a 48×48 teal and amber square), made here so the server's decoder has a true picture. */
function pngImage(size = 48): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (data: Buffer) => {
    let c = 0xffffffff;
    for (const byte of data) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB
  const rows = Array.from({ length: size }, (_, y) =>
    Buffer.concat([
      Buffer.from([0]),
      ...Array.from({ length: size }, (_, x) =>
        Buffer.from(x < size / 2 === y < size / 2 ? [20, 148, 138] : [230, 154, 31]),
      ),
    ]),
  );
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Turns a switch on or off by its label, as a person does (the drawn track covers the checkbox). */
async function setSwitch(page: Page, label: string, on: boolean) {
  const input = page.getByRole('switch', { name: new RegExp(label) });
  if ((await input.isChecked()) !== on) await page.getByText(label, { exact: true }).click();
  await expect(input).toBeChecked({ checked: on });
}

/** Opens a hub tab and filters its list by a text. */
async function findInHub(page: Page, tab: string, label: string, text: string) {
  await page.goto('/unitarys');
  await page.getByRole('tab', { name: tab }).click();
  // The tab is in the address: until the router has shown it, the previous tab's form (also with a 'Nome') is there.
  await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel', { name: tab });
  await panel.getByLabel(label, { exact: true }).fill(text);
  await expect(panel.getByLabel(label, { exact: true })).toHaveValue(text);
  await panel.getByRole('button', { name: 'Filtrar' }).click();
}

/** The image has really loaded (not a broken picture). */
const loaded = (img: ReturnType<Page['getByRole']>) =>
  expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

test.describe('unitários como Gerente (ADMIN)', () => {
  test.beforeEach(async ({ page }) => {
    await signInWithEmail(page, ACCOUNTS.admin.email, ACCOUNTS.admin.password);
  });

  test('categoria: cadastrar, editar e excluir', async ({ page }, testInfo) => {
    const nome = unique('Categoria E2E');
    await page.goto('/unitarys?tab=categorias');
    await expect(page.getByRole('heading', { level: 1, name: 'Cadastro de unitários' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Categorias' })).toHaveAttribute('aria-selected', 'true');
    await shot(page, testInfo, 'hub-categorias');
    await page.getByRole('link', { name: 'Nova categoria' }).click();
    await expect(page).toHaveURL(/\/newCategory$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Cadastro de categorias' })).toBeVisible();

    await page.getByLabel('Nome', { exact: true }).fill('Ab');
    await expect(page.getByText('O campo tem que ter 3 ou mais caracteres.')).toBeVisible();
    await page.getByLabel('Nome', { exact: true }).fill(nome);
    await setSwitch(page, 'Categoria de produtos digitais', true);
    await page.getByRole('button', { name: 'Cadastrar categoria' }).click();
    await expect(page.getByText('Categoria cadastrada com sucesso')).toBeVisible();
    await expect(page).toHaveURL(/\/unitarys\?tab=categorias$/);

    await findInHub(page, 'Categorias', 'Nome', nome);
    const row = page.getByTestId('table-row').filter({ hasText: nome });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Digital');
    await row.getByRole('link', { name: `Editar categoria ${nome}` }).click();
    await expect(page).toHaveURL(/\/editCategory\/\d+$/);
    await expect(page.getByLabel('Nome', { exact: true })).toBeDisabled();
    await page.getByRole('button', { name: 'Editar' }).click();
    await page.getByLabel('Nome', { exact: true }).fill(`${nome} editada`);
    await page.getByRole('button', { name: 'Salvar alterações' }).click();
    await expect(page.getByText('Categoria editada com sucesso')).toBeVisible();
    await expect(page.getByLabel('Nome', { exact: true })).toBeDisabled();
    await expect(page.getByLabel('Nome', { exact: true })).toHaveValue(`${nome} editada`);

    await page.getByRole('button', { name: 'Excluir categoria' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click();
    await expect(page.getByText('Categoria deletada com sucesso')).toBeVisible();
    await expect(page).toHaveURL(/\/unitarys\?tab=categorias$/);
    await findInHub(page, 'Categorias', 'Nome', nome);
    await expect(page.getByText('Nada encontrado')).toBeVisible();
  });

  test('autor com foto: cadastrar, ver a foto, editar e excluir', async ({ page }, testInfo) => {
    const nome = unique('Autora E2E');
    await page.goto('/unitarys');
    await page.getByRole('link', { name: 'Novo autor' }).click();
    await expect(page).toHaveURL(/\/newAuthor$/);
    await page
      .getByLabel('Foto do autor')
      .setInputFiles({ name: 'foto-e2e.png', mimeType: 'image/png', buffer: pngImage() });
    await expect(page.getByText('foto-e2e.png')).toBeVisible();
    await loaded(page.getByTestId('image-preview').getByRole('img'));
    await page.getByLabel('Nome', { exact: true }).fill(nome);
    await page.getByLabel('Sobre', { exact: true }).fill('Cirurgiã-dentista, especialista em ortodontia.');
    await shot(page, testInfo, 'autor-novo');
    await page.getByRole('button', { name: 'Cadastrar autor' }).click();
    await expect(page.getByText('Autor cadastrado com sucesso')).toBeVisible();
    await expect(page.getByText('Imagem editada com sucesso')).toBeVisible();
    await expect(page).toHaveURL(/\/unitarys$/);

    await findInHub(page, 'Autores', 'Nome', nome);
    const row = page.getByTestId('table-row').filter({ hasText: nome });
    await expect(row).toHaveCount(1);
    await loaded(row.getByTestId('author-photo'));
    await expect(row.getByTestId('author-photo')).toHaveAttribute('src', /^\/api\/arquivos\//);
    await shot(page, testInfo, 'hub-autores');

    await row.getByRole('link', { name: `Editar autor ${nome}` }).click();
    await expect(page).toHaveURL(/\/editAuthor\/\d+$/);
    await loaded(page.getByRole('img', { name: `Foto de ${nome}` }));
    await expect(page.getByTestId('edit-mode')).toHaveText('Somente leitura');
    await shot(page, testInfo, 'autor-editar');
    await page.getByRole('button', { name: 'Editar' }).click();
    await page.getByLabel('Sobre', { exact: true }).fill('Cirurgiã-dentista e professora de ortodontia.');
    await page.getByRole('button', { name: 'Salvar alterações' }).click();
    await expect(page.getByText('Autor editado com sucesso')).toBeVisible();
    await expect(page.getByTestId('edit-mode')).toHaveText('Somente leitura');

    await page.getByRole('button', { name: 'Excluir autor' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click();
    await expect(page.getByText('Autor deletado com sucesso')).toBeVisible();
    await expect(page).toHaveURL(/\/unitarys$/);
  });

  test('desconto inativo: cadastrar, editar o valor e excluir', async ({ page }, testInfo) => {
    const descricao = unique('Desconto E2E');
    await page.goto('/newDiscount');
    await expect(page.getByRole('heading', { level: 1, name: 'Cadastro de descontos' })).toBeVisible();
    await page.getByLabel('Descrição', { exact: true }).fill(descricao);
    const valor = page.getByLabel('Valor mínimo de compras');
    await valor.fill('1234,5');
    await valor.blur();
    await expect(valor).toHaveValue('1.234,50');
    await expect(page.getByRole('switch', { name: /Condição ativa/ })).not.toBeChecked();
    await shot(page, testInfo, 'desconto-novo');
    await page.getByRole('button', { name: 'Cadastrar desconto' }).click();
    await expect(page.getByText('Condicao Desconto cadastrado com sucesso')).toBeVisible();
    await expect(page).toHaveURL(/\/unitarys\?tab=descontos$/);

    await findInHub(page, 'Descontos', 'Descrição', descricao);
    const row = page.getByTestId('table-row').filter({ hasText: descricao });
    await expect(row).toContainText('R$ 1.234,50');
    await expect(row).toContainText('Inativa');
    await shot(page, testInfo, 'hub-descontos');
    await row.getByRole('link', { name: `Editar desconto ${descricao}` }).click();
    await expect(valor).toBeDisabled();
    await page.getByRole('button', { name: 'Editar' }).click();
    await valor.fill('150');
    await page.getByRole('button', { name: 'Salvar alterações' }).click();
    await expect(page.getByText('Condicao desconto atualizada com sucesso')).toBeVisible();
    await expect(valor).toHaveValue('150,00');

    // With an active condition in the store, a second one is refused with the server's message.
    const ativa = await page.request.get('/api/condicaodesconto/ativa');
    if (ativa.status() === 200) {
      await page.getByRole('button', { name: 'Editar' }).click();
      await setSwitch(page, 'Condição ativa', true);
      await page.getByRole('button', { name: 'Salvar alterações' }).click();
      const refused = page.getByText('Já existe uma condição de desconto ativa.', { exact: false });
      const saved = page.getByText('Condicao desconto atualizada com sucesso').nth(1);
      await expect(refused.or(saved)).toBeVisible();
      if (await saved.isVisible()) {
        // The seeded condition was switched off meanwhile by another journey: this one goes back off.
        await page.getByRole('button', { name: 'Editar' }).click();
        await setSwitch(page, 'Condição ativa', false);
        await page.getByRole('button', { name: 'Salvar alterações' }).click();
      } else {
        await page.getByRole('button', { name: 'Cancelar' }).click();
      }
      await expect(page.getByRole('switch', { name: /Condição ativa/ })).not.toBeChecked();
      await expect(page.getByTestId('edit-mode')).toHaveText('Somente leitura');
    }

    await page.getByRole('button', { name: 'Excluir desconto' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click();
    await expect(page.getByText('deletado com sucesso', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/unitarys\?tab=descontos$/);
  });

  test('empresa: salvar e ver o rodapé mudar', async ({ page }, testInfo) => {
    const original = (await (await page.request.get('/api/empresa/')).json()).content;
    const horario = unique('Atendimento E2E de segunda a sexta');
    const { token } = await storedSession(page);
    try {
      await page.goto('/unitarys?tab=empresa');
      await expect(page.getByRole('tab', { name: 'Empresa' })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByLabel('Razão social')).toHaveValue(original.nome);
      await shot(page, testInfo, 'hub-empresa');

      await page.goto('/empresa');
      await expect(page.getByRole('heading', { level: 1, name: 'Dados da empresa' })).toBeVisible();
      await expect(page.getByLabel('Razão social')).toBeDisabled();
      await expect(page.getByLabel('Estado')).toHaveValue(String(original.endereco.uf.id));
      await expect(page.getByLabel('Cidade')).toHaveValue(String(original.endereco.municipio.id));
      await shot(page, testInfo, 'empresa');
      await page.getByRole('button', { name: 'Editar' }).click();
      await page.getByLabel('Horário de funcionamento').fill(horario);
      await page.getByRole('button', { name: 'Salvar empresa' }).click();
      await expect(page.getByText('Empresa salva com sucesso!')).toBeVisible();
      await expect(page.getByLabel('Razão social')).toBeDisabled();
      const footer = page.getByRole('contentinfo');
      await expect(footer.getByText(horario)).toBeVisible();
      await page.goto('/');
      await expect(page.getByRole('contentinfo').getByText(horario)).toBeVisible();
    } finally {
      const e = original.endereco;
      const restored = await page.request.post('/api/empresa/', {
        headers: { authorization: `Bearer ${token}` },
        data: {
          nome: original.nome,
          nomeFantasia: original.nomeFantasia,
          cnpj: original.cnpj,
          email: original.email,
          whatsapp: original.whatsapp,
          facebook: original.facebook,
          instagram: original.instagram,
          youtube: original.youtube,
          descricaoHorarioFuncionamento: original.descricaoHorarioFuncionamento,
          endereco: {
            cep: e.cep,
            logradouro: e.logradouro,
            numero: e.numero,
            complemento: e.complemento,
            bairro: e.bairro,
            municipio: { id: e.municipio.id },
            uf: { id: e.uf.id },
          },
        },
      });
      expect(restored.status(), 'empresa restaurada').toBe(200);
    }
  });
});

test('Equipe (USUARIO): sem a aba Empresa e /empresa recusada', async ({ page }) => {
  await signInWithEmail(page, ACCOUNTS.equipe.email, ACCOUNTS.equipe.password);
  await page.goto('/unitarys');
  await expect(page.getByRole('tab')).toHaveText(['Autores', 'Categorias', 'Descontos']);
  await expect(page.getByRole('tab', { name: 'Empresa' })).toHaveCount(0);
  await page.goto('/unitarys?tab=empresa');
  await expect(page.getByRole('tab', { name: 'Autores' })).toHaveAttribute('aria-selected', 'true');
  await page.goto('/empresa');
  await expect(page.getByRole('heading', { level: 1, name: 'Página não encontrada!' })).toBeVisible();
});

test('telas dos unitários cabem na largura da tela @mobile', async ({ page }, testInfo) => {
  await signInWithEmail(page, ACCOUNTS.admin.email, ACCOUNTS.admin.password);
  const screens = [
    ['hub-autores-lista', '/unitarys'],
    ['hub-descontos-lista', '/unitarys?tab=descontos'],
    ['categoria-nova', '/newCategory'],
    ['autor-novo-vazio', '/newAuthor'],
    ['desconto-novo-vazio', '/newDiscount'],
    ['empresa-pagina', '/empresa'],
  ] as const;
  for (const [name, path] of screens) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Carregando...')).toHaveCount(0);
    // Nothing wider than the screen (no sideways scrolling of the page).
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} sem rolagem horizontal`).toBeLessThanOrEqual(0);
    await shot(page, testInfo, name);
  }
});
