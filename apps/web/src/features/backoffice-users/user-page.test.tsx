import { usuarioApi } from '@clinica/shared/schemas/auth';
import { usuarioAdminApi } from '@clinica/shared/schemas/usuario-admin';
import { auditoriaApi } from '@clinica/shared/schemas/auditoria';
import { MSG } from '@clinica/shared/messages';
import { MSG_API } from '@clinica/shared/messages-api';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { session } from '../../lib/session';
import { click, field, renderAt, setupScreenTests, signInAs, typeInto } from '../../test/screen-tests';
import { fail, mockApi, type MockHandler, type MockReply, okFor } from '../../test/test-utils';
import { auditoriaVazia, GERENTE_SESSION, usuarioWire } from './users-fixtures';
import { UserPage } from './user-page';

function renderUser(path: string) {
  signInAs(GERENTE_SESSION);
  return renderAt(path, {
    '/newUser': <UserPage />,
    '/editUser/:id': <UserPage />,
    '/controlAccess': <p>Lista de usuários</p>,
  });
}

const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;
const ativo = () => screen.getByRole('switch', { name: /Ativo/ }) as HTMLInputElement;
const optionsOf = (label: string) => Array.from(select(label).options).map((o) => o.value);
const writes = (calls: { method: string; url: string; body: unknown }[]) =>
  calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.url, c.body]);

/** /editUser/5 of a USUARIO, with its audit log and the given replies. */
function mockEdit(user: ReturnType<typeof usuarioWire>, replies: Record<string, MockHandler | MockReply> = {}) {
  let current = user;
  return mockApi({
    [`GET /api/usuario/${user.id}`]: () => okFor(usuarioApi.get, current),
    [`GET /api/auditoria/usuario/${user.id}`]: okFor(auditoriaApi.listar, auditoriaVazia),
    ...Object.fromEntries(
      Object.entries(replies).map(([key, reply]) => [
        key,
        async (init: RequestInit & { url: string }) => {
          const r = typeof reply === 'function' ? await reply(init) : reply;
          const content = (r.body as { content?: typeof user } | undefined)?.content;
          if ((r.status ?? 200) < 300 && content && 'permissao' in content) current = content;
          return r;
        },
      ]),
    ),
  });
}

