import { produtoAdminApi } from '@clinica/shared/schemas/produto-admin';
import { imagemApi } from '@clinica/shared/schemas/imagem';
import { categoriaApi } from '@clinica/shared/schemas/categoria';
import { autorApi } from '@clinica/shared/schemas/autor';
import { auditoriaApi } from '@clinica/shared/schemas/auditoria';
import { MSG_ESTOQUE_EQUIPE } from '@clinica/shared/messages-estoque-equipe';
import { estoqueApi } from '@clinica/shared/schemas/estoque';
import { MSG } from '@clinica/shared/messages';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { button, click, field, renderAt, setupScreenTests, signInAs, typeInto } from '../../test/screen-tests';
import { fail, mockApi, okFor, type WireContent, type MockReply } from '../../test/test-utils';
import { EditProductPage } from './edit-product-page';
import {
  ADMIN_SESSION,
  AUTORES,
  CATEGORIAS_DIGITAIS,
  CATEGORIAS_FISICAS,
  fileOf,
  imagemWire,
  produtoAdminWire,
  USUARIO_SESSION,
} from './product-fixtures';

/** Product 12's stock: 10 on hand, 2 reserved, one staff entrada. */
const ESTOQUE_12: WireContent<typeof estoqueApi.movimentos> = {
  estoque: { produtoId: 12, estoque: 10, reservado: 2, disponiveis: 8, estoqueMinimo: 5 },
  listaMovimento: [
    {
      id: 1,
      quando: '2026-03-05T17:32:00.000Z',
      tipo: 'entrada',
      quantidade: 10,
      deltaEstoque: 10,
      deltaReservado: 0,
      pedidoId: null,
      motivo: 'NF 1234',
      quem: 'USUARIO',
      quemNome: 'Equipe Sorriso',
    },
  ],
  page: 0,
  totalRegistros: 1,
  totalPaginas: 1,
};

/** The products' audit trail, empty unless a test says otherwise. */
const SCREEN_CALLS: Record<string, MockReply> = {
  'GET /api/auditoria/produto/12': okFor(auditoriaApi.listar, {
    registros: [],
    page: 0,
    totalRegistros: 0,
    totalPaginas: 0,
  }),
  'GET /api/auditoria/produto/30': okFor(auditoriaApi.listar, {
    registros: [],
    page: 0,
    totalRegistros: 0,
    totalPaginas: 0,
  }),
  'GET /api/produto/12/estoque/movimentos': okFor(estoqueApi.movimentos, ESTOQUE_12),
  'GET /api/produto/30/estoque/movimentos': okFor(estoqueApi.movimentos, {
    ...ESTOQUE_12,
    estoque: { ...ESTOQUE_12.estoque, produtoId: 30 },
  }),
};

const API = {
  'GET /api/categoria/AllFisico/': okFor(categoriaApi.fisicas, CATEGORIAS_FISICAS),
  'GET /api/categoria/AllDigital/': okFor(categoriaApi.digitais, CATEGORIAS_DIGITAIS),
  'GET /api/autor/': okFor(autorApi.todos, AUTORES),
};

/** Inside the locked form's disabled fieldset (the input's own `disabled` stays false). */
const locked = (label: string) => field(label).matches(':disabled');

function renderEdit(path = '/editProduct/12', session: typeof ADMIN_SESSION | typeof USUARIO_SESSION = ADMIN_SESSION) {
  signInAs(session);
  return renderAt(path, { '/editProduct/:id': <EditProductPage />, '/products': <p>Lista de produtos</p> });
}

