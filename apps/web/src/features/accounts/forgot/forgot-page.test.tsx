import { MSG } from '@clinica/shared/messages';
import { MSG_API } from '@clinica/shared/messages-api';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { button, field, renderAt, setupScreenTests } from '../../../test/screen-tests';
import { fail, mockApi, type MockHandler, type MockReply } from '../../../test/test-utils';
import { ForgotPage } from './forgot-page';
import { loadPageParts } from '../../../lib/page-part';

const SENT = 'Se o e-mail estiver cadastrado, você receberá um código de 6 dígitos em instantes.';

const renderForgot = () => renderAt('/forgot', { '/forgot': <ForgotPage />, '/signIn': <h1>Entrar</h1> });

function api(overrides: Record<string, MockHandler | MockReply> = {}) {
  return mockApi({
    'POST /api/email/codigorecuperacaoacesso': {
      status: 200,
      body: { statusCode: 200, message: SENT, content: { validadeSegundos: 900 } },
    },
    'POST /api/email/valida/codigorecuperacaoacesso': {
      status: 200,
      body: { statusCode: 200, message: 'Código validado com sucesso!', content: null },
    },
    'PUT /api/usuario/recuperarSenha': {
      status: 200,
      body: { statusCode: 200, message: 'Senha redefinida com sucesso!', content: null },
    },
    ...overrides,
  });
}

async function toCodeStep() {
  fireEvent.change(field('E-mail'), { target: { value: 'cliente@clinica.com.br' } });
  fireEvent.click(button('Enviar código'));
  await screen.findByLabelText('Código de verificação');
}

describe('/forgot', () => {
  setupScreenTests();
  // The form is a part the page loads after its own code (lib/page-part.tsx).
  beforeAll(() => loadPageParts());

  it('validates the e-mail (.com or .br) and sends the code, showing the server message', async () => {
    const { calls } = api();
    renderForgot();
    fireEvent.click(button('Enviar código'));
    expect(await screen.findByText(MSG.email)).toBeTruthy();
    expect(calls).toHaveLength(0);
    fireEvent.change(field('E-mail'), { target: { value: 'cliente@clinica.org.br' } });
    fireEvent.click(button('Enviar código'));
    expect(await screen.findByText(SENT)).toBeTruthy();
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/api/email/codigorecuperacaoacesso',
      body: { email: 'cliente@clinica.org.br' },
    });
    expect(screen.getByText('cliente@clinica.org.br')).toBeTruthy();
  });

  it('checks the code on the 6th digit; the next button is enabled only after acceptance', async () => {
    const { calls } = api();
    renderForgot();
    await toCodeStep();
    expect(button('Avançar').disabled).toBe(true);
    fireEvent.change(field('Código de verificação'), { target: { value: '12345' } });
    expect(calls.some((c) => c.url === '/api/email/valida/codigorecuperacaoacesso')).toBe(false);
    fireEvent.change(field('Código de verificação'), { target: { value: '123456' } });
    await waitFor(() => expect(button('Avançar').disabled).toBe(false));
    expect(calls.find((c) => c.url === '/api/email/valida/codigorecuperacaoacesso')?.body).toEqual({
      email: 'cliente@clinica.com.br',
      codigo: '123456',
    });
  });

  it('a wrong code shows the server message and clears the field for another try', async () => {
    api({ 'POST /api/email/valida/codigorecuperacaoacesso': fail(422, MSG.codigoIncorreto) });
    renderForgot();
    await toCodeStep();
    fireEvent.change(field('Código de verificação'), { target: { value: '000000' } });
    expect(await screen.findByText(MSG.codigoIncorreto)).toBeTruthy();
    await waitFor(() => expect(field('Código de verificação').value).toBe(''));
    expect(field('Código de verificação').disabled).toBe(false);
    expect(button('Avançar').disabled).toBe(true);
  });

  it('"Reenviar código" stays disabled for 75 s, shows the countdown, then resends and restarts it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = api();
    renderForgot();
    await toCodeStep();
    expect(button('Reenviar código').disabled).toBe(true);
    expect(screen.getByText('Reenviar em 01:15')).toBeTruthy();
    await act(async () => {
      vi.advanceTimersByTime(30_000);
    });
    expect(screen.getByText(/Reenviar em 00:4[45]/)).toBeTruthy();
    expect(button('Reenviar código').disabled).toBe(true);
    await act(async () => {
      vi.advanceTimersByTime(45_000);
    });
    expect(button('Reenviar código').disabled).toBe(false);
    expect(screen.queryByText(/Reenviar em/)).toBeNull();

    fireEvent.click(button('Reenviar código'));
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/email/codigorecuperacaoacesso')).toHaveLength(2));
    await waitFor(() => expect(button('Reenviar código').disabled).toBe(true));
    expect(screen.getByText('Reenviar em 01:15')).toBeTruthy();
  });

  it('sets the new password: success toast + " Indo para o login..." and /signIn when it closes', async () => {
    const { calls } = api();
    const { router } = renderForgot();
    await toCodeStep();
    fireEvent.change(field('Código de verificação'), { target: { value: '123456' } });
    await waitFor(() => expect(button('Avançar').disabled).toBe(false));
    fireEvent.click(button('Avançar'));

    fireEvent.change(await screen.findByLabelText('Nova senha'), { target: { value: 'abc' } });
    fireEvent.click(button('Redefinir senha'));
    expect(await screen.findAllByText(MSG.novaSenhaMin4)).toHaveLength(2);
    fireEvent.change(field('Nova senha'), { target: { value: 'nova1234' } });
    fireEvent.change(field('Confirme a senha'), { target: { value: 'nova12345' } });
    expect(await screen.findByText(MSG.confirmacaoSenha)).toBeTruthy();
    fireEvent.change(field('Confirme a senha'), { target: { value: 'nova1234' } });
    fireEvent.click(button('Redefinir senha'));

    const text = `Senha redefinida com sucesso!${MSG.indoParaLogin}`;
    expect(await screen.findByText(text)).toBeTruthy();
    expect(text).toBe('Senha redefinida com sucesso! Indo para o login...');
    expect(calls.find((c) => c.url === '/api/usuario/recuperarSenha')?.body).toEqual({
      email: 'cliente@clinica.com.br',
      novaSenha: 'nova1234',
    });
    expect(router.state.location.pathname).toBe('/forgot');
    const toast = screen.getByText(text).closest('.Toastify__toast') as HTMLElement;
    fireEvent.click(within(toast).getByRole('button', { name: /close/i }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signIn'));
  });

  it('a failed reset shows the server message as an error toast', async () => {
    api({ 'PUT /api/usuario/recuperarSenha': fail(422, MSG_API.recuperacaoNaoValidada) });
    renderForgot();
    await toCodeStep();
    fireEvent.change(field('Código de verificação'), { target: { value: '123456' } });
    await waitFor(() => expect(button('Avançar').disabled).toBe(false));
    fireEvent.click(button('Avançar'));
    fireEvent.change(await screen.findByLabelText('Nova senha'), { target: { value: 'nova1234' } });
    fireEvent.change(field('Confirme a senha'), { target: { value: 'nova1234' } });
    fireEvent.click(button('Redefinir senha'));
    expect(await screen.findByText(MSG_API.recuperacaoNaoValidada)).toBeTruthy();
    expect(button('Redefinir senha').disabled).toBe(false);
  });

  it('links back to /signIn', () => {
    mockApi({});
    renderForgot();
    expect(screen.getByRole('link', { name: 'Voltar para o login' }).getAttribute('href')).toBe('/signIn');
  });
});
