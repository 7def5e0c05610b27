import type { Pedido } from '@clinica/shared/schemas/pedido';
import { CircleCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Price } from '../../../components/catalog/price';
import { StatusBadge } from '../../../components/orders/status-badge';
import { ButtonLink } from '../../../components/ui/button';
import styles from './order-created.module.css';

/**
 * After a card payment went through: the order's number, status and total,
 * whether the payment is approved or still being confirmed, and where to follow it.
 */
export function OrderCreated({
  pedido,
  ordersPath,
  redirecting,
  status,
}: {
  pedido: Pedido;
  ordersPath: string;
  redirecting: boolean;
  /** The card payment's status (approved, or on its way). */
  status?: string;
}) {
  // The steps are gone: the focus goes to the news.
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section className={styles.created} aria-labelledby="pedido-criado" data-testid="order-created">
      <CircleCheck size={48} className={styles.createdIcon} aria-hidden="true" />
      <h2 id="pedido-criado" ref={headingRef} className={styles.createdTitle} tabIndex={-1}>
        Pedido criado!
      </h2>
      <dl className={styles.createdData}>
        <div>
          <dt>Pedido</dt>
          <dd>nº {pedido.id}</dd>
        </div>
        <div>
          <dt>Situação</dt>
          <dd>
            <StatusBadge situacao={pedido.situacaoPedido} />
          </dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd>
            <Price cents={pedido.valorTotal} />
          </dd>
        </div>
      </dl>
      <p className={styles.createdText}>
        {status === 'approved'
          ? 'Pagamento aprovado! '
          : pedido.situacaoPedido === 'PENDENTE'
            ? 'Seu pedido está aguardando a confirmação do pagamento. '
            : ''}
        {redirecting ? 'Indo para a sua lista de pedidos...' : 'Acompanhe-o pela sua lista de pedidos.'}
      </p>
      <div className={styles.createdActions}>
        <ButtonLink to={ordersPath}>Ver meus pedidos</ButtonLink>
        <ButtonLink to="/loja" variant="outline">
          Continuar comprando
        </ButtonLink>
      </div>
    </section>
  );
}
