/**
 * Query pieces of the back-office's paged listings (docs/behaviour/timings-and-limits.md#lists-and-pages: zero-based pages,
 * sizes 10, 15 or 20, default 10), the same rules as the order listings of
 * schemas/pedido.ts: page 0 by default, size 1 to 100 (default 10).
 */
import { z } from 'zod';
import { MSG } from '../messages.js';
import { MSG_BO } from '../messages-backoffice.js';
import { idParam, safeText } from './common.js';

/** Zero-based page number (default 0). */
export const pageQuery = z
  .string({ error: MSG.paginaInvalida })
  .regex(/^(0|[1-9]\d{0,6})$/, { error: MSG.paginaInvalida })
  .transform(Number)
  .optional()
  .transform((v) => v ?? 0);

/** Rows per page, 1 to 100 (default 10; the screens offer 10, 15 and 20). */
export const sizeQuery = z
  .string({ error: MSG.tamanhoPaginaInvalido })
  .regex(/^[1-9]\d{0,2}$/, { error: MSG.tamanhoPaginaInvalido, abort: true })
  .transform(Number)
  .refine((n) => n <= 100, MSG.tamanhoPaginaInvalido)
  .optional()
  .transform((v) => v ?? 10);

/** `asc` (the default) or `desc`. */
export const sortQuery = z
  .enum(['asc', 'desc'], { error: MSG.ordenacaoInvalida })
  .optional()
  .transform((v) => v ?? 'asc');

/** A true/false filter; absent means "both". */
export const booleanQuery = z
  .enum(['true', 'false'], { error: MSG_BO.filtroBooleanoInvalido })
  .transform((v) => v === 'true')
  .optional();

/** A text filter (contains, case- and accent-insensitive); blank means no filter. */
export const textoQuery = safeText()
  .max(100, MSG.pesquisaLonga)
  .optional()
  .transform((v) => (v ? v : undefined));

/** A filter by id. */
export const idQuery = idParam.optional();

/** The totals every paged listing answers next to its list. */
export const paginaShape = {
  totalPaginas: z.number().int(),
  totalRegistros: z.number().int(),
  /** The page answered (zero-based). */
  page: z.number().int(),
};
