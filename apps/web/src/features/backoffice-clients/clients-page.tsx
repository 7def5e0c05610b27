import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { CircleAlert, RotateCw, SearchX, UsersRound } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ListNotice } from '../../components/backoffice/list-notice';
import { Button } from '../../components/ui/button';
import { PageFrame } from '../../components/ui/page-frame';
import { Pagination } from '../../components/ui/pagination';
import { LoadingBlock } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
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
import styles from './clients-page.module.css';

/** Marks a history entry pushed by opening the dialog, so closing it goes back instead of piling entries. */
interface DialogState {
  clienteDialog?: boolean;
}

/**
 * /clients (also /Clients; SPEC §2 back-office): the store's clients filtered
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
  const openCliente = (id: number) =>
    setSearch(withCliente(id), { state: { clienteDialog: true } satisfies DialogState });
  const closeCliente = () => {
    if ((location.state as DialogState | null)?.clienteDialog) void navigate(-1);
    else setSearch(searchFromClientFilters(filters), { replace: true });
  };

  // A page past the end (an old link, fewer clients now): the last page there is.
  const data = list.data;
  useEffect(() => {
    if (data && !list.isPlaceholderData && data.clientes.length === 0 && filters.page > 0 && data.totalPaginas > 0) {
      setSearch(searchFromClientFilters({ ...filters, page: data.totalPaginas - 1 }), { replace: true });
    }
  }, [data, list.isPlaceholderData, filters, setSearch]);

  return (
    <PageFrame
      title="Lista de clientes"
      eyebrow="Gestão"
      description="Encontre os clientes da loja e veja os dados de contato, o endereço e os pedidos de cada um."
    >
      <div className={styles.layout}>
        <ClientFiltersForm
          value={formFromClientFilters(filters)}
          onApply={(form) => show(applyClientFiltersForm(filters, form))}
          onClear={clear}
        />

        {list.isPending ? (
          <LoadingBlock />
        ) : !data ? (
          <ListNotice icon={<CircleAlert size={28} />} tone="error">
            <p>{`${MSG_BO.erroListaClientes}${errorMessage(list.error)}`}</p>
            <Button variant="outline" onClick={() => void list.refetch()} loading={list.isFetching}>
              <RotateCw size={16} aria-hidden="true" />
              Tentar novamente
            </Button>
          </ListNotice>
        ) : data.clientes.length === 0 ? (
          hasClientFilters(filters) ? (
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
          )
        ) : (
          <div className={styles.results}>
            <ClientsTable
              clientes={data.clientes}
              hrefOf={(id) => ({ search: `?${withCliente(id).toString()}` })}
              onOpen={openCliente}
              sort={filters.sort}
              onSortChange={(sort) => show({ ...filters, sort, page: 0 })}
              stale={list.isPlaceholderData}
            />
            <Pagination
              page={data.page}
              totalPages={data.totalPaginas}
              totalItems={data.totalRegistros}
              pageSize={filters.size}
              onPageChange={(page) => show({ ...filters, page })}
              onPageSizeChange={(size) => show({ ...filters, size, page: 0 })}
            />
          </div>
        )}
      </div>

      <ClientDialog clienteId={clienteAberto} onClose={closeCliente} />
    </PageFrame>
  );
}

export { ClientsPage as Component };
