import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { CircleAlert, RotateCw, SearchX, UserPlus, UsersRound } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { ListNotice } from '../../components/backoffice/list-notice';
import { Button, ButtonLink } from '../../components/ui/button';
import { PageFrame } from '../../components/ui/page-frame';
import { Pagination } from '../../components/ui/pagination';
import { LoadingBlock } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { useSession } from '../../lib/use-session';
import { useUsuariosListagem } from './api/usuarios';
import { ManagerAccount } from './components/manager-account';
import { UserFiltersForm } from './components/user-filters-form';
import { UsersTable } from './components/users-table';
import {
  applyUserFiltersForm,
  formFromUserFilters,
  hasUserFilters,
  searchFromUserFilters,
  userFiltersFromSearch,
  type UserFilters,
} from './user-filters';
import styles from './control-access-page.module.css';

/**
 * /controlAccess (SPEC §2, ADMIN): every account (staff and customers) with
 * filters by name, permission, active and ascending order, paged (zero-based,
 * 10/15/20), all kept in the address; a row opens /editUser/{id};
 * 'Adicionar usuário' opens /newUser; the manager resets the own e-mail and
 * password through the dialogs of the card above the list.
 */
export function ControlAccessPage() {
  const { user } = useSession();
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => userFiltersFromSearch(search), [search]);
  const list = useUsuariosListagem(filters);

  const show = (next: UserFilters, replace = false) => setSearch(searchFromUserFilters(next), { replace });

  // A page past the end (an old link): the last page there is.
  const data = list.data;
  useEffect(() => {
    if (
      data &&
      !list.isPlaceholderData &&
      data.usuarioItemListagemDTOS.length === 0 &&
      filters.page > 0 &&
      data.totalPaginas > 0
    ) {
      setSearch(searchFromUserFilters({ ...filters, page: data.totalPaginas - 1 }), { replace: true });
    }
  }, [data, list.isPlaceholderData, filters, setSearch]);

  const clear = () => show({ page: 0, size: filters.size, ascendente: true });

  return (
    <PageFrame
      title="Configuração de acesso"
      eyebrow="Gestão"
      description="Cadastre a equipe, defina quem é gerente e ative ou desative o acesso de cada conta."
      actions={
        <ButtonLink to="/newUser">
          <UserPlus size={18} aria-hidden="true" />
          Adicionar usuário
        </ButtonLink>
      }
    >
      <div className={styles.layout}>
        <ManagerAccount />
        <UserFiltersForm
          value={formFromUserFilters(filters)}
          onApply={(form) => show(applyUserFiltersForm(filters, form))}
          onClear={clear}
        />

        {list.isPending ? (
          <LoadingBlock />
        ) : !data ? (
          <ListNotice icon={<CircleAlert size={28} />} tone="error">
            <p>
              {MSG_BO.erroListaUsuarios}
              {errorMessage(list.error)}
            </p>
            <Button variant="outline" onClick={() => void list.refetch()} loading={list.isFetching}>
              <RotateCw size={16} aria-hidden="true" />
              Tentar novamente
            </Button>
          </ListNotice>
        ) : data.usuarioItemListagemDTOS.length === 0 ? (
          hasUserFilters(filters) ? (
            <ListNotice icon={<SearchX size={28} />} title="Nenhum usuário encontrado">
              <p>Nenhum usuário corresponde aos filtros informados.</p>
              <Button variant="outline" onClick={clear}>
                Limpar filtros
              </Button>
            </ListNotice>
          ) : (
            <ListNotice icon={<UsersRound size={28} />} title="Nenhum usuário cadastrado">
              <p>Cadastre as pessoas da equipe que vão usar o painel.</p>
              <ButtonLink to="/newUser">Adicionar usuário</ButtonLink>
            </ListNotice>
          )
        ) : (
          <div className={styles.results}>
            <UsersTable usuarios={data.usuarioItemListagemDTOS} idUser={user?.idUser} stale={list.isPlaceholderData} />
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
    </PageFrame>
  );
}

export { ControlAccessPage as Component };
