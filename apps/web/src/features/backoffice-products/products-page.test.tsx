import { categoriaApi } from '@clinica/shared/schemas/categoria';
import { produtoAdminApi } from '@clinica/shared/schemas/produto-admin';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { click, field, renderAt, setupScreenTests, signInAs, typeInto } from '../../test/screen-tests';
import { fail, mockApi, okFor } from '../../test/test-utils';
import {
  ADMIN_SESSION,
  CATEGORIAS_DIGITAIS,
  CATEGORIAS_FISICAS,
  itemWire,
  listagemWire,
  USUARIO_SESSION,
} from './product-fixtures';
import { ProductsPage } from './products-page';

const LIST = 'GET /api/produto/listagem';
const CATEGORIAS = 'GET /api/categoria/';

const listCalls = (calls: { method: string; url: string }[]) =>
  calls.filter((c) => c.method === 'GET' && c.url.startsWith('/api/produto/listagem'));
const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

function renderProducts(path = '/products', session: typeof ADMIN_SESSION | typeof USUARIO_SESSION = ADMIN_SESSION) {
  signInAs(session);
  return renderAt(path, {
    '/products': <ProductsPage />,
    '/editProduct/:id': <p>Tela de edição</p>,
    '/newProduct': <p>Tela de cadastro</p>,
  });
}

