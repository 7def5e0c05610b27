import { pedidoApi } from '@clinica/shared/schemas/pedido';
import { auditoriaApi } from '@clinica/shared/schemas/auditoria';
import { MSG } from '@clinica/shared/messages';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { MSG_NFE } from '@clinica/shared/messages-nfe';
import { MSG_DESISTENCIA } from '@clinica/shared/messages-desistencia';
import { notaFiscalApi } from '@clinica/shared/schemas/nota-fiscal';
import type { SituacaoPedido } from '@clinica/shared/schemas/pedido';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt, setupScreenTests, signInAs } from '../../../test/screen-tests';
import { fail, mockApi, okFor, type WireContent, type MockReply } from '../../../test/test-utils';
import {
  EQUIPE_SESSION,
  notaFiscalWire,
  ORDER_SCREEN_CALLS,
  pedidoDigitalWire,
  pedidoWire,
  type PedidoWire,
} from '../order-fixtures';
import { StaffOrderDialog } from './components/staff-order-dialog';
import { equipePodeCancelar, podeEntregar, podeEnviar } from '@clinica/shared/order-status';
import { hasShipment } from './staff-order-status';

/** The product pictures of the items (404: no picture) and the order's empty audit trail. */
const SCREEN_CALLS: Record<string, MockReply> = {
  // Paid orders with goods show their NF-e (ADR 031): none issued for these.
  'GET /api/pedido/12/nota-fiscal': okFor(notaFiscalApi.daPedido, null),
  'GET /api/pedido/13/nota-fiscal': okFor(notaFiscalApi.daPedido, null),
  ...ORDER_SCREEN_CALLS,
};

const CODIGO = 'AA473124829BR';

function renderDialog(id = 12) {
  signInAs(EQUIPE_SESSION);
  renderAt('/orders', { '/orders': <StaffOrderDialog pedidoId={id} onClose={() => {}} /> });
  return screen.findByRole('dialog', { name: `Pedido #${id}` });
}

const envelope = (message: string, content: PedidoWire) => ({
  status: 200,
  body: { statusCode: 200, message, content },
});

/** The order after a staff move, as the API answers it. */
function movido(situacao: SituacaoPedido, quem: 'USUARIO' | 'ADMIN' = 'USUARIO'): PedidoWire {
  const p = pedidoWire(12, situacao);
  return {
    ...p,
    historico: [
      ...pedidoWire(12, 'PAGO').historico,
      { de: 'PAGO', para: 'ENVIADO', quem, quemId: 5, quando: '2025-03-06T13:00:00.000Z' },
      ...(situacao === 'ENTREGUE'
        ? [{ de: 'ENVIADO' as const, para: 'ENTREGUE' as const, quem, quemId: 5, quando: '2025-03-10T18:20:00.000Z' }]
        : []),
    ],
  };
}

describe('staff order rules', () => {
  it('staff cancel before the order is sent (a paid one by refund); PAGO → ENVIADO → ENTREGUE', () => {
    const all: SituacaoPedido[] = ['PENDENTE', 'PAGO', 'ENVIADO', 'ENTREGUE', 'CANCELADO', 'RECUSADO'];
    expect(all.filter(equipePodeCancelar)).toEqual(['PENDENTE', 'PAGO', 'RECUSADO']);
    expect(all.filter(podeEnviar)).toEqual(['PAGO']);
    expect(all.filter(podeEntregar)).toEqual(['ENVIADO']);
  });

  it('something ships only with a physical line and an address', () => {
    expect(hasShipment(pedidoWire(1))).toBe(true);
    expect(hasShipment(pedidoDigitalWire(1))).toBe(false);
    expect(hasShipment({ ...pedidoWire(1), enderecoEntrega: null })).toBe(false);
  });
});

