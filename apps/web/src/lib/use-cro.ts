import { produtoApi } from '@clinica/shared/schemas/produto';
import type { CartLine } from '@clinica/shared/schemas/cart';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from './api-client';
import { usePerfil } from './perfil';
import { useSession } from './use-session';

/**
 * The bag's professional-use products the session cannot buy (ADR 035, RDC 6/2015): their names, when the bag has
 * any and the customer has no CRO in the profile (a visitor, who cannot finish anyway, is told by the sign-in notice).
 * Read while `ativo` (the bag open, the checkout): which products are professional from the uncached stock read, the
 * CRO from the profile's cache entry (the profile's CRO section writes it). Unknown while loading or failing: [] —
 * the order's creation refuses them all the same.
 */
export function useProfissionaisSemCro(items: readonly CartLine[], ativo: boolean): string[] {
  const { user } = useSession();
  const cliente = user?.permissao === 'CLIENTE' ? user.idUser : 0;
  const ids = [...new Set(items.filter((l) => !l.brinde && !l.digital).map((l) => l.id))].sort((a, b) => a - b);
  const profissionais = useQuery({
    queryKey: ['produto', 'usoProfissional', ids],
    queryFn: ({ signal }) =>
      callEndpoint(produtoApi.estoque, { query: { ids: ids.slice(0, 50).join(',') }, signal, auth: false }),
    enabled: ativo && cliente > 0 && ids.length > 0,
    select: (estoques) => new Set(estoques.filter((e) => e.usoProfissional).map((e) => e.id)),
  });
  const algum = (profissionais.data?.size ?? 0) > 0;
  const perfil = usePerfil(algum ? cliente : 0);
  if (!algum || !perfil.data || perfil.data.cro) return [];
  return items.filter((l) => !l.brinde && profissionais.data!.has(l.id)).map((l) => l.nome);
}