describe('/newUser', () => {
  setupScreenTests();

  it('offers Gerente and Usuário only (no CLIENTE), checks every field with its message, then creates', async () => {
    const { calls } = mockApi({
      'POST /api/usuario/': okFor(
        usuarioAdminApi.criar,
        usuarioWire(30, { nome: 'Bruna Lima', email: 'bruna@clinica.com.br' }),
        { status: 201 },
      ),
    });
    const { router } = renderUser('/newUser');
    expect(screen.getByRole('heading', { level: 1, name: 'Novo usuário' })).toBeTruthy();
    expect(optionsOf('Permissão')).toEqual(['', 'ADMIN', 'USUARIO']);
    expect(ativo().checked).toBe(true);

    click('Cadastrar usuário');
    expect(await screen.findByText(MSG.email)).toBeTruthy();
    expect(screen.getByText(MSG_BO.permissaoVazia)).toBeTruthy();
    expect(screen.getByText(MSG.min3)).toBeTruthy();
    expect(screen.getByText(MSG.senhaMin4)).toBeTruthy();
    expect(writes(calls)).toEqual([]);

    typeInto('E-mail', ' Bruna@Clinica.com.br ');
    fireEvent.change(select('Permissão'), { target: { value: 'USUARIO' } });
    typeInto('Nome', 'Bruna Lima');
    typeInto('Senha', 'abcd');
    click('Cadastrar usuário');
    expect(await screen.findByText(MSG_BO.usuarioCadastrado)).toBeTruthy();
    expect(writes(calls)).toEqual([
      [
        'POST',
        '/api/usuario/',
        {
          nome: 'Bruna Lima',
          email: 'bruna@clinica.com.br',
          password: 'abcd',
          usuarioPermissao: { id: 3 },
          ativo: true,
        },
      ],
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/controlAccess'));
  });

  it('an e-mail in use: the server message as a toast and on the field; the screen stays', async () => {
    mockApi({ 'POST /api/usuario/': fail(409, MSG_API.emailEmUso) });
    const { router } = renderUser('/newUser');
    typeInto('E-mail', 'equipe@clinica.com.br');
    fireEvent.change(select('Permissão'), { target: { value: 'ADMIN' } });
    typeInto('Nome', 'Outra Pessoa');
    typeInto('Senha', 'abcd');
    click('Cadastrar usuário');
    await waitFor(() => expect(screen.getAllByText(MSG_API.emailEmUso)).toHaveLength(2));
    expect(field('E-mail').getAttribute('aria-invalid')).toBe('true');
    expect(router.state.location.pathname).toBe('/newUser');
  });
});

describe('/editUser/:id', () => {
  setupScreenTests();

  it('starts locked; Editar unlocks; no CLIENTE option; Cancelar goes back to the saved values, locked', async () => {
    mockEdit(usuarioWire(5, { nome: 'Davi Souza' }));
    renderUser('/editUser/5');
    expect(await screen.findByDisplayValue('Davi Souza')).toBeTruthy();
    expect(screen.getByTestId('edit-mode').textContent).toContain('Somente leitura');
    for (const label of ['E-mail', 'Nome', 'Nova senha']) expect(field(label).matches(':disabled'), label).toBe(true);
    expect(select('Permissão').matches(':disabled')).toBe(true);
    expect(ativo().matches(':disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Salvar alterações' })).toBeNull();
    expect(optionsOf('Permissão')).toEqual(['', 'ADMIN', 'USUARIO']);

    click('Editar');
    expect(field('Nome').matches(':disabled')).toBe(false);
    expect(select('Permissão').matches(':disabled')).toBe(false);
    typeInto('Nome', 'Outro Nome');
    click('Cancelar');
    await waitFor(() => expect(field('Nome').value).toBe('Davi Souza'));
    expect(screen.getByTestId('edit-mode').textContent).toContain('Somente leitura');
  });

  it('saving sends only what changed: permission and status through their own calls, with their toasts', async () => {
    const { calls } = mockEdit(usuarioWire(5), {
      'PUT /api/usuario/updatepermissao/5': okFor(
        usuarioAdminApi.alterarPermissao,
        usuarioWire(5, { permissao: 'ADMIN' }),
      ),
      'PUT /api/usuario/updateativo/5/false': okFor(
        usuarioAdminApi.alterarAtivo,
        usuarioWire(5, { permissao: 'ADMIN', ativo: false }),
      ),
    });
    renderUser('/editUser/5');
    await screen.findByDisplayValue('Pessoa 5');
    click('Editar');
    fireEvent.change(select('Permissão'), { target: { value: 'ADMIN' } });
    fireEvent.click(ativo());
    click('Salvar alterações');
    expect(await screen.findByText(MSG_BO.usuarioPermissaoAlterada)).toBeTruthy();
    expect(await screen.findByText(MSG_BO.usuarioAtivoAlterado)).toBeTruthy();
    expect(writes(calls)).toEqual([
      ['PUT', '/api/usuario/updatepermissao/5', { id: 1 }],
      ['PUT', '/api/usuario/updateativo/5/false', undefined],
    ]);
    await waitFor(() => expect(screen.getByTestId('edit-mode').textContent).toContain('Somente leitura'));
    expect(select('Permissão').value).toBe('ADMIN');
    expect(ativo().checked).toBe(false);
  });

  it('name and a new password go through the admin edit only; a blank password is not sent', async () => {
    const { calls } = mockEdit(usuarioWire(5), {
      'PUT /api/usuario/admin/5': okFor(usuarioAdminApi.editar, usuarioWire(5, { nome: 'Pessoa Renomeada' })),
    });
    renderUser('/editUser/5');
    await screen.findByDisplayValue('Pessoa 5');
    click('Editar');
    typeInto('Nome', 'Pessoa Renomeada');
    typeInto('Nova senha', 'abc');
    click('Salvar alterações');
    expect(await screen.findByText(MSG.senhaMin4)).toBeTruthy();
    typeInto('Nova senha', 'abcd');
    click('Salvar alterações');
    expect(await screen.findByText(MSG_BO.usuarioEditado)).toBeTruthy();
    expect(writes(calls)).toEqual([
      ['PUT', '/api/usuario/admin/5', { nome: 'Pessoa Renomeada', email: 'pessoa5@clinica.com.br', password: 'abcd' }],
    ]);
    await waitFor(() => expect(field('Nova senha').value).toBe(''));

    click('Editar');
    typeInto('Nome', 'Pessoa Cinco');
    click('Salvar alterações');
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    expect(writes(calls)[1]).toEqual([
      'PUT',
      '/api/usuario/admin/5',
      { nome: 'Pessoa Cinco', email: 'pessoa5@clinica.com.br' },
    ]);
  });

  it('nothing changed: nothing is sent; a refusal (last ADMIN) shows the server message and keeps editing', async () => {
    const { calls } = mockEdit(usuarioWire(5, { permissao: 'ADMIN' }), {
      'PUT /api/usuario/updateativo/5/false': fail(409, MSG_BO.usuarioUltimoGerente),
    });
    renderUser('/editUser/5');
    await screen.findByDisplayValue('Pessoa 5');
    click('Editar');
    click('Salvar alterações');
    expect(await screen.findByText('Nenhuma alteração para salvar.')).toBeTruthy();
    expect(writes(calls)).toEqual([]);

    click('Editar');
    fireEvent.click(ativo());
    click('Salvar alterações');
    expect(await screen.findByText(MSG_BO.usuarioUltimoGerente)).toBeTruthy();
    expect(screen.getByTestId('edit-mode').textContent).toContain('Editando');
    expect(ativo().checked).toBe(false);
  });

  it('a customer: permission shown as Cliente (no choice), data read-only; only Ativo can change', async () => {
    const { calls } = mockEdit(usuarioWire(9, { nome: 'Carla Cliente', permissao: 'CLIENTE' }), {
      'PUT /api/usuario/updateativo/9/false': okFor(
        usuarioAdminApi.alterarAtivo,
        usuarioWire(9, { nome: 'Carla Cliente', permissao: 'CLIENTE', ativo: false }),
      ),
    });
    renderUser('/editUser/9');
    await screen.findByDisplayValue('Carla Cliente');
    expect(screen.getByText(MSG_BO.usuarioClienteSemEdicao)).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Permissão' })).toBeNull();
    expect(field('Permissão').value).toBe('Cliente');
    click('Editar');
    for (const label of ['E-mail', 'Nome', 'Nova senha']) expect(field(label).matches(':disabled'), label).toBe(true);
    expect(ativo().matches(':disabled')).toBe(false);
    fireEvent.click(ativo());
    click('Salvar alterações');
    expect(await screen.findByText(MSG_BO.usuarioAtivoAlterado)).toBeTruthy();
    expect(writes(calls)).toEqual([['PUT', '/api/usuario/updateativo/9/false', undefined]]);
  });

  it("the manager's own account: only the name (shown at once in the menu); the rest locked with the reason", async () => {
    const { calls } = mockEdit(usuarioWire(1, { nome: 'Gerente da Clínica', permissao: 'ADMIN' }), {
      'PUT /api/usuario/admin/1': okFor(
        usuarioAdminApi.editar,
        usuarioWire(1, { nome: 'Gerente Geral', permissao: 'ADMIN' }),
      ),
    });
    renderUser('/editUser/1');
    await screen.findByDisplayValue('Gerente da Clínica');
    click('Editar');
    expect(screen.getByText(/Esta é a sua conta/)).toBeTruthy();
    expect(field('Nome').matches(':disabled')).toBe(false);
    for (const label of ['E-mail', 'Nova senha']) expect(field(label).matches(':disabled'), label).toBe(true);
    expect(select('Permissão').matches(':disabled')).toBe(true);
    expect(ativo().matches(':disabled')).toBe(true);
    typeInto('Nome', 'Gerente Geral');
    click('Salvar alterações');
    expect(await screen.findByText(MSG_BO.usuarioEditado)).toBeTruthy();
    expect(writes(calls)).toEqual([
      ['PUT', '/api/usuario/admin/1', { nome: 'Gerente Geral', email: 'pessoa1@clinica.com.br' }],
    ]);
    expect(session.getSnapshot().user?.nome).toBe('Gerente Geral');
  });

  it('an unknown user or a bad address says so', async () => {
    mockApi({ 'GET /api/usuario/77': fail(404, MSG_API.usuarioNaoEncontrado) });
    renderUser('/editUser/77');
    expect(await screen.findByText(`${MSG_BO.erroBuscarUsuario}${MSG_API.usuarioNaoEncontrado}`)).toBeTruthy();
    const alert = screen.getByRole('alert');
    expect(within(alert).getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
  });
});
