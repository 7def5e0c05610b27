import { MSG_NFE } from '@clinica/shared/messages-nfe';
import { notaFiscalApi } from '@clinica/shared/schemas/nota-fiscal';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAt, setupScreenTests, signInAs } from '../../../../test/screen-tests';
import { mockApi, okFor } from '../../../../test/test-utils';
import { EQUIPE_SESSION, notaFiscalWire } from '../../order-fixtures';
import { ShipForm } from './ship-form';

const CODIGO = 'AA473124829BR';

function renderShip(onSubmit: (codigo: string, semNotaFiscal: boolean) => void) {
  signInAs(EQUIPE_SESSION);
  renderAt('/orders', {
    '/orders': (
      <ShipForm
        pedidoId={12}
        entrega={undefined}
        busy={false}
        actionsClassName={undefined}
        onBack={() => {}}
        onSubmit={onSubmit}
      />
    ),
  });
}
const confirmar = () => screen.getByRole('button', { name: 'Confirmar envio' }) as HTMLButtonElement;

describe('ShipForm and the NF-e (ADR 031)', () => {
  setupScreenTests();

  it('an issued invoice: no confirmation, the order ships without semNotaFiscal', async () => {
    mockApi({ 'GET /api/pedido/12/nota-fiscal': okFor(notaFiscalApi.daPedido, notaFiscalWire()) });
    const onSubmit = vi.fn();
    renderShip(onSubmit);
    await waitFor(() => expect(confirmar().disabled).toBe(false));
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByTestId('ship-invoice-state')).toBeNull();
    fireEvent.change(screen.getByLabelText('Código de rastreio'), { target: { value: CODIGO } });
    fireEvent.click(confirmar());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(CODIGO, false));
  });

  it.each([
    ['pending', notaFiscalWire({ status: 'pendente', numero: null, chaveAcesso: null }), MSG_NFE.estadoPendente],
    [
      'failed',
      notaFiscalWire({
        status: 'falhou',
        numero: null,
        chaveAcesso: null,
        motivoFalha: 'Rejeição 778: NCM inexistente',
      }),
      'Rejeição 778: NCM inexistente',
    ],
    ['not asked for yet', null, MSG_NFE.estadoSemNota],
  ])(
    "an invoice %s: its state and 'Enviar sem nota fiscal emitida' must be checked; then semNotaFiscal is sent",
    async (_caso, nota, estado) => {
      mockApi({ 'GET /api/pedido/12/nota-fiscal': okFor(notaFiscalApi.daPedido, nota) });
      const onSubmit = vi.fn();
      renderShip(onSubmit);
      expect((await screen.findByTestId('ship-invoice-state')).textContent).toContain(estado);
      const check = screen.getByRole('checkbox', { name: MSG_NFE.enviarSemNota }) as HTMLInputElement;
      expect(check.checked).toBe(false);
      expect(check.required).toBe(true);
      fireEvent.change(screen.getByLabelText('Código de rastreio'), { target: { value: CODIGO } });
      expect(confirmar().disabled).toBe(true);
      fireEvent.click(confirmar());
      expect(onSubmit).not.toHaveBeenCalled();

      fireEvent.click(check);
      expect(confirmar().disabled).toBe(false);
      fireEvent.click(confirmar());
      await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(CODIGO, true));
    },
  );
});
