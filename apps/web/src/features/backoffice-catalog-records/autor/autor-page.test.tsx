import { imagemApi } from '@clinica/shared/schemas/imagem';
import { autorApi } from '@clinica/shared/schemas/autor';
import { auditoriaApi } from '@clinica/shared/schemas/auditoria';
import { MSG } from '@clinica/shared/messages';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { button, click, field, renderAt, setupScreenTests, signInAs, typeInto } from '../../../test/screen-tests';
import { fail, mockApi, okFor, type MockReply } from '../../../test/test-utils';
import { autorWire, EQUIPE } from '../test/unitarios-fixtures';
import { AutorPage } from './autor-page';

/** The author's audit trail, empty unless a test says otherwise. */
const SCREEN_CALLS: Record<string, MockReply> = {
  'GET /api/auditoria/autor/5': okFor(auditoriaApi.listar, {
    registros: [],
    page: 0,
    totalRegistros: 0,
    totalPaginas: 0,
  }),
};

function renderAutor(path: string) {
  signInAs(EQUIPE);
  return renderAt(path, {
    '/newAuthor': <AutorPage />,
    '/editAuthor/:id': <AutorPage />,
    '/unitarys': <p>Hub de unitários</p>,
  });
}

const png = (name = 'foto.png', type = 'image/png') => new File([new Uint8Array([137, 80, 78, 71])], name, { type });
const choosePhoto = (file: File) => fireEvent.change(field('Foto do autor'), { target: { files: [file] } });
const disabled = (label: string) => field(label).matches(':disabled');

