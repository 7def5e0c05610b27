import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { DetailDialogFrame, type DetailDialogQuery } from './detail-dialog-frame';

const query = (patch: Partial<DetailDialogQuery<{ nome: string }>>): DetailDialogQuery<{ nome: string }> => ({
  isPending: false,
  isFetching: false,
  data: undefined,
  error: null,
  refetch: vi.fn(),
  ...patch,
});

function renderFrame(q: DetailDialogQuery<{ nome: string }>, { busy = false, onClose = vi.fn() } = {}) {
  render(
    <DetailDialogFrame
      open
      onClose={onClose}
      busy={busy}
      title="Pedido #5"
      query={q}
      heading={(d) => <p>Cliente {d.nome}</p>}
      body={(d) => <p>Itens de {d.nome}</p>}
      footer={() => <button type="button">Ação</button>}
      testId="frame"
    />,
  );
  return screen.getByTestId('frame');
}

describe('DetailDialogFrame', () => {
  afterEach(cleanup);

  it('loading: the title and a spinner, no body nor footer', () => {
    const dialog = renderFrame(query({ isPending: true }));
    expect(within(dialog).getByRole('heading', { name: 'Pedido #5' })).toBeTruthy();
    expect(within(dialog).queryByText(/Itens de/)).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Ação' })).toBeNull();
  });

  it("a failed read: the server's message and 'Tentar novamente', which reads again", () => {
    const refetch = vi.fn();
    const dialog = renderFrame(query({ error: new ApiError(500, 'Falha ao buscar o pedido'), refetch }));
    expect(within(dialog).getByRole('alert').textContent).toContain('Falha ao buscar o pedido');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tentar novamente' }));
    expect(refetch).toHaveBeenCalledTimes(1);
    expect(within(dialog).queryByRole('button', { name: 'Ação' })).toBeNull();
  });

  it('the data: heading, body and footer; the X closes, but not while busy', () => {
    const onClose = vi.fn();
    const dialog = renderFrame(query({ data: { nome: 'Ana' } }), { onClose });
    expect(within(dialog).getByText('Cliente Ana')).toBeTruthy();
    expect(within(dialog).getByText('Itens de Ana')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Ação' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    cleanup();

    const busy = renderFrame(query({ data: { nome: 'Ana' } }), { busy: true, onClose });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect((within(busy).getByRole('button', { name: 'Fechar' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(busy, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
