import {
  Accessibility,
  ArrowRight,
  CalendarClock,
  ClipboardList,
  Quote,
  ScanLine,
  ShieldCheck,
  Stethoscope,
  type LucideIcon,
} from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import {
  AREAS,
  AREAS_INTRODUCAO,
  AREAS_TITULO,
  CHAMADA_FINAL,
  DEPOIMENTOS,
  DEPOIMENTOS_TITULO,
  EQUIPE,
  EQUIPE_INTRODUCAO,
  EQUIPE_TITULO,
  SOBRE,
  type IconeDiferencial,
} from '../content/inicio';
import { CLINICA, PAGINAS } from '../content/comum';
import { pageOrigin } from '../../../lib/page-answers';
import { usePageHead } from '../../../lib/page-head';
import { Hero } from './hero';
import styles from './home-page.module.css';
import { ProductSearchSlot } from './product-search-slot';

// The dialogs (Radix) load on the first intent to open one: hover, focus or click.
const loadDialogs = () => import('./home-dialogs');
const AreaDialog = lazy(() => loadDialogs().then((m) => ({ default: m.AreaDialog })));
const MemberDialog = lazy(() => loadDialogs().then((m) => ({ default: m.MemberDialog })));
const prefetch = () => void loadDialogs();

const ICONS: Record<IconeDiferencial, LucideIcon> = {
  especialistas: Stethoscope,
  biosseguranca: ShieldCheck,
  plano: ClipboardList,
  tecnologia: ScanLine,
  acessibilidade: Accessibility,
  horarios: CalendarClock,
};

type Open = { kind: 'area' | 'membro'; id: string; opener: HTMLElement } | null;

/**
 * `/` (docs/behaviour/site.md#home): hero carousel, about and differentials, the six treatment
 * areas and the team (each opening a detail dialog), testimonials and a call
 * to book. All texts come from ../content/inicio.ts.
 */
