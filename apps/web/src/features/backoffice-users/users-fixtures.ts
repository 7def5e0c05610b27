/** Wire shapes (as the API answers them) for the users-and-access screens' tests. */
import type { Permissao } from '@clinica/shared/schemas/common';
import type { usuarioAdminApi } from '@clinica/shared/schemas/usuario-admin';
import type { WireContent } from '../../test/test-utils';

/** GET /usuario/buscar, a page of the users' list. */
export type ListagemWire = WireContent<typeof usuarioAdminApi.buscar>;
/** A row of that list (the same shape as GET /usuario/{id} and the writes' replies). */
export type UsuarioWire = ListagemWire['usuarioItemListagemDTOS'][number];

export const GERENTE_SESSION = { idUser: 1, permissao: 'ADMIN' as const, nome: 'Gerente da Clínica' };

const IDS: Record<Permissao, number> = { ADMIN: 1, CLIENTE: 2, USUARIO: 3 };

export function usuarioWire(
  id: number,
  patch: Partial<{ nome: string; email: string; permissao: Permissao; ativo: boolean; confirmado: boolean }> = {},
): UsuarioWire {
  const permissao = patch.permissao ?? 'USUARIO';
  return {
    id,
    nome: patch.nome ?? `Pessoa ${id}`,
    email: patch.email ?? `pessoa${id}@clinica.com.br`,
    permissao: { id: IDS[permissao], nome: permissao },
    ativo: patch.ativo ?? true,
    confirmado: patch.confirmado ?? true,
  };
}

export const listagemWire = (items: UsuarioWire[], patch: Partial<ListagemWire> = {}): ListagemWire => ({
  usuarioItemListagemDTOS: items,
  totalRegistroPagina: items.length,
  totalPaginas: items.length === 0 ? 0 : 1,
  totalRegistros: items.length,
  page: 0,
  ...patch,
});

/** An empty audit log (GET /api/auditoria/usuario/{id}). */
export const auditoriaVazia = { registros: [], totalPaginas: 0, totalRegistros: 0, page: 0 };
