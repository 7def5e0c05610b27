/** The slug of a category's URL ("Materiais restauradores" → "materiais-restauradores"): decoration, the id decides. */
export function slugCategoria(nome: string): string {
  return nome
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The path of a category's page (ADR 044): `/loja/categoria/{id}/{slug}`; the header's suggestions link there too (ADR 045). */
export const categoriaPath = (id: number, nome: string) => `/loja/categoria/${id}/${slugCategoria(nome)}`;
