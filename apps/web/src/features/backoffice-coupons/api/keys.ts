import type { CouponFilters } from '../coupon-filters';

/** TanStack Query keys of the back-office coupons (staff data: dropped at sign-out with `meta.private`). */
export const cupomKeys = {
  all: ['backoffice', 'cupom'] as const,
  listagem: (filters: CouponFilters) => ['backoffice', 'cupom', 'listagem', filters] as const,
  detalhe: (id: number) => ['backoffice', 'cupom', id] as const,
  usos: (id: number, page: number, size: number) => ['backoffice', 'cupom', id, 'usos', page, size] as const,
  categorias: ['backoffice', 'categoria', 'todas'] as const,
  produtos: (nome: string) => ['backoffice', 'produto', 'busca-cupom', nome] as const,
};
