import { act } from '@testing-library/react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { loadPageParts, pagePart, pagePartsRunning, UntilHydrated, useHydrated } from './page-part';

function Form({ label }: { label: string }) {
  const hydrated = useHydrated();
  return (
    <form data-hydrated={hydrated}>
      <UntilHydrated>
        <input aria-label={label} />
        <button type="submit">Enviar</button>
      </UntilHydrated>
    </form>
  );
}

/** A part whose module arrives when the test says so. */
function deferredPart() {
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const Part = pagePart(async () => {
    await arrived;
    return Form;
  });
  return { Part, arrive };
}

describe('partes da página carregadas depois do código da página (lib/page-part.tsx)', () => {
  it('o servidor renderiza a parte inteira, com os campos desativados até o app rodá-la', async () => {
    const { Part, arrive } = deferredPart();
    arrive();
    await loadPageParts();
    const html = renderToString(<Part label="Nome" />);
    expect(html).toContain('aria-label="Nome"');
    expect(html).toMatch(/<fieldset[^>]* disabled=""/);
    expect(html).toContain('data-hydrated="false"');
  });

  it('no navegador, o HTML do servidor fica até o código da parte chegar; depois ela hidrata e os campos se ativam', async () => {
    const server = deferredPart();
    server.arrive();
    await loadPageParts();
    const { Part, arrive } = deferredPart();
    const container = document.createElement('div');
    container.innerHTML = renderToString(<server.Part label="E-mail" />);
    document.body.append(container);
    const input = container.querySelector('input')!;

    let ready = false;
    await act(async () => {
      hydrateRoot(container, <Part label="E-mail" />);
    });
    void pagePartsRunning().then(() => (ready = true));
    await act(async () => undefined);
    // Still the server's HTML: the same input, disabled, and the page is not ready.
    expect(container.querySelector('input')).toBe(input);
    expect(container.querySelector('fieldset')!.disabled).toBe(true);
    expect(ready).toBe(false);

    await act(async () => arrive());
    expect(container.querySelector('input')).toBe(input);
    expect(container.querySelector('fieldset')!.disabled).toBe(false);
    expect(container.querySelector('form')!.dataset.hydrated).toBe('true');
    expect(ready).toBe(true);
    container.remove();
  });

  it('uma parte que não é "eager" só busca o seu código quando aparece na tela', async () => {
    let loads = 0;
    const Part = pagePart(
      async () => {
        loads += 1;
        return Form;
      },
      { eager: () => false },
    );
    await act(async () => undefined);
    expect(loads).toBe(0);

    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    await act(async () => root.render(<Part label="Busca" />));
    expect(loads).toBe(1);
    expect(container.querySelector('input[aria-label="Busca"]')).not.toBeNull();
    act(() => root.unmount());
    container.remove();
  });
});
