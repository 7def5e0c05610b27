import { MSG } from '@clinica/shared/messages';
import type { Pedido } from '@clinica/shared/schemas/pedido';
import { CircleCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Price } from '../../../components/catalog/price';
import { StatusBadge } from '../../../components/orders/status-badge';
import { ButtonLink } from '../../../components/ui/button';
import styles from './order-created.module.css';

/**
 * After a card payment went through, the one confirmation of the purchase (docs/behaviour/bag-and-checkout.md#order-creation):
 * 'Pedido criado!', the order's number, status and total, 'Pagamento processado com sucesso!' (or that it is being
 * confirmed), 'Acompanhe o pedido na sua lista de pedidos!'. It stays until the customer moves on.
 */
export function OrderCreated({
  pedido,
  ordersPath,
  status,
}: {
  pedido: Pedido;
  ordersPath: string;
  /** The card payment's status (approved, or on its way). */
  status?: string;
}) {
  // The steps are gone: the focus goes to the news (the page is at its top: checkout-page.tsx).
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus({ preventScroll: true });
  }, []);
  return (
    <section className={styles.created} aria-labelledby="pedido-criado" data-testid="order-created">
      <CircleCheck size={48} className={styles.createdIcon} aria-hidden="true" />
      <h2 id="pedido-criado" ref={headingRef} className={styles.createdTitle} tabIndex={-1}>
        {MSG.pedidoCriado}
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
          ? `${MSG.pagamentoProcessado} `
          : pedido.situacaoPedido === 'PENDENTE'
            ? `${MSG.pagamentoEmAnalise} `
            : ''}
        {MSG.acompanhePedido}
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
