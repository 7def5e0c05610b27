import { MSG } from '@clinica/shared/messages';
import { empresaApi } from '@clinica/shared/schemas/empresa';
import { produtoApi } from '@clinica/shared/schemas/produto';
import { cleanup, render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from './routes';
import { DEMO_ATTRIBUTE } from '../lib/demo-mode';
import { setRenderContext } from '../lib/page-answers';
import { EMPRESA_FIXTURE } from '../test/empresa-fixture';
import { resetSession } from '../test/reset-session';
import { fail, mockApi, okFor, renderRoutes } from '../test/test-utils';
import { DemoNotice } from '../components/layout/demo-notice';

/** The server's word: the API marks a demo store's page `<html data-demo>` (apps/api/src/plugins/static-web.ts). */
const serverSaysDemo = (demo: boolean) => document.documentElement.toggleAttribute(DEMO_ATTRIBUTE, demo);

describe("aviso 'Loja de demonstração' (ADR 022)", () => {
  afterEach(() => {
    cleanup();
    serverSaysDemo(false);
  });

  it('aparece quando o servidor diz que a loja é de demonstração, e diz que pagamentos e e-mails são simulados', () => {
    serverSaysDemo(true);
    render(<DemoNotice />);
    const aviso = screen.getByRole('note');
    expect(aviso.textContent).toContain(MSG.lojaDemonstracao);
    expect(aviso.textContent).toContain('Pagamentos e e-mails são simulados.');
  });

  it('não aparece numa loja de verdade', () => {
    render(<DemoNotice />);
    expect(screen.queryByRole('note')).toBeNull();
    expect(document.body.textContent).not.toContain(MSG.lojaDemonstracao);
  });

  it('no render do servidor vem do contexto do render, como o servidor o passa (ADR 019)', () => {
    const renderOnServer = (demo: boolean) => {
      setRenderContext(() => ({ answer: () => undefined, origin: 'https://loja.example', head: {}, demo }));
      try {
        return renderToString(<DemoNotice />);
      } finally {
        setRenderContext(() => undefined);
      }
    };
    // The page's own mark does not count on the server: only what the render was told.
    serverSaysDemo(true);
    expect(renderOnServer(false)).toBe('');
    serverSaysDemo(false);
    expect(renderOnServer(true)).toContain(MSG.lojaDemonstracao);
  });
});

describe('o aviso nas páginas e a página do sandbox (ADR 022)', { timeout: 20_000 }, () => {
  beforeEach(() => {
    resetSession();
    mockApi({
      'GET /api/empresa/': okFor(empresaApi.get, { ...EMPRESA_FIXTURE, endereco: null }),
      'GET /api/produto/fisicodigital': okFor(produtoApi.fisicoDigital, {
        listProdutoDigital: [],
        listProdutoFisico: [],
      }),
      'GET /api/pagamento/configuracao': fail(404, 'Não encontrado.'),
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    serverSaysDemo(false);
  });

  it('numa loja de demonstração, o aviso vem antes do cabeçalho e /sandbox/pix é o banco de teste', async () => {
    serverSaysDemo(true);
    renderRoutes(routes, '/sandbox/pix');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pagar PIX (sandbox)' })).toBeTruthy();
    const aviso = screen.getByRole('note');
    const [cabecalho] = screen.getAllByRole('banner');
    expect(aviso.compareDocumentPosition(cabecalho!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(aviso).getByText(MSG.lojaDemonstracao)).toBeTruthy();
  });

  it('numa loja de verdade, nenhum aviso e /sandbox/pix não existe', async () => {
    renderRoutes(routes, '/sandbox/pix');
    expect(await screen.findByRole('heading', { level: 1, name: 'Página não encontrada!' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Pagar PIX (sandbox)' })).toBeNull();
    expect(screen.queryByRole('note')).toBeNull();
  });
});
