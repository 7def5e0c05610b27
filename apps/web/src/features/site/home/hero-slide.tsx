import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import type { Ref } from 'react';
import { ButtonLink } from '../../../components/ui/button';
import type { SlideCarrossel } from '../content/inicio';
import styles from './hero.module.css';

/** One slide of the hero: heading, line of text, call to action and illustration. */
export function HeroSlide({ slide, first }: { slide: SlideCarrossel; first: boolean }) {
  return (
    <div className={styles.slideInner}>
      <div className={styles.slideText}>
        <h2 className={styles.slideTitle}>{slide.titulo}</h2>
        <p className={styles.slideLead}>{slide.texto}</p>
        <ButtonLink to={slide.acao.destino} size="lg" className={styles.slideAction}>
          {slide.acao.rotulo}
        </ButtonLink>
      </div>
      <img
        className={styles.slideArt}
        src={slide.imagem.src}
        width={slide.imagem.width}
        height={slide.imagem.height}
        alt=""
        decoding="async"
        // The first slide's art is part of the first paint; the others wait.
        loading={first ? 'eager' : 'lazy'}
        fetchPriority={first ? 'high' : 'auto'}
      />
    </div>
  );
}

/** The slides stacked in one cell with only the first shown: the carousel's height, without Swiper. */
export function StillSlides({ slides, label }: { slides: SlideCarrossel[]; label: string }) {
  return (
    <div className={styles.static} role="group" aria-label={label}>
      {slides.map((slide, index) => (
        <div key={slide.id} className={styles.slide} data-hidden={index > 0 || undefined} inert={index > 0}>
          <HeroSlide slide={slide} first={index === 0} />
        </div>
      ))}
    </div>
  );
}

export interface HeroControlsProps {
  count: number;
  /** Until the carousel is ready the controls are drawn, disabled, so nothing moves when it arrives. */
  ready: boolean;
  paused: boolean;
  onTogglePause?: () => void;
  prevRef?: Ref<HTMLButtonElement>;
  nextRef?: Ref<HTMLButtonElement>;
  paginationRef?: Ref<HTMLDivElement>;
}

/** Previous / bullets / next, and the pause button (WCAG 2.2.2: moving content can be paused). */
export function HeroControls({
  count,
  ready,
  paused,
  onTogglePause,
  prevRef,
  nextRef,
  paginationRef,
}: HeroControlsProps) {
  return (
    <div className={styles.controls}>
      <button ref={prevRef} type="button" className={styles.arrow} aria-label="Slide anterior" disabled={!ready}>
        <ChevronLeft size={20} aria-hidden="true" />
      </button>
      <div ref={paginationRef} className={styles.pagination}>
        {/* Swiper fills this box with its bullets; before that, the same bullets drawn still. */}
        {!ready &&
          Array.from({ length: count }, (_, i) => (
            <span key={i} className={`${styles.bullet} ${i === 0 ? styles.bulletActive : ''}`} aria-hidden="true" />
          ))}
      </div>
      <button ref={nextRef} type="button" className={styles.arrow} aria-label="Próximo slide" disabled={!ready}>
        <ChevronRight size={20} aria-hidden="true" />
      </button>
      <button
        type="button"
        className={styles.pause}
        onClick={onTogglePause}
        disabled={!ready}
        aria-label={paused ? 'Retomar a passagem automática' : 'Pausar a passagem automática'}
        data-testid="hero-pause"
      >
        {paused ? <Play size={16} aria-hidden="true" /> : <Pause size={16} aria-hidden="true" />}
      </button>
    </div>
  );
}
