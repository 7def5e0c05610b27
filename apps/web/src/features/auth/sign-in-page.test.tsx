import { MSG } from '@clinica/shared/messages';
import { usuarioApi } from '@clinica/shared/schemas/auth';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { session } from '../../lib/session';
import { renderAt, setupScreenTests } from '../../test/screen-tests';
import { fail, fakeJwt, mockApi, type MockReply, okFor } from '../../test/test-utils';
import { SignInPage } from './sign-in-page';
import { loadPageParts } from '../../lib/page-part';

const TOKEN = fakeJwt({ sub: '7', permissao: 'CLIENTE', exp: Math.floor(Date.now() / 1000) + 3600 });
const LOGIN_OK = okFor(usuarioApi.login, { idUsuario: 7, permissao: 'CLIENTE', idCliente: 3, acess_token: TOKEN });
const USUARIO_OK = okFor(usuarioApi.get, {
  id: 7,
  nome: 'Maria Clara Souza',
  email: 'cliente@clinica.com.br',
  permissao: { id: 2, nome: 'CLIENTE' },
  ativo: true,
  confirmado: true,
});

const renderSignIn = () => renderAt('/signIn', { '/signIn': <SignInPage />, '/loja': <h1>Loja</h1> });

const password = () => screen.getByLabelText('Senha');
const submit = () => screen.getByRole('button', { name: 'Entrar' });

