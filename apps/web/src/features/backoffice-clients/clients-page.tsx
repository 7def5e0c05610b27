import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { SearchX, UsersRound } from 'lucide-react';
import { useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ListNotice } from '../../components/backoffice/list-notice';
import { ListBody, useLastPageInRange } from '../../components/backoffice/list-page';
import { Button } from '../../components/ui/button';
import { PageFrame } from '../../components/ui/page-frame';
import { Pagination } from '../../components/ui/pagination';
import { listPaging } from '../../components/backoffice/list-search';
import { useClientesBuscar } from './api/clientes';
import {
  applyClientFiltersForm,
  clientFiltersFromSearch,
  formFromClientFilters,
  hasClientFilters,
  openClientOf,
  searchFromClientFilters,
  type ClientFilters,
} from './client-filters';
import { ClientDialog } from './components/client-dialog';
import { ClientFiltersForm } from './components/client-filters-form';
import { ClientsTable } from './components/clients-table';

/** Marks a history entry pushed by opening the dialog, so closing it goes back instead of piling entries. */
interface DialogState {
  clienteDialog?: boolean;
}

/**
 * /clients (also /Clients; docs/behaviour/back-office.md#clients): the store's clients filtered
 * by name or razão social, CPF/CNPJ, code, state and city, by name A–Z or Z–A,
 * paged (zero-based, 10/15/20). Filters, page and the open client
 * (`?cliente={id}`) live in the address. A row opens the client's details
 * with its orders.
 */
export function ClientsPage() {
  const [search, setSearch] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const filters = useMemo(() => clientFiltersFromSearch(search), [search]);
  const clienteAberto = openClientOf(search);
  const list = useClientesBuscar(filters);

  const show = (next: ClientFilters, replace = false) => setSearch(searchFromClientFilters(next), { replace });
  const clear = () => show({ page: 0, size: filters.size, sort: filters.sort });

  const withCliente = (id: number) => {
    const next = searchFromClientFilters(filters);
    next.set('cliente', String(id));
    return next;
  };
  const closeCliente = () => {
    if ((location.state as DialogState | null)?.clienteDialog) void navigate(-1);
    else setSearch(searchFromClientFilters(filters), { replace: true });
  };

  const data = list.data;
  useLastPageInRange(
    data && { rows: data.clientes.length, totalPages: data.totalPaginas },
    list.isPlaceholderData,
    filters.page,
    (page) => show({ ...filters, page }, true),
  );

  return (
    <PageFrame
      title="Lista de clientes"
      eyebrow="Gestão"
      description="Encontre os clientes da loja e veja os dados de contato, o endereço e os pedidos de cada um."
    >
      <ListBody
        filters={
          <ClientFiltersForm
            value={formFromClientFilters(filters)}
            onApply={(form) => show(applyClientFiltersForm(filters, form))}
            onClear={clear}
          />
        }
        list={list}
        loaded={data !== undefined}
        errorPrefix={MSG_BO.erroListaClientes}
        empty={
          data?.clientes.length === 0 &&
          (hasClientFilters(filters) ? (
            <ListNotice icon={<SearchX size={28} />} title={MSG_BO.clientesNenhumEncontrado}>
              <p>{MSG_BO.clientesNenhumEncontradoTexto}</p>
              <Button variant="outline" onClick={clear}>
                Limpar filtros
              </Button>
            </ListNotice>
          ) : (
            <ListNotice icon={<UsersRound size={28} />} title={MSG_BO.clientesNenhumCadastrado}>
              <p>{MSG_BO.clientesNenhumCadastradoTexto}</p>
            </ListNotice>
          ))
        }
      >
        {data && (
          <>
            <ClientsTable
              clientes={data.clientes}
              hrefOf={(id) => ({ search: `?${withCliente(id).toString()}` })}
              openState={{ clienteDialog: true } satisfies DialogState}
              sort={filters.sort}
              onSortChange={(sort) => show({ ...filters, sort, page: 0 })}
              stale={list.isPlaceholderData}
            />
            <Pagination {...listPaging(data, filters, show)} />
          </>
        )}
      </ListBody>

      <ClientDialog clienteId={clienteAberto} onClose={closeCliente} />
    </PageFrame>
  );
}

export { ClientsPage as Component };
