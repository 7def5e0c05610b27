import { empresaApi } from '@clinica/shared/schemas/empresa';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSession } from '../../../test/reset-session';
import { fail, mockApi, okFor, renderWithRouter } from '../../../test/test-utils';
import { EMPRESA_FIXTURE } from '../../../test/empresa-fixture';
import { Footer } from './footer';

const EMPRESA = EMPRESA_FIXTURE;

describe('Footer', () => {
  beforeEach(resetSession);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('renders the company data, the social rules and the payment strip', async () => {
    mockApi({ 'GET /api/empresa/': okFor(empresaApi.get, EMPRESA) });
    renderWithRouter(<Footer />);
    expect(await screen.findByText('Sorriso Pleno Odontologia Ltda · CNPJ 11.222.333/0001-81')).toBeTruthy();
    expect(screen.getByText('Avenida Paulista, 1000 – Bela Vista, São Paulo/SP')).toBeTruthy();
    expect(screen.getByRole('link', { name: /WhatsApp/ }).getAttribute('href')).toBe('https://wa.me/5511987654321');
    expect(screen.getByRole('link', { name: /Instagram/ }).getAttribute('href')).toBe(
      'https://instagram.com/sorrisopleno',
    );
    // no Facebook → no YouTube
    expect(screen.queryByRole('link', { name: /YouTube/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'contato@sorrisopleno.com.br' }).getAttribute('href')).toBe(
      'mailto:contato@sorrisopleno.com.br',
    );
    expect(screen.getByText('Segunda a sexta, 08h às 18h')).toBeTruthy();
    expect(screen.getByText('Quem somos').getAttribute('href')).toBe('');
    expect(screen.getByText('Compras 100% seguras')).toBeTruthy();
    for (const brand of ['American Express', 'Elo', 'Hipercard', 'Mastercard', 'Visa', 'PIX']) {
      expect(screen.getByRole('img', { name: brand })).toBeTruthy();
    }
  });

  it('shows YouTube next to Facebook', async () => {
    mockApi({ 'GET /api/empresa/': okFor(empresaApi.get, { ...EMPRESA, facebook: 'facebook.com/sorrisopleno' }) });
    renderWithRouter(<Footer />);
    expect((await screen.findByRole('link', { name: /YouTube/ })).getAttribute('href')).toBe(
      'https://youtube.com/@sorrisopleno',
    );
    expect(screen.getByRole('link', { name: /Facebook/ }).getAttribute('href')).toBe(
      'https://facebook.com/sorrisopleno',
    );
  });

  it('shows the server message in an error toast when the company cannot be loaded', async () => {
    mockApi({ 'GET /api/empresa/': fail(404, 'Empresa não encontrada ou não cadastrada') });
    renderWithRouter(<Footer />);
    expect(await screen.findByText('Empresa não encontrada ou não cadastrada')).toBeTruthy();
  });
});
