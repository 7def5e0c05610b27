import { MSG_BO } from '@clinica/shared/messages-backoffice';
import type { Pedido } from '@clinica/shared/schemas/pedido';
import { pedidoEnviarBodySchema, type PedidoEnviarBody } from '@clinica/shared/schemas/pedido-equipe';
import { zodResolver } from '@hookform/resolvers/zod';
import { Truck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../../components/ui/button';
import { TextField } from '../../../../components/ui/text-field';
import staffStyles from './staff-order-dialog.module.css';

/**
 * 'Marcar como enviado': the carrier's tracking code, checked with the API's own rule; the hint names the order's
 * carrier. The same step in the staff's order dialog and on an order's row (docs/behaviour/back-office.md#orders).
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
  onSubmit: (codigoRastreio: string) => void;
}) {
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
      onSubmit={form.handleSubmit((body) => onSubmit(body.codigoRastreio))}
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
      <div className={actionsClassName}>
        <Button type="button" variant="outline" onClick={onBack} disabled={busy}>
          Voltar
        </Button>
        <Button type="submit" loading={busy}>
          <Truck size={18} aria-hidden="true" />
          Confirmar envio
        </Button>
      </div>
    </form>
  );
}