describe('staff order dialog', () => {
  setupScreenTests();

  it('shows items, totals, address, payment, the history with who moved it, and the tracking code', async () => {
    mockApi({ ...SCREEN_CALLS, 'GET /api/pedido/12': okFor(pedidoApi.detalhe, movido('ENTREGUE', 'ADMIN')) });
    const dialog = await renderDialog();
    await within(dialog).findByText('Escova ultramacia');
    expect(within(dialog).getByText('· Cliente #3').parentElement!.textContent).toBe(
      'Maria Cliente Silva · Cliente #3',
    );
    expect(within(dialog).getByText('Avenida Paulista, 1000 – Sala 1')).toBeTruthy();
    expect(within(dialog).getByText('PIX')).toBeTruthy();
    expect(within(within(dialog).getByRole('region', { name: 'Resumo' })).getByText('R$ 58,80')).toBeTruthy();
    const history = within(dialog).getByRole('region', { name: 'Histórico' });
    expect(within(history).getAllByText('pelo gerente (usuário #5)')).toHaveLength(2);
    expect(within(history).getByText('automaticamente')).toBeTruthy();
    expect(within(dialog).getByTestId('order-tracking').textContent).toContain(`Código de rastreio: ${CODIGO}`);
    // Delivered: nothing left to do but close.
    expect(within(dialog).queryByRole('button', { name: /Marcar como|Cancelar pedido/ })).toBeNull();
  });

  it("an order whose NF-e failed ships only with 'Enviar sem nota fiscal emitida' checked, sending semNotaFiscal: true", async () => {
    const { calls } = mockApi({
      ...SCREEN_CALLS,
      'GET /api/pedido/12': okFor(pedidoApi.detalhe, pedidoWire(12, 'PAGO')),
      'GET /api/pedido/12/nota-fiscal': okFor(
        notaFiscalApi.daPedido,
        notaFiscalWire({ status: 'falhou', numero: null, chaveAcesso: null, motivoFalha: 'Rejeição 778' }),
      ),
      'PUT /api/pedido/enviar/12': () => envelope(MSG_BO.pedidoEnviado, movido('ENVIADO')),
    });
    const dialog = await renderDialog();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Marcar como enviado' }));
    fireEvent.change(within(dialog).getByLabelText('Código de rastreio'), { target: { value: CODIGO } });
    const confirmar = within(dialog).getByRole('button', { name: 'Confirmar envio' }) as HTMLButtonElement;
    expect(confirmar.disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: MSG_NFE.enviarSemNota }));
    fireEvent.click(confirmar);
    expect(await screen.findByText(MSG_BO.pedidoEnviado)).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ codigoRastreio: CODIGO, semNotaFiscal: true });
  });

  it("'Marcar como enviado' asks the tracking code, checks it with the API's rule, sends it trimmed and upper-cased", async () => {
    let enviado = false;
    const { calls } = mockApi({
      ...SCREEN_CALLS,
      'GET /api/pedido/12': () => okFor(pedidoApi.detalhe, enviado ? movido('ENVIADO') : pedidoWire(12, 'PAGO')),
      'PUT /api/pedido/enviar/12': () => {
        enviado = true;
        return envelope(MSG_BO.pedidoEnviado, movido('ENVIADO'));
      },
    });
    const dialog = await renderDialog();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Marcar como enviado' }));
    const field = within(dialog).getByLabelText('Código de rastreio');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar envio' }));
    expect(await within(dialog).findByText(MSG_BO.codigoRastreioInvalido)).toBeTruthy();
    fireEvent.change(field, { target: { value: 'AB 12' } });
    expect(await within(dialog).findByText(MSG_BO.codigoRastreioInvalido)).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.change(field, { target: { value: `  ${CODIGO.toLowerCase()} ` } });
    await waitFor(() => expect(within(dialog).queryByText(MSG_BO.codigoRastreioInvalido)).toBeNull());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar envio' }));
    expect(await screen.findByText(MSG_BO.pedidoEnviado)).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ codigoRastreio: CODIGO });
    expect(await within(dialog).findByText('Enviado', { selector: '[data-status]' })).toBeTruthy();
    expect(within(dialog).getByTestId('order-tracking').textContent).toContain(CODIGO);
    expect(within(dialog).getByRole('button', { name: 'Marcar como entregue' })).toBeTruthy();
  });

  it("shows the order's 'Histórico de alterações' (audit) and reads it again after a move", async () => {
    let enviado = false;
    let auditorias = 0;
    mockApi({
      ...SCREEN_CALLS,
      'GET /api/pedido/12': () => okFor(pedidoApi.detalhe, enviado ? movido('ENVIADO') : pedidoWire(12, 'PAGO')),
      'PUT /api/pedido/enviar/12': () => {
        enviado = true;
        return envelope(MSG_BO.pedidoEnviado, movido('ENVIADO'));
      },
      'GET /api/auditoria/pedido/12': () => {
        auditorias += 1;
        const registros: WireContent<typeof auditoriaApi.listar>['registros'] = enviado
          ? [
              {
                id: 9,
                entidade: 'pedido',
                entidadeId: 12,
                acao: 'ENVIAR',
                usuario: { id: 5, nome: 'Equipe da Clínica', permissao: 'USUARIO' },
                quando: '2025-03-06T13:00:00.000Z',
                antes: { situacao: 'PAGO', codigoRastreio: null },
                depois: { situacao: 'ENVIADO', codigoRastreio: CODIGO },
              },
            ]
          : [];
        return okFor(auditoriaApi.listar, {
          registros,
          page: 0,
          totalRegistros: registros.length,
          totalPaginas: registros.length,
        });
      },
    });
    const dialog = await renderDialog();
    expect(await within(dialog).findByRole('button', { name: /Histórico de alterações/ })).toBeTruthy();
    await waitFor(() => expect(auditorias).toBe(1));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Marcar como enviado' }));
    fireEvent.change(within(dialog).getByLabelText('Código de rastreio'), { target: { value: CODIGO } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar envio' }));
    await screen.findByText(MSG_BO.pedidoEnviado);
    await waitFor(() => expect(auditorias).toBe(2));
  });

  it("'Voltar' leaves the tracking code question without sending", async () => {
    const { calls } = mockApi({
      ...SCREEN_CALLS,
      'GET /api/pedido/12': okFor(pedidoApi.detalhe, pedidoWire(12, 'PAGO')),
    });
    const dialog = await renderDialog();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Marcar como enviado' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Voltar' }));
    expect(within(dialog).queryByLabelText('Código de rastreio')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Marcar como enviado' })).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it("a refused move (someone moved it first) shows the server's message and reloads the order", async () => {
    let reads = 0;
    mockApi({
      ...SCREEN_CALLS,
      'GET /api/pedido/12': () =>
        okFor(pedidoApi.detalhe, ++reads === 1 ? pedidoWire(12, 'PAGO') : movido('ENVIADO', 'ADMIN')),
      'PUT /api/pedido/enviar/12': fail(409, MSG_BO.pedidoJaEnviado),
    });
    const dialog = await renderDialog();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Marcar como enviado' }));
    fireEvent.change(within(dialog).getByLabelText('Código de rastreio'), { target: { value: CODIGO } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar envio' }));
    expect(await screen.findByText(MSG_BO.pedidoJaEnviado)).toBeTruthy();
    expect(await within(dialog).findByRole('button', { name: 'Marcar como entregue' })).toBeTruthy();
  });

  it("'Marcar como entregue' asks first, then shows the server's message and the new status", async () => {
    let entregue = false;
    const { calls } = mockApi({
      ...SCREEN_CALLS,
      'GET /api/pedido/12': () => okFor(pedidoApi.detalhe, entregue ? movido('ENTREGUE') : movido('ENVIADO')),
      'PUT /api/pedido/entregar/12': () => {
        entregue = true;
        return envelope(MSG_BO.pedidoEntregue, movido('ENTREGUE'));
      },
    });
    const dialog = await renderDialog();
    // Shipped: no cancel any more.
    await within(dialog).findByRole('button', { name: 'Marcar como entregue' });
    expect(within(dialog).queryByRole('button', { name: 'Cancelar pedido' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Marcar como entregue' }));
    expect(within(dialog).getByText('Confirmar que o pedido #12 foi entregue ao cliente?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar entrega' }));
    expect(await screen.findByText(MSG_BO.pedidoEntregue)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.url)).toEqual(['/api/pedido/entregar/12']);
    expect(await within(dialog).findByText('Entregue', { selector: '[data-status]' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /Marcar como/ })).toBeNull();
  });

  it("a withdrawn order: 'Registrar chegada da devolução' asks first, then refunds it (ADR 036)", async () => {
    const desistencia = {
      tipo: 'produtos' as const,
      podeDesistir: false,
      prazo: '2025-03-18T03:00:00.000Z',
      solicitadaEm: '2025-03-12T12:00:00.000Z',
      motivo: 'Não serviu',
      devolucaoRecebidaEm: null,
    };
    const aguardando = { ...pedidoWire(12, 'ENTREGUE'), situacaoPedido: 'DEVOLUCAO_SOLICITADA' as const, desistencia };
    const estornado = {
      ...aguardando,
      situacaoPedido: 'CANCELADO' as const,
      desistencia: { ...desistencia, devolucaoRecebidaEm: '2025-03-15T12:00:00.000Z' },
    };
    let recebido = false;
    const { calls } = mockApi({
      ...SCREEN_CALLS,
      'GET /api/pedido/12': () => okFor(pedidoApi.detalhe, recebido ? estornado : aguardando),
      'PUT /api/pedido/receber-devolucao/12': () => {
        recebido = true;
        return envelope(MSG_DESISTENCIA.chegadaRegistrada, estornado);
      },
    });
    const dialog = await renderDialog();
    expect(await within(dialog).findByText(/Motivo: Não serviu/)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Cancelar pedido' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: MSG_DESISTENCIA.registrarChegada }));
    expect(within(dialog).getByText(MSG_DESISTENCIA.confirmarChegada)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar chegada' }));
    expect(await screen.findByText(MSG_DESISTENCIA.chegadaRegistrada)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.url)).toEqual(['/api/pedido/receber-devolucao/12']);
    await waitFor(() =>
      expect(within(dialog).queryByRole('button', { name: MSG_DESISTENCIA.registrarChegada })).toBeNull(),
    );
  });

  it('a paid order of courses only: no shipping, cancel by refund', async () => {
    const digital = { ...pedidoDigitalWire(12), situacaoPedido: 'PAGO' as const };
    mockApi({
      ...SCREEN_CALLS,
      'GET /api/pedido/12': okFor(pedidoApi.detalhe, digital),
      'PUT /api/pedido/cancelar/12': envelope(MSG.pedidoCancelado, { ...digital, situacaoPedido: 'CANCELADO' }),
    });
    const dialog = await renderDialog();
    expect(await within(dialog).findByText('Pedido só com produtos digitais: não há o que enviar.')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Marcar como enviado' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar pedido' }));
    expect(within(dialog).getByText(/cancelar estorna o pagamento de R\$ 97,00 ao cliente/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Estornar e cancelar' }));
    expect(await screen.findByText(MSG.pedidoCancelado)).toBeTruthy();
    expect(await within(dialog).findByText('Cancelado', { selector: '[data-status]' })).toBeTruthy();
  });

  it.each(['PENDENTE', 'RECUSADO'] as const)('%s: only cancel (no shipping before payment)', async (situacao) => {
    mockApi({ ...SCREEN_CALLS, 'GET /api/pedido/12': okFor(pedidoApi.detalhe, pedidoWire(12, situacao)) });
    const dialog = await renderDialog();
    expect(await within(dialog).findByRole('button', { name: 'Cancelar pedido' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /Marcar como/ })).toBeNull();
  });
});
