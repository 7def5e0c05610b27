import type { CartLine } from '@clinica/shared/schemas/cart';
import { usePerfil } from './perfil';
import { useSession } from './use-session';

/**
 * The bag's professional-use products the signed-in customer cannot buy (ADR 037, RDC 6/2015): their names, when a
 * line is marked `usoProfissional` (the product page writes it) and the profile has no CRO. The profile is read (its
 * shared cache entry, which the profile's CRO section writes) only when such a line is there. A visitor, who cannot
 * finish anyway, is told by the sign-in notice. Unknown while loading or failing: [] — the order's creation refuses
 * them all the same.
 */
export function useProfissionaisSemCro(items: readonly CartLine[]): string[] {
  const { user } = useSession();
  const profissionais = items.filter((l) => l.usoProfissional && !l.brinde);
  const cliente = user?.permissao === 'CLIENTE' && profissionais.length > 0 ? user.idUser : 0;
  const perfil = usePerfil(cliente);
  if (cliente === 0 || !perfil.data || perfil.data.cro) return [];
  return profissionais.map((l) => l.nome);
}
