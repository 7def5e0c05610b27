import { useRef, useState, type FocusEvent } from 'react';
import { A11y, Autoplay, Keyboard, Navigation, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide, type SwiperProps } from 'swiper/react';
import type { Swiper as SwiperInstance } from 'swiper/types';
import 'swiper/css';
import type { SlideCarrossel } from '../content/inicio';
import styles from './hero.module.css';
import { HeroControls, HeroSlide, StillSlides } from './hero-slide';

/** docs/behaviour/timings-and-limits.md#layout: one slide every 5000 ms. Paused while the pointer is over it (and while it has the focus, below). */
export const HERO_AUTOPLAY = { delay: 5000, pauseOnMouseEnter: true, disableOnInteraction: false } as const;

/** Swiper's screen-reader texts in Portuguese. */
const A11Y_PT: SwiperProps['a11y'] = {
  prevSlideMessage: 'Slide anterior',
  nextSlideMessage: 'Próximo slide',
  firstSlideMessage: 'Este é o primeiro slide',
  lastSlideMessage: 'Este é o último slide',
  paginationBulletMessage: 'Ir para o slide {{index}}',
  containerRoleDescriptionMessage: 'carrossel',
  itemRoleDescriptionMessage: 'slide',
  slideLabelMessage: '{{index}} de {{slidesLength}}',
};

const KEYBOARD = { enabled: true, onlyInViewport: true };

const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Only the visible slide can be reached by keyboard and screen readers. */
function syncInert(swiper: SwiperInstance) {
  swiper.slides.forEach((slide, index) => {
    slide.inert = index !== swiper.activeIndex;
  });
}

/**
 * The home hero as a Swiper carousel (loaded after the first paint; until then
 * the page shows the same slides still). Pagination bullets, arrows, keyboard,
 * a pause button; autoplay pauses on hover and focus; with reduced motion it
 * starts paused and changes slides without animation.
 */
export default function HeroCarousel({ slides, label }: { slides: SlideCarrossel[]; label: string }) {
  const swiperRef = useRef<SwiperInstance | null>(null);
  // Our own buttons and bullet box (HeroControls, below the slides), handed to Swiper once they exist.
  const [prevEl, setPrevEl] = useState<HTMLButtonElement | null>(null);
  const [nextEl, setNextEl] = useState<HTMLButtonElement | null>(null);
  const [paginationEl, setPaginationEl] = useState<HTMLDivElement | null>(null);
  const controlsReady = Boolean(prevEl && nextEl && paginationEl);
  const [reducedMotion] = useState(prefersReducedMotion);
  const [paused, setPaused] = useState(reducedMotion);

  const togglePause = () => {
    const autoplay = swiperRef.current?.autoplay;
    if (!autoplay) return;
    if (paused) autoplay.start();
    else autoplay.stop();
    setPaused(!paused);
  };

  const onFocus = () => swiperRef.current?.autoplay?.pause();
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) swiperRef.current?.autoplay?.resume();
  };

  return (
    <div className={styles.carousel} onFocus={onFocus} onBlur={onBlur} data-testid="hero-carousel">
      {controlsReady ? (
        <Swiper
          modules={[A11y, Autoplay, Keyboard, Navigation, Pagination]}
          aria-label={label}
          slidesPerView={1}
          spaceBetween={32}
          rewind
          speed={reducedMotion ? 0 : 600}
          autoplay={HERO_AUTOPLAY}
          keyboard={KEYBOARD}
          a11y={A11Y_PT}
          navigation={{ prevEl, nextEl }}
          pagination={{
            el: paginationEl,
            clickable: true,
            bulletElement: 'button',
            bulletClass: styles.bullet,
            bulletActiveClass: styles.bulletActive,
          }}
          onSwiper={(swiper) => {
            swiperRef.current = swiper;
          }}
          onInit={(swiper) => {
            syncInert(swiper);
            if (reducedMotion) swiper.autoplay.stop();
          }}
          onSlideChange={syncInert}
        >
          {slides.map((slide, index) => (
            <SwiperSlide key={slide.id} className={styles.slide} data-testid="hero-slide">
              <HeroSlide slide={slide} first={index === 0} />
            </SwiperSlide>
          ))}
        </Swiper>
      ) : (
        // The first render, before the controls exist (replaced before the browser paints).
        <StillSlides slides={slides} label={label} />
      )}
      <HeroControls
        count={slides.length}
        ready
        paused={paused}
        onTogglePause={togglePause}
        prevRef={setPrevEl}
        nextRef={setNextEl}
        paginationRef={setPaginationEl}
      />
    </div>
  );
}
