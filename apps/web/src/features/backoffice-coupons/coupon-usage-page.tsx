import { diaNaClinica } from '@clinica/shared/clinic-day';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { formatBRL } from '@clinica/shared/money';
import type { UsoCupom } from '@clinica/shared/schemas/cupom-admin';
import { ArrowLeft, CircleAlert, ReceiptText } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { useRecordId } from '../../components/backoffice/crud/record-frame';
import { ListNotice } from '../../components/backoffice/list-notice';
import { listPaging, pageOf, sizeOf, withSearch } from '../../components/backoffice/list-search';
import { LoadFailure } from '../../components/backoffice/load-failure';
import { PagedTable, type TableColumn } from '../../components/backoffice/paged-table';
import tableStyles from '../../components/backoffice/paged-table.module.css';
import { TablePill } from '../../components/backoffice/table-parts';
import { StatusBadge } from '../../components/orders/status-badge';
import { ButtonLink } from '../../components/ui/button';
import { PageFrame } from '../../components/ui/page-frame';
import { LoadingBlock } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { formatDayTime } from '../../lib/format-date';
import { statusLabel } from '../../lib/order-status';
import { useCupomUsos } from './api/cupons';
import { cupomPath } from './components/coupons-table';
import styles from './coupon-usage-page.module.css';

/** The staff's order list narrowed to one order (its day and its number). */
const pedidoPath = (u: UsoCupom) => {
  const dia = diaNaClinica(new Date(u.data));
  return `/orders?dataInicio=${dia}&dataFim=${dia}&idPedido=${u.pedidoId}`;
};

const COLUMNS: TableColumn<UsoCupom>[] = [
  {
    header: 'Pedido',
    nowrap: true,
    cell: (u) => (
      <Link
        to={pedidoPath(u)}
        className={styles.pedido}
        aria-label={`Abrir o pedido ${u.pedidoId} na lista de pedidos`}
      >
        #{u.pedidoId}
      </Link>
    ),
  },
  {
    header: 'Cliente',
    grow: true,
    cell: (u) => (
      <span className={styles.cliente}>
        {u.cliente.nome}
        <span className={`${tableStyles.meta} ${tableStyles.until1024}`}>
          {formatDayTime(u.data)}
          <span className={tableStyles.until768}>
            {' · '}
            {statusLabel(u.situacao)}
            {u.conta ? '' : ' (não conta)'}
          </span>
        </span>
      </span>
    ),
  },
  { header: 'Data', from: 1024, muted: true, nowrap: true, cell: (u) => formatDayTime(u.data) },
  { header: 'Valor do pedido', from: 768, numeric: true, align: 'end', cell: (u) => formatBRL(u.valorPedido) },
  {
    header: 'Desconto',
    numeric: true,
    strong: true,
    align: 'end',
    cell: (u) =>
      u.conta ? formatBRL(u.desconto) : <s title="Não conta: o pedido foi cancelado">{formatBRL(u.desconto)}</s>,
  },
  {
    header: 'Situação',
    from: 768,
    cell: (u) => (
      <span className={styles.situacao}>
        <StatusBadge situacao={u.situacao} />
        {!u.conta && <TablePill tone="faded">Não conta</TablePill>}
      </span>
    ),
  },
];

/**
 * /cupons/{id}/usos (staff; docs/behaviour/back-office.md#coupons): the orders that used a coupon, newest first,
 * with the customer, the order's total and the discount; above them the uses that count and the total discounted
 * (a cancelled order's use is listed, struck through, and does not count). Page and size live in the address.
 */
export function CouponUsagePage() {
  const id = useRecordId();
  const valido = id !== null && !Number.isNaN(id) ? id : null;
  const [search, setSearch] = useSearchParams();
  const paging = { page: pageOf(search), size: sizeOf(search) };
  const query = useCupomUsos(valido, paging.page, paging.size);
  const data = query.data;
  const show = (next: { page: number; size: number }) =>
    setSearch(withSearch(search, { page: next.page, size: next.size }));

  let body;
  if (valido === null) {
    body = (
      <ListNotice icon={<CircleAlert size={28} />} tone="error">
        <p>O endereço não indica um cupom válido.</p>
      </ListNotice>
    );
  } else if (query.isPending) body = <LoadingBlock />;
  else if (!data) {
    body = (
      <LoadFailure
        message={`${MSG_BO.erroUsosCupom}${errorMessage(query.error)}`}
        retrying={query.isFetching}
        onRetry={() => query.refetch()}
      />
    );
  } else {
    body = (
      <>
        <dl className={styles.totais} aria-label="Totais do cupom">
          <div className={styles.total}>
            <dt>Usos que contam</dt>
            <dd>{data.totalUsos}</dd>
          </div>
          <div className={styles.total}>
            <dt>Total descontado</dt>
            <dd>{formatBRL(data.totalDescontado)}</dd>
          </div>
          <div className={styles.total}>
            <dt>Pedidos com o cupom</dt>
            <dd>{data.totalRegistros}</dd>
          </div>
        </dl>
        {data.listaUsos.length === 0 ? (
          <ListNotice icon={<ReceiptText size={28} />} title={MSG_BO.cupomSemUsos}>
            <p>{MSG_BO.cupomSemUsosTexto}</p>
          </ListNotice>
        ) : (
          <PagedTable
            caption={`Pedidos que usaram o cupom ${data.cupom.codigo}`}
            columns={COLUMNS}
            rows={data.listaUsos}
            rowKey={(u) => u.pedidoId}
            rowTestId="usage-row"
            rowClassName={(u) => (u.conta ? undefined : styles.naoConta)}
            stale={query.isPlaceholderData}
            pagination={listPaging(data, paging, show)}
          />
        )}
      </>
    );
  }

  return (
    <PageFrame
      title={data ? `Usos do cupom ${data.cupom.codigo}` : 'Usos do cupom'}
      eyebrow="Cupons de desconto"
      description={data?.cupom.descricao ?? 'Os pedidos que usaram o cupom e quanto ele descontou.'}
      actions={
        valido !== null && (
          <ButtonLink to={cupomPath(valido)} variant="outline" size="sm">
            <ArrowLeft size={16} aria-hidden="true" />
            Voltar ao cupom
          </ButtonLink>
        )
      }
    >
      <div className={styles.body}>{body}</div>
    </PageFrame>
  );
}
