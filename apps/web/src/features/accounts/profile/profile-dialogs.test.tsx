import { emailApi } from '@clinica/shared/schemas/email';
import { clienteApi } from '@clinica/shared/schemas/cliente';
import { usuarioApi } from '@clinica/shared/schemas/auth';
import { MSG } from '@clinica/shared/messages';
import { MSG_API } from '@clinica/shared/messages-api';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session';
import { CATALOGO_VAZIO_API, CONSENTIMENTO_API, CLIENTE_PF, CLIENTE_PF_SESSION } from '../../../test/account-fixtures';
import { renderAt, setupScreenTests, signInAs } from '../../../test/screen-tests';
import { fail, fakeJwt, mockApi, type MockHandler, type MockReply, okFor } from '../../../test/test-utils';
import { ProfilePage } from './profile-page';

/** The answer of the three "send the code" endpoints (each key needs its own endpoint's reply). */
const sent = (
  endpoint: typeof emailApi.codigoConfirmacao | typeof emailApi.codigoEdicaoEmail | typeof emailApi.codigoEdicaoSenha,
) => okFor(endpoint, { validadeSegundos: 900 });
const NEW_TOKEN = fakeJwt({ sub: '7', permissao: 'CLIENTE', exp: Math.floor(Date.now() / 1000) + 7200, jti: 'novo' });

function setup(handlers: Record<string, MockHandler | MockReply> = {}) {
  signInAs(CLIENTE_PF_SESSION);
  const api = mockApi({
    ...CATALOGO_VAZIO_API,
    ...CONSENTIMENTO_API,
    'GET /api/profile/7': okFor(clienteApi.perfil, CLIENTE_PF),
    'POST /api/email/reenviarcodigo/confirmacao/7': sent(emailApi.codigoConfirmacao),
    'PUT /api/email/recevecodigo/confirmacao/7': okFor(emailApi.validaCodigoConfirmacao, null),
    'POST /api/email/reenviarcodigo/edicaoEmail/7': sent(emailApi.codigoEdicaoEmail),
    'POST /api/email/reenviarcodigo/edicaoSenha/7': sent(emailApi.codigoEdicaoSenha),
    'PUT /api/email/recevecodigo/edicao/7': okFor(emailApi.validaCodigoEdicao, { finalidade: 'EDICAO_EMAIL' }),
    'PUT /api/usuario/editar/email/7': okFor(
      usuarioApi.editarEmail,
      { email: 'novo@clinica.com.br' },
      { message: MSG.emailAlterado },
    ),
    'PUT /api/usuario/editar/senha/7': okFor(
      usuarioApi.editarSenha,
      { acess_token: NEW_TOKEN },
      { message: MSG.senhaAlterada },
    ),
    ...handlers,
  });
  renderAt('/user/7', { '/user/:id': <ProfilePage /> });
  return api;
}

const count = (calls: { method: string; url: string }[], method: string, url: string) =>
  calls.filter((c) => c.method === method && c.url === url).length;

async function open(name: string) {
  fireEvent.click(await screen.findByRole('button', { name }));
  return screen.findByRole('dialog', { name });
}

const codeInput = () => screen.getByLabelText('Código de verificação') as HTMLInputElement;
const typeCode = (code: string) => fireEvent.change(codeInput(), { target: { value: code } });

