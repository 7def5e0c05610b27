import { auditoriaApi } from '@clinica/shared/schemas/auditoria';
import { categoriaApi } from '@clinica/shared/schemas/categoria';
import { MSG } from '@clinica/shared/messages';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { click, field, renderAt, setupScreenTests, signInAs, typeInto } from '../../../test/screen-tests';
import { fail, mockApi, okFor, type MockReply } from '../../../test/test-utils';
import { categoriaWire, EQUIPE } from '../test/unitarios-fixtures';
import { CategoriaPage } from './categoria-page';

/** The category's audit trail, empty. */
const SCREEN_CALLS: Record<string, MockReply> = {
  'GET /api/auditoria/categoria/3': okFor(auditoriaApi.listar, {
    registros: [],
    page: 0,
    totalRegistros: 0,
    totalPaginas: 0,
  }),
};

function renderCategoria(path: string) {
  signInAs(EQUIPE);
  return renderAt(path, {
    '/newCategory': <CategoriaPage />,
    '/editCategory/:id': <CategoriaPage />,
    '/unitarys': <p>Hub de unitários</p>,
  });
}

const digital = () => screen.getByRole('switch', { name: /Categoria de produtos digitais/ }) as HTMLInputElement;

describe('/newCategory and /editCategory/:id', () => {
  setupScreenTests();

  it("'Cadastro de categorias': name of 3 or more, the digital switch, and the new category goes to the hub", async () => {
    const { calls } = mockApi({
      ...SCREEN_CALLS,
      'POST /api/categoria/create': okFor(
        categoriaApi.criar,
        categoriaWire(12, { nome: 'Cursos de prótese', digital: true }),
        { status: 201 },
      ),
    });
    const { router } = renderCategoria('/newCategory');
    expect(screen.getByRole('heading', { level: 1, name: 'Cadastro de categorias' })).toBeTruthy();
    typeInto('Nome', 'Cu');
    expect(await screen.findByText(MSG.min3)).toBeTruthy();
    click('Cadastrar categoria');
    await waitFor(() => expect(screen.getByText(MSG.min3)).toBeTruthy());
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    typeInto('Nome', 'Cursos de prótese');
    fireEvent.click(digital());
    click('Cadastrar categoria');
    expect(await screen.findByText(MSG_BO.categoriaCadastrada)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/unitarys'));
    expect(router.state.location.search).toBe('?tab=categorias');
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ nome: 'Cursos de prótese', digital: true });
  });

  it('a refused creation shows the server message and keeps the form', async () => {
    mockApi({ ...SCREEN_CALLS, 'POST /api/categoria/create': fail(409, MSG_BO.categoriaNomeEmUso) });
    const { router } = renderCategoria('/newCategory');
    typeInto('Nome', 'Higiene bucal');
    click('Cadastrar categoria');
    expect(await screen.findByText(MSG_BO.categoriaNomeEmUso)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/newCategory');
    expect(field('Nome').value).toBe('Higiene bucal');
  });

  it('edits: locked first, Editar, save with PUT {id, nome, digital}, then locked again', async () => {
    const { calls } = mockApi({
      ...SCREEN_CALLS,
      'GET /api/categoria/3': okFor(categoriaApi.buscar, categoriaWire(3, { nome: 'Higiene' })),
      'PUT /api/categoria/3': okFor(categoriaApi.editar, categoriaWire(3, { nome: 'Higiene bucal', digital: false })),
    });
    renderCategoria('/editCategory/3');
    expect(await screen.findByDisplayValue('Higiene')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Editar categoria' })).toBeTruthy();
    expect(field('Nome').matches(':disabled')).toBe(true);
    expect(digital().matches(':disabled')).toBe(true);
    click('Editar');
    typeInto('Nome', 'Higiene bucal');
    click('Salvar alterações');
    expect(await screen.findByText(MSG_BO.categoriaEditada)).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ id: 3, nome: 'Higiene bucal', digital: false });
    await waitFor(() => expect(field('Nome').matches(':disabled')).toBe(true));
  });

  it('deletes after confirmation and returns to /unitarys; a category with products shows the 409 message', async () => {
    let inUse = true;
    mockApi({
      ...SCREEN_CALLS,
      'GET /api/categoria/3': okFor(categoriaApi.buscar, categoriaWire(3)),
      'DELETE /api/categoria/delete/3': () =>
        inUse ? fail(409, MSG_BO.categoriaEmUso) : okFor(categoriaApi.excluir, null),
    });
    const { router } = renderCategoria('/editCategory/3');
    await screen.findByDisplayValue('Categoria 3');
    click('Excluir categoria');
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText(MSG_BO.categoriaEmUso)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/editCategory/3');

    inUse = false;
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    click('Excluir categoria');
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText(MSG_BO.categoriaDeletada)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/unitarys'));
  });
});
