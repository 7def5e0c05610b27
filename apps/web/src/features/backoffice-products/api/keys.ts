import type { ProductFilters } from '../product-filters';

/** TanStack Query keys of the back-office products (staff data: dropped at sign-out with `meta.private`). */
export const produtoAdminKeys = {
  all: ['backoffice', 'produto'] as const,
  listagem: (filters: ProductFilters) => ['backoffice', 'produto', 'listagem', filters] as const,
  detalhe: (id: number) => ['backoffice', 'produto', id] as const,
  imagens: (id: number) => ['backoffice', 'produto', id, 'imagens'] as const,
  autores: ['backoffice', 'autor', 'todos'] as const,
  categorias: (tipo: 'todas' | 'digitais' | 'fisicas') => ['backoffice', 'categoria', tipo] as const,
};

/** The store's reads of products (menus, categories, banners, product pages, search) start with this. */
export const catalogPrefix = ['produto'] as const;
