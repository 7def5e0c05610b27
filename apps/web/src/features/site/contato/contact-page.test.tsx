import { emailApi } from '@clinica/shared/schemas/email';
import { empresaApi } from '@clinica/shared/schemas/empresa';
import { MSG } from '@clinica/shared/messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { EMPRESA_FIXTURE } from '../../../test/empresa-fixture';
import { button, field, renderAt, setupScreenTests, typeInto } from '../../../test/screen-tests';
import { fail, mockApi, type MockHandler, type MockReply, okFor } from '../../../test/test-utils';
import { PAGINAS } from '../content/comum';
import { ContactPage } from './contact-page';
import { loadPageParts } from '../../../lib/page-part';

const CONTATO_URL = '/api/email/emailcontato';

function api(contato: MockHandler | MockReply = okFor(emailApi.contato, null)) {
  return mockApi({ 'GET /api/empresa/': okFor(empresaApi.get, EMPRESA_FIXTURE), [`POST ${CONTATO_URL}`]: contato });
}

const renderContato = (path = '/contato') => renderAt(path, { '/contato': <ContactPage /> });

function fillValid() {
  typeInto('Nome', '  Ana Paula Souza ');
  typeInto('E-mail', 'Ana.Souza@Exemplo.com.br');
  typeInto('Telefone', '11987654321');
  fireEvent.change(field('Assunto'), { target: { value: 'agendamento' } });
  typeInto('Mensagem', 'Gostaria de agendar uma avaliação na próxima semana, de manhã.');
}

const values = () => ['Nome', 'E-mail', 'Telefone', 'Assunto', 'Mensagem'].map((label) => field(label).value);

