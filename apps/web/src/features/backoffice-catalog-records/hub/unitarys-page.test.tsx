import { autorApi } from '@clinica/shared/schemas/autor';
import { categoriaApi } from '@clinica/shared/schemas/categoria';
import { descontoApi } from '@clinica/shared/schemas/desconto';
import { enderecoApi } from '@clinica/shared/schemas/endereco';
import { empresaApi } from '@clinica/shared/schemas/empresa';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EMPRESA_FIXTURE } from '../../../test/empresa-fixture';
import { click, renderAt, setupScreenTests, signInAs, typeInto } from '../../../test/screen-tests';
import { fail, mockApi, okFor } from '../../../test/test-utils';
import { ADMIN, autorWire, categoriaWire, descontoWire, EQUIPE, pagina, queryOf } from '../test/unitarios-fixtures';
import { UnitarysPage } from './unitarys-page';

const AUTORES = 'GET /api/autor/listagem';
const CATEGORIAS = 'GET /api/categoria/listagem';
const DESCONTOS = 'GET /api/condicaodesconto/listagem';

function renderHub(path = '/unitarys', user: typeof ADMIN | typeof EQUIPE = ADMIN) {
  signInAs(user);
  return renderAt(path, {
    '/unitarys': <UnitarysPage />,
    '/editAuthor/:id': <p>Editar autor</p>,
    '/editDiscount/:id': <p>Editar desconto</p>,
    '/newCategory': <p>Nova categoria</p>,
  });
}

const callsTo = (calls: { method: string; url: string }[], path: string) =>
  calls.filter((c) => c.method === 'GET' && c.url.startsWith(path));