describe('/editProduct/:id', () => {
  setupScreenTests();

  it('starts locked with the saved product; Editar unlocks, Cancelar reloads and locks again', async () => {
    let reads = 0;
    mockApi({
      ...SCREEN_CALLS,
      ...API,
      'GET /api/produto/admin/12': () => {
        reads += 1;
        return okFor(
          produtoAdminApi.buscar,
          produtoAdminWire({ nome: reads === 1 ? 'Resina composta A2' : 'Resina composta A3' }),
        );
      },
    });
    renderEdit();
    expect(await screen.findByDisplayValue('Resina composta A2')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Editar produto' })).toBeTruthy();
    expect(locked('Nome')).toBe(true);
    expect(field('Preço').value).toBe('89,90');
    expect(field('Tempo estimado').value).toBe('01:30:00');
    expect(field('Característica 1').value).toBe('Cor');
    // The category options arrive after the product: the saved one is shown selected.
    await waitFor(() => expect((screen.getByLabelText('Categoria') as HTMLSelectElement).value).toBe('1'));
    expect(screen.getByRole('switch', { name: /Ativo/ }).matches(':disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Salvar alterações' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Imagens' }).getAttribute('href')).toBe('/EditListImagemProduto/12');

    click('Editar');
    expect(locked('Nome')).toBe(false);
    typeInto('Nome', 'Nome mudado');
    click('Cancelar');
    expect(await screen.findByDisplayValue('Resina composta A3')).toBeTruthy();
    expect(locked('Nome')).toBe(true);
    expect(reads).toBe(2);
  });

  it("saves the whole product with PUT, says 'Produto atualizado com sucesso!' and locks", async () => {
    // The server keeps what was saved: the reads after the save answer it.
    let saved = produtoAdminWire();
    const { calls } = mockApi({
      ...SCREEN_CALLS,
      ...API,
      'GET /api/produto/admin/12': () => okFor(produtoAdminApi.buscar, saved),
      'PUT /api/produto/editar/12': ({ body }) => {
        const sent = JSON.parse(String(body)) as { preco: number; ativo: boolean };
        saved = produtoAdminWire({ preco: sent.preco, ativo: sent.ativo });
        return okFor(produtoAdminApi.editar, saved);
      },
    });
    renderEdit();
    await screen.findByDisplayValue('Resina composta A2');
    click('Editar');
    typeInto('Preço', '95,5');
    fireEvent.click(screen.getByRole('switch', { name: /Ativo/ }));
    click('Salvar alterações');
    expect(await screen.findByText(MSG_BO.produtoAtualizado)).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toMatchObject({
      id: 12,
      nome: 'Resina composta A2',
      preco: 95.5,
      ativo: false,
      categoria: { id: 1 },
      digital: false,
      altura: 2,
      fichaTecnica: [{ descricao: 'Cor', valor: 'A2' }],
      autores: [],
    });
    await waitFor(() => expect(locked('Nome')).toBe(true));
    expect(field('Preço').value).toBe('95,50');
    expect((screen.getByRole('switch', { name: /Ativo/ }) as HTMLInputElement).checked).toBe(false);
  });

  it("shows the product's 'Histórico de alterações' and reads it again after a save", async () => {
    let auditorias = 0;
    let saved = produtoAdminWire();
    mockApi({
      ...SCREEN_CALLS,
      ...API,
      'GET /api/produto/admin/12': () => okFor(produtoAdminApi.buscar, saved),
      'PUT /api/produto/editar/12': () => {
        saved = produtoAdminWire({ preco: 95.5 });
        return okFor(produtoAdminApi.editar, saved);
      },
      'GET /api/auditoria/produto/12': () => {
        auditorias += 1;
        const registros: WireContent<typeof auditoriaApi.listar>['registros'] =
          auditorias === 1
            ? []
            : [
                {
                  id: 7,
                  entidade: 'produto',
                  entidadeId: 12,
                  acao: 'EDITAR',
                  usuario: { id: 2, nome: 'Ana Lima', permissao: 'USUARIO' },
                  quando: '2026-03-05T17:32:00.000Z',
                  antes: { preco: 8990 },
                  depois: { preco: 9550 },
                },
              ];
        return okFor(auditoriaApi.listar, {
          registros,
          page: 0,
          totalRegistros: registros.length,
          totalPaginas: registros.length,
        });
      },
    });
    renderEdit();
    await screen.findByDisplayValue('Resina composta A2');
    const historico = screen.getByRole('button', { name: /Histórico de alterações/ });
    await waitFor(() => expect(historico.textContent).toContain(MSG_BO.auditoriaVazia));
    click('Editar');
    typeInto('Preço', '95,5');
    click('Salvar alterações');
    expect(await screen.findByText(MSG_BO.produtoAtualizado)).toBeTruthy();
    await waitFor(() => expect(historico.textContent).toContain('1 alteração'));
    fireEvent.click(historico);
    expect(screen.getByRole('listitem').textContent).toContain('PreçoR$ 89,90→R$ 95,50');
  });

  it('an invalid edit is not sent; a refused one shows the server message and stays unlocked', async () => {
    const { calls } = mockApi({
      ...SCREEN_CALLS,
      ...API,
      'GET /api/produto/admin/12': okFor(produtoAdminApi.buscar, produtoAdminWire()),
      'PUT /api/produto/editar/12': fail(422, MSG_BO.categoriaDeveSerFisica),
    });
    renderEdit();
    await screen.findByDisplayValue('Resina composta A2');
    click('Editar');
    typeInto('Tempo estimado', '');
    typeInto('Nome', 'ab');
    click('Salvar alterações');
    expect(await screen.findByText(MSG.min3)).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    typeInto('Nome', 'Resina nova');
    click('Salvar alterações');
    expect(await screen.findByText(MSG_BO.categoriaDeveSerFisica)).toBeTruthy();
    expect(locked('Nome')).toBe(false);
    expect(button('Salvar alterações')).toBeTruthy();
  });

  it('a digital product shows its authors and tags; shown on site without a home picture asks for one and sends it after saving', async () => {
    const { calls } = mockApi({
      ...SCREEN_CALLS,
      ...API,
      'GET /api/produto/admin/30': okFor(
        produtoAdminApi.buscar,
        produtoAdminWire({
          id: 30,
          nome: 'Curso de facetas',
          digital: true,
          categoria: { id: 5, nome: 'Cursos de estética', digital: true },
          autores: [8],
          tags: [{ id: 1, nome: 'estética' }],
          fichaTecnica: [],
          altura: null,
          peso: null,
          largura: null,
          comprimento: null,
          duracao: '12 horas',
        }),
      ),
      'PUT /api/produto/editar/30': okFor(produtoAdminApi.editar, produtoAdminWire({ id: 30 })),
      'PUT /api/produto/create/30/true': okFor(imagemApi.enviarProduto, imagemWire(5, { imagemSite: true }), {
        status: 201,
      }),
    });
    renderEdit('/editProduct/30');
    expect(await screen.findByDisplayValue('Curso de facetas')).toBeTruthy();
    expect(((await screen.findByLabelText('Dr. Bruno Reis')) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Dra. Ana Lima') as HTMLInputElement).checked).toBe(false);
    expect(field('Tag 1').value).toBe('estética');
    expect(field('Carga horária').value).toBe('12 horas');
    await waitFor(() => expect((screen.getByLabelText('Categoria') as HTMLSelectElement).value).toBe('5'));
    expect(screen.queryByLabelText('Altura (cm)')).toBeNull();
    expect(screen.getByRole('link', { name: 'Conteúdos' }).getAttribute('href')).toBe('/EditListConteudoProduto/30');
    // Contents are added on their own screen, not here.
    expect(screen.queryByRole('region', { name: 'Conteúdos' })).toBeNull();

    click('Editar');
    fireEvent.click(screen.getByRole('switch', { name: /Exibido no site/ }));
    typeInto('Título do destaque', 'Novo curso');
    typeInto('Texto do destaque', 'Facetas do início ao fim');
    click('Salvar alterações');
    expect(await screen.findByText(MSG_BO.selecioneImagem)).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/produto/editar/30')).toBe(false);

    fireEvent.change(screen.getByLabelText('Imagem da home', { selector: 'input' }), {
      target: { files: [fileOf('home.png', 'image/png')] },
    });
    click('Salvar alterações');
    expect(await screen.findByText(MSG_BO.imagemHomeCadastrada)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.url)).toEqual([
      '/api/produto/editar/30',
      '/api/produto/create/30/true',
    ]);
  });

  it('USUARIO gets no contents link; an unknown product says so', async () => {
    mockApi({
      ...SCREEN_CALLS,
      ...API,
      'GET /api/produto/admin/30': okFor(
        produtoAdminApi.buscar,
        produtoAdminWire({ id: 30, digital: true, categoria: { id: 5, nome: 'Cursos', digital: true }, autores: [7] }),
      ),
      'GET /api/produto/admin/99': fail(404, MSG.produtoNaoEncontrado),
    });
    const first = renderEdit('/editProduct/30', USUARIO_SESSION);
    await screen.findByRole('link', { name: 'Imagens' });
    expect(screen.queryByRole('link', { name: 'Conteúdos' })).toBeNull();
    first.unmount();
    renderEdit('/editProduct/99');
    expect(await screen.findByText(MSG.produtoNaoEncontrado)).toBeTruthy();
  });
  it("'Estoque': em estoque, reservado e disponível; 'Ajustar estoque' confere e envia o movimento", async () => {
    const { calls } = mockApi({
      ...SCREEN_CALLS,
      ...API,
      'GET /api/produto/admin/12': okFor(produtoAdminApi.buscar, produtoAdminWire()),
      'POST /api/produto/12/estoque/movimento': okFor(estoqueApi.movimentar, {
        produtoId: 12,
        estoque: 9,
        reservado: 2,
        disponiveis: 7,
        estoqueMinimo: 5,
      }),
    });
    renderEdit();
    const secao = await screen.findByTestId('product-stock');
    await waitFor(() =>
      expect(within(secao).getByLabelText('Estoque do produto').textContent).toContain('Disponível8'),
    );
    expect(within(secao).getByTestId('stock-movement').textContent).toContain('NF 1234');
    fireEvent.click(within(secao).getByRole('button', { name: 'Ajustar estoque' }));
    const form = within(secao).getByRole('form', { name: 'Ajustar estoque' });
    fireEvent.click(within(form).getByLabelText('Perda'));
    fireEvent.change(within(form).getByLabelText('Unidades perdidas'), { target: { value: '9' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Registrar movimento' }));
    // Below the reserved units, and without a reason: nothing is sent.
    expect(
      await within(form).findByText('O estoque não pode ficar abaixo das 2 unidades reservadas em pedidos.'),
    ).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Unidades perdidas'), { target: { value: '1' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Registrar movimento' }));
    expect(await within(form).findByText(MSG_ESTOQUE_EQUIPE.motivoObrigatorio)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.change(within(form).getByLabelText('Motivo'), { target: { value: 'Embalagem violada' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Registrar movimento' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      tipo: 'perda',
      quantidade: 1,
      motivo: 'Embalagem violada',
    });
  });
});
