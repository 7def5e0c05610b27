import type { EndpointCallBody } from '@clinica/shared/endpoint';
import { usuarioApi } from '@clinica/shared/schemas/auth';
import { PERMISSAO } from '@clinica/shared/schemas/common';
import { usuarioAdminApi } from '@clinica/shared/schemas/usuario-admin';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { auditoriaKeys } from '../../../components/backoffice/audit-trail';
import { callEndpoint } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { UserFilters } from '../user-filters';

/** Every user query starts with 'usuario' (the profile read of lib/query-keys.ts too): one invalidation refreshes all. */
const usuarioKeys = {
  all: ['usuario'] as const,
  listagem: (filters: UserFilters) => ['usuario', 'listagem', filters] as const,
};

/** GET /usuario/buscar?page&size&sort&nome&usuarioPermissao&ativo (zero-based pages). */
const usuariosListagemQuery = (filters: UserFilters) =>
  queryOptions({
    queryKey: usuarioKeys.listagem(filters),
    queryFn: ({ signal }) =>
      callEndpoint(usuarioAdminApi.buscar, {
        query: {
          page: String(filters.page),
          size: String(filters.size),
          sort: filters.ascendente ? 'asc' : 'desc',
          nome: filters.nome,
          usuarioPermissao: filters.permissao ? String(PERMISSAO[filters.permissao]) : undefined,
          ativo: filters.ativo,
        },
        signal,
      }),
    meta: { private: true },
    // The current page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export const useUsuariosListagem = (filters: UserFilters) => useQuery(usuariosListagemQuery(filters));

/** GET /usuario/{id}: one user (the screen of /editUser/{id}, and the manager's own e-mail). */
const usuarioQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.usuario(id),
    queryFn: ({ signal }) => callEndpoint(usuarioApi.get, { params: { id }, signal }),
    meta: { private: true },
  });

export const useUsuario = (id: number | null) => useQuery({ ...usuarioQuery(id ?? 0), enabled: id !== null });

type UsuarioCriacaoBody = EndpointCallBody<typeof usuarioAdminApi.criar>;
type UsuarioEdicaoBody = EndpointCallBody<typeof usuarioAdminApi.editar>;

/** POST /usuario/: a staff account. */
const criarUsuario = (body: UsuarioCriacaoBody) => callEndpoint(usuarioAdminApi.criar, { body });

/** PUT /usuario/admin/{id}: name, e-mail and, when given, a new password. */
const editarUsuario = ({ id, body }: { id: number; body: UsuarioEdicaoBody }) =>
  callEndpoint(usuarioAdminApi.editar, { params: { id }, body });

/** PUT /usuario/updatepermissao/{id} {id}: ADMIN (1) or USUARIO (3). */
const alterarPermissao = ({ id, permissao }: { id: number; permissao: 'ADMIN' | 'USUARIO' }) =>
  callEndpoint(usuarioAdminApi.alterarPermissao, { params: { id }, body: { id: PERMISSAO[permissao] } });

/** PUT /usuario/updateativo/{id}/{ativo}. */
const alterarAtivo = ({ id, ativo }: { id: number; ativo: boolean }) =>
  callEndpoint(usuarioAdminApi.alterarAtivo, { params: { id, ativo: String(ativo) } });

/** The writes of the user screens; each one refreshes the lists and the user's own entry. */
export function useUsuarioMutations() {
  const queryClient = useQueryClient();
  // The audit log of every user too: each write adds an entry.
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: usuarioKeys.all }),
      queryClient.invalidateQueries({ queryKey: auditoriaKeys.all }),
    ]);
  return {
    criar: useMutation({ mutationFn: criarUsuario, onSuccess: refresh }),
    editar: useMutation({ mutationFn: editarUsuario, onSettled: refresh }),
    alterarPermissao: useMutation({ mutationFn: alterarPermissao, onSettled: refresh }),
    alterarAtivo: useMutation({ mutationFn: alterarAtivo, onSettled: refresh }),
  };
}
