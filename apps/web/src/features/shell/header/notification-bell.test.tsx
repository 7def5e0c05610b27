import { produtoApi } from '@clinica/shared/schemas/produto';
import type { NotificacaoPagamento } from '@clinica/shared/schemas/pagamento';
import { notificacaoApi, type Notificacao } from '@clinica/shared/schemas/notificacao';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render as rtlRender, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { realtimeStore } from '../../../lib/realtime/realtime-store';
import { session } from '../../../lib/session';
import { resetSession } from '../../../test/reset-session';
import { mockApi, okFor, renderRoutes, storeSession, testQueryClient } from '../../../test/test-utils';
import { Header } from './header';
import NotificationBell, { linhasDoSino } from './notification-bell';

const render = (ui: ReactNode) => rtlRender(<QueryClientProvider client={testQueryClient()}>{ui}</QueryClientProvider>);

let nextId = 1;
const notificacao = (patch: Partial<NotificacaoPagamento> = {}): NotificacaoPagamento => ({
  id: nextId++,
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
    expect(screen.getByRole('status').textContent).toBe('1 notificação não lida');
    act(() => realtimeStore.push(notificacao({ idPedido: 124 })));
    expect(screen.getByTestId('notification-badge').textContent).toBe('2');
    expect(screen.getByRole('status').textContent).toBe('2 notificações não lidas');
    // The count is the bell's description.
    expect(document.getElementById(bell().getAttribute('aria-describedby')!)?.textContent).toBe(
      '2 notificações não lidas',
    );
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

  describe('a customer’s notifications kept on the server (ADR 046)', () => {
    const guardada = (patch: Partial<Notificacao> & { id: number }): Notificacao => ({
      tipo: 'pagamento',
      message: `Aviso ${patch.id}`,
      statusPayment: 'approved',
      idPedido: 40,
      criadaEm: '2026-11-28T10:00:00.000Z',
      lidaEm: null,
      ...patch,
    });

    afterEach(() => resetSession());

    it('reads the list on sign-in, merges the live ones by id, counts the unread and marks all read when opened', async () => {
      storeSession({ idUser: 5, permissao: 'CLIENTE', idClient: 9 });
      session.reload();
      const lista = {
        naoLidas: 1,
        itens: [guardada({ id: 11 }), guardada({ id: 10, lidaEm: '2026-11-28T11:00:00.000Z' })],
      };
      const api = mockApi({
        'GET /api/notificacao': okFor(notificacaoApi.listar, lista),
        'PUT /api/notificacao/lidas': okFor(notificacaoApi.marcarTodasLidas, {
          naoLidas: 0,
          itens: [
            guardada({ id: 12, message: 'Ao vivo', lidaEm: '2026-11-28T12:00:00.000Z' }),
            ...lista.itens.map((n) => ({ ...n, lidaEm: '2026-11-28T12:00:00.000Z' })),
          ],
        }),
      });
      render(<NotificationBell />);
      await waitFor(() => expect(screen.getByTestId('notification-badge').textContent).toBe('1'));
      // The same notification heard live (id 11) is not counted twice; a new one (id 12) is.
      act(() => {
        realtimeStore.push(notificacao({ id: 11, message: 'Aviso 11' }));
        realtimeStore.push(notificacao({ id: 12, message: 'Ao vivo' }));
      });
      expect(screen.getByTestId('notification-badge').textContent).toBe('2');

      fireEvent.click(bell());
      const rows = within(panel()!).getAllByRole('listitem');
      expect(rows.map((r) => r.querySelector('p')!.textContent)).toEqual(['Ao vivo', 'Aviso 11', 'Aviso 10']);
      expect(rows.map((r) => r.getAttribute('data-nova'))).toEqual(['true', 'true', 'false']);
      await waitFor(() => expect(screen.queryByTestId('notification-badge')).toBeNull());
      expect(api.calls.filter((c) => c.method === 'PUT').map((c) => c.url)).toEqual(['/api/notificacao/lidas']);
      // Still marked new while the panel is open.
      expect(within(panel()!).getAllByText('Nova')).toHaveLength(2);
      fireEvent.keyDown(document, { key: 'Escape' });
      // Opened again with nothing unread: nothing is sent.
      fireEvent.click(bell());
      expect(within(panel()!).queryAllByText('Nova')).toHaveLength(0);
      expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
    });

    it('staff read nothing from the server (the list is the customer’s): only the live ones', () => {
      storeSession({ idUser: 7, permissao: 'USUARIO', nome: 'Equipe' });
      session.reload();
      const api = mockApi({});
      render(<NotificationBell />);
      act(() => realtimeStore.push(notificacao()));
      expect(screen.getByTestId('notification-badge').textContent).toBe('1');
      expect(api.calls.filter((c) => c.url.includes('notificacao'))).toEqual([]);
    });

    it('linhasDoSino: live ones the list lacks go first, newest first, each id once; Limpar hides up to an id', () => {
      const lista = {
        naoLidas: 2,
        itens: [guardada({ id: 3 }), guardada({ id: 2 }), guardada({ id: 1, lidaEm: 'x' })],
      };
      const vivo = [notificacao({ id: 3 }), notificacao({ id: 4 }), notificacao({ id: 5 }), notificacao({ id: 5 })];
      const { linhas, naoLidas } = linhasDoSino(lista, vivo, 0);
      expect(linhas.map((l) => [l.id, l.lida])).toEqual([
        [5, false],
        [4, false],
        [3, false],
        [2, false],
        [1, true],
      ]);
      expect(naoLidas).toBe(4);
      expect(linhasDoSino(lista, vivo, 4).linhas.map((l) => l.id)).toEqual([5]);
      expect(linhasDoSino(undefined, vivo, 0).naoLidas).toBe(3);
    });
  });
});
