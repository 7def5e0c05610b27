import { produtoApi } from '@clinica/shared/schemas/produto';
import { pedidoApi } from '@clinica/shared/schemas/pedido';
import { pagamentoApi } from '@clinica/shared/schemas/pagamento';
import { empresaApi } from '@clinica/shared/schemas/empresa';
import { MSG } from '@clinica/shared/messages';
import { MSG_DESISTENCIA } from '@clinica/shared/messages-desistencia';
import { MSG_API } from '@clinica/shared/messages-api';
import { MSG_SACOLA } from '@clinica/shared/messages-sacola';
import type { SituacaoPedido } from '@clinica/shared/schemas/pedido';
import type { NotificacaoPagamento } from '@clinica/shared/schemas/pagamento';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { readCartItems } from '../../lib/cart-storage';
import { statusTone } from '../../lib/order-status';
import { ESCOVA_DETALHE } from '../../test/catalog-fixtures';
import { EMPRESA_FIXTURE } from '../../test/empresa-fixture';
import { PARCELAS_SANDBOX } from '../../test/payment-fixtures';
import { renderAt, setupScreenTests, signInAs } from '../../test/screen-tests';
import { CONFIG_SANDBOX, metodoCartao, TOKEN_CARTAO } from '../../test/payment-fixtures';
import { fail, mockApi, okFor, type MockReply } from '../../test/test-utils';
import { orderChatHref } from './chat-link';
import { OrderDialog } from './components/order-dialog';
import { CLIENTE_SESSION, pedidoDigitalWire, pedidoWire, NOTA_FISCAL_CALLS } from './order-fixtures';
import { aceitaPagamento, clienteConversaParaCancelar, clientePodeCancelar } from '@clinica/shared/order-status';

/**
 * The product pictures of the items (answered 404: no picture), and the company
 * (WhatsApp chat) and profile (PIX payer) answered 404 unless a test gives them.
 */
const SCREEN_CALLS: Record<string, MockReply> = {
  ...NOTA_FISCAL_CALLS,
  'GET /api/empresa/': fail(404, 'Não encontrado.'),
  'GET /api/profile/7': fail(404, 'Não encontrado.'),
  'GET /api/produto/1': fail(404, 'Não encontrado.'),
  'GET /api/produto/2': fail(404, 'Não encontrado.'),
  'GET /api/produto/9': fail(404, 'Não encontrado.'),
  'GET /api/produto/20': fail(404, 'Não encontrado.'),
};

/** The realtime channel: the test sends the notifications itself (every listener gets them). */
const realtime = vi.hoisted(() => ({ handlers: new Set<(n: NotificacaoPagamento) => void>() }));
vi.mock('../../lib/realtime', async () => {
  const { useEffect, useRef } = await import('react');
  return {
    useOnNotificacao: (handler: (n: NotificacaoPagamento) => void) => {
      const latest = useRef(handler);
      latest.current = handler;
      useEffect(() => {
        const listener = (n: NotificacaoPagamento) => latest.current(n);
        realtime.handlers.add(listener);
        return () => {
          realtime.handlers.delete(listener);
        };
      }, []);
    },
    useRealtime: () => ({ status: 'CONNECTED', notificacoes: [], limpar: () => {} }),
  };
});

function renderDialog(id = 12) {
  signInAs(CLIENTE_SESSION);
  renderAt('/orders/7', { '/orders/:id': <OrderDialog pedidoId={id} onClose={() => {}} /> });
  return screen.findByRole('dialog', { name: `Pedido #${id}` });
}

