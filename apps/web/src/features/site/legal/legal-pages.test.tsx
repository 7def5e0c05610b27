import { empresaApi } from '@clinica/shared/schemas/empresa';
import { VERSAO_PRIVACIDADE, VERSAO_TERMOS, dataDaVersao } from '@clinica/shared/termos';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/storage';
import { EMPRESA_FIXTURE } from '../../../test/empresa-fixture';
import { renderAt, setupScreenTests } from '../../../test/screen-tests';
import { mockApi, okFor } from '../../../test/test-utils';
import { ARMAZENAMENTO_NAVEGADOR } from '../content/legal';
import { PrivacyPage } from './privacy-page';
import { TermsPage } from './terms-page';

const onlyDigits = (s: string) => s.replace(/\D/g, '');

describe('/termos and /privacidade', () => {
  setupScreenTests();

  it('/termos: the version, the clinic (name, CNPJ, address, e-mail), withdrawal in 7 days, answers in 5 days', async () => {
    mockApi({ 'GET /api/empresa/': okFor(empresaApi.get, EMPRESA_FIXTURE) });
    renderAt('/termos', { '/termos': <TermsPage /> });
    expect(screen.getByRole('heading', { level: 1, name: 'Termos de compra' })).toBeTruthy();
    expect(screen.getByText(new RegExp(`Versão de ${dataDaVersao(VERSAO_TERMOS)}`))).toBeTruthy();
    const clinica = await screen.findByRole('region', { name: 'Quem vende e atende' });
    await waitFor(() => expect(within(clinica).getByText(new RegExp(EMPRESA_FIXTURE.nome))).toBeTruthy());
    expect(onlyDigits(clinica.textContent ?? '')).toContain(EMPRESA_FIXTURE.cnpj);
    expect(within(clinica).getByRole('link', { name: EMPRESA_FIXTURE.email! })).toBeTruthy();
    expect(clinica.textContent).toContain(EMPRESA_FIXTURE.endereco!.logradouro);
    const arrependimento = screen.getByRole('region', { name: /Direito de arrependimento/ });
    expect(arrependimento.textContent).toContain('7 dias');
    expect(arrependimento.textContent).toContain('Desistir da compra');
    expect(screen.getByRole('region', { name: 'Atendimento ao cliente' }).textContent).toContain('até 5 dias');
    expect(screen.getByRole('link', { name: 'Política de privacidade' }).getAttribute('href')).toBe('/privacidade');
    await waitFor(() => expect(document.title).toBe('Termos de compra | Sorriso Pleno'));
  });

  it('/privacidade lists exactly the browser storage keys the app uses, and says there are no cookies', () => {
    mockApi({ 'GET /api/empresa/': okFor(empresaApi.get, EMPRESA_FIXTURE) });
    renderAt('/privacidade', { '/privacidade': <PrivacyPage /> });
    expect(screen.getByRole('heading', { level: 1, name: 'Política de privacidade' })).toBeTruthy();
    expect(screen.getByText(new RegExp(`Versão de ${dataDaVersao(VERSAO_PRIVACIDADE)}`))).toBeTruthy();
    const chaves = [...screen.getByRole('table').querySelectorAll('code')].map((c) => c.textContent ?? '');
    expect(new Set(ARMAZENAMENTO_NAVEGADOR.map((k) => k.chave))).toEqual(new Set(Object.values(STORAGE_KEYS)));
    expect(chaves.sort()).toEqual(Object.values(STORAGE_KEYS).sort());
    const navegador = screen.getByRole('region', { name: 'O que fica guardado no seu navegador' });
    expect(navegador.textContent).toContain('não usa cookies');
    const direitos = screen.getByRole('region', { name: 'Seus direitos e como exercê-los' });
    expect(direitos.textContent).toContain('Baixar meus dados');
    expect(direitos.textContent).toContain('Excluir minha conta');
    expect(screen.getByRole('region', { name: 'Por quanto tempo guardamos' }).textContent).toContain(
      'legislação tributária',
    );
  });
});
