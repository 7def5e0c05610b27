/** Wire shapes (reais, as the API sends them) of the unitários, for the screen tests. */

export const ADMIN = { idUser: 1, permissao: 'ADMIN' as const, nome: 'Gerente da Clínica' };
export const EQUIPE = { idUser: 2, permissao: 'USUARIO' as const, nome: 'Equipe Sorriso Pleno' };

export const autorWire = (id: number, patch: Record<string, unknown> = {}) => ({
  id,
  nome: `Autor ${id}`,
  sobre: `Dentista e professor ${id}.`,
  nomeImg: null,
  pathImg: null,
  ...patch,
});

export const categoriaWire = (id: number, patch: Record<string, unknown> = {}) => ({
  id,
  nome: `Categoria ${id}`,
  digital: false,
  ...patch,
});

export const descontoWire = (id: number, patch: Record<string, unknown> = {}) => ({
  id,
  descricao: `Condição ${id}`,
  valor: 300,
  ativo: false,
  ...patch,
});

/** A page of a listing: `{ [key]: rows, totalPaginas, totalRegistros, page }`. */
export const pagina = <T>(key: string, rows: T[], page = 0, totalPaginas = 1, totalRegistros = rows.length) => ({
  [key]: rows,
  totalPaginas,
  totalRegistros,
  page,
});

export const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);