describe('order status rules (docs/behaviour/orders.md#order-dialog)', () => {
  it('payment is retried while neither PAGO nor CANCELADO (nor shipped or delivered)', () => {
    const all: SituacaoPedido[] = ['PENDENTE', 'PAGO', 'ENVIADO', 'ENTREGUE', 'CANCELADO', 'RECUSADO'];
    expect(all.filter(aceitaPagamento)).toEqual(['PENDENTE', 'RECUSADO']);
  });

  it('only PENDENTE and RECUSADO can be cancelled by the customer; PAGO offers the chat', () => {
    const all: SituacaoPedido[] = ['PENDENTE', 'PAGO', 'ENVIADO', 'ENTREGUE', 'CANCELADO', 'RECUSADO'];
    expect(all.filter(clientePodeCancelar)).toEqual(['PENDENTE', 'RECUSADO']);
    expect(all.filter(clienteConversaParaCancelar)).toEqual(['PAGO']);
  });

  it('colours: paid and delivered green, pending orange, cancelled and refused red, unknown in the cancelled style', () => {
    expect([statusTone('PAGO'), statusTone('entregue'), statusTone('PENDENTE')]).toEqual([
      'success',
      'success',
      'warning',
    ]);
    expect([statusTone('cancelado'), statusTone('RECUSADO'), statusTone('ESTRANHO')]).toEqual([
      'danger',
      'danger',
      'danger',
    ]);
  });

  it("the chat is the company's WhatsApp with the order number", () => {
    const href = orderChatHref('(11) 98765-4321', 12)!;
    expect(href.startsWith('https://wa.me/5511987654321?text=')).toBe(true);
    expect(new URL(href).searchParams.get('text')).toBe('Olá! Gostaria de falar sobre o meu pedido #12.');
    expect(orderChatHref(null, 12)).toBeNull();
  });
});

