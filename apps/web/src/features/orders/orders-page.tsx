import { MSG } from '@clinica/shared/messages';
import { CircleAlert, PackageOpen, RotateCw, SearchX } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { ListNotice } from '../../components/backoffice/list-notice';
import { Button, ButtonLink } from '../../components/ui/button';
import { PageFrame } from '../../components/ui/page-frame';
import { Pagination } from '../../components/ui/pagination';
import { listPaging } from '../../components/backoffice/list-search';
import { LoadingBlock } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { useOnNotificacao } from '../../lib/realtime';
import { useSession } from '../../lib/use-session';
import { pedidoKeys } from './api/keys';
import { usePedidosCliente } from './api/pedidos-cliente';
import { OrderDialog } from './components/order-dialog';
import { OrderFiltersForm } from './components/order-filters-form';
import { OrdersTable } from './components/orders-table';
import {
  applyForm,
  filtersFromSearch,
  formFromFilters,
  hasFilters,
  ORDER_PAGE_SIZES,
  searchFromFilters,
  type OrderFilters,
} from './order-filters';
import styles from './orders-page.module.css';

/**
 * /orders/{id} (docs/behaviour/orders.md#customer-order-list): the customer's orders, newest
 * first, paged, filtered by number and period (kept in the address); a row
 * opens the order dialog. A payment notification refreshes the orders. The path's id is the user's (the guard sends a
 * customer to their own); the list is asked for by the session's client id.
 */
export function OrdersPage() {
  const { user } = useSession();
  const clientId = user?.idClient ?? 0;
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(search), [search]);
  const list = usePedidosCliente(clientId, filters);
  const [openId, setOpenId] = useState<number | null>(null);

  // A payment notification changes an order's status: the order and the lists are fetched again (docs/behaviour/orders.md#order-statuses).
  const queryClient = useQueryClient();
  useOnNotificacao(() => void queryClient.invalidateQueries({ queryKey: pedidoKeys.all }));

  const show = (next: OrderFilters, replace = false) => setSearch(searchFromFilters(next), { replace });

  // A page past the end (an old link, the last order of the page gone): the last page there is.
  const data = list.data;
  useEffect(() => {
    if (data && !list.isPlaceholderData && data.pedidos.length === 0 && filters.page > 0 && data.totalPaginas > 0) {
      setSearch(searchFromFilters({ ...filters, page: data.totalPaginas - 1 }), { replace: true });
    }
  }, [data, list.isPlaceholderData, filters, setSearch]);

  const filtered = hasFilters(filters);

  return (
    <PageFrame
      title={MSG.listaPedidos}
      eyebrow="Minha conta"
      description="Acompanhe seus pedidos e abra um deles para ver os itens, a entrega e o pagamento."
    >
      <div className={styles.layout}>
        <OrderFiltersForm
          value={formFromFilters(filters)}
          onApply={(form) => show(applyForm(filters, form))}
          onClear={() => show({ page: 0, size: filters.size })}
        />

        {clientId <= 0 ? (
          <ListNotice icon={<CircleAlert size={28} />} tone="error">
            <p>Não encontramos o seu cadastro de cliente. Entre novamente na sua conta.</p>
          </ListNotice>
        ) : list.isPending ? (
          <LoadingBlock />
        ) : !data ? (
          <ListNotice icon={<CircleAlert size={28} />} tone="error">
            <p>{errorMessage(list.error)}</p>
            <Button variant="outline" onClick={() => void list.refetch()} loading={list.isFetching}>
              <RotateCw size={16} aria-hidden="true" />
              Tentar novamente
            </Button>
          </ListNotice>
        ) : data.pedidos.length === 0 ? (
          filtered ? (
            <ListNotice icon={<SearchX size={28} />} title="Nenhum pedido encontrado">
              <p>Nenhum pedido corresponde aos filtros informados.</p>
              <Button variant="outline" onClick={() => show({ page: 0, size: filters.size })}>
                Limpar filtros
              </Button>
            </ListNotice>
          ) : (
            <ListNotice icon={<PackageOpen size={28} />} title="Você ainda não fez nenhum pedido">
              <p>Quando você comprar na loja, seus pedidos aparecem aqui.</p>
              <ButtonLink to="/loja">Ir para a loja</ButtonLink>
            </ListNotice>
          )
        ) : (
          <div className={styles.results}>
            <OrdersTable pedidos={data.pedidos} onOpen={setOpenId} stale={list.isPlaceholderData} />
            <Pagination {...listPaging(data, filters, show)} pageSizes={ORDER_PAGE_SIZES} />
          </div>
        )}
      </div>

      <OrderDialog pedidoId={openId} onClose={() => setOpenId(null)} />
    </PageFrame>
  );
}

export { OrdersPage as Component };