export function HomePage() {
  usePageHead({ description: PAGINAS.inicio.descricao, canonical: `${pageOrigin()}/` });
  const [params] = useSearchParams();
  const search = params.get('pesquisaProduto')?.trim();
  const [open, setOpen] = useState<Open>(null);
  const close = (next: boolean) => {
    if (!next) setOpen(null);
  };
  const area = open?.kind === 'area' ? AREAS.find((a) => a.id === open.id) : undefined;
  const membro = open?.kind === 'membro' ? EQUIPE.find((m) => m.id === open.id) : undefined;
  const intent = { onPointerEnter: prefetch, onFocus: prefetch };

  return (
    <>
      {search && <ProductSearchSlot term={search} />}

      <Hero />

      <section className={styles.section} aria-labelledby="sobre-title">
        <div className={`${styles.container} ${styles.about}`}>
          <div>
            <h2 id="sobre-title" className={styles.title}>
              {SOBRE.titulo}
            </h2>
            {SOBRE.paragrafos.map((p) => (
              <p key={p} className={styles.paragraph}>
                {p}
              </p>
            ))}
            <p className={styles.responsavel}>
              Responsável técnica: <strong>{CLINICA.responsavelTecnico.nome}</strong> · {CLINICA.responsavelTecnico.cro}
            </p>
          </div>
          <div>
            <h3 className={styles.subtitle}>{SOBRE.diferenciaisTitulo}</h3>
            <ul className={styles.differentials}>
              {SOBRE.diferenciais.map(({ icone, titulo, texto }) => {
                const Icon = ICONS[icone];
                return (
                  <li key={titulo} className={styles.differential}>
                    <span className={styles.differentialIcon} aria-hidden="true">
                      <Icon size={20} />
                    </span>
                    <div>
                      <h4 className={styles.differentialTitle}>{titulo}</h4>
                      <p className={styles.differentialText}>{texto}</p>
                    </div>
                  </li>
                );
              })}
            </ul>
          </div>
        </div>
      </section>

      <section id="tratamentos" className={`${styles.section} ${styles.tinted}`} aria-labelledby="areas-title">
        <div className={styles.container}>
          <h2 id="areas-title" className={`${styles.title} ${styles.centered}`}>
            {AREAS_TITULO}
          </h2>
          <p className={styles.lead}>{AREAS_INTRODUCAO}</p>
          <ul className={styles.areaGrid}>
            {AREAS.map((a) => (
              <li key={a.id} className={styles.card} data-testid="area-card">
                <img
                  className={styles.areaArt}
                  src={a.imagem.src}
                  width={a.imagem.width}
                  height={a.imagem.height}
                  alt=""
                  loading="lazy"
                  decoding="async"
                />
                <div className={styles.cardBody}>
                  <h3 className={styles.cardTitle}>
                    <button
                      type="button"
                      className={styles.cardButton}
                      aria-haspopup="dialog"
                      onClick={(e) => setOpen({ kind: 'area', id: a.id, opener: e.currentTarget })}
                      {...intent}
                    >
                      {a.nome}
                    </button>
                  </h3>
                  <p className={styles.cardText}>{a.resumo}</p>
                  <span className={styles.more} aria-hidden="true">
                    Saiba mais <ArrowRight size={16} />
                  </span>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section id="equipe" className={styles.section} aria-labelledby="equipe-title">
        <div className={styles.container}>
          <h2 id="equipe-title" className={`${styles.title} ${styles.centered}`}>
            {EQUIPE_TITULO}
          </h2>
          <p className={styles.lead}>{EQUIPE_INTRODUCAO}</p>
          <ul className={styles.teamGrid}>
            {EQUIPE.map((m) => (
              <li key={m.id} className={`${styles.card} ${styles.member}`} data-testid="team-card">
                <img
                  className={styles.memberPhoto}
                  src={m.foto.src}
                  width={m.foto.width}
                  height={m.foto.height}
                  alt=""
                  loading="lazy"
                  decoding="async"
                />
                <div className={styles.memberBody}>
                  <h3 className={styles.memberName}>
                    <button
                      type="button"
                      className={styles.cardButton}
                      aria-haspopup="dialog"
                      onClick={(e) => setOpen({ kind: 'membro', id: m.id, opener: e.currentTarget })}
                      {...intent}
                    >
                      {m.nome}
                    </button>
                  </h3>
                  <p className={styles.memberRole}>{m.especialidade}</p>
                  <p className={styles.memberCro}>{m.cro}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className={`${styles.section} ${styles.tinted}`} aria-labelledby="depoimentos-title">
        <div className={styles.container}>
          <h2 id="depoimentos-title" className={`${styles.title} ${styles.centered}`}>
            {DEPOIMENTOS_TITULO}
          </h2>
          <ul className={styles.testimonials}>
            {DEPOIMENTOS.map((d) => (
              <li key={d.nome} className={styles.testimonial}>
                <figure>
                  <Quote className={styles.quoteIcon} size={28} aria-hidden="true" />
                  <blockquote className={styles.quote}>
                    <p>{d.texto}</p>
                  </blockquote>
                  <figcaption className={styles.author}>
                    <strong>{d.nome}</strong>
                    <span>{d.contexto}</span>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className={`${styles.cta} ${styles.container}`} aria-labelledby="cta-title">
        <div className={styles.ctaInner}>
          <div>
            <h2 id="cta-title" className={styles.ctaTitle}>
              {CHAMADA_FINAL.titulo}
            </h2>
            <p className={styles.ctaText}>{CHAMADA_FINAL.texto}</p>
          </div>
          <ButtonLink to={CHAMADA_FINAL.acao.destino} variant="secondary" size="lg">
            {CHAMADA_FINAL.acao.rotulo}
          </ButtonLink>
        </div>
      </section>

      {area && (
        <Suspense fallback={null}>
          <AreaDialog area={area} onOpenChange={close} opener={open?.opener ?? null} />
        </Suspense>
      )}
      {membro && (
        <Suspense fallback={null}>
          <MemberDialog membro={membro} onOpenChange={close} opener={open?.opener ?? null} />
        </Suspense>
      )}
    </>
  );
}

export { HomePage as Component };