describe('/newAuthor and /editAuthor/:id', () => {
  setupScreenTests();

  it('validates on change with the field messages and sends nothing while invalid', async () => {
    const { calls } = mockApi({ ...SCREEN_CALLS });
    renderAutor('/newAuthor');
    expect(screen.getByRole('heading', { level: 1, name: 'Cadastro de autores' })).toBeTruthy();
    expect(screen.getByTestId('edit-mode').textContent).toBe('Novo cadastro');
    expect(screen.queryByRole('alert')).toBeNull();
    typeInto('Nome', 'Jo');
    expect(await screen.findByText(MSG.min3)).toBeTruthy();
    click('Cadastrar autor');
    await waitFor(() => expect(screen.getAllByText(MSG.min3)).toHaveLength(2)); // nome and sobre
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    typeInto('Nome', 'Joana');
    await waitFor(() => expect(screen.getAllByText(MSG.min3)).toHaveLength(1));
  });

  it('creates the author, then sends the chosen photo, and goes back to the hub', async () => {
    // jsdom has no object URLs: the preview's address is faked for this test.
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    onTestFinished(() => {
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
    });
    const { calls } = mockApi({
      ...SCREEN_CALLS,
      'POST /api/autor/create': okFor(autorApi.criar, autorWire(9, { nome: 'Joana Prado', sobre: 'Ortodontista.' }), {
        status: 201,
      }),
      'POST /api/autor/save/imgautor/9': okFor(imagemApi.enviarAutor, {
        id: 9,
        nomeImg: 'foto.png',
        pathImg: '/api/arquivos/a9.webp',
        imagem: { path: '/api/arquivos/a9.webp', largura: 640, altura: 640, variantes: [] },
      }),
    });
    const { router } = renderAutor('/newAuthor');
    choosePhoto(png('foto.gif', 'image/gif'));
    expect(await screen.findByText(MSG_BO.fotoAutorTipoInvalido)).toBeTruthy();
    choosePhoto(png());
    await waitFor(() => expect(screen.queryByText(MSG_BO.fotoAutorTipoInvalido)).toBeNull());
    expect(screen.getByText('foto.png')).toBeTruthy();
    expect(within(screen.getByTestId('image-preview')).getByRole('img').getAttribute('src')).toBe('blob:preview');
    typeInto('Nome', 'Joana Prado');
    typeInto('Sobre', 'Ortodontista.');
    click('Cadastrar autor');
    expect(await screen.findByText(MSG_BO.autorCadastrado)).toBeTruthy();
    expect(await screen.findByText(MSG_BO.imagemEditada)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/unitarys'));
    const post = calls.find((c) => c.url === '/api/autor/create')!;
    expect(post.body).toEqual({ nome: 'Joana Prado', sobre: 'Ortodontista.' });
    const upload = calls.find((c) => c.url === '/api/autor/save/imgautor/9')!;
    expect(upload.body).toBeInstanceOf(FormData);
    expect(((upload.body as FormData).get('imagem') as File).name).toBe('foto.png');
  });

  it('a refused photo after creating shows the server message and opens the new author to try again', async () => {
    mockApi({
      ...SCREEN_CALLS,
      'POST /api/autor/create': okFor(autorApi.criar, autorWire(9), { status: 201 }),
      'POST /api/autor/save/imgautor/9': fail(422, MSG_BO.imagemCorrompida),
      'GET /api/autor/9': okFor(autorApi.buscar, autorWire(9)),
    });
    const { router } = renderAutor('/newAuthor');
    choosePhoto(png());
    typeInto('Nome', 'Autor 9');
    typeInto('Sobre', 'Dentista.');
    click('Cadastrar autor');
    expect(await screen.findByText(MSG_BO.imagemCorrompida)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/editAuthor/9'));
  });

  it('the edit screen starts locked; Editar unlocks, Cancelar reloads and locks again', async () => {
    let loads = 0;
    mockApi({
      ...SCREEN_CALLS,
      'GET /api/autor/5': () => (loads++, okFor(autorApi.buscar, autorWire(5, { pathImg: '/api/arquivos/a5.webp' }))),
    });
    renderAutor('/editAuthor/5');
    expect(await screen.findByDisplayValue('Autor 5')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Editar autor' })).toBeTruthy();
    expect(screen.getByTestId('edit-mode').textContent).toBe('Somente leitura');
    expect(disabled('Nome')).toBe(true);
    expect(disabled('Sobre')).toBe(true);
    expect(screen.getByRole('img', { name: 'Foto de Autor 5' }).getAttribute('src')).toBe('/api/arquivos/a5.webp');
    expect(screen.queryByRole('button', { name: 'Salvar alterações' })).toBeNull();

    click('Editar');
    expect(screen.getByTestId('edit-mode').textContent).toBe('Editando');
    expect(disabled('Nome')).toBe(false);
    typeInto('Nome', 'Outro nome');
    click('Cancelar');
    await waitFor(() => expect(field('Nome').value).toBe('Autor 5'));
    expect(screen.getByTestId('edit-mode').textContent).toBe('Somente leitura');
    expect(disabled('Nome')).toBe(true);
    expect(loads).toBe(2);
  });

  it('saves an edit with PUT, shows the toast and locks', async () => {
    const { calls } = mockApi({
      ...SCREEN_CALLS,
      'GET /api/autor/5': okFor(autorApi.buscar, autorWire(5)),
      'PUT /api/autor/editar/5': okFor(autorApi.editar, autorWire(5, { nome: 'Nome Novo' })),
    });
    renderAutor('/editAuthor/5');
    await screen.findByDisplayValue('Autor 5');
    click('Editar');
    typeInto('Nome', 'Nome Novo');
    click('Salvar alterações');
    expect(await screen.findByText(MSG_BO.autorEditado)).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      id: 5,
      nome: 'Nome Novo',
      sobre: 'Dentista e professor 5.',
    });
    await waitFor(() => expect(screen.getByTestId('edit-mode').textContent).toBe('Somente leitura'));
    expect(field('Nome').value).toBe('Nome Novo');
  });

  it("the edit screen shows the author's 'Histórico de alterações' (GET /auditoria/autor/{id}); a new author has none", async () => {
    const { calls } = mockApi({
      ...SCREEN_CALLS,
      'GET /api/autor/5': okFor(autorApi.buscar, autorWire(5)),
      'GET /api/auditoria/autor/5': okFor(auditoriaApi.listar, {
        registros: [
          {
            id: 3,
            entidade: 'autor',
            entidadeId: 5,
            acao: 'EDITAR',
            usuario: { id: 2, nome: 'Ana Lima', permissao: 'USUARIO' },
            quando: '2026-03-05T17:32:00.000Z',
            antes: { nome: 'Autor cinco' },
            depois: { nome: 'Autor 5' },
          },
        ],
        page: 0,
        totalRegistros: 1,
        totalPaginas: 1,
      }),
    });
    renderAutor('/editAuthor/5');
    await screen.findByDisplayValue('Autor 5');
    const historico = screen.getByRole('button', { name: /Histórico de alterações/ });
    await waitFor(() => expect(historico.textContent).toContain('1 alteração'));
    fireEvent.click(historico);
    expect(screen.getByRole('listitem').textContent).toContain('NomeAutor cinco→Autor 5');
    expect(calls.some((c) => c.url.startsWith('/api/auditoria/autor/5?'))).toBe(true);
    cleanup();
    mockApi({ ...SCREEN_CALLS });
    renderAutor('/newAuthor');
    expect(screen.queryByRole('button', { name: /Histórico de alterações/ })).toBeNull();
  });

  it('deletes after confirmation and returns to /unitarys', async () => {
    const { calls } = mockApi({
      ...SCREEN_CALLS,
      'GET /api/autor/5': okFor(autorApi.buscar, autorWire(5)),
      'DELETE /api/autor/delete/5': okFor(autorApi.excluir, null),
    });
    const { router } = renderAutor('/editAuthor/5');
    await screen.findByDisplayValue('Autor 5');
    click('Excluir autor');
    const dialog = await screen.findByRole('alertdialog', { name: 'Excluir autor?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);

    click('Excluir autor');
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText(MSG_BO.autorDeletado)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/unitarys'));
  });

  it('an author still in a product: the 409 message, and the screen stays', async () => {
    mockApi({
      ...SCREEN_CALLS,
      'GET /api/autor/5': okFor(autorApi.buscar, autorWire(5)),
      'DELETE /api/autor/delete/5': fail(409, MSG_BO.autorEmUso),
    });
    const { router } = renderAutor('/editAuthor/5');
    await screen.findByDisplayValue('Autor 5');
    click('Excluir autor');
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText(MSG_BO.autorEmUso)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/editAuthor/5');
    expect(button('Editar')).toBeTruthy();
  });

  it('an unknown author shows the server message', async () => {
    mockApi({ ...SCREEN_CALLS, 'GET /api/autor/77': fail(404, MSG_BO.autorNaoEncontrado) });
    renderAutor('/editAuthor/77');
    expect(await screen.findByText(MSG_BO.autorNaoEncontrado)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voltar aos autores' }).getAttribute('href')).toBe('/unitarys');
  });
});
