/**
 * Avatar initials (docs/behaviour/site.md#user-menu): the first letters of the first two words of the
 * name, or one letter for a one-word name. Upper-cased; '' for an empty name.
 */
export function initials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((w) => Array.from(w)[0] ?? '')
    .join('')
    .toLocaleUpperCase('pt-BR');
}
