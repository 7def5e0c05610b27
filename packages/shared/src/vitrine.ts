/**
 * The filters of the category pages and the search grid (ADR 044), as the page's URL and the API's query carry them:
 * the same names on both, so the page passes its query on. `lerFiltros` reads a URL leniently (a value it cannot read
 * is dropped: a shared link never breaks the page); `escreverFiltros` writes the canonical query (defaults omitted,
 * fixed order), so one view has one URL. The API validates the same names strictly (schemas/produto.ts, 400).
 */
import { ROTULOS_ORDEM } from './messages-vitrine.js';

export type OrdemVitrine = keyof typeof ROTULOS_ORDEM;
export const ORDENS_VITRINE = Object.keys(ROTULOS_ORDEM) as OrdemVitrine[];

/** Products per page of the grid: a multiple of its 2, 3 and 4 columns. */
export const POR_PAGINA_VITRINE = 24;
/** The last page a URL may ask for (a page shows every page up to it: 'Carregar mais'). */
export const MAX_PAGINA_VITRINE = 50;
/** How many brands one filter may name. */
export const MAX_MARCAS_FILTRO = 20;

export interface FiltrosVitrine {
  /** Free text (the store's search); '' none. */
  pesquisa: string;
  /** In cents; null none. */
  precoMin: number | null;
  precoMax: number | null;
  emEstoque: boolean;
  /** Brand names, in the order chosen, without repeats. */
  marcas: string[];
  ordem: OrdemVitrine;
  /** 1-based: the page shows pages 1 to `pagina`. */
  pagina: number;
}

export const FILTROS_VAZIOS: FiltrosVitrine = {
  pesquisa: '',
  precoMin: null,
  precoMax: null,
  emEstoque: false,
  marcas: [],
  ordem: 'relevancia',
  pagina: 1,
};

/** A price in reais as typed or carried by a URL ("49", "49,9", "49.90") in cents; null when it is not one. */
export function reaisParaCentavos(texto: string): number | null {
  const m = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(texto.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}

/** Cents as the URL carries them: "49" or "49.9"→"49.90" ("49.90"), never a float. */
export function centavosParaReais(centavos: number): string {
  const reais = Math.floor(centavos / 100);
  const resto = centavos % 100;
  return resto === 0 ? String(reais) : `${reais}.${String(resto).padStart(2, '0')}`;
}

/** A brand as a filter names it: a non-empty text without commas (the separator of the list), at most 60 characters. */
export const marcaValida = (m: string): boolean => m.length > 0 && m.length <= 60 && !m.includes(',');

/** The brands of a `marca` value ("3M,FGM"), trimmed, without blanks or repeats. */
export function lerMarcas(valor: string): string[] {
  const marcas: string[] = [];
  for (const parte of valor.split(',')) {
    const m = parte.trim();
    if (m && !marcas.includes(m)) marcas.push(m);
  }
  return marcas;
}

/** The filters of a page's query, leniently (see the module's comment). */
export function lerFiltros(query: URLSearchParams): FiltrosVitrine {
  const ordem = query.get('ordem') ?? '';
  const pagina = Number(query.get('pagina') ?? '1');
  const precoMin = reaisParaCentavos(query.get('precoMin') ?? '');
  const precoMax = reaisParaCentavos(query.get('precoMax') ?? '');
  const faixaValida = precoMin === null || precoMax === null || precoMin <= precoMax;
  return {
    pesquisa: (query.get('pesquisaProduto') ?? '').trim().slice(0, 100),
    precoMin: faixaValida ? precoMin : null,
    precoMax: faixaValida ? precoMax : null,
    emEstoque: query.get('emEstoque') === 'true',
    marcas: lerMarcas(query.get('marca') ?? '')
      .filter(marcaValida)
      .slice(0, MAX_MARCAS_FILTRO),
    ordem: (ORDENS_VITRINE as string[]).includes(ordem) ? (ordem as OrdemVitrine) : 'relevancia',
    pagina: Number.isInteger(pagina) && pagina >= 1 && pagina <= MAX_PAGINA_VITRINE ? pagina : 1,
  };
}

/** The canonical query of `filtros` (defaults omitted, fixed order); `pagina` only when asked (the page's own URL). */
export function escreverFiltros(filtros: FiltrosVitrine, { comPagina = true } = {}): URLSearchParams {
  const q = new URLSearchParams();
  if (filtros.pesquisa) q.set('pesquisaProduto', filtros.pesquisa);
  if (filtros.precoMin !== null) q.set('precoMin', centavosParaReais(filtros.precoMin));
  if (filtros.precoMax !== null) q.set('precoMax', centavosParaReais(filtros.precoMax));
  if (filtros.emEstoque) q.set('emEstoque', 'true');
  if (filtros.marcas.length > 0) q.set('marca', filtros.marcas.join(','));
  if (filtros.ordem !== 'relevancia') q.set('ordem', filtros.ordem);
  if (comPagina && filtros.pagina > 1) q.set('pagina', String(filtros.pagina));
  return q;
}

/** Whether any filter narrows the list (the search text aside): the empty state offers to clear them. */
export const temFiltros = (f: FiltrosVitrine): boolean =>
  f.precoMin !== null || f.precoMax !== null || f.emEstoque || f.marcas.length > 0;

/** A brand switched on or off, the grid back at its first page. */
export function alternarMarca(f: FiltrosVitrine, marca: string): FiltrosVitrine {
  const marcas = f.marcas.includes(marca) ? f.marcas.filter((m) => m !== marca) : [...f.marcas, marca];
  return { ...f, marcas, pagina: 1 };
}

/** The filters cleared; the search text and the order stay. */
export const limparFiltros = (f: FiltrosVitrine): FiltrosVitrine => ({
  ...FILTROS_VAZIOS,
  pesquisa: f.pesquisa,
  ordem: f.ordem,
});
