import { MSG } from '@clinica/shared/messages';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleAlert, Heart, RotateCw, Trash2 } from 'lucide-react';
import { ProductGrid } from '../../components/catalog/product-grid';
import { Button, ButtonLink } from '../../components/ui/button';
import { PageFrame } from '../../components/ui/page-frame';
import { LoadingBlock } from '../../components/ui/spinner';
import { notifyApiError } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api-client';
import { useFavoriteIds } from '../../lib/favorite-ids';
import { FAVORITES_KEY, fetchFavorites, setFavorite } from '../../lib/favorites';
import styles from './favorites-page.module.css';

/**
 * /favoritos (ADR 045): the signed-in customer's favourite products in the store's grid, newest first, each with a
 * 'Remover' button. A product leaves the grid as soon as it stops being a favourite (here or by its heart).
 */
export function FavoritesPage() {
  const queryClient = useQueryClient();
  const { ids } = useFavoriteIds();
  const list = useQuery({
    queryKey: FAVORITES_KEY,
    queryFn: ({ signal }) => fetchFavorites(signal),
    meta: { private: true },
  });
  const produtos = (list.data ?? []).filter((p) => !ids || ids.includes(p.id));

  const remove = (produtoId: number) =>
    setFavorite(queryClient, produtoId, false).catch((error: unknown) => notifyApiError(error));

  return (
    <PageFrame
      title="Favoritos"
      eyebrow="Minha conta"
      description="Os produtos que você marcou com o coração, para encontrar e comprar depois."
    >
      {list.isPending ? (
        <LoadingBlock />
      ) : list.isError ? (
        <div className={styles.notice} role="alert">
          <CircleAlert size={28} aria-hidden="true" />
          <p>{errorMessage(list.error, MSG.ocorreuErroTenteNovamente)}</p>
          <Button variant="outline" onClick={() => void list.refetch()} loading={list.isFetching}>
            <RotateCw size={16} aria-hidden="true" />
            Tentar novamente
          </Button>
        </div>
      ) : produtos.length === 0 ? (
        <div className={styles.notice} role="status">
          <Heart size={40} strokeWidth={1.5} aria-hidden="true" />
          <p className={styles.noticeTitle}>Você ainda não tem favoritos</p>
          <p>Toque no coração de um produto para guardá-lo aqui.</p>
          <ButtonLink to="/loja" variant="outline">
            Ver a loja
          </ButtonLink>
        </div>
      ) : (
        <>
          <p className={styles.count} role="status">
            {produtos.length === 1 ? '1 produto favorito' : `${produtos.length} produtos favoritos`}
          </p>
          <ProductGrid
            produtos={produtos}
            eagerCount={4}
            label="Produtos favoritos"
            action={(produto) => (
              <Button
                variant="outline"
                size="sm"
                fullWidth
                aria-label={`Remover ${produto.nome} dos favoritos`}
                onClick={() => void remove(produto.id)}
              >
                <Trash2 size={16} aria-hidden="true" />
                Remover
              </Button>
            )}
          />
        </>
      )}
    </PageFrame>
  );
}

export { FavoritesPage as Component };