describe('/signIn', () => {
  setupScreenTests();
  // The form is a part the page loads after its own code (lib/page-part.tsx).
  beforeAll(() => loadPageParts());

  it('validates the e-mail (needs "@" and ".com") and the password', async () => {
    mockApi({});
    renderSignIn();
    fireEvent.click(submit());
    expect(await screen.findByText(MSG.email)).toBeTruthy();
    expect(screen.getByText(MSG.vazio)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'maria@clinica.org' } });
    await waitFor(() => expect(screen.getByText(MSG.email)).toBeTruthy());
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'maria@clinica.com.br' } });
    await waitFor(() => expect(screen.queryByText(MSG.email)).toBeNull());
  });

  it('signs in by e-mail, stores the session with the name and goes to /loja', async () => {
    const { calls } = mockApi({ 'POST /api/usuario/cliente/auth': LOGIN_OK, 'GET /api/usuario/7': USUARIO_OK });
    const { router } = renderSignIn();
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'cliente@clinica.com.br' } });
    fireEvent.change(password(), { target: { value: 'cliente123' } });
    fireEvent.click(submit());
    await waitFor(() => expect(router.state.location.pathname).toBe('/loja'));
    expect(calls[0]?.body).toEqual({ email: 'cliente@clinica.com.br', cpf: null, cnpj: null, password: 'cliente123' });
    expect(JSON.parse(localStorage.getItem('@authUser')!)).toEqual({
      idUser: 7,
      permissao: 'CLIENTE',
      idClient: 3,
      nome: 'Maria Clara Souza',
      email: 'cliente@clinica.com.br',
    });
    expect(JSON.parse(localStorage.getItem('@Token')!)).toBe(TOKEN);
  });

  it('with "Logar com CPF ou CNPJ": masks the CPF and sends its digits as cpf', async () => {
    const { calls } = mockApi({ 'POST /api/usuario/cliente/auth': LOGIN_OK, 'GET /api/usuario/7': USUARIO_OK });
    const { router } = renderSignIn();
    fireEvent.click(screen.getByRole('checkbox', { name: MSG.logarComDocumento }));
    const doc = await screen.findByRole('textbox', { name: 'CPF ou CNPJ' });
    fireEvent.change(doc, { target: { value: '52998224725' } });
    expect((doc as HTMLInputElement).value).toBe('529.982.247-25');
    fireEvent.change(password(), { target: { value: 'cliente123' } });
    fireEvent.click(submit());
    await waitFor(() => expect(router.state.location.pathname).toBe('/loja'));
    expect(calls[0]?.body).toEqual({ email: null, cpf: '52998224725', cnpj: null, password: 'cliente123' });
  });

  it('sends a 14-character document as cnpj and refuses an invalid one', async () => {
    const { calls } = mockApi({ 'POST /api/usuario/cliente/auth': LOGIN_OK, 'GET /api/usuario/7': USUARIO_OK });
    const { router } = renderSignIn();
    fireEvent.click(screen.getByRole('checkbox', { name: MSG.logarComDocumento }));
    const doc = await screen.findByRole('textbox', { name: 'CPF ou CNPJ' });
    fireEvent.change(doc, { target: { value: '123' } });
    expect(await screen.findByText(MSG.cpfCnpj)).toBeTruthy();
    fireEvent.change(doc, { target: { value: '11.222.333/0001-81' } });
    fireEvent.change(password(), { target: { value: 'x' } });
    fireEvent.click(submit());
    await waitFor(() => expect(router.state.location.pathname).toBe('/loja'));
    expect(calls[0]?.body).toEqual({ email: null, cpf: null, cnpj: '11222333000181', password: 'x' });
  });

  it('disables the button while pending and shows the server message on failure', async () => {
    let release: (r: MockReply) => void = () => {};
    mockApi({
      'POST /api/usuario/cliente/auth': () => new Promise<MockReply>((resolve) => (release = resolve)),
    });
    renderSignIn();
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'cliente@clinica.com.br' } });
    fireEvent.change(password(), { target: { value: 'errada' } });
    fireEvent.click(submit());
    await waitFor(() => expect((submit() as HTMLButtonElement).disabled).toBe(true));
    await act(async () => release(fail(401, 'E-mail, CPF/CNPJ ou senha inválidos.')));
    expect(await screen.findByText('E-mail, CPF/CNPJ ou senha inválidos.')).toBeTruthy();
    expect((submit() as HTMLButtonElement).disabled).toBe(false);
    expect(session.isSignedIn()).toBe(false);
    expect(session.getSnapshot().expired).toBe(false);
  });

  it('links to /forgot and /signUp', () => {
    mockApi({});
    renderSignIn();
    expect(screen.getByRole('link', { name: MSG.esqueciSenha }).getAttribute('href')).toBe('/forgot');
    expect(screen.getByRole('link', { name: MSG.cadastreSe }).getAttribute('href')).toBe('/signUp');
  });

  it('keeps the place: the e-mail a sign-up handed is filled in, and a sign-in from the bag opens it on /loja', async () => {
    mockApi({ 'POST /api/usuario/cliente/auth': LOGIN_OK, 'GET /api/usuario/7': USUARIO_OK });
    const { router } = renderAt('/', { '/': <p>Início</p>, '/signIn': <SignInPage />, '/loja': <h1>Loja</h1> });
    await act(() => router.navigate('/signIn', { state: { email: 'nova@exemplo.com.br', paraSacola: true } }));
    await waitFor(() =>
      expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe('nova@exemplo.com.br'),
    );
    fireEvent.change(password(), { target: { value: 'minhasenha' } });
    fireEvent.click(submit());
    await waitFor(() => expect(router.state.location.pathname).toBe('/loja'));
    expect(router.state.location.state).toEqual({ abrirSacola: true });
  });

  it('any other sign-in lands on /loja as before, with nothing to open', async () => {
    mockApi({ 'POST /api/usuario/cliente/auth': LOGIN_OK, 'GET /api/usuario/7': USUARIO_OK });
    const { router } = renderSignIn();
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe('');
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'cliente@clinica.com.br' } });
    fireEvent.change(password(), { target: { value: 'cliente123' } });
    fireEvent.click(submit());
    await waitFor(() => expect(router.state.location.pathname).toBe('/loja'));
    expect(router.state.location.state).toBeNull();
  });
});
