import { lazy, Suspense, useEffect, useState } from 'react';
import { CLINICA } from '../content/comum';
import { CARROSSEL } from '../content/inicio';
import styles from './hero.module.css';
import { HeroControls, StillSlides } from './hero-slide';

const loadCarousel = () => import('./hero-carousel');
const HeroCarousel = lazy(loadCarousel);

const LABEL = 'Destaques da clínica';

/**
 * True once the browser is idle after the first paint (or at once when the
 * pointer comes over the hero): Swiper is fetched then, so it never delays
 * the first slide.
 */
function useIdle(): [boolean, () => void] {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => setIdle(true), { timeout: 2500 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = window.setTimeout(() => setIdle(true), 300);
    return () => window.clearTimeout(timer);
  }, []);
  return [idle, () => setIdle(true)];
}

/** The three slides drawn still, the first one shown: the hero's first paint and the carousel's stand-in. */
function StaticSlides() {
  return (
    <div className={styles.carousel}>
      <StillSlides slides={CARROSSEL} label={LABEL} />
      <HeroControls count={CARROSSEL.length} ready={false} paused={false} />
    </div>
  );
}

/** The home's hero: the clinic's name (the page's h1) over the carousel (docs/behaviour/site.md#home). */
export function Hero() {
  const [idle, wake] = useIdle();
  return (
    <section className={styles.hero} aria-labelledby="home-title" onPointerEnter={wake}>
      <div className={styles.inner}>
        <h1 id="home-title" className={styles.eyebrow}>
          {CLINICA.nome}
        </h1>
        {idle ? (
          <Suspense fallback={<StaticSlides />}>
            <HeroCarousel slides={CARROSSEL} label={LABEL} />
          </Suspense>
        ) : (
          <StaticSlides />
        )}
      </div>
    </section>
  );
}
