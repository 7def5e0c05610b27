import { usuarioApi } from '@clinica/shared/schemas/auth';
import { emailApi } from '@clinica/shared/schemas/email';
import { usuarioAdminApi } from '@clinica/shared/schemas/usuario-admin';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { click, field, renderAt, setupScreenTests, signInAs, typeInto } from '../../test/screen-tests';
import { fail, mockApi, okFor } from '../../test/test-utils';
import { ControlAccessPage } from './control-access-page';
import { GERENTE_SESSION, listagemWire, usuarioWire } from './users-fixtures';

const LIST = 'GET /api/usuario/buscar';
const ME = 'GET /api/usuario/1';

const listCalls = (calls: { method: string; url: string }[]) =>
  calls.filter((c) => c.method === 'GET' && c.url.startsWith('/api/usuario/buscar'));
const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

const ME_REPLY = okFor(
  usuarioApi.get,
  usuarioWire(1, { nome: 'Gerente da Clínica', email: 'admin@clinica.com.br', permissao: 'ADMIN' }),
);

function renderPage(path = '/controlAccess') {
  signInAs(GERENTE_SESSION);
  return renderAt(path, {
    '/controlAccess': <ControlAccessPage />,
    '/editUser/:id': <p>Tela do usuário</p>,
    '/newUser': <p>Tela de cadastro</p>,
  });
}

describe('/controlAccess', () => {
  setupScreenTests();

  it('lists page 0 of 10 in ascending order: name, e-mail, permission, status; a row opens /editUser/{id}', async () => {
    const { calls } = mockApi({
      [LIST]: okFor(
        usuarioAdminApi.buscar,
        listagemWire([
          usuarioWire(1, { nome: 'Gerente da Clínica', permissao: 'ADMIN' }),
          usuarioWire(7, { nome: 'Ana Souza', email: 'ana@clinica.com.br', ativo: false, confirmado: false }),
          usuarioWire(9, { nome: 'Carla Cliente', permissao: 'CLIENTE' }),
        ]),
      ),
      [ME]: ME_REPLY,
    });
    const { router } = renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Configuração de acesso' })).toBeTruthy();
    const rows = await screen.findAllByTestId('user-row');
    expect(queryOf(listCalls(calls)[0]!.url)).toEqual({ page: '0', size: '10', sort: 'asc' });
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('Você')).toBeTruthy();
    expect(within(rows[0]!).getAllByText('Gerente').length).toBeGreaterThan(0);
    expect(within(rows[1]!).getByText('ana@clinica.com.br')).toBeTruthy();
    expect(within(rows[1]!).getAllByText('Inativo').length).toBeGreaterThan(0);
    expect(within(rows[1]!).getByText('E-mail não confirmado')).toBeTruthy();
    expect(within(rows[2]!).getAllByText('Cliente').length).toBeGreaterThan(0);
    expect(within(rows[1]!).getByRole('link', { name: 'Editar usuário Ana Souza' }).getAttribute('href')).toBe(
      '/editUser/7',
    );
    expect(screen.getByText('3 registros')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Adicionar usuário' }).getAttribute('href')).toBe('/newUser');
    fireEvent.click(rows[2]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/editUser/9'));
  });

  it('filters by name, permission, status and descending order, kept in the address and sent as the API names them', async () => {
    const { calls } = mockApi({
      [LIST]: okFor(usuarioAdminApi.buscar, listagemWire([usuarioWire(7)])),
      [ME]: ME_REPLY,
    });
    const { router } = renderPage();
    await screen.findAllByTestId('user-row');
    typeInto('Nome ou e-mail', '  Ana ');
    fireEvent.change(field('Permissão'), { target: { value: 'USUARIO' } });
    fireEvent.change(field('Situação'), { target: { value: 'false' } });
    fireEvent.click(screen.getByRole('switch', { name: /Ordem crescente/ }));
    click('Filtrar');
    await waitFor(() =>
      expect(queryOf(listCalls(calls).at(-1)!.url)).toEqual({
        page: '0',
        size: '10',
        sort: 'desc',
        nome: 'Ana',
        usuarioPermissao: '3',
        ativo: 'false',
      }),
    );
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      nome: 'Ana',
      permissao: 'USUARIO',
      ativo: 'false',
      ordem: 'desc',
    });

    click('Limpar');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(queryOf(listCalls(calls).at(-1)!.url)).toEqual({ page: '0', size: '10', sort: 'asc' });
    expect(field('Nome ou e-mail').value).toBe('');
  });

  it('opens with the filters and page of the address (a reload or a shared link) and pages from there', async () => {
    const { calls } = mockApi({
      [LIST]: okFor(
        usuarioAdminApi.buscar,
        listagemWire([usuarioWire(21)], { page: 1, totalPaginas: 3, totalRegistros: 41 }),
      ),
      [ME]: ME_REPLY,
    });
    const { router } = renderPage('/controlAccess?nome=ana&permissao=CLIENTE&ordem=desc&page=1&size=20');
    await screen.findAllByTestId('user-row');
    expect(queryOf(listCalls(calls)[0]!.url)).toEqual({
      page: '1',
      size: '20',
      sort: 'desc',
      nome: 'ana',
      usuarioPermissao: '2',
    });
    expect(field('Nome ou e-mail').value).toBe('ana');
    expect((field('Permissão') as unknown as HTMLSelectElement).value).toBe('CLIENTE');
    expect((screen.getByRole('switch', { name: /Ordem crescente/ }) as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Página 3' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('page')).toBe('2'));
    fireEvent.change(screen.getByLabelText('Itens por página'), { target: { value: '15' } });
    await waitFor(() => expect(queryOf(listCalls(calls).at(-1)!.url)).toMatchObject({ page: '0', size: '15' }));
  });

  it('a failed list says so with the server message and can be retried; no match offers to clear the filters', async () => {
    let broken = true;
    mockApi({
      [LIST]: () => (broken ? fail(500, 'Banco indisponível.') : okFor(usuarioAdminApi.buscar, listagemWire([]))),
      [ME]: ME_REPLY,
    });
    renderPage('/controlAccess?nome=zzz');
    expect(await screen.findByText(`${MSG_BO.erroListaUsuarios}Banco indisponível.`)).toBeTruthy();
    broken = false;
    click('Tentar novamente');
    expect(await screen.findByText('Nenhum usuário encontrado')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Limpar filtros' })).toBeTruthy();
  });

  it("the manager's e-mail and password dialogs: the current e-mail, and the password code sent on opening", async () => {
    const { calls } = mockApi({
      [LIST]: okFor(usuarioAdminApi.buscar, listagemWire([usuarioWire(1, { permissao: 'ADMIN' })])),
      [ME]: ME_REPLY,
      'POST /api/email/reenviarcodigo/edicaoSenha/1': okFor(emailApi.codigoEdicaoSenha, { validadeSegundos: 900 }),
    });
    renderPage();
    expect(await screen.findByText('admin@clinica.com.br')).toBeTruthy();
    click('Redefinir meu e-mail');
    const emailDialog = await screen.findByRole('dialog', { name: 'Alterar e-mail' });
    expect(within(emailDialog).getByText('admin@clinica.com.br')).toBeTruthy();
    expect(within(emailDialog).getByLabelText('Novo e-mail')).toBeTruthy();
    fireEvent.click(within(emailDialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    click('Redefinir minha senha');
    const senhaDialog = await screen.findByRole('dialog', { name: 'Alterar senha' });
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url === '/api/email/reenviarcodigo/edicaoSenha/1')).toBe(true),
    );
    expect(await within(senhaDialog).findByText('admin@clinica.com.br')).toBeTruthy();
  });
});
