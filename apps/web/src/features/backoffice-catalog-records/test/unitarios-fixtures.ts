/** Wire shapes (reais, as the API sends them) of the unitários, for the screen tests. */
import type { autorSchema } from '@clinica/shared/schemas/autor';
import type { categoriaSchema } from '@clinica/shared/schemas/categoria';
import type { condicaoDescontoSchema } from '@clinica/shared/schemas/desconto';
import type { z } from 'zod';

/** An author as GET /autor/{id} sends it. */
export type AutorWire = z.input<typeof autorSchema>;
/** A category as GET /categoria/{id} sends it. */
export type CategoriaWire = z.input<typeof categoriaSchema>;
/** A discount condition as GET /condicaodesconto/{id} sends it (valor in reais). */
export type DescontoWire = z.input<typeof condicaoDescontoSchema>;

export const ADMIN = { idUser: 1, permissao: 'ADMIN' as const, nome: 'Gerente da Clínica' };
export const EQUIPE = { idUser: 2, permissao: 'USUARIO' as const, nome: 'Equipe Sorriso Pleno' };

export const autorWire = (id: number, patch: Partial<AutorWire> = {}): AutorWire => ({
  id,
  nome: `Autor ${id}`,
  sobre: `Dentista e professor ${id}.`,
  nomeImg: null,
  pathImg: null,
  ...patch,
});

export const categoriaWire = (id: number, patch: Partial<CategoriaWire> = {}): CategoriaWire => ({
  id,
  nome: `Categoria ${id}`,
  digital: false,
  ...patch,
});

export const descontoWire = (id: number, patch: Partial<DescontoWire> = {}): DescontoWire => ({
  id,
  descricao: `Condição ${id}`,
  valor: 300,
  ativo: false,
  ...patch,
});

/** A page of a listing whose rows are under `K` (`listaAutor`, `listaCategoria`, …). */
export type Pagina<K extends string, T> = { [P in K]: T[] } & {
  page: number;
  totalPaginas: number;
  totalRegistros: number;
};

/**
 * A page of a listing: `{ [key]: rows, totalPaginas, totalRegistros, page }`, typed by its literal key
 * (TypeScript types a computed key as an index signature, hence the one assertion).
 */
export const pagina = <K extends string, T>(
  key: K,
  rows: T[],
  page = 0,
  totalPaginas = 1,
  totalRegistros = rows.length,
): Pagina<K, T> => ({ [key]: rows, totalPaginas, totalRegistros, page }) as Pagina<K, T>;

export const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);
