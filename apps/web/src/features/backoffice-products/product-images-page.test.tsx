import { produtoAdminApi } from '@clinica/shared/schemas/produto-admin';
import { imagemApi } from '@clinica/shared/schemas/imagem';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { click, renderAt, setupScreenTests, signInAs } from '../../test/screen-tests';
import { fail, mockApi, okFor } from '../../test/test-utils';
import { ADMIN_SESSION, fileOf, imagemWire, produtoAdminWire } from './product-fixtures';
import { ProductImagesPage } from './product-images-page';

const LIST = 'GET /api/produto/imagens/imagem/produto/12';
const PRODUTO = { 'GET /api/produto/admin/12': okFor(produtoAdminApi.buscar, produtoAdminWire()) };

function renderImages() {
  signInAs(ADMIN_SESSION);
  return renderAt('/EditListImagemProduto/12', {
    '/EditListImagemProduto/:id': <ProductImagesPage />,
    '/editProduct/:id': <p>Tela de edição</p>,
  });
}

const pick = (files: File[]) =>
  fireEvent.change(screen.getByLabelText('Arquivo da imagem', { selector: 'input' }), { target: { files } });

describe('/EditListImagemProduto/:id', () => {
  setupScreenTests();

  it("lists the gallery and the home picture, marking the card's picture", async () => {
    mockApi({
      ...PRODUTO,
      [LIST]: okFor(imagemApi.listarProduto, {
        listaImagemProduto: [
          imagemWire(1, { destaque: true }),
          imagemWire(2),
          imagemWire(3, { imagemSite: true, nome: 'banner.png' }),
        ],
        pathImgDestaque: '/api/arquivos/imagens/1.webp',
      }),
    });
    renderImages();
    expect(screen.getByRole('heading', { level: 1, name: 'Imagens do Produto' })).toBeTruthy();
    const cards = await screen.findAllByTestId('product-image');
    expect(cards).toHaveLength(3);
    expect(within(cards[0]!).getByText('Foto do card')).toBeTruthy();
    expect(within(cards[1]!).queryByText('Foto do card')).toBeNull();
    expect(within(cards[2]!).getByText('Imagem da home')).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Imagem da home' }))
        .getByRole('img')
        .getAttribute('alt'),
    ).toBe('Imagem da home: banner.png');
    expect(await screen.findByText('Resina composta A2')).toBeTruthy();
  });

  it("shows 'Erro ao carregar imagens' when the list fails", async () => {
    mockApi({ ...PRODUTO, [LIST]: fail(500, 'Falha no servidor.') });
    renderImages();
    expect(await screen.findByText(MSG_BO.erroCarregarImagens)).toBeTruthy();
    expect(screen.getByText('Falha no servidor.')).toBeTruthy();
  });

  it("asks for a file ('Selecione uma imagem'), refuses other types, and adds to the gallery or as home picture", async () => {
    let list = [imagemWire(1)];
    const { calls } = mockApi({
      ...PRODUTO,
      [LIST]: () => okFor(imagemApi.listarProduto, { listaImagemProduto: list, pathImgDestaque: null }),
      'PUT /api/produto/create/12/false': () => {
        list = [...list, imagemWire(2)];
        return okFor(imagemApi.enviarProduto, imagemWire(2), { status: 201 });
      },
      'PUT /api/produto/create/12/true': () => {
        list = [...list, imagemWire(3, { imagemSite: true })];
        return okFor(imagemApi.enviarProduto, imagemWire(3, { imagemSite: true }), { status: 201 });
      },
    });
    renderImages();
    await screen.findAllByTestId('product-image');

    click('Adicionar imagem');
    expect(await screen.findByText(MSG_BO.selecioneImagem)).toBeTruthy();
    pick([fileOf('logo.svg', 'image/svg+xml')]);
    click('Adicionar imagem');
    expect(await screen.findByText(MSG_BO.produtoImagemInvalida)).toBeTruthy();
    expect(screen.getByText('Remova da lista os arquivos que não são imagens.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    // The gallery takes several files: a choice adds to the list, so the refused one is removed first.
    click('Remover logo.svg');

    pick([fileOf('nova.png', 'image/png')]);
    click('Adicionar imagem');
    expect(await screen.findByText(MSG_BO.imagemAdicionada)).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('product-image')).toHaveLength(2));
    const sent = calls.find((c) => c.url === '/api/produto/create/12/false')!.body as FormData;
    expect((sent.get('imagem') as File).name).toBe('nova.png');

    pick([fileOf('banner.webp', 'image/webp')]);
    fireEvent.click(screen.getByRole('radio', { name: /Imagem da home/ }));
    click('Adicionar imagem');
    await waitFor(() => expect(calls.some((c) => c.url === '/api/produto/create/12/true')).toBe(true));
    await waitFor(() => expect(screen.getAllByTestId('product-image')).toHaveLength(3));
  });

  it("a refused upload shows the server's message", async () => {
    mockApi({
      ...PRODUTO,
      [LIST]: okFor(imagemApi.listarProduto, { listaImagemProduto: [], pathImgDestaque: null }),
      'PUT /api/produto/create/12/false': fail(415, MSG_BO.imagemFormatoInvalido),
    });
    renderImages();
    expect(await screen.findByText('Nenhuma imagem na galeria')).toBeTruthy();
    pick([fileOf('falsa.png', 'image/png')]);
    click('Adicionar imagem');
    expect(await screen.findByText(MSG_BO.imagemFormatoInvalido)).toBeTruthy();
  });

  it("deletes after a confirmation ('Imagem excluída com sucesso!'), and says 'Erro ao excluir a imagem' when it fails", async () => {
    let list = [imagemWire(1), imagemWire(2)];
    let failNext = false;
    mockApi({
      ...PRODUTO,
      [LIST]: () => okFor(imagemApi.listarProduto, { listaImagemProduto: list, pathImgDestaque: null }),
      'DELETE /api/produto/imagens/imagem/delete/2': () => {
        list = list.filter((i) => i.id !== 2);
        return okFor(imagemApi.excluirProduto, { id: 2, produtoId: 12, pathImgDestaque: null });
      },
      'DELETE /api/produto/imagens/imagem/delete/1': () =>
        failNext
          ? fail(404, 'Imagem não encontrada.')
          : okFor(imagemApi.excluirProduto, { id: 1, produtoId: 12, pathImgDestaque: null }),
    });
    renderImages();
    await screen.findAllByTestId('product-image');
    fireEvent.click(screen.getByRole('button', { name: 'Excluir imagem 2 (foto-2.png)' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Excluir imagem?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText(MSG_BO.imagemExcluida)).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('product-image')).toHaveLength(1));

    failNext = true;
    fireEvent.click(screen.getByRole('button', { name: 'Excluir imagem 1 (foto-1.png)' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText(`${MSG_BO.erroExcluirImagem}. Imagem não encontrada.`)).toBeTruthy();
  });

  it('sends several files one after the other: each shows its result, and a refused one does not stop the others', async () => {
    let list = [imagemWire(1)];
    let n = 1;
    const { calls } = mockApi({
      ...PRODUTO,
      [LIST]: () => okFor(imagemApi.listarProduto, { listaImagemProduto: list, pathImgDestaque: null }),
      'PUT /api/produto/create/12/false': (init) => {
        const nome = ((init.body as FormData).get('imagem') as File).name;
        if (nome === 'quebrada.png') return fail(422, MSG_BO.imagemCorrompida);
        const img = imagemWire(++n, { nome });
        list = [...list, img];
        return okFor(imagemApi.enviarProduto, img, { status: 201 });
      },
    });
    renderImages();
    await screen.findAllByTestId('product-image');
    pick([fileOf('a.png', 'image/png'), fileOf('quebrada.png', 'image/png')]);
    pick([fileOf('c.webp', 'image/webp')]);
    click('Adicionar 3 imagens');
    expect(await screen.findByText('1 de 3 imagens não foram enviadas: veja o motivo na lista.')).toBeTruthy();
    const envios = within(screen.getByRole('list', { name: 'Envio das imagens' })).getAllByRole('listitem');
    expect(envios.map((e) => e.textContent)).toEqual([
      'a.pngEnviada',
      `quebrada.pngNão enviada: ${MSG_BO.imagemCorrompida}`,
      'c.webpEnviada',
    ]);
    expect(
      calls.filter((c) => c.method === 'PUT').map((c) => ((c.body as FormData).get('imagem') as File).name),
    ).toEqual(['a.png', 'quebrada.png', 'c.webp']);
    await waitFor(() => expect(screen.getAllByTestId('product-image')).toHaveLength(3));
  });

  it('moves a picture with its buttons: saved at once, focus kept, announced; a refusal puts the order back', async () => {
    let list = [imagemWire(1, { destaque: true }), imagemWire(2), imagemWire(3), imagemWire(9, { imagemSite: true })];
    let refuse = false;
    const { calls } = mockApi({
      ...PRODUTO,
      [LIST]: () => okFor(imagemApi.listarProduto, { listaImagemProduto: list, pathImgDestaque: list[0]!.path }),
      'PUT /api/produto/imagens/imagem/produto/12/ordem': (init) => {
        if (refuse) return fail(422, MSG_BO.imagensOrdemInvalida);
        const { ids } = JSON.parse(String(init.body)) as { ids: number[] };
        list = [...ids.map((id, i) => imagemWire(id, { destaque: i === 0 })), imagemWire(9, { imagemSite: true })];
        return okFor(imagemApi.ordenarProduto, {
          listaImagemProduto: list,
          pathImgDestaque: list[0]!.path,
        });
      },
    });
    renderImages();
    const gallery = await screen.findByRole('list', { name: 'Galeria do produto, na ordem da loja' });
    const names = () =>
      within(gallery)
        .getAllByRole('img')
        .map((img) => img.getAttribute('alt'));
    expect(screen.getByRole('button', { name: 'Mover imagem 1 (foto-1.png) para antes' })).toHaveProperty(
      'disabled',
      true,
    );

    const later = screen.getByRole('button', { name: 'Mover imagem 1 (foto-1.png) para depois' });
    later.focus();
    fireEvent.click(later);
    await waitFor(() =>
      expect(names()).toEqual(['Imagem 1: foto-2.png', 'Imagem 2: foto-1.png', 'Imagem 3: foto-3.png']),
    );
    expect(screen.getByText('foto-1.png movida para a posição 2 de 3.')).toBeTruthy();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Mover imagem 2 (foto-1.png) para depois');
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ ids: [2, 1, 3] }));
    // The first is the card picture.
    await waitFor(() =>
      expect(within(within(gallery).getAllByRole('listitem')[0]!).getByText('Foto do card')).toBeTruthy(),
    );

    // The last one: moved later, its 'para depois' is disabled, so the focus goes to 'para antes'.
    fireEvent.click(screen.getByRole('button', { name: 'Mover imagem 2 (foto-1.png) para depois' }));
    await waitFor(() =>
      expect(document.activeElement?.getAttribute('aria-label')).toBe('Mover imagem 3 (foto-1.png) para antes'),
    );
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));

    refuse = true;
    fireEvent.click(screen.getByRole('button', { name: 'Mover imagem 1 (foto-2.png) para depois' }));
    expect(await screen.findByText(`${MSG_BO.imagensOrdemNaoSalva}. ${MSG_BO.imagensOrdemInvalida}`)).toBeTruthy();
    await waitFor(() =>
      expect(names()).toEqual(['Imagem 1: foto-2.png', 'Imagem 2: foto-3.png', 'Imagem 3: foto-1.png']),
    );
  });

  it('drops a dragged picture in the place of another', async () => {
    const list = [imagemWire(1), imagemWire(2), imagemWire(3)];
    const { calls } = mockApi({
      ...PRODUTO,
      [LIST]: () => okFor(imagemApi.listarProduto, { listaImagemProduto: list, pathImgDestaque: null }),
      'PUT /api/produto/imagens/imagem/produto/12/ordem': () =>
        okFor(imagemApi.ordenarProduto, { listaImagemProduto: [list[2]!, list[0]!, list[1]!], pathImgDestaque: null }),
    });
    renderImages();
    const cards = await screen.findAllByTestId('product-image');
    const dataTransfer = { setData: () => {}, effectAllowed: '', dropEffect: '' };
    fireEvent.dragStart(cards[2]!, { dataTransfer });
    fireEvent.dragOver(cards[0]!, { dataTransfer });
    fireEvent.drop(cards[0]!, { dataTransfer });
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ ids: [3, 1, 2] }));
  });
});
