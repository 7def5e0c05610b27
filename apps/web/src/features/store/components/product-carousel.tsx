import { ChevronLeft, ChevronRight } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { CarouselFrame, StaticRow, type CarouselProps } from './carousel-frame';
import styles from './product-carousel.module.css';

/** Swiper (≈ 30 KB gzip) lives in its own chunk, fetched once for every carousel. */
const SwiperCarousel = lazy(() => import('./swiper-carousel'));

type IdleWindow = Window & {
  requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number;
  cancelIdleCallback?: (id: number) => void;
};

/**
 * Whether to mount Swiper: once the carousel is near the screen, the page has
 * loaded and the browser is idle (so its script never competes with the
 * banner picture, the page's LCP, and carousels far down the page cost
 * nothing until the visitor scrolls to them), or at once when the visitor
 * reaches for the carousel.
 */
function useSwiperWanted(): [boolean, () => void, (el: HTMLElement | null) => void] {
  const [wanted, setWanted] = useState(false);
  // Without IntersectionObserver (old browsers, jsdom) every carousel counts as near.
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const [el, setEl] = useState<HTMLElement | null>(null);
  useEffect(() => {
    if (near || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: '300px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near, el]);
  useEffect(() => {
    if (wanted || !near) return;
    const w = window as IdleWindow;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let idle: number | undefined;
    const start = () => {
      const go = () => setWanted(true);
      if (w.requestIdleCallback) idle = w.requestIdleCallback(go, { timeout: 2000 });
      else timer = setTimeout(go, 200);
    };
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => {
      window.removeEventListener('load', start);
      if (timer) clearTimeout(timer);
      if (idle !== undefined) w.cancelIdleCallback?.(idle);
    };
  }, [wanted, near]);
  return [wanted, () => setWanted(true), setEl];
}

/**
 * A category's products in a Swiper carousel (docs/behaviour/catalogue-and-search.md#store-home: 1 slide; 2 from
 * 840 px; 3 from 1400 px; 4 from 1800 px; loop, pagination, arrows). Until
 * Swiper is loaded the same cards sit in the same columns, so nothing moves
 * when it starts; an arrow pressed before then is replayed once it has.
 */
export function ProductCarousel(props: CarouselProps) {
  const [wanted, want, observe] = useSwiperWanted();
  const [step, setStep] = useState<-1 | 0 | 1>(0);

  const fallback = (
    <CarouselFrame
      heading={props.heading}
      controls={
        <>
          <button
            type="button"
            className={styles.arrow}
            aria-label={`${props.label}: anteriores`}
            onClick={() => {
              setStep(-1);
              want();
            }}
          >
            <ChevronLeft size={20} aria-hidden="true" />
          </button>
          <button
            type="button"
            className={styles.arrow}
            aria-label={`${props.label}: próximos`}
            onClick={() => {
              setStep(1);
              want();
            }}
          >
            <ChevronRight size={20} aria-hidden="true" />
          </button>
        </>
      }
    >
      <StaticRow produtos={props.produtos} />
    </CarouselFrame>
  );

  if (!wanted) {
    return (
      <div ref={observe} onPointerEnter={want} onTouchStart={want} onFocus={want}>
        {fallback}
      </div>
    );
  }
  return (
    <Suspense fallback={fallback}>
      <SwiperCarousel {...props} initialStep={step} />
    </Suspense>
  );
}
