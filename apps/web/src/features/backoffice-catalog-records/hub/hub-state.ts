import type { Role } from '../../../lib/session';

/** The tabs of /unitarys; the company's only for ADMIN. */
const TABS = [
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
