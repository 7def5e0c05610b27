import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { MSG_NFE } from '@clinica/shared/messages-nfe';
import type { NotaFiscal } from '@clinica/shared/schemas/nota-fiscal';
import type { Pedido } from '@clinica/shared/schemas/pedido';
import { pedidoEnviarBodySchema, type PedidoEnviarBody } from '@clinica/shared/schemas/pedido-equipe';
import { zodResolver } from '@hookform/resolvers/zod';
import { ReceiptText, Truck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../../components/ui/button';
import { TextField } from '../../../../components/ui/text-field';
import { useNotaFiscal } from '../../api/nota-fiscal';
import staffStyles from './staff-order-dialog.module.css';

/** The invoice's state as the ship form names it: pending, failed (with its reason) or not asked for yet. */
function estadoDaNota(n: NotaFiscal | null | undefined): string {
  const estado =
    n?.status === 'pendente'
      ? MSG_NFE.estadoPendente
      : n?.status === 'falhou'
        ? MSG_NFE.estadoFalhou
        : MSG_NFE.estadoSemNota;
  const motivo = n?.status === 'falhou' && n.motivoFalha ? ` ${MSG_NFE.motivo}: ${n.motivoFalha}` : '';
  return `${MSG_NFE.estadoNota.replace('{estado}', estado)}${motivo}`;
}

/**
 * 'Marcar como enviado': the carrier's tracking code, checked with the API's own rule; the hint names the order's
 * carrier. The same step in the staff's order dialog and on an order's row (docs/behaviour/back-office.md#orders).
 * When the order's NF-e is not issued (ADR 031) the form shows its state and asks for 'Enviar sem nota fiscal
 * emitida' before 'Confirmar envio' is enabled; only then does the request carry `semNotaFiscal: true`.
 */
export function ShipForm({
  pedidoId,
  entrega,
  busy,
  actionsClassName,
  onBack,
  onSubmit,
}: {
  pedidoId: number;
  entrega: Pedido['entrega'] | undefined;
  busy: boolean;
  /** The buttons' row, laid out as the surrounding dialog's. */
  actionsClassName: string | undefined;
  onBack: () => void;
  onSubmit: (codigoRastreio: string, semNotaFiscal: boolean) => void;
}) {
  const nota = useNotaFiscal(pedidoId);
  // Until the invoice is read the staff wait; an invoice that cannot be read counts as not issued (the API says so too).
  const lendoNota = nota.isPending;
  const exigeConfirmacao = !lendoNota && nota.data?.status !== 'emitida';
  const [semNota, setSemNota] = useState(false);
  const form = useForm<PedidoEnviarBody, unknown, { codigoRastreio: string }>({
    resolver: zodResolver(pedidoEnviarBodySchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { codigoRastreio: '' },
  });
  const error = form.formState.errors.codigoRastreio?.message;
  const transportadora = [entrega?.transportadora, entrega?.name].filter(Boolean).join(' · ');
  return (
    <form
      className={staffStyles.ship}
      noValidate
      onSubmit={form.handleSubmit((body) => {
        if (lendoNota || (exigeConfirmacao && !semNota)) return;
        onSubmit(body.codigoRastreio, exigeConfirmacao && semNota);
      })}
      aria-label={`Enviar o pedido #${pedidoId}`}
    >
      <TextField
        label="Código de rastreio"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        // The question replaces the button that asked it: the keyboard lands on the field.
        autoFocus
        placeholder="Ex.: AA123456789BR"
        hint={`${MSG_BO.pedidoCodigoRastreioAjuda}${transportadora ? ` Envio: ${transportadora}.` : ''}`}
        error={error}
        status={error ? 'invalid' : 'idle'}
        {...form.register('codigoRastreio')}
      />
      <p className={staffStyles.note}>O cliente recebe o código por e-mail assim que o envio for confirmado.</p>
      {exigeConfirmacao && (
        <div className={staffStyles.semNota} role="group" aria-labelledby={`sem-nota-${pedidoId}`}>
          <p id={`sem-nota-${pedidoId}`} className={staffStyles.semNotaEstado} data-testid="ship-invoice-state">
            <ReceiptText size={16} aria-hidden="true" />
            {estadoDaNota(nota.data)}
          </p>
          <label className={staffStyles.semNotaCheck}>
            <input
              type="checkbox"
              required
              checked={semNota}
              disabled={busy}
              onChange={(e) => setSemNota(e.target.checked)}
            />
            {MSG_NFE.enviarSemNota}
          </label>
        </div>
      )}
      <div className={actionsClassName}>
        <Button type="button" variant="outline" onClick={onBack} disabled={busy}>
          Voltar
        </Button>
        <Button type="submit" loading={busy} disabled={lendoNota || (exigeConfirmacao && !semNota)}>
          <Truck size={18} aria-hidden="true" />
          Confirmar envio
        </Button>
      </div>
    </form>
  );
}
