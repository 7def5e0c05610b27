import type { Role } from '../../../lib/session';
import { pageOf, sizeOf, textOf, withSearch } from '../../../components/backoffice/list-search';
import type { ListFilters } from '../api/keys';

/** The tabs of /unitarys (SPEC §2 Admin hub); the company's only for ADMIN (SPEC §6). */
export const TABS = [
  { id: 'autores', label: 'Autores', roles: ['ADMIN', 'USUARIO'] },
  { id: 'categorias', label: 'Categorias', roles: ['ADMIN', 'USUARIO'] },
  { id: 'descontos', label: 'Descontos', roles: ['ADMIN', 'USUARIO'] },
  { id: 'empresa', label: 'Empresa', roles: ['ADMIN'] },
] as const satisfies readonly { id: string; label: string; roles: readonly Role[] }[];

export type TabId = (typeof TABS)[number]['id'];

/** The tabs a role sees. */
export const tabsFor = (role: Role | undefined) =>
  TABS.filter((t) => role !== undefined && (t.roles as readonly Role[]).includes(role));

/** The open tab of the address (`?tab=`): the first one the role sees when missing or not allowed. */
export function tabOf(search: URLSearchParams, role: Role | undefined): TabId {
  const tabs = tabsFor(role);
  const wanted = search.get('tab');
  return tabs.find((t) => t.id === wanted)?.id ?? tabs[0]?.id ?? 'autores';
}

/** The hub address of a tab (its first page, no filters): `/unitarys?tab=categorias`. */
export const hubPath = (tab: TabId) => (tab === 'autores' ? '/unitarys' : `/unitarys?tab=${tab}`);

/** The list state of the open tab: `?page&size&q&tipo`. */
export function filtersOf(search: URLSearchParams): ListFilters {
  const filters: ListFilters = { page: pageOf(search), size: sizeOf(search) };
  const texto = textOf(search, 'q');
  const tipo = textOf(search, 'tipo', 20);
  if (texto) filters.texto = texto;
  if (tipo) filters.tipo = tipo;
  return filters;
}

/** The address after a change of the list state (defaults left out; the tab kept). */
export const searchWith = (search: URLSearchParams, filters: ListFilters) =>
  withSearch(search, { page: filters.page, size: filters.size, q: filters.texto, tipo: filters.tipo });
