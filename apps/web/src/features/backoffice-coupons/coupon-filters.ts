import type { CupomListagemQuery } from '@clinica/shared/schemas/cupom-admin';
import { z } from 'zod';
import { pageOf, sizeOf, textOf, withSearch } from '../../components/backoffice/list-search';

/**
 * The state of /cupons kept in the address (docs/behaviour/back-office.md#coupons): `?codigo` (part of the code),
 * `?vigente=true|false`, `?ativo=true|false`, `?page`, `?size`, the API's own names.
 */
export interface CouponFilters {
  codigo?: string;
  vigente?: 'true' | 'false';
  ativo?: 'true' | 'false';
  page: number;
  size: number;
}

const flag = z.enum(['', 'true', 'false']);

/** The filter card's form: the code (letters and digits, any case), in force or not, active or not. */
export const couponFiltersFormSchema = z.object({
  codigo: z
    .string()
    .trim()
    .max(30, { error: 'Use no máximo 30 caracteres.' })
    .refine((v) => /^[A-Za-z0-9 ]*$/.test(v), { error: 'O código tem só letras (sem acento) e números.' }),
  vigente: flag,
  ativo: flag,
});
export type CouponFiltersForm = z.infer<typeof couponFiltersFormSchema>;

export const EMPTY_COUPON_FILTERS_FORM: CouponFiltersForm = { codigo: '', vigente: '', ativo: '' };

const flagOf = (search: URLSearchParams, key: string): 'true' | 'false' | undefined => {
  const v = search.get(key);
  return v === 'true' || v === 'false' ? v : undefined;
};

export function couponFiltersFromSearch(search: URLSearchParams): CouponFilters {
  const codigo = textOf(search, 'codigo', 30);
  const vigente = flagOf(search, 'vigente');
  const ativo = flagOf(search, 'ativo');
  return {
    ...(codigo && /^[A-Za-z0-9 ]+$/.test(codigo) ? { codigo } : {}),
    ...(vigente ? { vigente } : {}),
    ...(ativo ? { ativo } : {}),
    page: pageOf(search),
    size: sizeOf(search),
  };
}

/** The address of a list state (defaults left out). */
export const searchFromCouponFilters = (f: CouponFilters): URLSearchParams =>
  withSearch(new URLSearchParams(), {
    codigo: f.codigo,
    vigente: f.vigente,
    ativo: f.ativo,
    page: f.page,
    size: f.size,
  });

export const formFromCouponFilters = (f: CouponFilters): CouponFiltersForm => ({
  codigo: f.codigo ?? '',
  vigente: f.vigente ?? '',
  ativo: f.ativo ?? '',
});

/** The applied filters after a valid form: back to the first page. */
export function applyCouponFiltersForm(current: CouponFilters, form: CouponFiltersForm): CouponFilters {
  const codigo = form.codigo.trim();
  return {
    ...(codigo ? { codigo } : {}),
    ...(form.vigente ? { vigente: form.vigente } : {}),
    ...(form.ativo ? { ativo: form.ativo } : {}),
    page: 0,
    size: current.size,
  };
}

export const hasCouponFilters = (f: CouponFilters) => Boolean(f.codigo || f.vigente || f.ativo);

/** GET /cupom/listagem's query for a list state. */
export const listagemQuery = (f: CouponFilters): CupomListagemQuery => ({
  ...(f.codigo ? { codigo: f.codigo } : {}),
  ...(f.vigente ? { vigente: f.vigente } : {}),
  ...(f.ativo ? { ativo: f.ativo } : {}),
  page: String(f.page),
  size: String(f.size),
});
