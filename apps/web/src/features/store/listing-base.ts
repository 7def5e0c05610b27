import { matchPath } from 'react-router';
import type { BaseVitrine } from '../../components/catalog/api/vitrine';
import { parseProductId } from './product-id';

/**
 * What a listing page lists, from its path (ADR 044): `/loja/fisicos`, `/loja/digitais`, `/loja/categoria/{id}/{slug}`
 * (the slug is decoration: the id decides). Null for another path, or a category id that is none.
 */
export function baseDaRota(pathname: string): BaseVitrine | null {
  if (matchPath('/loja/fisicos', pathname)) return { tipo: 'fisicos' };
  if (matchPath('/loja/digitais', pathname)) return { tipo: 'digitais' };
  const categoria = matchPath('/loja/categoria/:id/:slug?', pathname);
  if (categoria) {
    const id = parseProductId(categoria.params.id);
    return id > 0 ? { categoria: id } : null;
  }
  return null;
}
