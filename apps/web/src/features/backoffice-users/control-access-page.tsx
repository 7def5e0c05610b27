import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { SearchX, UserPlus, UsersRound } from 'lucide-react';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { ListNotice } from '../../components/backoffice/list-notice';
import { ListBody, useLastPageInRange } from '../../components/backoffice/list-page';
import { Button, ButtonLink } from '../../components/ui/button';
import { PageFrame } from '../../components/ui/page-frame';
import { Pagination } from '../../components/ui/pagination';
import { listPaging } from '../../components/backoffice/list-search';
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

/**
 * /controlAccess (docs/behaviour/back-office.md#users-and-access; ADMIN): every account (staff and customers) with
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

  const data = list.data;
  useLastPageInRange(
    data && { rows: data.usuarioItemListagemDTOS.length, totalPages: data.totalPaginas },
    list.isPlaceholderData,
    filters.page,
    (page) => show({ ...filters, page }, true),
  );

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
      <ListBody
        filters={
          <>
            <ManagerAccount />
            <UserFiltersForm
              value={formFromUserFilters(filters)}
              onApply={(form) => show(applyUserFiltersForm(filters, form))}
              onClear={clear}
            />
          </>
        }
        list={list}
        loaded={data !== undefined}
        errorPrefix={MSG_BO.erroListaUsuarios}
        empty={
          data?.usuarioItemListagemDTOS.length === 0 &&
          (hasUserFilters(filters) ? (
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
          ))
        }
        dense
      >
        {data && (
          <>
            <UsersTable usuarios={data.usuarioItemListagemDTOS} idUser={user?.idUser} stale={list.isPlaceholderData} />
            <Pagination {...listPaging(data, filters, show)} />
          </>
        )}
      </ListBody>
    </PageFrame>
  );
}
