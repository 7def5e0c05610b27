import type { ListFilters } from '../../../components/backoffice/crud/list-state';

export type { ListFilters };

/** TanStack Query keys of the unitários (staff data: dropped at sign-out through `meta.private`). */
export const unitarioKeys = {
  autores: ['autor'] as const,
  autorListagem: (filters: ListFilters) => ['autor', 'listagem', filters] as const,
  autor: (id: number) => ['autor', id] as const,
  categorias: ['categoria'] as const,
  categoriaListagem: (filters: ListFilters) => ['categoria', 'listagem', filters] as const,
  categoria: (id: number) => ['categoria', id] as const,
  descontos: ['condicaodesconto'] as const,
  descontoListagem: (filters: ListFilters) => ['condicaodesconto', 'listagem', filters] as const,
  desconto: (id: number) => ['condicaodesconto', id] as const,
};