/** In 'Alterar e-mail': types the new e-mail and the current password, asks for the code and waits for its boxes. */
async function sendCodeTo(dialog: HTMLElement, email = 'novo@clinica.com.br', senhaAtual = 'cliente123') {
  fireEvent.change(within(dialog).getByLabelText('Novo e-mail'), { target: { value: email } });
  fireEvent.change(within(dialog).getByLabelText('Senha atual'), { target: { value: senhaAtual } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar código' }));
  await within(dialog).findByLabelText('Código de verificação');
}

describe('profile dialogs', () => {
  setupScreenTests();

  describe('Confirmar e-mail', () => {
    it('sends a code on open, submits on the 6th digit, shows "Email confirmado" and Ok reloads the profile', async () => {
      const { calls } = setup();
      const dialog = await open('Confirmar e-mail');
      await within(dialog).findByLabelText('Código de verificação');
      expect(count(calls, 'POST', '/api/email/reenviarcodigo/confirmacao/7')).toBe(1);
      const loads = count(calls, 'GET', '/api/profile/7');
      typeCode('123456');
      expect(await within(dialog).findByText(MSG.emailConfirmado)).toBeTruthy();
      expect(calls.find((c) => c.url === '/api/email/recevecodigo/confirmacao/7')?.body).toEqual({ codigo: '123456' });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Ok' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await waitFor(() => expect(count(calls, 'GET', '/api/profile/7')).toBe(loads + 1));
    });

    it('a wrong code shows "Código incorreto." and the retry sends a new code', async () => {
      const { calls } = setup({ 'PUT /api/email/recevecodigo/confirmacao/7': fail(422, MSG.codigoIncorreto) });
      const dialog = await open('Confirmar e-mail');
      await within(dialog).findByLabelText('Código de verificação');
      typeCode('000000');
      expect(await within(dialog).findByText(MSG.codigoIncorreto)).toBeTruthy();
      expect(codeInput().disabled).toBe(true);
      fireEvent.click(within(dialog).getByRole('button', { name: 'Tentar novamente' }));
      await waitFor(() => expect(count(calls, 'POST', '/api/email/reenviarcodigo/confirmacao/7')).toBe(2));
      await waitFor(() => expect(codeInput().disabled).toBe(false));
      expect(codeInput().value).toBe('');
      expect(within(dialog).queryByText(MSG.codigoIncorreto)).toBeNull();
    });

    it('after 900 s shows "Código expirado!" and enables the resend', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const { calls } = setup();
      const dialog = await open('Confirmar e-mail');
      await within(dialog).findByLabelText('Código de verificação');
      const resend = () => within(dialog).getByRole('button', { name: 'Reenviar código' }) as HTMLButtonElement;
      expect(resend().disabled).toBe(true);
      expect(within(dialog).getByText('Reenviar em 01:15')).toBeTruthy();
      await act(async () => {
        vi.advanceTimersByTime(899_000);
      });
      expect(within(dialog).queryByText(MSG.codigoExpirado)).toBeNull();
      await act(async () => {
        vi.advanceTimersByTime(1_500);
      });
      expect(within(dialog).getByText(MSG.codigoExpirado)).toBeTruthy();
      expect(codeInput().disabled).toBe(true);
      expect(resend().disabled).toBe(false);
      fireEvent.click(resend());
      await waitFor(() => expect(count(calls, 'POST', '/api/email/reenviarcodigo/confirmacao/7')).toBe(2));
      await waitFor(() => expect(within(dialog).queryByText(MSG.codigoExpirado)).toBeNull());
      expect(codeInput().disabled).toBe(false);
    });

    it('cannot be closed while the code is being sent', async () => {
      let release: (r: MockReply) => void = () => {};
      setup({ 'POST /api/email/reenviarcodigo/confirmacao/7': () => new Promise<MockReply>((r) => (release = r)) });
      const dialog = await open('Confirmar e-mail');
      expect(within(dialog).getByText(/Enviando o código/)).toBeTruthy();
      expect((within(dialog).getByRole('button', { name: 'Fechar' }) as HTMLButtonElement).disabled).toBe(true);
      fireEvent.keyDown(dialog, { key: 'Escape' });
      expect(screen.getByRole('dialog', { name: 'Confirmar e-mail' })).toBeTruthy();
      await act(async () => release(sent(emailApi.codigoConfirmacao)));
      await within(dialog).findByLabelText('Código de verificação');
      fireEvent.keyDown(dialog, { key: 'Escape' });
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });
  });

  describe('Alterar e-mail', () => {
    it('new e-mail and current password → code to it → checked on the 6th digit → e-mail redefined', async () => {
      const { calls } = setup();
      const dialog = await open('Alterar e-mail');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar código' }));
      expect(await within(dialog).findByText(MSG.email)).toBeTruthy();
      expect(within(dialog).getByText(MSG.senhaAtualVazia)).toBeTruthy();
      expect(calls.filter((c) => c.method === 'POST' && c.url.includes('edicaoEmail'))).toHaveLength(0);
      await sendCodeTo(dialog);
      expect(calls.find((c) => c.url === '/api/email/reenviarcodigo/edicaoEmail/7')?.body).toEqual({
        email: 'novo@clinica.com.br',
        senhaAtual: 'cliente123',
      });
      expect(within(dialog).getByText('novo@clinica.com.br')).toBeTruthy();
      typeCode('123456');
      expect(await within(dialog).findByText(MSG.emailAlterado)).toBeTruthy();
      expect(calls.find((c) => c.url === '/api/email/recevecodigo/edicao/7')?.body).toEqual({ codigo: '123456' });
      expect(calls.find((c) => c.url === '/api/usuario/editar/email/7')?.body).toEqual({
        idUsuario: 7,
        novoEmail: 'novo@clinica.com.br',
        senhaAtual: 'cliente123',
      });
      expect(session.getSnapshot().user?.email).toBe('novo@clinica.com.br');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Ok' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });

    it('a wrong code shows "Código incorreto." and can be typed again', async () => {
      let tries = 0;
      const { calls } = setup({
        'PUT /api/email/recevecodigo/edicao/7': () =>
          ++tries === 1
            ? fail(422, MSG.codigoIncorreto)
            : okFor(emailApi.validaCodigoEdicao, { finalidade: 'EDICAO_EMAIL' }),
      });
      const dialog = await open('Alterar e-mail');
      await sendCodeTo(dialog);
      typeCode('000000');
      expect(await within(dialog).findByText(MSG.codigoIncorreto)).toBeTruthy();
      await waitFor(() => expect(codeInput().value).toBe(''));
      expect(codeInput().disabled).toBe(false);
      expect(count(calls, 'PUT', '/api/usuario/editar/email/7')).toBe(0);
      typeCode('123456');
      expect(await within(dialog).findByText(MSG.emailAlterado)).toBeTruthy();
    });

    it('a failed change says why when the server does, else the generic text', async () => {
      setup({ 'PUT /api/usuario/editar/email/7': fail(500, MSG.erroInterno) });
      const dialog = await open('Alterar e-mail');
      await sendCodeTo(dialog);
      typeCode('123456');
      expect(await within(dialog).findByText(MSG.erroRedefinirEmail)).toBeTruthy();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Tentar novamente' }));
      expect(await within(dialog).findByLabelText('Novo e-mail')).toBeTruthy();
    });

    it('shows the server reason when the new e-mail is taken', async () => {
      setup({ 'PUT /api/usuario/editar/email/7': fail(409, MSG_API.emailEmUso) });
      const dialog = await open('Alterar e-mail');
      await sendCodeTo(dialog, 'outro@clinica.com.br');
      typeCode('123456');
      expect(await within(dialog).findByText(MSG_API.emailEmUso)).toBeTruthy();
    });

    it('the code expires after 900 s; then it can be sent again', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const { calls } = setup();
      const dialog = await open('Alterar e-mail');
      await sendCodeTo(dialog);
      await act(async () => {
        vi.advanceTimersByTime(901_000);
      });
      expect(within(dialog).getByText(MSG.codigoExpirado)).toBeTruthy();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Reenviar código' }));
      await waitFor(() => expect(count(calls, 'POST', '/api/email/reenviarcodigo/edicaoEmail/7')).toBe(2));
      expect(calls.at(-1)?.body).toEqual({ email: 'novo@clinica.com.br', senhaAtual: 'cliente123' });
    });

    it('the current password: hidden with a show/hide toggle; a wrong one is said on its field and no code is asked for', async () => {
      const { calls } = setup({ 'POST /api/email/reenviarcodigo/edicaoEmail/7': fail(422, MSG.senhaAtualIncorreta) });
      const dialog = await open('Alterar e-mail');
      const senha = within(dialog).getByLabelText('Senha atual') as HTMLInputElement;
      expect(senha.type).toBe('password');
      expect(senha.autocomplete).toBe('current-password');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Mostrar senha' }));
      expect(senha.type).toBe('text');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Ocultar senha' }));
      expect(senha.type).toBe('password');

      fireEvent.change(within(dialog).getByLabelText('Novo e-mail'), { target: { value: 'novo@clinica.com.br' } });
      fireEvent.change(senha, { target: { value: 'um-chute' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar código' }));
      const erro = await within(dialog).findByText(MSG.senhaAtualIncorreta);
      expect(senha.getAttribute('aria-describedby')).toContain(erro.closest('p')!.id);
      expect(within(dialog).queryByLabelText('Código de verificação')).toBeNull();
      expect(count(calls, 'PUT', '/api/usuario/editar/email/7')).toBe(0);
    });

    it('too many wrong passwords: the 429 message on the password field', async () => {
      setup({ 'POST /api/email/reenviarcodigo/edicaoEmail/7': fail(429, MSG.muitasTentativas) });
      const dialog = await open('Alterar e-mail');
      fireEvent.change(within(dialog).getByLabelText('Novo e-mail'), { target: { value: 'novo@clinica.com.br' } });
      fireEvent.change(within(dialog).getByLabelText('Senha atual'), { target: { value: 'outro' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar código' }));
      const erro = await within(dialog).findByText(MSG.muitasTentativas);
      expect(within(dialog).getByLabelText('Senha atual').getAttribute('aria-describedby')).toContain(
        erro.closest('p')!.id,
      );
    });
  });

  describe('Alterar senha', () => {
    async function toForm(dialog: HTMLElement) {
      await within(dialog).findByLabelText('Código de verificação');
      typeCode('123456');
      return within(dialog).findByLabelText('Senha atual');
    }

    /** Current password, 'nova1234' twice, then 'Salvar nova senha'. */
    function saveNewPassword(dialog: HTMLElement, senhaAtual: string) {
      fireEvent.change(within(dialog).getByLabelText('Senha atual'), { target: { value: senhaAtual } });
      fireEvent.change(within(dialog).getByLabelText('Nova senha'), { target: { value: 'nova1234' } });
      fireEvent.change(within(dialog).getByLabelText('Confirme a senha'), { target: { value: 'nova1234' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar nova senha' }));
    }

    it('code on open → 6 digits → current and new password → success; keeps the new token', async () => {
      const { calls } = setup({
        'PUT /api/email/recevecodigo/edicao/7': okFor(emailApi.validaCodigoEdicao, { finalidade: 'EDICAO_SENHA' }),
      });
      const dialog = await open('Alterar senha');
      await toForm(dialog);
      expect(count(calls, 'POST', '/api/email/reenviarcodigo/edicaoSenha/7')).toBe(1);
      fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar nova senha' }));
      expect(await within(dialog).findByText(MSG.senhaAtualVazia)).toBeTruthy();
      saveNewPassword(dialog, 'cliente123');
      expect(await within(dialog).findByText(MSG.senhaAlterada)).toBeTruthy();
      expect(calls.find((c) => c.url === '/api/usuario/editar/senha/7')?.body).toEqual({
        senhaAtual: 'cliente123',
        senhaNova: 'nova1234',
      });
      expect(session.getSnapshot().token).toBe(NEW_TOKEN);
      expect(JSON.parse(localStorage.getItem('@Token')!)).toBe(NEW_TOKEN);
    });

    it('a wrong code shows "Código incorreto."', async () => {
      setup({ 'PUT /api/email/recevecodigo/edicao/7': fail(422, MSG.codigoIncorreto) });
      const dialog = await open('Alterar senha');
      await within(dialog).findByLabelText('Código de verificação');
      typeCode('000000');
      expect(await within(dialog).findByText(MSG.codigoIncorreto)).toBeTruthy();
      expect(within(dialog).queryByLabelText('Senha atual')).toBeNull();
    });

    it('a refused change shows "Ocorreu um problema." with the server reason, and the form again on retry', async () => {
      setup({ 'PUT /api/usuario/editar/senha/7': fail(422, MSG.senhaAtualIncorreta) });
      const dialog = await open('Alterar senha');
      await toForm(dialog);
      saveNewPassword(dialog, 'errada');
      expect(await within(dialog).findByText(MSG.ocorreuUmProblema)).toBeTruthy();
      expect(within(dialog).getByText(MSG.senhaAtualIncorreta)).toBeTruthy();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Tentar novamente' }));
      expect(((await within(dialog).findByLabelText('Senha atual')) as HTMLInputElement).value).toBe('');
      expect((within(dialog).getByLabelText('Nova senha') as HTMLInputElement).value).toBe('nova1234');
    });
  });
});
