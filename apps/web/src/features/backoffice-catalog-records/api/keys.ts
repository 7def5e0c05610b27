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

/** What a hub tab asks its listing for: the page, its size and the tab's filters. */
export interface ListFilters {
  page: number;
  size: number;
  /** Name (authors, categories) or description (discounts), contains. */
  texto?: string;
  /** Categories: 'digital' | 'fisico'; discounts: 'ativo' | 'inativo'. */
  tipo?: string;
}
