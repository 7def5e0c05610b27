import { empresaApi } from '@clinica/shared/schemas/empresa';
import { MSG } from '@clinica/shared/messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EMPRESA_FIXTURE } from '../../../test/empresa-fixture';
import { renderAt, setupScreenTests } from '../../../test/screen-tests';
import { fail, mockApi, okFor } from '../../../test/test-utils';
import { ARTIGOS, LIVROS } from '../content/artigos';
import { PAGINAS } from '../content/comum';
import { ArticlesPage, formatFileSize } from './articles-page';

const PUBLIC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../public');

const renderArtigos = (initial = '/artigos') => renderAt(initial, { '/artigos': <ArticlesPage /> });
const tab = (name: string) => screen.getByRole('tab', { name });

describe('/artigos', () => {
  setupScreenTests();

  it('opens on "Artigos": each PDF is a download link to a file shipped in public/artigos, with its size', async () => {
    mockApi({ 'GET /api/empresa/': okFor(empresaApi.get, EMPRESA_FIXTURE) });
    const { router } = renderArtigos();
    expect(tab('Artigos').getAttribute('aria-selected')).toBe('true');
    expect(tab('Livros').getAttribute('aria-selected')).toBe('false');
    const panel = screen.getByRole('tabpanel', { name: 'Artigos' });
    const links = within(panel).getAllByRole('link', { name: /Baixar PDF/ });
    expect(links).toHaveLength(ARTIGOS.length);
    links.forEach((link, i) => {
      const href = link.getAttribute('href')!;
      expect(href).toBe(ARTIGOS[i]!.arquivo);
      expect(link.hasAttribute('download')).toBe(true);
      const file = path.join(PUBLIC, href);
      expect(existsSync(file), file).toBe(true);
      expect(within(panel).getByText(new RegExp(formatFileSize(statSync(file).size)))).toBeTruthy();
    });
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(document.title).toBe('Artigos | Sorriso Pleno'));
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      PAGINAS.artigos.descricao,
    );
  });

  it('"Livros" lists the books, each opened in a new tab, and keeps the tab in the address', () => {
    mockApi({ 'GET /api/empresa/': okFor(empresaApi.get, EMPRESA_FIXTURE) });
    const { router } = renderArtigos();
    fireEvent.click(tab('Livros'));
    expect(tab('Livros').getAttribute('aria-selected')).toBe('true');
    expect(router.state.location.search).toBe('?aba=livros');
    const panel = screen.getByRole('tabpanel', { name: 'Livros' });
    const links = within(panel).getAllByRole('link');
    expect(links).toHaveLength(LIVROS.length);
    links.forEach((link, i) => {
      expect(link.getAttribute('href')).toBe(LIVROS[i]!.url);
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    });
  });

  it('"Redes sociais" shows the company networks, each opened in a new tab (YouTube only with Facebook)', async () => {
    mockApi({
      'GET /api/empresa/': okFor(empresaApi.get, { ...EMPRESA_FIXTURE, facebook: 'facebook.com/sorrisopleno' }),
    });
    renderArtigos('/artigos?aba=redes');
    const panel = screen.getByRole('tabpanel', { name: 'Redes sociais' });
    const links = await within(panel).findAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      'https://wa.me/5511987654321',
      'https://instagram.com/sorrisopleno',
      'https://facebook.com/sorrisopleno',
      'https://youtube.com/@sorrisopleno',
    ]);
    for (const link of links) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
    expect(within(panel).getByText('(11) 9 8765-4321')).toBeTruthy();
  });

  it('says so when the networks cannot be loaded', async () => {
    mockApi({ 'GET /api/empresa/': fail(500, 'Erro') });
    renderArtigos('/artigos?aba=redes');
    expect(await screen.findByText(MSG.redesSociaisIndisponiveis)).toBeTruthy();
  });

  it('moves between the tabs with the arrow keys, Home and End', () => {
    mockApi({ 'GET /api/empresa/': okFor(empresaApi.get, EMPRESA_FIXTURE) });
    renderArtigos();
    fireEvent.keyDown(tab('Artigos'), { key: 'ArrowRight' });
    expect(tab('Livros').getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(tab('Livros'));
    fireEvent.keyDown(tab('Livros'), { key: 'End' });
    expect(tab('Redes sociais').getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(tab('Redes sociais'), { key: 'ArrowRight' });
    expect(tab('Artigos').getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(tab('Artigos'), { key: 'ArrowLeft' });
    expect(tab('Redes sociais').getAttribute('aria-selected')).toBe('true');
    expect(tab('Artigos').tabIndex).toBe(-1);
    expect(tab('Redes sociais').tabIndex).toBe(0);
  });

  it('formats file sizes the Brazilian way', () => {
    expect(formatFileSize(6571)).toBe('6,4 KB');
    expect(formatFileSize(2_621_440)).toBe('2,5 MB');
  });
});
