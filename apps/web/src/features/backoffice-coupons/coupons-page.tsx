import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { Plus, SearchX, TicketPercent } from 'lucide-react';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { ListNotice } from '../../components/backoffice/list-notice';
import { ListBody, useLastPageInRange } from '../../components/backoffice/list-page';
import { listPaging } from '../../components/backoffice/list-search';
import { Button, ButtonLink } from '../../components/ui/button';
import { PageFrame } from '../../components/ui/page-frame';
import { useSession } from '../../lib/use-session';
import { useCuponsListagem } from './api/cupons';
import { CouponFiltersForm } from './components/coupon-filters-form';
import { CouponsTable } from './components/coupons-table';
import {
  applyCouponFiltersForm,
  couponFiltersFromSearch,
  formFromCouponFilters,
  hasCouponFilters,
  searchFromCouponFilters,
  type CouponFilters,
} from './coupon-filters';

const NOVO_CUPOM_PATH = '/cupons/novo';

/**
 * /cupons (docs/behaviour/back-office.md#coupons; staff): the discount coupons by code, filtered by code, in force
 * and active, paged (zero-based, 10/15/20); filters and page live in the address. A row opens the coupon, its
 * action the usage report. 'Novo cupom' is the manager's (ADR 025).
 */
export function CouponsPage() {
  const { user } = useSession();
  const gerente = user?.permissao === 'ADMIN';
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => couponFiltersFromSearch(search), [search]);
  const list = useCuponsListagem(filters);
  const show = (next: CouponFilters, replace = false) => setSearch(searchFromCouponFilters(next), { replace });
  const clear = () => show({ page: 0, size: filters.size });

  const data = list.data;
  useLastPageInRange(
    data && { rows: data.listaCupom.length, totalPages: data.totalPaginas },
    list.isPlaceholderData,
    filters.page,
    (page) => show({ ...filters, page }, true),
  );

  const novo = gerente && (
    <ButtonLink to={NOVO_CUPOM_PATH}>
      <Plus size={18} aria-hidden="true" />
      Novo cupom
    </ButtonLink>
  );

  return (
    <PageFrame
      title={MSG_BO.cupons}
      eyebrow="Gestão"
      description="Cupons de desconto que os clientes digitam na sacola: quanto descontam, onde valem, até quando e quantas vezes."
      actions={novo || undefined}
    >
      <ListBody
        filters={
          <CouponFiltersForm
            value={formFromCouponFilters(filters)}
            onApply={(form) => show(applyCouponFiltersForm(filters, form))}
            onClear={clear}
          />
        }
        list={list}
        loaded={data !== undefined}
        errorPrefix={MSG_BO.erroListaCupons}
        empty={
          data?.listaCupom.length === 0 &&
          (hasCouponFilters(filters) ? (
            <ListNotice icon={<SearchX size={28} />} title={MSG_BO.cuponsNenhumEncontrado}>
              <p>{MSG_BO.cuponsNenhumEncontradoTexto}</p>
              <Button variant="outline" onClick={clear}>
                Limpar filtros
              </Button>
            </ListNotice>
          ) : (
            <ListNotice icon={<TicketPercent size={28} />} title={MSG_BO.cuponsNenhumCadastrado}>
              {gerente && <p>{MSG_BO.cuponsNenhumCadastradoTexto}</p>}
              {novo}
            </ListNotice>
          ))
        }
      >
        {data && (
          <CouponsTable
            cupons={data.listaCupom}
            stale={list.isPlaceholderData}
            pagination={listPaging(data, filters, show)}
          />
        )}
      </ListBody>
    </PageFrame>
  );
}
