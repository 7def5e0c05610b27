import { produtoApi } from '@clinica/shared/schemas/produto';
import type { NotificacaoPagamento } from '@clinica/shared/schemas/pagamento';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { realtimeStore } from '../../../lib/realtime/realtime-store';
import { session } from '../../../lib/session';
import { resetSession } from '../../../test/reset-session';
import { mockApi, okFor, renderRoutes, storeSession } from '../../../test/test-utils';
import { Header } from './header';
import NotificationBell from './notification-bell';

const notificacao = (patch: Partial<NotificacaoPagamento> = {}): NotificacaoPagamento => ({
  message: 'Pagamento aprovado!',
  statusPayment: 'approved',
  idPedido: 123,
  ...patch,
});

const bell = () => screen.getByRole('button', { name: 'Notificações' });
const panel = () => screen.queryByRole('dialog', { name: 'Notificações' });

describe('NotificationBell', () => {
  afterEach(() => {
    cleanup();
    realtimeStore.reset();
  });

  it('shows the empty text and no badge when there is nothing', () => {
    render(<NotificationBell />);
    expect(screen.queryByTestId('notification-badge')).toBeNull();
    expect(bell().getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(bell());
    expect(bell().getAttribute('aria-expanded')).toBe('true');
    expect(within(panel()!).getByText('Nenhuma notificação')).toBeTruthy();
    expect((within(panel()!).getByRole('button', { name: 'Limpar' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('counts arrivals in the badge and announces the count', () => {
    render(<NotificationBell />);
    act(() => realtimeStore.push(notificacao()));
    expect(screen.getByTestId('notification-badge').textContent).toBe('1');
    expect(screen.getByRole('status').textContent).toBe('1 notificação');
    act(() => realtimeStore.push(notificacao({ idPedido: 124 })));
    expect(screen.getByTestId('notification-badge').textContent).toBe('2');
    expect(screen.getByRole('status').textContent).toBe('2 notificações');
    // The count is the bell's description.
    expect(document.getElementById(bell().getAttribute('aria-describedby')!)?.textContent).toBe('2 notificações');
  });

  it('lists message, order number and a coloured status, newest first; Limpar empties the list', () => {
    render(<NotificationBell />);
    act(() => {
      realtimeStore.push(notificacao());
      realtimeStore.push(notificacao({ message: 'Pagamento recusado', statusPayment: 'rejected', idPedido: 124 }));
    });
    fireEvent.click(bell());
    const rows = within(panel()!).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('Pagamento recusado');
    expect(rows[0]!.textContent).toContain('Pedido #124');
    expect(within(rows[0]!).getByText('Recusado').className).toContain('danger');
    expect(rows[1]!.textContent).toContain('Pagamento aprovado!');
    expect(rows[1]!.textContent).toContain('Pedido #123');
    expect(within(rows[1]!).getByText('Aprovado').className).toContain('success');

    fireEvent.click(within(panel()!).getByRole('button', { name: 'Limpar' }));
    expect(within(panel()!).queryAllByRole('listitem')).toHaveLength(0);
    expect(within(panel()!).getByText('Nenhuma notificação')).toBeTruthy();
    expect(screen.queryByTestId('notification-badge')).toBeNull();
    expect(realtimeStore.getSnapshot().notificacoes).toEqual([]);
  });

  it('closes on Escape (focus back on the bell) and on a click outside', () => {
    render(
      <>
        <NotificationBell />
        <p>fora</p>
      </>,
    );
    fireEvent.click(bell());
    expect(panel()).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(panel()).toBeNull();
    expect(document.activeElement).toBe(bell());

    fireEvent.click(bell());
    fireEvent.pointerDown(screen.getByText('fora'));
    expect(panel()).toBeNull();
  });

  it('sits in the header for signed-in users only', async () => {
    resetSession();
    mockApi({
      'GET /api/produto/fisicodigital': okFor(produtoApi.fisicoDigital, {
        listProdutoDigital: [],
        listProdutoFisico: [],
      }),
    });
    const visitor = renderRoutes([{ path: '*', element: <Header /> }]);
    expect(screen.queryByRole('button', { name: 'Notificações' })).toBeNull();
    visitor.unmount();

    storeSession({ idUser: 7, permissao: 'USUARIO', nome: 'Equipe' });
    session.reload();
    renderRoutes([{ path: '*', element: <Header /> }]);
    expect(await screen.findByRole('button', { name: 'Notificações' })).toBeTruthy();
    resetSession();
  });
});
