/** TanStack Query keys of the catalogue (store, product page, search), so one resource has one cache entry. */
export const catalogKeys = {
  banners: ['produto', 'site'] as const,
  categorias: ['produto', 'categoria'] as const,
  detalhe: (id: number) => ['produto', id] as const,
};
