import { render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { setRenderContext, type PageHead, type RenderContext } from './page-answers';
import { summarize, usePageHead, type PageHeadProps } from './page-head';

function Page({ children, ...head }: PageHeadProps & { children?: React.ReactNode }) {
  usePageHead(head);
  return <div>{children}</div>;
}

/** Renders `tree` on the "server" with a render context, as entry-server.tsx does, and returns the head it collected. */
function headOfServerRender(tree: React.ReactElement): PageHead {
  const context: RenderContext = { answer: () => undefined, origin: 'https://loja.example', head: {} };
  setRenderContext(() => context);
  try {
    renderToString(tree);
  } finally {
    setRenderContext(() => undefined);
  }
  return context.head;
}

describe('o <head> da página (lib/page-head)', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    document.title = '';
  });

  it('no servidor, o render junta título, descrição, endereço canônico e imagem da página', () => {
    const head = headOfServerRender(
      <Page
        title="Escova"
        description="Escova macia."
        canonical="https://loja.example/details/1"
        image="https://loja.example/i/1.webp"
      />,
    );
    expect(head).toEqual({
      title: 'Escova | Sorriso Pleno',
      description: 'Escova macia.',
      canonical: 'https://loja.example/details/1',
      image: 'https://loja.example/i/1.webp',
    });
    // Nothing leaks into the document of the process.
    expect(document.title).toBe('');
  });

  it('no servidor vale o primeiro que declara, como no navegador (o efeito do pai roda por último)', () => {
    const tree = (
      <Page title="Pai" description="Do pai.">
        <Page title="Filho" description="Do filho." canonical="https://loja.example/filho" />
      </Page>
    );
    expect(headOfServerRender(tree)).toEqual({
      title: 'Pai | Sorriso Pleno',
      description: 'Do pai.',
      canonical: 'https://loja.example/filho',
    });
    render(tree);
    expect(document.title).toBe('Pai | Sorriso Pleno');
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('Do pai.');
  });

  it('no navegador: sem título é o nome da clínica; o canônico do servidor é reaproveitado e sai com a página', () => {
    const canonical = Object.assign(document.createElement('link'), {
      rel: 'canonical',
      href: 'https://loja.example/',
    });
    document.head.append(canonical);
    const { unmount } = render(<Page description="Início." canonical="https://loja.example/loja" />);
    expect(document.title).toBe('Clínica Odontológica Sorriso Pleno');
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
    expect(canonical.getAttribute('href')).toBe('https://loja.example/loja');
    unmount();
    // The next page (say /contato) has no canonical address of its own: none is left pointing elsewhere.
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
    expect(document.head.querySelector('meta[name="description"]')).toBeNull();
  });

  it('summarize corta num limite de palavra com reticências', () => {
    expect(summarize('curto')).toBe('curto');
    const longo = 'palavra '.repeat(40);
    const resumo = summarize(longo, 50);
    expect(resumo.length).toBeLessThanOrEqual(50);
    expect(resumo.endsWith('palavra…')).toBe(true);
  });
});
