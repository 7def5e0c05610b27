import { conteudoApi } from '@clinica/shared/schemas/conteudo';
import { MSG } from '@clinica/shared/messages';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt, setupScreenTests } from '../../test/screen-tests';
import { fail, mockApi, okFor } from '../../test/test-utils';
import { CertificatePage } from './certificate-page';

const CODIGO = 'ABCD-EFGH-JKLM-NP';

const renderPage = (codigo = CODIGO) =>
  renderAt(`/certificado/${codigo}`, { '/certificado/:codigo': <CertificatePage /> });

describe('/certificado/:codigo (public)', () => {
  setupScreenTests();

  it('confirms a genuine certificate with only what is printed on it', async () => {
    const { calls } = mockApi({
      [`GET /api/certificado/${CODIGO}`]: okFor(conteudoApi.verificarCertificado, {
        codigo: CODIGO,
        valido: true,
        revogadoEm: null,
        nomeCliente: 'Maria Cliente Silva',
        curso: 'Curso de Clareamento Dental',
        cargaHoraria: '8 horas',
        concluidoEm: '2025-03-05T15:00:00.000Z',
      }),
    });
    renderPage();
    expect(await screen.findByText(MSG.certificadoValido)).toBeTruthy();
    expect(screen.getByText('Maria Cliente Silva')).toBeTruthy();
    expect(screen.getByText('Curso de Clareamento Dental')).toBeTruthy();
    expect(screen.getByText('8 horas')).toBeTruthy();
    expect(screen.getByText('05/03/2025')).toBeTruthy();
    expect(screen.getByText(CODIGO)).toBeTruthy();
    // A public read: no bearer token is sent.
    expect(calls[0]!.headers.Authorization).toBeUndefined();
  });

  it('says a revoked certificate is no longer valid, and since when (ADR 036)', async () => {
    mockApi({
      [`GET /api/certificado/${CODIGO}`]: okFor(conteudoApi.verificarCertificado, {
        codigo: CODIGO,
        valido: false,
        revogadoEm: '2026-11-20T13:00:00.000Z',
        nomeCliente: 'Maria Cliente Silva',
        curso: 'Curso de Clareamento Dental',
        cargaHoraria: '8 horas',
        concluidoEm: '2026-11-15T15:00:00.000Z',
      }),
    });
    renderPage();
    expect(await screen.findByText('Certificado revogado em 20/11/2026')).toBeTruthy();
    expect(screen.getByText(MSG.certificadoRevogadoExplicacao)).toBeTruthy();
    expect(screen.queryByText(MSG.certificadoValido)).toBeNull();
    expect(screen.getByTestId('certificate-revoked')).toBeTruthy();
  });

  it('says when the code matches no certificate', async () => {
    mockApi({ [`GET /api/certificado/ZZZZ-ZZZZ-ZZZZ-ZZ`]: fail(404, MSG.certificadoNaoEncontrado) });
    renderPage('ZZZZ-ZZZZ-ZZZZ-ZZ');
    expect(await screen.findByText(MSG.certificadoNaoEncontrado)).toBeTruthy();
  });

  it('refuses a malformed code without asking the server, and checks another code', async () => {
    const { calls } = mockApi({ [`GET /api/certificado/${CODIGO}`]: fail(404, MSG.certificadoNaoEncontrado) });
    const { router } = renderPage('abc');
    expect(await screen.findByText(MSG.certificadoCodigoInvalido)).toBeTruthy();
    expect(calls).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Verificar outro código'), { target: { value: CODIGO } });
    fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/certificado/${CODIGO}`));
    expect(await screen.findByText(MSG.certificadoNaoEncontrado)).toBeTruthy();
  });
});
