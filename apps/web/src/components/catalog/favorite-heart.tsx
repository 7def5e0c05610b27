import { useQueryClient } from '@tanstack/react-query';
import { Heart } from 'lucide-react';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useFavoriteIds } from '../../lib/favorite-ids';
import type { SignInPlace } from '../../lib/sign-in-place';
import styles from './favorite-heart.module.css';

export interface FavoriteHeartProps {
  produtoId: number;
  nome: string;
  /** `card`: over a card's picture; `page`: beside the product page's name. */
  variant?: 'card' | 'page';
}

/**
 * A product's heart (ADR 045): filled for a favourite of the signed-in customer, a toggle button (aria-pressed).
 * A visitor is sent to sign in and comes back with the product a favourite (lib/sign-in-place.ts); the staff,
 * who have no favourites, see no heart.
 */
export function FavoriteHeart({ produtoId, nome, variant = 'card' }: FavoriteHeartProps) {
  const { customer, visitor, ids } = useFavoriteIds();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  if (!customer && !visitor) return null;
  const favorite = ids?.includes(produtoId) ?? false;

  const onClick = async () => {
    if (visitor) {
      const place: SignInPlace = { voltarPara: location.pathname + location.search, favoritar: produtoId };
      await navigate('/signIn', { state: place });
      return;
    }
    setBusy(true);
    // The toggle's code comes on the first press (lib/favorites.ts; the toast with its error message).
    try {
      const { setFavorite } = await import('../../lib/favorites');
      await setFavorite(queryClient, produtoId, !favorite);
    } catch (error) {
      const { notifyApiError } = await import('../ui/toast');
      notifyApiError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className={`${styles.heart} ${styles[variant]}`}
      aria-label={`Favoritar ${nome}`}
      aria-pressed={favorite}
      aria-busy={busy || undefined}
      title={favorite ? 'Remover dos favoritos' : 'Adicionar aos favoritos'}
      onClick={() => void onClick()}
    >
      <Heart size={variant === 'page' ? 22 : 20} aria-hidden="true" fill={favorite ? 'currentColor' : 'none'} />
    </button>
  );
}
