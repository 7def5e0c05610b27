import { hojeNaClinica } from '@clinica/shared/clinic-day';
import { MSG } from '@clinica/shared/messages';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import type { PedidoResumo } from '@clinica/shared/schemas/pedido';
import { CalendarSearch, SearchX } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ListNotice } from '../../../components/backoffice/list-notice';
import { ListBody, useLastPageInRange } from '../../../components/backoffice/list-page';
import { Button } from '../../../components/ui/button';
import { PageFrame } from '../../../components/ui/page-frame';
import { Pagination } from '../../../components/ui/pagination';
import { usePedidosAdmin } from '../api/pedidos-admin';
import { ORDER_PAGE_SIZES } from '../order-filters';
import { StaffCancelDialog } from './components/staff-cancel-dialog';
import { StaffOrderDialog } from './components/staff-order-dialog';
import { StaffOrderFiltersForm } from './components/staff-order-filters-form';
import { StaffOrdersTable } from './components/staff-orders-table';
import { StaffOrderStepDialog, type PassoPedido } from './components/staff-orders-table-actions';
import {
  applyStaffForm,
  clinicDayMinus,
  defaultStaffFilters,
  formFromStaffFilters,
  hasStaffFilters,
  searchFromStaffFilters,
  staffFiltersFromSearch,
  type OrderSort,
  type StaffOrderFilters,
} from './staff-order-filters';
import styles from './staff-orders-page.module.css';

const SORT_LABEL: Record<OrderSort, string> = {
  desc: 'Mais recentes primeiro',
  asc: 'Mais antigos primeiro',
};

/**
 * /orders for staff (docs/behaviour/back-office.md#orders; GET /pedido/admin/listagem):
 * every order of the store, from today by default (ADR 016), filtered by
 * period, number, status, state and city, client and product, sorted by date
 * and paged (zero-based, 10/15/20); the filters live in the address. A row
 * opens the order dialog, where staff send, deliver or cancel it; the row's
 * own buttons ask the next step ('Enviar' asks the tracking code, 'Marcar
 * como entregue' a confirmation) and 'Cancelar' asks first (a paid order is
 * refunded).
 */
export function StaffOrdersPage() {
  const [search, setSearch] = useSearchParams();
  const today = hojeNaClinica();
  const filters = useMemo(() => staffFiltersFromSearch(search, today), [search, today]);
  const list = usePedidosAdmin(filters);
  const [openId, setOpenId] = useState<number | null>(null);
  const [cancelling, setCancelling] = useState<PedidoResumo | null>(null);
  const [step, setStep] = useState<{ id: number; passo: PassoPedido } | null>(null);

  const show = (next: StaffOrderFilters, replace = false) => setSearch(searchFromStaffFilters(next), { replace });
  const clear = () => show(defaultStaffFilters(filters.size, today));

  const data = list.data;
  useLastPageInRange(
    data && { rows: data.pedidos.length, totalPages: data.totalPaginas },
    list.isPlaceholderData,
    filters.page,
    (page) => show({ ...filters, page }, true),
  );

  const emptyForm = useMemo(
    () => formFromStaffFilters(defaultStaffFilters(filters.size, today)),
    [filters.size, today],
  );

  return (
    <PageFrame
      title={MSG.listaPedidos}
      eyebrow="Gestão"
      description="Acompanhe os pedidos da loja: abra um pedido para ver itens, entrega e pagamento, marcar o envio e a entrega ou cancelar."
    >
      <ListBody
        filters={
          <StaffOrderFiltersForm
            value={formFromStaffFilters(filters)}
            empty={emptyForm}
            onApply={(form) => show(applyStaffForm(filters, form))}
            onClear={clear}
          />
        }
        list={list}
        loaded={data !== undefined}
        errorPrefix={MSG_BO.erroListaPedidos}
        empty={
          data?.pedidos.length === 0 &&
          (hasStaffFilters(filters, today) ? (
            <ListNotice icon={<SearchX size={28} />} title="Nenhum pedido encontrado">
              <p>Nenhum pedido corresponde aos filtros informados.</p>
              <Button variant="outline" onClick={clear}>
                Limpar filtros
              </Button>
            </ListNotice>
          ) : (
            <ListNotice icon={<CalendarSearch size={28} />} title="Nenhum pedido hoje">
              <p>A lista começa pelos pedidos de hoje. Mude a data de início para ver os anteriores.</p>
              <Button variant="outline" onClick={() => show({ ...filters, page: 0, dataInicio: clinicDayMinus(30) })}>
                Ver os últimos 30 dias
              </Button>
            </ListNotice>
          ))
        }
      >
        {data && (
          <>
            <div className={styles.toolbar}>
              <label className={styles.sort}>
                <span>Ordenar</span>
                <select
                  value={filters.sort}
                  onChange={(e) => show({ ...filters, page: 0, sort: e.target.value as OrderSort })}
                >
                  {(Object.keys(SORT_LABEL) as OrderSort[]).map((s) => (
                    <option key={s} value={s}>
                      {SORT_LABEL[s]}
                    </option>
                  ))}
                </select>
              </label>
            </div>
            <StaffOrdersTable
              pedidos={data.pedidos}
              onOpen={setOpenId}
              onStep={(id, passo) => setStep({ id, passo })}
              onCancel={setCancelling}
              stale={list.isPlaceholderData}
            />
            <Pagination
              page={data.page}
              totalPages={data.totalPaginas}
              totalItems={data.totalRegistro}
              pageSize={filters.size}
              pageSizes={ORDER_PAGE_SIZES}
              onPageChange={(page) => show({ ...filters, page })}
              onPageSizeChange={(size) => show({ ...filters, size, page: 0 })}
            />
          </>
        )}
      </ListBody>

      <StaffOrderDialog pedidoId={openId} onClose={() => setOpenId(null)} />
      <StaffCancelDialog pedido={cancelling} onClose={() => setCancelling(null)} />
      <StaffOrderStepDialog passo={step} onClose={() => setStep(null)} />
    </PageFrame>
  );
}

export { StaffOrdersPage as Component };
