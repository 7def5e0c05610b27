/**
 * The listing of a category's products. Until the store has category pages (ADR 045), the store's URL with the
 * category: the one place to change when they exist.
 */
export const categoryPath = (id: number): string => `/loja?categoria=${id}`;
