import { formatarCro } from '@clinica/shared/anvisa';
import { MSG_ANVISA } from '@clinica/shared/messages-anvisa';
import { MSG_CUPOM } from '@clinica/shared/messages-cupom';
import { MSG_FRETE } from '@clinica/shared/messages-frete';
import { formatInstallmentPlan } from '@clinica/shared/installment-plan';
import { formatPhone, maskCep } from '@clinica/shared/masks';
import { MSG } from '@clinica/shared/messages';
import { formatBRL } from '@clinica/shared/money';
import type { Pedido } from '@clinica/shared/schemas/pedido';
import { ExternalLink, Gift, Truck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Price } from '../../../components/catalog/price';
import { ResponsiveImage } from '../../../components/catalog/responsive-image';
import { statusLabel } from '../../../lib/order-status';
import { useProdutoImagem } from '../api/produto-imagem';
import { formatDayTime } from '../../../lib/format-date';
import { pagamentoStatusLabel, TIPO_PAGAMENTO_LABEL } from '../order-status';
import styles from './order-dialog.module.css';

/*
 * The parts of an order shown by the customer's order dialog and by the
 * staff's (docs/behaviour/orders.md#order-dialog): items, delivery with the
 * tracking code, payment, totals and the status history.
 */

function Section({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  const id = `pedido-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section className={`${styles.section} ${className ?? ''}`} aria-labelledby={id}>
      <h3 id={id} className={styles.sectionTitle}>
        {title}
      </h3>
      {children}
    </section>
  );
}

export function OrderItems({ pedido }: { pedido: Pedido }) {
  return (
    <Section title="Itens">
      <ul className={styles.items}>
        {pedido.produtos.map((item) => (
          <OrderItem key={`${item.produtoId}-${item.brinde}`} item={item} />
        ))}
      </ul>
    </Section>
  );
}

function OrderItem({ item }: { item: Pedido['produtos'][number] }) {
  const imagem = useProdutoImagem(item.produtoId);
  return (
    <li className={styles.item} data-testid="order-item">
      <ResponsiveImage
        imagem={imagem}
        alt=""
        sizes="56px"
        className={styles.thumb}
        kind={item.digital ? 'curso' : 'produto'}
      />
      <div className={styles.itemInfo}>
        <p className={styles.itemName}>{item.produtoNome}</p>
        <p className={styles.itemMeta}>
          {item.brinde && (
            <span className={styles.gift}>
              <Gift size={13} aria-hidden="true" />
              Brinde
            </span>
          )}
          {item.digital && <span className={styles.tag}>Digital</span>}
          <span>
            {item.quantidade} × <Price cents={item.valor} className={styles.small} />
          </span>
        </p>
      </div>
      <div className={styles.itemAmount}>
        {item.brinde ? (
          <span className={styles.free}>Grátis</span>
        ) : (
          <Price cents={item.valorTotal} className={styles.small} />
        )}
      </div>
    </li>
  );
}

/** Only digital products (and maybe the gift): nothing goes out by carrier. */
const soDigital = (pedido: Pedido) => pedido.produtos.length > 0 && pedido.produtos.every((p) => p.digital || p.brinde);

/**
 * The buyer's CRO the order's professional-use items were sold under (ADR 037), as recorded when it was placed; the
 * invoice prints the same.
 */
export function OrderCro({ cro }: { cro: NonNullable<Pedido['cro']> }) {
  return (
    <Section title={MSG_ANVISA.croComprador}>
      <p className={styles.text} data-testid="pedido-cro">
        <strong>{formatarCro(cro)}</strong>
        <span className={styles.muted}>{MSG_ANVISA.vendaExclusiva}.</span>
      </p>
    </Section>
  );
}

export function OrderDelivery({ pedido }: { pedido: Pedido }) {
  const e = pedido.enderecoEntrega;
  return (
    <Section title="Entrega">
      {e ? (
        <address className={styles.address}>
          {pedido.nomeRecebedor && <strong>{pedido.nomeRecebedor}</strong>}
          {pedido.telefoneRecebedor && <span>{formatPhone(pedido.telefoneRecebedor)}</span>}
          <span>
            {e.logradouro}, {e.numero}
            {e.complemento ? ` – ${e.complemento}` : ''}
          </span>
          <span>
            {e.bairro}, {e.municipio.nome}/{e.uf.sigla}
          </span>
          <span>CEP {maskCep(e.cep)}</span>
          {pedido.entrega && (
            <span className={styles.muted}>
              {[pedido.entrega.transportadora, pedido.entrega.name].filter(Boolean).join(' · ')}
              {pedido.entrega.tempoEntrega ? ` · até ${pedido.entrega.tempoEntrega} dias úteis` : ''}
            </span>
          )}
        </address>
      ) : soDigital(pedido) ? (
        <p className={styles.text}>
          <strong>Produto digital</strong>
          <span className={styles.muted}>Sem entrega: o conteúdo fica em Minha biblioteca após o pagamento.</span>
        </p>
      ) : (
        <p className={styles.muted}>Sem endereço de entrega.</p>
      )}
      <OrderTracking pedido={pedido} />
    </Section>
  );
}

/** The tracking code given when the order was sent, with the carrier's page when there is one, and the dates. */
function OrderTracking({ pedido }: { pedido: Pedido }) {
  const r = pedido.rastreio;
  if (!r) return null;
  return (
    <div className={styles.tracking} data-testid="order-tracking">
      <Truck size={18} aria-hidden="true" className={styles.trackingIcon} />
      <div className={styles.text}>
        {r.codigo && (
          <span>
            Código de rastreio: <strong className={styles.trackingCode}>{r.codigo}</strong>
          </span>
        )}
        {r.enviadoEm && <span className={styles.muted}>Enviado em {formatDayTime(r.enviadoEm)}</span>}
        {r.entregueEm && <span className={styles.muted}>Entregue em {formatDayTime(r.entregueEm)}</span>}
        {r.url && (
          <a className={styles.trackingLink} href={r.url} target="_blank" rel="noopener noreferrer">
            Rastrear na transportadora
            <ExternalLink size={14} aria-hidden="true" />
          </a>
        )}
      </div>
    </div>
  );
}

export function OrderPayment({ pedido }: { pedido: Pedido }) {
  const pagamento = pedido.pagamento;
  return (
    <Section title="Pagamento">
      {pagamento ? (
        <p className={styles.text}>
          <strong>{TIPO_PAGAMENTO_LABEL[pagamento.tipoPagamento]}</strong>
          {pagamento.parcelamento && (
            <span data-testid="order-installments">{formatInstallmentPlan(pagamento.parcelamento)}</span>
          )}
          <span className={styles.muted}>{pagamentoStatusLabel(pagamento.status)}</span>
          {pagamento.dataPagamento && (
            <span className={styles.muted}>Pago em {formatDayTime(pagamento.dataPagamento)}</span>
          )}
        </p>
      ) : (
        <p className={styles.muted}>Nenhum pagamento registrado.</p>
      )}
    </Section>
  );
}

/** The order's amounts: Subtotal, 'Cupom BEMVINDO10 −R$ 4,98', Frete (or 'Frete grátis'), the PIX discount, Total. */
export function OrderTotals({ pedido }: { pedido: Pedido }) {
  return (
    <Section title="Resumo" className={styles.totalsSection}>
      <dl className={styles.totals}>
        <div>
          <dt>Subtotal</dt>
          <dd>
            <Price cents={pedido.valorProdutos} className={styles.small} />
          </dd>
        </div>
        {pedido.cupom && (
          <div data-testid="pedido-cupom">
            <dt>{MSG_CUPOM.linha.replace('{codigo}', pedido.cupom.codigo)}</dt>
            <dd className={styles.small}>−{formatBRL(pedido.cupom.desconto)}</dd>
          </div>
        )}
        <div>
          <dt>Frete</dt>
          <dd>
            {pedido.freteGratis ? (
              <span className={styles.small}>{MSG_FRETE.linhaPedido}</span>
            ) : (
              <Price cents={pedido.valorFrete} className={styles.small} />
            )}
          </dd>
        </div>
        {pedido.descontoPix > 0 && (
          <div>
            <dt>{MSG.descontoPixPedido}</dt>
            <dd className={styles.small}>−{formatBRL(pedido.descontoPix)}</dd>
          </div>
        )}
        <div className={styles.grandTotal}>
          <dt>Total</dt>
          <dd>
            <Price cents={pedido.valorTotal} />
          </dd>
        </div>
      </dl>
    </Section>
  );
}

export type HistoricoItem = Pedido['historico'][number];

/** Who made a change, as the customer reads it. */
const QUEM_CLIENTE: Record<HistoricoItem['quem'], string> = {
  CLIENTE: 'por você',
  USUARIO: 'pela clínica',
  ADMIN: 'pela clínica',
  SISTEMA: 'automaticamente',
};
const quemParaCliente = (h: HistoricoItem) => QUEM_CLIENTE[h.quem];

/** The status changes, oldest first; `quem` says who made each one (the customer's wording by default). */
export function OrderHistory({
  pedido,
  quem = quemParaCliente,
}: {
  pedido: Pedido;
  quem?: (h: HistoricoItem) => string;
}) {
  return (
    <Section title="Histórico">
      <ol className={styles.history}>
        {pedido.historico.map((h, i) => (
          <li key={`${h.quando}-${i}`}>
            <span className={styles.historyWhat}>
              {h.de === null ? 'Pedido realizado' : statusLabel(h.para)}
              {h.de !== null && <span className={styles.muted}> {quem(h)}</span>}
            </span>
            <time dateTime={h.quando} className={styles.muted}>
              {formatDayTime(h.quando)}
            </time>
          </li>
        ))}
      </ol>
    </Section>
  );
}
