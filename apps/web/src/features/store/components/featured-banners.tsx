import { MSG } from '@clinica/shared/messages';
import type { Banner } from '@clinica/shared/schemas/produto';
import { ArrowRight, ShoppingBag } from 'lucide-react';
import { useId } from 'react';
import { Price } from '../../../components/catalog/price';
import { ProductBadge } from '../../../components/catalog/product-badge';
import { productPath } from '../../../components/catalog/product-path';
import { ResponsiveImage } from '../../../components/catalog/responsive-image';
import { Button, ButtonLink } from '../../../components/ui/button';
import { useBanners } from '../api/banners';
import { useAddToCart } from '../use-add-to-cart';
import styles from './featured-banners.module.css';

/** The hero spans the container (1136 px of content at most); tiles are half of it from 768 px. */
const HERO_SIZES = '(min-width: 1200px) 1136px, 100vw';
const TILE_SIZES = '(min-width: 1200px) 560px, (min-width: 768px) 50vw, 85vw';

/** 'Comprar' on a banner adds 1 unit (docs/behaviour/catalogue-and-search.md#store-home): the banner carries what the cart line needs. */
function useBuyBanner() {
  const add = useAddToCart();
  return (banner: Banner) =>
    add(
      {
        id: banner.idProduto,
        nome: banner.nome,
        pathImg: banner.pathImgDestaque,
        preco: banner.preco,
        digital: banner.digital,
      },
      1,
    );
}

interface BannerCardProps {
  banner: Banner;
  variant: 'hero' | 'tile';
  onBuy: (banner: Banner) => void;
}

function BannerCard({ banner, variant, onBuy }: BannerCardProps) {
  const titleId = useId();
  const Heading = variant === 'hero' ? 'h2' : 'h3';
  const hero = variant === 'hero';
  return (
    <article className={`${styles.banner} ${styles[variant]}`} aria-labelledby={titleId}>
      <div className={styles.media}>
        {banner.imagem.path && (
          <ResponsiveImage
            imagem={banner.imagem}
            alt=""
            sizes={hero ? HERO_SIZES : TILE_SIZES}
            priority={hero}
            className={styles.image}
            kind={banner.digital ? 'curso' : 'produto'}
          />
        )}
      </div>
      <div className={styles.content}>
        <div className={styles.eyebrow}>
          {banner.digital ? <ProductBadge kind="digital" /> : <span className={styles.tag}>Destaque</span>}
          {!banner.disponivel && <ProductBadge kind="indisponivel" />}
        </div>
        <Heading id={titleId} className={styles.title}>
          {banner.titulo}
        </Heading>
        <p className={styles.text}>{banner.texto}</p>
        <Price cents={banner.preco} size={hero ? 'lg' : 'md'} className={styles.price} />
        <div className={styles.actions}>
          {banner.disponivel ? (
            <Button onClick={() => onBuy(banner)} aria-describedby={titleId}>
              <ShoppingBag size={18} aria-hidden="true" />
              Comprar
            </Button>
          ) : (
            <span className={styles.unavailable}>{MSG.produtoIndisponivel}</span>
          )}
          <ButtonLink to={productPath(banner.idProduto)} variant="outline" aria-describedby={titleId}>
            Saiba mais
            <ArrowRight size={18} aria-hidden="true" />
          </ButtonLink>
        </div>
      </div>
    </article>
  );
}

const PLACEHOLDER: Banner = {
  titulo: 'Destaque da loja',
  nome: 'Destaque da loja',
  pathImgDestaque: null,
  texto: 'Carregando o destaque.',
  path: '',
  imagem: { path: '', largura: 1600, altura: 600, variantes: [] },
  idProduto: 0,
  digital: false,
  preco: 0,
  disponivel: true,
};

/**
 * While the banners load: the same hero and two tiles, drawn with the real
 * markup (inert, hidden from assistive technology), so the categories below
 * do not move when the banners arrive (CLS).
 */
function BannersSkeleton() {
  const noop = () => {};
  return (
    <div className={`${styles.wrap} ${styles.skeleton}`} aria-hidden="true" inert>
      <BannerCard banner={PLACEHOLDER} variant="hero" onBuy={noop} />
      <ul className={styles.tiles}>
        {[1, 2].map((i) => (
          <li key={i} className={styles.tileItem}>
            <BannerCard banner={PLACEHOLDER} variant="tile" onBuy={noop} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The store's featured banners (docs/behaviour/catalogue-and-search.md#store-home): the first one as a hero (its
 * picture is the page's LCP: eager, high priority, box reserved), the others as
 * tiles (side by side from 768 px, a swipeable row on phones). No carousel
 * script is needed to paint them.
 */
export function FeaturedBanners() {
  const { data, isPending } = useBanners();
  const buy = useBuyBanner();

  if (isPending) return <BannersSkeleton />;
  if (!data || data.length === 0) return null;
  const [first, ...rest] = data;

  return (
    <section className={styles.wrap} aria-label="Destaques">
      {first && <BannerCard banner={first} variant="hero" onBuy={buy} />}
      {rest.length > 0 && (
        <ul className={styles.tiles}>
          {rest.map((banner, i) => (
            <li key={`${banner.idProduto}-${i}`} className={styles.tileItem}>
              <BannerCard banner={banner} variant="tile" onBuy={buy} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