describe('/contato', () => {
  setupScreenTests();
  // The form is a part the page loads after its own code (lib/page-part.tsx).
  beforeAll(() => loadPageParts());
  afterEach(() => vi.restoreAllMocks());

  it('shows every rule of the contract when sent empty, and sends nothing', async () => {
    const { calls } = api();
    renderContato();
    fireEvent.click(button('Enviar mensagem'));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
        MSG.min3,
        MSG.email,
        MSG.telefone,
        MSG.selecioneAssunto,
        MSG.mensagemVazia,
      ]),
    );
    expect(field('Nome').getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((c) => c.url === CONTATO_URL)).toHaveLength(0);
  });

  it('checks a field on change once touched: the message goes away when the value is right', async () => {
    api();
    renderContato();
    typeInto('E-mail', 'ana@exemplo');
    expect(await screen.findByText(MSG.email)).toBeTruthy();
    typeInto('E-mail', 'ana@exemplo.com.br');
    await waitFor(() => expect(screen.queryByText(MSG.email)).toBeNull());
    expect(field('E-mail').closest('[data-status]')?.getAttribute('data-status')).toBe('valid');
    typeInto('Telefone', '1198765');
    expect(await screen.findByText(MSG.telefone)).toBeTruthy();
    expect(field('Telefone').value).toBe('(11) 9 8765');
  });

  it('posts the exact payload, shows the success toast and clears the form', async () => {
    const { calls } = api();
    renderContato();
    fillValid();
    fireEvent.click(button('Enviar mensagem'));
    expect(await screen.findByText(MSG.mensagemEnviada)).toBeTruthy();
    const sent = calls.filter((c) => c.url === CONTATO_URL);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.body).toEqual({
      nome: 'Ana Paula Souza',
      email: 'ana.souza@exemplo.com.br',
      telefone: '11987654321',
      assunto: 'agendamento',
      mensagem: 'Gostaria de agendar uma avaliação na próxima semana, de manhã.',
    });
    // A public route: the token is not sent.
    expect(sent[0]!.headers.Authorization).toBeUndefined();
    await waitFor(() => expect(values()).toEqual(['', '', '', '', '']));
    expect(field('Nome').closest('[data-status]')?.getAttribute('data-status')).toBe('idle');
  });

  it('on a server failure shows the error toast and keeps what was typed', async () => {
    api(fail(500, 'Ocorreu um erro inesperado. Tente novamente em alguns instantes.'));
    renderContato();
    fillValid();
    fireEvent.click(button('Enviar mensagem'));
    expect(await screen.findByText(MSG.erroEnviarMensagem)).toBeTruthy();
    expect(field('Nome').value).toBe('  Ana Paula Souza ');
    expect(button('Enviar mensagem').disabled).toBe(false);
  });

  it('shows the server message on 429 and the field messages of a 400', async () => {
    api(fail(429, MSG.muitasTentativas));
    renderContato();
    fillValid();
    fireEvent.click(button('Enviar mensagem'));
    expect(await screen.findByText(MSG.muitasTentativas)).toBeTruthy();
    vi.unstubAllGlobals();

    api({
      status: 400,
      body: {
        statusCode: 400,
        message: MSG.erroValidacao,
        content: { errors: [{ campo: 'email', mensagem: 'Este domínio de e-mail não recebe mensagens.' }] },
      },
    });
    fireEvent.click(button('Enviar mensagem'));
    expect(await screen.findByText(MSG.erroValidacao)).toBeTruthy();
    expect(await screen.findByText('Este domínio de e-mail não recebe mensagens.')).toBeTruthy();
  });

  it('preselects the subject from ?assunto= and ignores an unknown one', () => {
    api();
    renderContato('/contato?assunto=agendamento');
    expect(field('Assunto').value).toBe('agendamento');
  });

  it('shows the phone, e-mail, hours and the map link from the company data, with the page meta', async () => {
    api();
    renderContato();
    expect(await screen.findByRole('link', { name: '(11) 9 8765-4321' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '(11) 9 8765-4321' }).getAttribute('href')).toBe('tel:+5511987654321');
    expect(screen.getByRole('link', { name: /Conversar no WhatsApp/ }).getAttribute('href')).toBe(
      'https://wa.me/5511987654321',
    );
    expect(screen.getByRole('link', { name: 'contato@sorrisopleno.com.br' }).getAttribute('href')).toBe(
      'mailto:contato@sorrisopleno.com.br',
    );
    const hours = screen.getByTestId('contact-hours');
    expect(within(hours).getByText('Segunda a sexta').nextElementSibling?.textContent).toBe('08h às 20h');
    expect(within(hours).getByText('Sábado').nextElementSibling?.textContent).toBe('08h às 12h');
    expect(screen.getByText('Avenida Paulista, 1000', { exact: false })).toBeTruthy();
    const map = screen.getByRole('link', { name: /Ver no mapa/ });
    expect(map.getAttribute('target')).toBe('_blank');
    expect(map.getAttribute('rel')).toBe('noopener noreferrer');
    expect(map.getAttribute('href')).toBe(
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent('Avenida Paulista, 1000 - Bela Vista, São Paulo - SP, 01310100')}`,
    );
    expect(document.title).toBe('Contato | Sorriso Pleno');
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      PAGINAS.contato.descricao,
    );
  });

  it('loads the interactive map (Google Maps embed) only when asked', async () => {
    api();
    renderContato();
    fireEvent.click(await screen.findByRole('button', { name: 'Mostrar mapa interativo' }));
    const frame = (await screen.findByTitle(/^Mapa:/)) as HTMLIFrameElement;
    expect(frame.src).toContain('https://www.google.com/maps?q=');
    expect(frame.src).toContain('output=embed');
    expect(screen.getByText('Carregando mapa…')).toBeTruthy();
  });

  it('does not try the interactive map offline: the drawn map and the link stay', async () => {
    api();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderContato();
    fireEvent.click(await screen.findByRole('button', { name: 'Mostrar mapa interativo' }));
    expect(await screen.findByText(MSG.mapaIndisponivel)).toBeTruthy();
    expect(screen.queryByTitle(/^Mapa:/)).toBeNull();
    expect(screen.getByRole('link', { name: /Ver no mapa/ })).toBeTruthy();
  });

  it('still shows the hours when the company data cannot be loaded', async () => {
    mockApi({ 'GET /api/empresa/': fail(500, 'Erro') });
    renderContato();
    expect(await screen.findByText(MSG.dadosClinicaIndisponiveis)).toBeTruthy();
    expect(screen.getByTestId('contact-hours')).toBeTruthy();
  });
});
