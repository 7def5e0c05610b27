import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Swiper as SwiperInstance } from 'swiper/types';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderAt, setupScreenTests } from '../../../test/screen-tests';
import { PAGINAS } from '../content/comum';
import { AREAS, CARROSSEL, EQUIPE } from '../content/inicio';
import { AREAS_DETALHES } from '../content/inicio-areas';
import HeroCarousel, { HERO_AUTOPLAY } from './hero-carousel';
import { HomePage } from './home-page';

const renderHome = (path = '/') => renderAt(path, { '/': <HomePage />, '/contato': <h1>Contato</h1> });

describe('/ (home)', () => {
  setupScreenTests();
  // The dialogs are a lazy chunk: load it once so the first click does not wait for the transform.
  beforeAll(() => import('./home-dialogs'), 20_000);

  it('shows the clinic, the six areas and the ten team members, with the page meta', async () => {
    renderHome();
    expect(screen.getByRole('heading', { level: 1, name: 'Clínica Odontológica Sorriso Pleno' })).toBeTruthy();
    for (const area of AREAS) expect(screen.getByRole('button', { name: area.nome })).toBeTruthy();
    expect(screen.getAllByTestId('area-card')).toHaveLength(6);
    expect(screen.getAllByTestId('team-card')).toHaveLength(10);
    for (const m of EQUIPE) expect(screen.getByText(m.cro)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'O que dizem nossos pacientes' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Clínica Odontológica Sorriso Pleno'));
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      PAGINAS.inicio.descricao,
    );
  });

  it('opens a treatment area in a dialog and closes it with the X and with Esc', async () => {
    renderHome();
    fireEvent.click(screen.getByRole('button', { name: 'Ortodontia' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ortodontia' });
    for (const title of ['O que é', 'Quando é indicado', 'Como funciona', 'Cuidados']) {
      expect(within(dialog).getByRole('heading', { name: title })).toBeTruthy();
    }
    expect(within(dialog).getByText(AREAS_DETALHES[AREAS[1]!.id]!.comoFunciona)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Agende sua avaliação' }).getAttribute('href')).toBe(
      '/contato?assunto=agendamento',
    );
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Fechar' })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The focus goes back to the card's button.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Ortodontia' })));

    fireEvent.click(screen.getByRole('button', { name: 'Periodontia' }));
    const again = await screen.findByRole('dialog', { name: 'Periodontia' });
    fireEvent.keyDown(again, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('opens a team member in a dialog (specialty, CRO, biography) and closes it', async () => {
    renderHome();
    const membro = EQUIPE[3]!;
    fireEvent.click(screen.getByRole('button', { name: membro.nome }));
    const dialog = await screen.findByRole('dialog', { name: membro.nome });
    expect(within(dialog).getByText(membro.cro)).toBeTruthy();
    expect(within(dialog).getByText(membro.bio)).toBeTruthy();
    expect(within(dialog).getByText(membro.formacao[0]!)).toBeTruthy();
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Fechar' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps the product search slot for ?pesquisaProduto (the store renders its results there)', () => {
    renderHome('/?pesquisaProduto=escova');
    const slot = screen.getByTestId('product-search-slot');
    expect(within(slot).getByRole('heading', { name: 'Resultados para “escova”' })).toBeTruthy();
  });

  it('draws the first slide at once, before the carousel code arrives', () => {
    renderHome();
    expect(screen.getByRole('heading', { level: 2, name: CARROSSEL[0]!.titulo })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: CARROSSEL[0]!.acao.rotulo })[0]!.getAttribute('href')).toBe(
      '/contato?assunto=agendamento',
    );
  });
});

describe('hero carousel (Swiper)', () => {
  setupScreenTests();

  it('has the 3 slides, pagination, arrows and autoplay every 5000 ms that pauses on hover', async () => {
    expect(HERO_AUTOPLAY).toEqual({ delay: 5000, pauseOnMouseEnter: true, disableOnInteraction: false });
    renderAt('/', { '/': <HeroCarousel slides={CARROSSEL} label="Destaques" /> });
    const container = await waitFor(() => {
      const el = document.querySelector('.swiper') as (HTMLElement & { swiper?: SwiperInstance }) | null;
      expect(el?.swiper?.initialized).toBe(true);
      return el!;
    });
    const swiper = container.swiper!;
    expect(swiper.params.autoplay).toMatchObject({ delay: 5000, pauseOnMouseEnter: true });
    expect(swiper.autoplay.running).toBe(true);
    expect(screen.getAllByTestId('hero-slide')).toHaveLength(3);
    // (jsdom has no layout, so Swiper draws one bullet here; the browser journey counts three.)
    expect(screen.getByRole('button', { name: 'Ir para o slide 1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Próximo slide' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Slide anterior' })).toBeTruthy();
    // Only the visible slide can be reached.
    const slides = screen.getAllByTestId('hero-slide');
    expect(slides.map((s) => s.inert)).toEqual([false, true, true]);

    // The pause button stops the autoplay; pressing it again starts it.
    fireEvent.click(screen.getByRole('button', { name: 'Pausar a passagem automática' }));
    expect(swiper.autoplay.running).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Retomar a passagem automática' }));
    expect(swiper.autoplay.running).toBe(true);
  });

  it('starts paused when the visitor prefers reduced motion', async () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({ matches: query.includes('reduce'), media: query })) as never;
    try {
      renderAt('/', { '/': <HeroCarousel slides={CARROSSEL} label="Destaques" /> });
      const el = await waitFor(() => {
        const found = document.querySelector('.swiper') as (HTMLElement & { swiper?: SwiperInstance }) | null;
        expect(found?.swiper?.initialized).toBe(true);
        return found!;
      });
      expect(el.swiper!.autoplay.running).toBe(false);
      expect(el.swiper!.params.speed).toBe(0);
      expect(screen.getByRole('button', { name: 'Retomar a passagem automática' })).toBeTruthy();
    } finally {
      window.matchMedia = original;
    }
  });
});
