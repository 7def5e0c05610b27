import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppToaster, notifyError, notifySuccess } from './toast';

afterEach(cleanup);

describe('toasts loaded on demand (P6)', () => {
  it('renders no toast container until a toast is asked for, then shows it', async () => {
    const { container } = render(<AppToaster />);
    expect(container.querySelector('.Toastify')).toBeNull();

    act(() => notifySuccess('Mensagem enviada!'));
    expect(await screen.findByText('Mensagem enviada!')).toBeTruthy();
    expect(container.querySelector('.Toastify')).not.toBeNull();
  });

  it('delivers a toast to its own container even when that container mounts after the first one', async () => {
    render(<AppToaster />);
    act(() => notifySuccess('Aquecendo'));
    await screen.findByText('Aquecendo');

    // The product pages' container appears later; a toast asked for it before it mounts still shows in it.
    act(() => notifyError('Produto indisponível', { containerId: 'produto-teste' }));
    const late = render(<AppToaster containerId="produto-teste" />);
    const toast = await screen.findByText('Produto indisponível');
    expect(late.container.contains(toast)).toBe(true);
  });
});

describe('toasts stay within a phone screen', () => {
  const matchMedia = window.matchMedia;
  afterEach(() => {
    window.matchMedia = matchMedia;
  });

  it('shows a message only once while it is on screen, and at most 3 at a time on a phone', async () => {
    // A 375 px screen.
    window.matchMedia = ((query: string) => ({
      matches: query === '(max-width: 480px)',
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })) as unknown as typeof window.matchMedia;
    const { container } = render(<AppToaster />);
    act(() => {
      notifyError('Dados do pagamento invalidos');
      notifyError('Dados do pagamento invalidos');
    });
    await screen.findByText('Dados do pagamento invalidos');
    act(() => {
      for (const n of [1, 2, 3, 4]) notifySuccess(`Mensagem ${n}`);
    });
    await screen.findByText('Mensagem 2');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getAllByText('Dados do pagamento invalidos')).toHaveLength(1);
    expect(container.querySelectorAll('.Toastify__toast')).toHaveLength(3);
  });
});
