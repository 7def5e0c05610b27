import { sandboxPagamentoApi } from '@clinica/shared/schemas/sandbox';
import { pagamentoApi } from '@clinica/shared/schemas/pagamento';
import { MSG } from '@clinica/shared/messages';
import { MSG_API } from '@clinica/shared/messages-api';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { button, click, renderAt, setupScreenTests } from '../../test/screen-tests';
import { fail, mockApi, okFor } from '../../test/test-utils';
import { SandboxPixPage } from './sandbox-pix-page';

const CODIGO = '00020126360014br.gov.bcb.pix0114+5511943214321520400005303986540566.665802BR5907EMPRESA';
const cobranca = (status = 'pending') => ({
  txid: 'PED41T1',
  recebedor: 'Sorriso Pleno',
  cidade: 'Sao Paulo',
  valor: 97,
  status,
  expiraEm: '2026-01-10T15:10:00.000Z',
  idPedido: 41,
});

function setup(handlers: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    'GET /api/pagamento/configuracao': okFor(pagamentoApi.configuracao, { provedor: 'sandbox', publicKey: null }),
    'POST /api/sandbox/pix/consultar': okFor(sandboxPagamentoApi.pixConsultar, cobranca()),
    'POST /api/sandbox/pix/pagar': okFor(sandboxPagamentoApi.pixPagar, cobranca('approved')),
    ...handlers,
  });
  renderAt('/sandbox/pix', { '/sandbox/pix': <SandboxPixPage /> });
  return api;
}

const paste = async (codigo = CODIGO) =>
  fireEvent.change(await screen.findByLabelText('Código PIX copia e cola'), { target: { value: codigo } });

describe('/sandbox/pix', () => {
  setupScreenTests();

  it("paste, 'Consultar' shows the charge, 'Pagar' pays it", async () => {
    const { calls } = setup();
    await paste();
    click('Consultar');
    const charge = await screen.findByTestId('sandbox-pix-charge');
    expect(within(charge).getByText('Sorriso Pleno')).toBeTruthy();
    expect(within(charge).getByText('Sao Paulo')).toBeTruthy();
    expect(within(charge).getByText('R$ 97,00')).toBeTruthy();
    expect(within(charge).getByText('Aguardando pagamento')).toBeTruthy();
    expect(within(charge).getByText('10/01/2026, 12:10')).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/sandbox/pix/consultar')?.body).toEqual({ codigo: CODIGO });

    click('Pagar');
    expect(await screen.findByText(MSG.pixPagoSandbox)).toBeTruthy();
    expect(within(charge).getByText('Pago')).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/sandbox/pix/pagar')?.body).toEqual({ codigo: CODIGO });
  });

  it("the server's pt-BR message when the charge cannot be paid", async () => {
    setup({ 'POST /api/sandbox/pix/pagar': fail(409, MSG_API.pixNaoPagavel) });
    await paste();
    click('Consultar');
    await screen.findByTestId('sandbox-pix-charge');
    click('Pagar');
    expect(await screen.findByText(MSG_API.pixNaoPagavel)).toBeTruthy();
  });

  it('an unknown code shows the message; a short one cannot be looked up', async () => {
    setup({ 'POST /api/sandbox/pix/consultar': fail(404, MSG_API.pixCodigoNaoEncontrado) });
    await paste('0002');
    expect(button('Consultar').disabled).toBe(true);
    await paste();
    click('Consultar');
    expect(await screen.findByText(MSG_API.pixCodigoNaoEncontrado)).toBeTruthy();
  });

  it('with Mercado Pago the sandbox is off', async () => {
    setup({
      'GET /api/pagamento/configuracao': okFor(pagamentoApi.configuracao, {
        provedor: 'mercadopago',
        publicKey: 'TEST-123',
      }),
    });
    expect(await screen.findByText(/sandbox de pagamentos está desligado/)).toBeTruthy();
    expect(screen.queryByLabelText('Código PIX copia e cola')).toBeNull();
  });
});
