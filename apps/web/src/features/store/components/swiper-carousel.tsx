import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { A11y, Navigation, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/pagination';
import { CARD_IMAGE_SIZES, ProductCard } from '../../../components/catalog/product-card';
import { CarouselFrame, StaticRow, type CarouselProps } from './carousel-frame';
import styles from './product-carousel.module.css';

/** docs/behaviour/timings-and-limits.md#layout: 1 slide; 2 from 840 px; 3 from 1400 px; 4 from 1800 px wide. */
const SLIDES_PER_VIEW = [
  { minWidth: 0, slides: 1 },
  { minWidth: 840, slides: 2 },
  { minWidth: 1400, slides: 3 },
  { minWidth: 1800, slides: 4 },
] as const;

/**
 * Swiper's loop needs more slides than are in view; with fewer, the loop is
 * off at that width (and the arrows hide, since everything is visible).
 */
export function carouselBreakpoints(count: number) {
  return Object.fromEntries(
    SLIDES_PER_VIEW.filter((b) => b.minWidth > 0).map((b) => [
      b.minWidth,
      { slidesPerView: b.slides, spaceBetween: 24, loop: count > b.slides },
    ]),
  );
}

/**
 * Up to this many products, one bullet each; beyond, a sliding window of bullets around the current one (24 bullets
 * are 480 px: wider than a phone).
 */
const MAX_FIXED_BULLETS = 8;

/** The carousel proper: loop, clickable pagination, arrows in the heading row, pt-BR labels. */
export default function SwiperCarousel({
  produtos,
  label,
  heading,
  initialStep = 0,
}: CarouselProps & { initialStep?: -1 | 0 | 1 }) {
  const [prevEl, setPrevEl] = useState<HTMLButtonElement | null>(null);
  const [nextEl, setNextEl] = useState<HTMLButtonElement | null>(null);
  const [paginationEl, setPaginationEl] = useState<HTMLDivElement | null>(null);
  const ready = prevEl !== null && nextEl !== null && paginationEl !== null;
  const count = produtos.length;

  return (
    <CarouselFrame
      heading={heading}
      controls={
        <>
          <button ref={setPrevEl} type="button" className={styles.arrow} aria-label={`${label}: anteriores`}>
            <ChevronLeft size={20} aria-hidden="true" />
          </button>
          <button ref={setNextEl} type="button" className={styles.arrow} aria-label={`${label}: próximos`}>
            <ChevronRight size={20} aria-hidden="true" />
          </button>
        </>
      }
      pagination={<div ref={setPaginationEl} className={styles.pagination} />}
    >
      {ready ? (
        <Swiper
          className={styles.swiper}
          modules={[A11y, Navigation, Pagination]}
          slidesPerView={1}
          spaceBetween={16}
          loop={count > 1}
          breakpoints={carouselBreakpoints(count)}
          navigation={{ prevEl, nextEl }}
          pagination={{
            el: paginationEl,
            clickable: true,
            dynamicBullets: count > MAX_FIXED_BULLETS,
            dynamicMainBullets: 3,
          }}
          onInit={(swiper) => {
            if (initialStep === 1) swiper.slideNext();
            else if (initialStep === -1) swiper.slidePrev();
          }}
          a11y={{
            containerMessage: `Carrossel: ${label}`,
            prevSlideMessage: `${label}: anteriores`,
            nextSlideMessage: `${label}: próximos`,
            paginationBulletMessage: 'Ir para o produto {{index}}',
            slideLabelMessage: '{{index}} de {{slidesLength}}',
          }}
        >
          {produtos.map((produto) => (
            <SwiperSlide key={produto.id} className={styles.slide}>
              <ProductCard produto={produto} sizes={CARD_IMAGE_SIZES} />
            </SwiperSlide>
          ))}
        </Swiper>
      ) : (
        <StaticRow produtos={produtos} />
      )}
    </CarouselFrame>
  );
}