describe('/unitarys hub', () => {
  setupScreenTests();

  it('ADMIN sees the four tabs; authors open first with name, photo and products count', async () => {
    const { calls } = mockApi({
      [AUTORES]: okFor(
        autorApi.listagem,
        pagina('listaAutor', [{ ...autorWire(4, { pathImg: '/api/arquivos/a4.webp' }), totalProdutos: 2 }]),
      ),
    });
    renderHub();
    expect(screen.getByRole('heading', { level: 1, name: 'Cadastro de unitários' })).toBeTruthy();
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual(['Autores', 'Categorias', 'Descontos', 'Empresa']);
    expect(screen.getByRole('tab', { name: 'Autores' }).getAttribute('aria-selected')).toBe('true');
    const link = await screen.findByRole('link', { name: 'Editar autor Autor 4' });
    expect(link.getAttribute('href')).toBe('/editAuthor/4');
    const row = screen.getAllByTestId('table-row')[0]!;
    expect(within(row).getByTestId('author-photo').getAttribute('src')).toBe('/api/arquivos/a4.webp');
    expect(within(row).getByText('2')).toBeTruthy();
    expect(queryOf(callsTo(calls, '/api/autor/listagem')[0]!.url)).toEqual({ page: '0', size: '10' });
    expect(screen.getByRole('link', { name: 'Novo autor' }).getAttribute('href')).toBe('/newAuthor');
  });

  it('USUARIO has no Empresa tab, and ?tab=empresa falls back to the authors', async () => {
    mockApi({ [AUTORES]: okFor(autorApi.listagem, pagina('listaAutor', [])) });
    renderHub('/unitarys?tab=empresa', EQUIPE);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Autores', 'Categorias', 'Descontos']);
    expect(screen.queryByRole('tab', { name: 'Empresa' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Autores' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText('Nenhum autor cadastrado')).toBeTruthy();
  });

  it('switching tabs keeps the tab in the address and asks for its listing; arrows move between tabs', async () => {
    const { calls } = mockApi({
      [AUTORES]: okFor(autorApi.listagem, pagina('listaAutor', [])),
      [CATEGORIAS]: okFor(
        categoriaApi.listagem,
        pagina('listaCategoria', [{ ...categoriaWire(3, { digital: true }), totalProdutos: 0 }]),
      ),
      [DESCONTOS]: okFor(
        descontoApi.listagem,
        pagina('listaCondicaoDesconto', [descontoWire(8, { ativo: true, valor: 1234.5 })]),
      ),
    });
    const { router } = renderHub('/unitarys?q=abc&page=2');
    fireEvent.click(screen.getByRole('tab', { name: 'Categorias' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=categorias'));
    const row = (await screen.findAllByTestId('table-row'))[0]!;
    expect(within(row).getByText('Digital')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Nova categoria' }).getAttribute('href')).toBe('/newCategory');
    expect(queryOf(callsTo(calls, '/api/categoria/listagem')[0]!.url)).toEqual({ page: '0', size: '10' });

    fireEvent.keyDown(screen.getByRole('tab', { name: 'Categorias' }), { key: 'ArrowRight' });
    await waitFor(() => expect(router.state.location.search).toBe('?tab=descontos'));
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Descontos' }));
    const desconto = (await screen.findAllByTestId('table-row'))[0]!;
    expect(within(desconto).getByText('R$ 1.234,50')).toBeTruthy();
    expect(within(desconto).getByText('Ativa')).toBeTruthy();
    fireEvent.click(within(desconto).getByText('R$ 1.234,50'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/editDiscount/8'));
  });

  it('pages: next page asks for page 1, a new size goes back to page 0, at most 3 page buttons', async () => {
    const { calls } = mockApi({
      [AUTORES]: ({ url }) => {
        const page = Number(queryOf(url).page);
        return okFor(
          autorApi.listagem,
          pagina('listaAutor', [{ ...autorWire(100 + page), totalProdutos: 0 }], page, 6, 60),
        );
      },
    });
    const { router } = renderHub();
    await screen.findByRole('link', { name: 'Editar autor Autor 100' });
    expect(screen.getByText('60 registros')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Página \d$/ })).toHaveLength(3);
    click('Próxima página');
    expect(await screen.findByRole('link', { name: 'Editar autor Autor 101' })).toBeTruthy();
    expect(router.state.location.search).toBe('?page=1');
    expect(queryOf(callsTo(calls, '/api/autor/listagem').at(-1)!.url).page).toBe('1');
    expect(screen.getByRole('button', { name: 'Página 2' }).getAttribute('aria-current')).toBe('page');

    fireEvent.change(screen.getByLabelText('Itens por página'), { target: { value: '20' } });
    await waitFor(() =>
      expect(queryOf(callsTo(calls, '/api/autor/listagem').at(-1)!.url)).toEqual({ page: '0', size: '20' }),
    );
    expect(router.state.location.search).toBe('?size=20');
  });

  it('filters by description and status on the discounts tab, and clears them', async () => {
    const { calls } = mockApi({
      [DESCONTOS]: ({ url }) =>
        okFor(descontoApi.listagem, pagina('listaCondicaoDesconto', queryOf(url).descricao ? [] : [descontoWire(1)])),
    });
    const { router } = renderHub('/unitarys?tab=descontos');
    await screen.findAllByTestId('table-row');
    typeInto('Descrição', 'natal');
    fireEvent.change(screen.getByLabelText('Situação'), { target: { value: 'inativo' } });
    click('Filtrar');
    expect(await screen.findByText('Nada encontrado')).toBeTruthy();
    expect(queryOf(callsTo(calls, '/api/condicaodesconto/listagem').at(-1)!.url)).toEqual({
      descricao: 'natal',
      ativo: 'false',
      page: '0',
      size: '10',
    });
    expect(router.state.location.search).toBe('?tab=descontos&q=natal&tipo=inativo');
    click('Limpar filtros');
    expect(await screen.findAllByTestId('table-row')).toHaveLength(1);
    expect(router.state.location.search).toBe('?tab=descontos');
    expect((screen.getByLabelText('Descrição') as HTMLInputElement).value).toBe('');
  });

  it("a failed list shows its message ('erro ao buscar a lista de descontos: ...') and tries again", async () => {
    let n = 0;
    mockApi({
      [DESCONTOS]: () =>
        ++n === 1
          ? fail(500, 'Banco indisponível.')
          : okFor(descontoApi.listagem, pagina('listaCondicaoDesconto', [descontoWire(2)])),
    });
    renderHub('/unitarys?tab=descontos');
    expect(await screen.findByText(`${MSG_BO.erroListaDescontos}Banco indisponível.`)).toBeTruthy();
    click('Tentar novamente');
    expect(await screen.findByRole('link', { name: 'Editar desconto Condição 2' })).toBeTruthy();
  });

  it('the Empresa tab shows the company form, locked', async () => {
    mockApi({
      'GET /api/empresa/': okFor(empresaApi.get, EMPRESA_FIXTURE),
      'GET /api/uf/': okFor(enderecoApi.ufs, [{ id: 35, sigla: 'SP', nome: 'São Paulo' }]),
      'GET /api/municipio/estado/35': okFor(enderecoApi.municipios, [{ id: 1, nome: 'São Paulo' }]),
    });
    renderHub('/unitarys?tab=empresa');
    expect(await screen.findByDisplayValue('Sorriso Pleno Odontologia Ltda')).toBeTruthy();
    expect(screen.getByTestId('edit-mode').textContent).toBe('Somente leitura');
    expect(screen.getByLabelText('Razão social').matches(':disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Editar' })).toBeTruthy();
  });
});