describe('order dialog', () => {
  setupScreenTests();

  it('shows items (gift marked), address, freight, subtotal, total and history', async () => {
    mockApi({
      ...SCREEN_CALLS,
      'GET /api/pedido/12': okFor(pedidoApi.detalhe, pedidoWire(12, 'RECUSADO')),
      'GET /api/produto/1': okFor(produtoApi.detalhe, ESCOVA_DETALHE),
    });
    const dialog = await renderDialog();
    await within(dialog).findByText('Escova ultramacia');
    const items = within(dialog).getAllByTestId('order-item');
    expect(items).toHaveLength(3);
    expect(within(items[2]!).getByText('Brinde')).toBeTruthy();
    expect(within(items[2]!).getByText('Grátis')).toBeTruthy();
    expect(within(items[1]!).getByText('R$ 24,90', { selector: '[class*="itemAmount"] *' })).toBeTruthy();
    await waitFor(() => expect(items[0]!.querySelector('img')).not.toBeNull());
    expect(within(dialog).getByText('CEP 01310-100')).toBeTruthy();
    expect(within(dialog).getByText('Bela Vista, São Paulo/SP')).toBeTruthy();
    const totals = within(dialog).getByRole('region', { name: 'Resumo' });
    expect(within(totals).getByText('R$ 43,80')).toBeTruthy();
    expect(within(totals).getByText('R$ 15,00')).toBeTruthy();
    expect(within(totals).getByText('R$ 58,80')).toBeTruthy();
    const history = within(dialog).getByRole('region', { name: 'Histórico' });
    expect(within(history).getByText('Pedido realizado')).toBeTruthy();
    expect(within(history).getByText('Recusado')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Cancelar pedido' })).toBeTruthy();
  });

  it('offers the confirmation PDF and names the terms of purchase accepted (ADR 035)', async () => {
    mockApi({ ...SCREEN_CALLS, 'GET /api/pedido/12': okFor(pedidoApi.detalhe, pedidoWire(12, 'PAGO')) });
    const dialog = await renderDialog();
    const secao = await within(dialog).findByRole('region', { name: 'Comprovante' });
    expect(within(secao).getByRole('button', { name: 'Comprovante do pedido (PDF)' })).toBeTruthy();
    expect(secao.textContent).toContain('aceitos: versão de 28/11/2026');
    const termos = within(secao).getByRole('link', { name: 'Termos de compra' });
    expect(termos.getAttribute('href')).toBe('/termos');
    expect(termos.getAttribute('target')).toBe('_blank');
  });

  it('a card payment in installments shows them with the total charged; a PIX order shows its discount', async () => {
    const cartao = {
      ...pedidoWire(12, 'PAGO'),
      pagamento: {
        id: 4,
        tipoPagamento: 'credit' as const,
        status: 'approved',
        valor: 1000,
        createAt: [2025, 3, 5] as [number, number, number],
        dataPagamento: '2025-03-05T17:40:00.000Z',
        parcelamento: { parcelas: 6, valorParcela: 177.98, total: 1067.88 },
      },
    };
    mockApi({ ...SCREEN_CALLS, 'GET /api/pedido/12': okFor(pedidoApi.detalhe, cartao) });
    const dialog = await renderDialog();
    expect((await within(dialog).findByTestId('order-installments')).textContent).toBe(
      '6x de R$ 177,98 (total R$ 1.067,88)',
    );
    cleanup();
    const pix = { ...pedidoWire(12), valorTotal: 56.61, valor: 56.61, descontoPix: 2.19 };
    mockApi({ ...SCREEN_CALLS, 'GET /api/pedido/12': okFor(pedidoApi.detalhe, pix) });
    const outro = await renderDialog();
    expect(await within(outro).findByText('Desconto PIX')).toBeTruthy();
    expect(within(outro).getByText('−R$ 2,19')).toBeTruthy();
    expect(within(outro).queryByTestId('order-installments')).toBeNull();
  });

  it("a digital-only order says 'Produto digital' instead of an address", async () => {
    mockApi({ ...SCREEN_CALLS, 'GET /api/pedido/12': okFor(pedidoApi.detalhe, pedidoDigitalWire(12)) });
    const dialog = await renderDialog();
    expect(await within(dialog).findByText('Produto digital')).toBeTruthy();
    expect(within(dialog).getByText('Digital')).toBeTruthy();
  });

  it('a shipped order shows its tracking code, the Correios link and the dates; an unsent one does not', async () => {
    mockApi({
      ...SCREEN_CALLS,
      'GET /api/pedido/12': okFor(pedidoApi.detalhe, pedidoWire(12, 'ENTREGUE')),
      'GET /api/pedido/13': okFor(pedidoApi.detalhe, pedidoWire(13, 'PAGO')),
    });
    const dialog = await renderDialog();
    const tracking = await within(dialog).findByTestId('order-tracking');
    expect(tracking.textContent).toContain('Código de rastreio: AA473124829BR');
    expect(within(tracking).getByText(/^Enviado em 06\/03\/2025/)).toBeTruthy();
    expect(within(tracking).getByText(/^Entregue em 10\/03\/2025/)).toBeTruthy();
    const link = within(tracking).getByRole('link', { name: 'Rastrear na transportadora' });
    expect(link.getAttribute('href')).toBe('https://rastreamento.correios.com.br/app/index.php?objetos=AA473124829BR');
    expect(link.getAttribute('target')).toBe('_blank');
    cleanup();
    const pago = await renderDialog(13);
    await within(pago).findByText('Escova ultramacia');
    expect(within(pago).queryByTestId('order-tracking')).toBeNull();
  });

  it.each(['PAGO', 'ENVIADO', 'ENTREGUE', 'CANCELADO'] as const)(
    '%s: no "Cancelar pedido", no "Tentar pagamento novamente"',
    async (situacao) => {
      mockApi({
        ...SCREEN_CALLS,
        'GET /api/pedido/12': okFor(pedidoApi.detalhe, pedidoWire(12, situacao)),
        'GET /api/empresa/': okFor(empresaApi.get, EMPRESA_FIXTURE),
      });
      const dialog = await renderDialog();
      await within(dialog).findByText('Escova ultramacia');
      expect(within(dialog).queryByRole('button', { name: 'Cancelar pedido' })).toBeNull();
      expect(within(dialog).queryByRole('button', { name: 'Tentar pagamento novamente' })).toBeNull();
      const chat =
        situacao === 'PAGO' ? await within(dialog).findByRole('link', { name: 'Falar com a clínica' }) : null;
      if (chat) expect(chat.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/5511987654321\?text=/);
      else expect(within(dialog).queryByRole('link', { name: 'Falar com a clínica' })).toBeNull();
      // Delivered long ago: the 7 days of the right of withdrawal are over; the clinic's WhatsApp instead (ADR 036).
      if (situacao === 'ENTREGUE') {
        expect(await within(dialog).findByText(MSG_DESISTENCIA.prazoEncerrado)).toBeTruthy();
        const whatsapp = await within(dialog).findByRole('link', { name: MSG_DESISTENCIA.falarWhatsapp });
        expect(whatsapp.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/5511987654321\?text=/);
      }
      expect(within(dialog).queryByRole('button', { name: MSG_DESISTENCIA.botao })).toBeNull();
    },
  );

  it("cancel asks first; 'Voltar' keeps the order; confirming cancels with 'Pedido cancelado com sucesso'", async () => {
    const { calls } = mockApi({
      ...SCREEN_CALLS,
      'GET /api/pedido/12': okFor(pedidoApi.detalhe, pedidoWire(12)),
      'PUT /api/pedido/cancelar/12': {
        status: 200,
        body: { statusCode: 200, message: MSG.pedidoCancelado, content: pedidoWire(12, 'CANCELADO') },
      },
    });
    const dialog = await renderDialog();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Cancelar pedido' }));
    expect(within(dialog).getByText('Cancelar o pedido #12? Esta ação não pode ser desfeita.')).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Voltar' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Voltar' }));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar pedido' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sim, cancelar pedido' }));
    expect(await screen.findByText(MSG.pedidoCancelado)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.url)).toEqual(['/api/pedido/cancelar/12']);
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: 'Cancelar pedido' })).toBeNull());
    expect(within(dialog).getAllByText('Cancelado').length).toBeGreaterThan(0);
  });

  it("a refused cancel (409) shows the server's message", async () => {
    mockApi({
      ...SCREEN_CALLS,
      'GET /api/pedido/12': okFor(pedidoApi.detalhe, pedidoWire(12)),
      'PUT /api/pedido/cancelar/12': fail(409, MSG.pedidoPagoNaoCancela),
    });
    const dialog = await renderDialog();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Cancelar pedido' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sim, cancelar pedido' }));
    expect(await screen.findByText(MSG.pedidoPagoNaoCancela)).toBeTruthy();
  });

  it("a failed load shows the server's message", async () => {
    mockApi({ ...SCREEN_CALLS, 'GET /api/pedido/12': fail(404, MSG_API.pedidoNaoEncontrado) });
    const dialog = await renderDialog();
    expect(await within(dialog).findByText(MSG_API.pedidoNaoEncontrado)).toBeTruthy();
  });

  it.each(['PENDENTE', 'RECUSADO'] as const)("%s: 'Tentar pagamento novamente' is offered", async (situacao) => {
    mockApi({ ...SCREEN_CALLS, 'GET /api/pedido/12': okFor(pedidoApi.detalhe, pedidoWire(12, situacao)) });
    const dialog = await renderDialog();
    expect(await within(dialog).findByRole('button', { name: 'Tentar pagamento novamente' })).toBeTruthy();
  });

  it('the payment dialog: PIX valid for 30 minutes (origem pedido); the approved notification refreshes the order', async () => {
    let paid = false;
    let reads = 0;
    const { calls } = mockApi({
      ...SCREEN_CALLS,
      'GET /api/pedido/12': () => {
        reads += 1;
        return okFor(pedidoApi.detalhe, pedidoWire(12, paid ? 'PAGO' : 'RECUSADO'));
      },
      'GET /api/empresa/': okFor(empresaApi.get, EMPRESA_FIXTURE),
      'GET /api/pagamento/configuracao': okFor(pagamentoApi.configuracao, { provedor: 'sandbox', publicKey: null }),
      'GET /api/pagamento/parcelas': PARCELAS_SANDBOX,
      'POST /api/pagamento/processar': okFor(
        pagamentoApi.processar,
        {
          idPedido: 12,
          idPagamento: 3,
          tipoPagamento: 'pix',
          status: 'pending',
          statusDetalhe: 'pending_waiting_transfer',
          valor: 58.8,
          parcelamento: null,
          pixPaymentResponse: {
            qrCode: '00020126360014br.gov.bcb.pix0114+5511943214321520400005303986',
            qrCodeBase64: 'iVBORw0KGgo=',
            expiraEm: '2026-01-10T12:30:00.000Z',
            validadeSegundos: 1800,
          },
          boleto: null,
        },
        { status: 201 },
      ),
    });
    const dialog = await renderDialog();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Tentar pagamento novamente' }));
    const payment = await screen.findByRole('dialog', { name: 'Pagamento do pedido #12' });
    // One modal at a time: the payment dialog takes the order dialog's place.
    expect(screen.queryByRole('dialog', { name: 'Pedido #12' })).toBeNull();
    // Card by default, with its form.
    expect((within(payment).getByRole('radio', { name: 'Cartão de crédito' }) as HTMLInputElement).checked).toBe(true);
    expect(within(payment).getByLabelText('Número do cartão')).toBeTruthy();

    // By card R$ 58,80, cash only (2x would be under the R$ 30,00 installment); by PIX 5 % off the R$ 43,80 of
    // products: R$ 56,61.
    expect(await within(payment).findByRole('option', { name: 'À vista: R$ 58,80' })).toBeTruthy();
    expect(within(payment).getAllByRole('option')).toHaveLength(1);
    fireEvent.click(within(payment).getByRole('radio', { name: 'PIX' }));
    expect(within(payment).getByText('Pagamento PIX não gerado')).toBeTruthy();
    expect(within(payment).getByText('R$ 56,61')).toBeTruthy();
    fireEvent.click(within(payment).getByRole('button', { name: 'Gerar QRcode do pix' }));
    expect((await within(payment).findByTestId('pix-countdown')).textContent).toBe('30:00');
    const body = calls.find((c) => c.url === '/api/pagamento/processar')!;
    expect(body.body).toEqual({
      idPedido: 12,
      tipoPagamento: 'pix',
      token: null,
      paymentMethodId: 'pix',
      valor: 56.61,
      origem: 'pedido',
    });
    expect(body.headers['idempotency-key']).toBeTruthy();

    // The payment arrives: the order is read again and shows PAGO by itself; the payment dialog closes.
    paid = true;
    const before = reads;
    act(() =>
      realtime.handlers.forEach((h) =>
        h({ id: 1, message: 'Pagamento aprovado!', statusPayment: 'approved', idPedido: 12 }),
      ),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Pagamento do pedido #12' })).toBeNull());
    expect(await screen.findByText('Pagamento aprovado!')).toBeTruthy();
    await waitFor(() => expect(reads).toBeGreaterThan(before));
    // The order dialog comes back in its place, now PAGO, without the retry.
    const reopened = await screen.findByRole('dialog', { name: 'Pedido #12' });
    await waitFor(() => expect(within(reopened).getAllByText('Pago').length).toBeGreaterThan(0));
    expect(within(reopened).queryByRole('button', { name: 'Tentar pagamento novamente' })).toBeNull();
  }, 15_000);

  it("a card paid again is told once: the approval's notice arriving with the answer adds no second toast", async () => {
    const approved = { id: 1, message: MSG.pagamentoProcessado, statusPayment: 'approved', idPedido: 12 } as const;
    mockApi({
      ...SCREEN_CALLS,
      'GET /api/pedido/12': okFor(pedidoApi.detalhe, pedidoWire(12, 'RECUSADO')),
      'GET /api/pagamento/configuracao': CONFIG_SANDBOX,
      'GET /api/pagamento/parcelas': PARCELAS_SANDBOX,
      'GET /api/sandbox/cartao/metodos': metodoCartao('active', 'visa', 'Visa'),
      'POST /api/sandbox/cartao/token': TOKEN_CARTAO,
      // The server tells the browser over the realtime channel while its answer is on its way.
      'POST /api/pagamento/processar': () => {
        realtime.handlers.forEach((h) => h(approved));
        return okFor(
          pagamentoApi.processar,
          {
            idPedido: 12,
            idPagamento: 3,
            tipoPagamento: 'credit',
            status: 'approved',
            statusDetalhe: 'accredited',
            valor: 58.8,
            parcelamento: null,
            pixPaymentResponse: null,
            boleto: null,
          },
          { status: 201 },
        );
      },
    });
    const dialog = await renderDialog();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Tentar pagamento novamente' }));
    const payment = await screen.findByRole('dialog', { name: 'Pagamento do pedido #12' });
    const type = (label: string, value: string) =>
      fireEvent.change(within(payment).getByLabelText(label), { target: { value } });
    type('Número do cartão', '4235 6477 2802 5682');
    fireEvent.blur(within(payment).getByLabelText('Número do cartão'));
    await within(payment).findByText('Cartão Visa aceito');
    type('Nome do titular', 'APRO');
    type('Validade (MM/AA)', '11/30');
    type('CVC', '123');
    type('CPF ou CNPJ do titular', '529.982.247-25');
    fireEvent.click(within(payment).getByRole('button', { name: 'Enviar pagamento' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Pagamento do pedido #12' })).toBeNull());
    expect(await screen.findByText(MSG.pagamentoProcessado)).toBeTruthy();
    // A late notice of the same payment (the dialog is gone) says nothing either.
    act(() => realtime.handlers.forEach((h) => h(approved)));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getAllByText(MSG.pagamentoProcessado)).toHaveLength(1);
  }, 15_000);
});

describe('buy again from a delivered order (docs/behaviour/orders.md#order-dialog)', () => {
  setupScreenTests();

  it("puts the order's products back in the bag at today's price, leaves out what is not sold now and the gift", async () => {
    mockApi({
      ...SCREEN_CALLS,
      'GET /api/pedido/12': okFor(pedidoApi.detalhe, pedidoWire(12, 'ENTREGUE')),
      'GET /api/produto/1': okFor(produtoApi.detalhe, ESCOVA_DETALHE),
    });
    const dialog = await renderDialog();
    fireEvent.click(await within(dialog).findByRole('button', { name: MSG_SACOLA.comprarNovamente }));
    await waitFor(() => expect(readCartItems()).toHaveLength(1));
    expect(readCartItems()[0]).toMatchObject({ id: 1, nome: ESCOVA_DETALHE.nome, quantity: 1, unitaryValue: 12.9 });
    expect(await screen.findByText(MSG_SACOLA.comprarNovamenteFeito)).toBeTruthy();
    expect(screen.getByText(MSG_SACOLA.comprarNovamenteFora.replace('{nomes}', 'Espelho bucal'))).toBeTruthy();
  });

  it('nothing sold now: says so and the bag stays as it was', async () => {
    mockApi({ ...SCREEN_CALLS, 'GET /api/pedido/12': okFor(pedidoApi.detalhe, pedidoWire(12, 'ENTREGUE')) });
    const dialog = await renderDialog();
    fireEvent.click(await within(dialog).findByRole('button', { name: MSG_SACOLA.comprarNovamente }));
    expect(await screen.findByText(MSG_SACOLA.comprarNovamenteNenhum)).toBeTruthy();
    expect(readCartItems()).toHaveLength(0);
  });

  it.each(['PENDENTE', 'PAGO', 'ENVIADO', 'CANCELADO'] as const)('is not offered for an order %s', async (situacao) => {
    mockApi({ ...SCREEN_CALLS, 'GET /api/pedido/12': okFor(pedidoApi.detalhe, pedidoWire(12, situacao)) });
    const dialog = await renderDialog();
    await within(dialog).findByText('Escova ultramacia');
    expect(within(dialog).queryByRole('button', { name: MSG_SACOLA.comprarNovamente })).toBeNull();
  });
});

describe('right of withdrawal in the order dialog (docs/behaviour/orders.md#right-of-withdrawal)', () => {
  const dentro = {
    tipo: 'curso' as const,
    podeDesistir: true,
    prazo: '2026-12-04T03:00:00.000Z',
    solicitadaEm: null,
    motivo: null,
    devolucaoRecebidaEm: null,
  };

  it("a course inside the 7 days: 'Desistir da compra' asks first, sends the reason and shows what happens next", async () => {
    const pago = { ...pedidoDigitalWire(12), situacaoPedido: 'PAGO' as const, desistencia: dentro };
    const desistido = {
      ...pago,
      situacaoPedido: 'CANCELADO' as const,
      desistencia: {
        ...dentro,
        podeDesistir: false,
        solicitadaEm: '2026-11-28T14:00:00.000Z',
        motivo: 'Mudei de ideia',
      },
    };
    const { calls } = mockApi({
      ...SCREEN_CALLS,
      'GET /api/pedido/12': okFor(pedidoApi.detalhe, pago),
      'PUT /api/pedido/desistir/12': {
        status: 200,
        body: { statusCode: 200, message: MSG_DESISTENCIA.sucessoCurso, content: desistido },
      },
    });
    const dialog = await renderDialog();
    expect(await within(dialog).findByText(MSG_DESISTENCIA.prazoAte.replace('{data}', '03/12/2026'))).toBeTruthy();
    // Inside the window the paid order offers the withdrawal, not the chat.
    expect(within(dialog).queryByRole('link', { name: 'Falar com a clínica' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: MSG_DESISTENCIA.botao }));
    expect(within(dialog).getByText(MSG_DESISTENCIA.explicacaoCurso)).toBeTruthy();
    // 'Voltar' keeps the order as it is.
    fireEvent.click(within(dialog).getByRole('button', { name: MSG_DESISTENCIA.voltar }));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: MSG_DESISTENCIA.botao }));
    fireEvent.change(within(dialog).getByLabelText(MSG_DESISTENCIA.motivoRotulo), {
      target: { value: ' Mudei de ideia ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: MSG_DESISTENCIA.confirmar }));
    expect(await within(dialog).findByText(MSG_DESISTENCIA.sucessoCurso, { selector: 'p' })).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toEqual({ motivo: 'Mudei de ideia' });
    expect(within(dialog).getByText('Motivo informado: Mudei de ideia')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: MSG_DESISTENCIA.botao })).toBeNull();
  });

  it('a refused withdrawal (409) shows the server reason and keeps the order', async () => {
    const pago = { ...pedidoDigitalWire(12), situacaoPedido: 'PAGO' as const, desistencia: dentro };
    mockApi({
      ...SCREEN_CALLS,
      'GET /api/pedido/12': okFor(pedidoApi.detalhe, pago),
      'PUT /api/pedido/desistir/12': fail(409, MSG_DESISTENCIA.jaSolicitada),
    });
    const dialog = await renderDialog();
    fireEvent.click(await within(dialog).findByRole('button', { name: MSG_DESISTENCIA.botao }));
    fireEvent.click(within(dialog).getByRole('button', { name: MSG_DESISTENCIA.confirmar }));
    expect(await screen.findByText(MSG_DESISTENCIA.jaSolicitada)).toBeTruthy();
  });
});