describe('/products back-office list', () => {
  setupScreenTests();

  it('asks for page 0 of 10 and shows name, code, category, price in R$ and the flags', async () => {
    const { calls } = mockApi({
      [LIST]: okFor(
        produtoAdminApi.listagem,
        listagemWire([
          itemWire(3, { nome: 'Resina A2', preco: 1234.5 }),
          itemWire(4, {
            nome: 'Curso de facetas',
            digital: true,
            ativo: false,
            brinde: true,
            produtoExibidoSite: true,
          }),
        ]),
      ),
      [CATEGORIAS]: okFor(categoriaApi.todas, [...CATEGORIAS_FISICAS, ...CATEGORIAS_DIGITAIS]),
    });
    renderProducts();
    const rows = await screen.findAllByTestId('product-row');
    expect(queryOf(listCalls(calls)[0]!.url)).toEqual({ page: '0', size: '10' });
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: 'Resina A2' }).getAttribute('href')).toBe('/editProduct/3');
    expect(within(rows[0]!).getAllByText('R$ 1.234,50').length).toBeGreaterThan(0);
    expect(within(rows[0]!).getAllByText('Ativo').length).toBeGreaterThan(0);
    expect(within(rows[1]!).getAllByText('Inativo').length).toBeGreaterThan(0);
    expect(within(rows[1]!).getAllByText('Brinde').length).toBeGreaterThan(0);
    expect(within(rows[1]!).getAllByText('No site').length).toBeGreaterThan(0);
    expect(screen.getByText('2 registros')).toBeTruthy();
    const toggle = screen.getByRole('button', { name: /^Filtros/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'Novo produto' }).getAttribute('href')).toBe('/newProduct');
    // The category filter lists every category, with its kind.
    expect(await screen.findByRole('option', { name: 'Cursos de estética (digital)' })).toBeTruthy();
  });

  it('row actions: pictures for all, contents only for digital products and only for ADMIN', async () => {
    mockApi({
      [LIST]: okFor(
        produtoAdminApi.listagem,
        listagemWire([itemWire(3, { nome: 'Resina A2' }), itemWire(4, { nome: 'Curso', digital: true })]),
      ),
      [CATEGORIAS]: okFor(categoriaApi.todas, []),
    });
    const first = renderProducts();
    const rows = await screen.findAllByTestId('product-row');
    expect(within(rows[0]!).getByRole('link', { name: 'Imagens de Resina A2' }).getAttribute('href')).toBe(
      '/EditListImagemProduto/3',
    );
    expect(within(rows[0]!).queryByRole('link', { name: /Conteúdos/ })).toBeNull();
    expect(within(rows[1]!).getByRole('link', { name: 'Conteúdos de Curso' }).getAttribute('href')).toBe(
      '/EditListConteudoProduto/4',
    );
    first.unmount();

    renderProducts('/products', USUARIO_SESSION);
    await screen.findAllByTestId('product-row');
    expect(screen.queryByRole('link', { name: 'Conteúdos de Curso' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Imagens de Curso' })).toBeTruthy();
  });

  it('a click on a row opens its edit screen', async () => {
    mockApi({
      [LIST]: okFor(produtoAdminApi.listagem, listagemWire([itemWire(3)])),
      [CATEGORIAS]: okFor(categoriaApi.todas, []),
    });
    const { router } = renderProducts();
    const [row] = await screen.findAllByTestId('product-row');
    fireEvent.click(within(row!).getByText('R$ 49,90', { selector: 'td' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/editProduct/3'));
  });

  it('filters go to the address and to the query, back to page 0', async () => {
    const { calls } = mockApi({
      [LIST]: okFor(
        produtoAdminApi.listagem,
        listagemWire([itemWire(3)], { totalPaginas: 3, totalRegistros: 25, page: 1 }),
      ),
      [CATEGORIAS]: okFor(categoriaApi.todas, CATEGORIAS_FISICAS),
    });
    const { router } = renderProducts('/products?page=1&size=15');
    await screen.findAllByTestId('product-row');
    expect(queryOf(listCalls(calls)[0]!.url)).toEqual({ page: '1', size: '15' });

    typeInto('Nome', 'resina');
    typeInto('Código', '12');
    typeInto('Descrição', 'foto');
    await screen.findByRole('option', { name: 'Resinas (físico)' });
    fireEvent.change(screen.getByLabelText('Categoria'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Ativo'), { target: { value: 'false' } });
    fireEvent.change(screen.getByLabelText('Exibido no site'), { target: { value: 'true' } });
    fireEvent.change(screen.getByLabelText('Disponível'), { target: { value: 'false' } });
    fireEvent.change(screen.getByLabelText('Brinde'), { target: { value: 'true' } });
    click('Filtrar');

    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    const expected = {
      page: '0',
      size: '15',
      nome: 'resina',
      id: '12',
      descricao: 'foto',
      idCategoria: '1',
      ativo: 'false',
      produtoExibidoSite: 'true',
      disponivel: 'false',
      brinde: 'true',
    };
    expect(queryOf(listCalls(calls)[1]!.url)).toEqual(expected);
    const { page: _page, ...inAddress } = expected;
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual(inAddress);
  });

  it('filters from the address fill the form, the category once its options arrive', async () => {
    mockApi({
      [LIST]: okFor(produtoAdminApi.listagem, listagemWire([itemWire(3)])),
      [CATEGORIAS]: okFor(categoriaApi.todas, CATEGORIAS_FISICAS),
    });
    renderProducts('/products?nome=kit&idCategoria=2&brinde=false');
    await screen.findAllByTestId('product-row');
    expect(field('Nome').value).toBe('kit');
    // On small screens the filters fold under 'Filtros', open when some are applied (3 here).
    const toggle = screen.getByRole('button', { name: /^Filtros/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.textContent).toContain('3');
    expect(field('Brinde').value).toBe('false');
    await waitFor(() => expect(field('Categoria').value).toBe('2'));
  });

  it('what is typed before the categories arrive stays when they do', async () => {
    let answerCategorias = () => {};
    const { calls } = mockApi({
      [LIST]: okFor(produtoAdminApi.listagem, listagemWire([itemWire(3)])),
      [CATEGORIAS]: () =>
        new Promise((resolve) => (answerCategorias = () => resolve(okFor(categoriaApi.todas, CATEGORIAS_FISICAS)))),
    });
    renderProducts('/products?idCategoria=2');
    await screen.findAllByTestId('product-row');
    typeInto('Nome', 'resina');
    typeInto('Código', '12');
    answerCategorias();
    await waitFor(() => expect(field('Categoria').value).toBe('2'));
    expect(field('Nome').value).toBe('resina');
    expect(field('Código').value).toBe('12');
    click('Filtrar');
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    expect(queryOf(listCalls(calls)[1]!.url)).toMatchObject({ nome: 'resina', id: '12', idCategoria: '2' });
  });

  it('a code that is not a number is refused before asking', async () => {
    const { calls } = mockApi({
      [LIST]: okFor(produtoAdminApi.listagem, listagemWire([itemWire(3)])),
      [CATEGORIAS]: okFor(categoriaApi.todas, []),
    });
    renderProducts();
    await screen.findAllByTestId('product-row');
    typeInto('Código', 'abc');
    click('Filtrar');
    expect(await screen.findByText('Informe um código de produto válido.')).toBeTruthy();
    expect(listCalls(calls)).toHaveLength(1);
  });

  it('pages: up to 3 page buttons, the next page and the page size go to the query', async () => {
    const { calls } = mockApi({
      [LIST]: ({ url }) => {
        const page = Number(queryOf(url).page);
        return okFor(
          produtoAdminApi.listagem,
          listagemWire([itemWire(10 + page)], { totalPaginas: 5, totalRegistros: 50, page }),
        );
      },
      [CATEGORIAS]: okFor(categoriaApi.todas, []),
    });
    const { router } = renderProducts();
    await screen.findByRole('link', { name: 'Produto 10' });
    const nav = screen.getByRole('navigation', { name: 'Paginação' });
    expect(within(nav).getAllByRole('button', { name: /^Página \d+$/ })).toHaveLength(3);
    click('Próxima página');
    expect(await screen.findByRole('link', { name: 'Produto 11' })).toBeTruthy();
    expect(queryOf(listCalls(calls).at(-1)!.url)).toEqual({ page: '1', size: '10' });
    expect(router.state.location.search).toBe('?page=1');

    fireEvent.change(screen.getByLabelText('Itens por página'), { target: { value: '20' } });
    await waitFor(() => expect(queryOf(listCalls(calls).at(-1)!.url)).toEqual({ page: '0', size: '20' }));
    expect(router.state.location.search).toBe('?size=20');
  });

  it("shows the server's message when the list fails, and the empty states", async () => {
    let n = 0;
    mockApi({
      [LIST]: () =>
        ++n === 1 ? fail(500, 'Falha ao listar produtos.') : okFor(produtoAdminApi.listagem, listagemWire([])),
      [CATEGORIAS]: okFor(categoriaApi.todas, []),
    });
    renderProducts('/products?nome=zzz');
    expect(await screen.findByText('Falha ao listar produtos.')).toBeTruthy();
    click('Tentar novamente');
    expect(await screen.findByText('Nenhum produto encontrado')).toBeTruthy();
    click('Limpar filtros');
    expect(await screen.findByText('Nenhum produto cadastrado')).toBeTruthy();
  });
});
