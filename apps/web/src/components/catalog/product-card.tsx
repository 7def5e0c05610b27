import type { ProdutoCard } from '@clinica/shared/schemas/produto';
import { Link } from 'react-router';
import { FavoriteHeart } from './favorite-heart';
import { Price } from './price';
import { PriceOffers } from './price-offers';
import { ProductBadge } from './product-badge';
import styles from './product-card.module.css';
import { productPath } from './product-path';
import { RatingStars } from './rating-stars';
import { ResponsiveImage } from './responsive-image';

/** The width of a card's picture in the store's grid and carousels (1 → 4 per row). */
export const CARD_IMAGE_SIZES = '(min-width: 1800px) 270px, (min-width: 1400px) 370px, (min-width: 840px) 50vw, 100vw';

export interface ProductCardProps {
  produto: ProdutoCard;
  /** Load the picture at once (a card above the fold); lazy otherwise. */
  priority?: boolean;
  /** `sizes` of the picture for the layout it sits in. */
  sizes?: string;
  /** Heading level of the name: 3 under a section's level-2 heading. */
  headingLevel?: 'h2' | 'h3';
}

/**
 * A product card: picture, 'Digital' / 'Indisponível' / 'Últimas unidades' badges, name, rating
 * (only once it has reviews), price and its PIX and installment offers. The whole card is one link to the product page (the name's link
 * stretches over it), so keyboard and screen-reader users meet one stop per card.
 */
export function ProductCard({
  produto,
  priority = false,
  sizes = CARD_IMAGE_SIZES,
  headingLevel = 'h3',
}: ProductCardProps) {
  const Heading = headingLevel;
  return (
    <article className={`${styles.card} ${produto.disponivel ? '' : styles.unavailable}`} data-testid="product-card">
      <div className={styles.media}>
        <ResponsiveImage
          imagem={produto.imagemDestaque}
          alt=""
          sizes={sizes}
          priority={priority}
          className={styles.image}
          kind={produto.digital ? 'curso' : 'produto'}
        />
        {(produto.digital || !produto.disponivel || produto.ultimasUnidades) && (
          <div className={styles.badges}>
            {produto.digital && <ProductBadge kind="digital" />}
            {!produto.disponivel && <ProductBadge kind="indisponivel" />}
            {produto.ultimasUnidades && <ProductBadge kind="ultimas" />}
          </div>
        )}
        <FavoriteHeart produtoId={produto.id} nome={produto.nome} />
      </div>
      <div className={styles.body}>
        <Heading className={styles.name}>
          <Link to={productPath(produto.id)} className={styles.link}>
            {produto.nome}
          </Link>
        </Heading>
        {/* No reviews yet: nothing, rather than five grey stars that read as a bad rating. */}
        {produto.quantidadeAvaliacoes > 0 && (
          <RatingStars nota={produto.nota} count={produto.quantidadeAvaliacoes} size="sm" countStyle="compact" />
        )}
        <div className={styles.footer}>
          <div className={styles.prices}>
            <Price cents={produto.preco} />
            <PriceOffers cents={produto.preco} />
          </div>
          <span className={styles.cta} aria-hidden="true">
            Ver detalhes
          </span>
        </div>
      </div>
    </article>
  );
}
