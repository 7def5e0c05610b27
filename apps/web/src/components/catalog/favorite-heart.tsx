import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useFavoriteIds } from '../../lib/favorite-ids';
import { notifyApiError } from '../ui/toast';
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
    // The toggle's code comes on the first press (lib/favorites.ts).
    try {
      const { setFavorite } = await import('../../lib/favorites');
      await setFavorite(queryClient, produtoId, !favorite);
    } catch (error) {
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
      {/* Lucide's heart, drawn here: as an import it would be one more file for the product page to list. */}
      <svg
        width={variant === 'page' ? 22 : 20}
        height={variant === 'page' ? 22 : 20}
        viewBox="0 0 24 24"
        fill={favorite ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        <path d="M19 14c1.49-1.46 3-3.21 3-5.5A5.5 5.5 0 0 0 16.5 3c-1.76 0-3 .76-4.5 2.3C10.5 3.76 9.26 3 7.5 3A5.5 5.5 0 0 0 2 8.5c0 2.3 1.5 4.05 3 5.5l7 7Z" />
      </svg>
    </button>
  );
}
