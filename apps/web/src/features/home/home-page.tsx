import {
  CalendarHeart,
  HeartHandshake,
  ShieldCheck,
  Smile,
  Sparkles,
  Stethoscope,
  Baby,
  Gem,
  Activity,
  Search,
} from 'lucide-react';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '../../components/ui/button';
import { useDocumentTitle } from '../../components/ui/page-frame';
import styles from './home-page.module.css';

const AREAS = [
  {
    name: 'Dentística restauradora',
    text: 'Restaurações estéticas que devolvem forma e função aos dentes.',
    icon: Sparkles,
  },
  { name: 'Ortodontia', text: 'Aparelhos e alinhadores para um sorriso alinhado e saudável.', icon: Smile },
  { name: 'Endodontia', text: 'Tratamento de canal com conforto e tecnologia.', icon: Activity },
  { name: 'Odontopediatria', text: 'Cuidado carinhoso com o sorriso das crianças.', icon: Baby },
  { name: 'Harmonização facial', text: 'Equilíbrio e naturalidade para a sua expressão.', icon: Gem },
  { name: 'Periodontia', text: 'Saúde das gengivas e prevenção de doenças periodontais.', icon: Stethoscope },
] as const;

/** `/`: the clinic's welcome (the full home, with carousel, team and testimonials, comes in a later issue). */
export function HomePage() {
  useDocumentTitle(undefined);
  const [params] = useSearchParams();
  const search = params.get('pesquisaProduto')?.trim();

  return (
    <>
      {search && (
        <section className={styles.search} aria-labelledby="search-title">
          <div className={styles.searchCard}>
            <div>
              <h2 id="search-title" className={styles.searchTitle}>
                Resultados para “{search}”
              </h2>
              <p className={styles.searchText}>
                A busca de produtos estará disponível em breve. Enquanto isso, visite a loja.
              </p>
            </div>
            <ButtonLink to={`/loja?pesquisaProduto=${encodeURIComponent(search)}`} variant="outline">
              <Search size={18} aria-hidden="true" />
              Ver na loja
            </ButtonLink>
          </div>
        </section>
      )}

      <section className={styles.hero} aria-labelledby="home-title">
        <div className={styles.heroInner}>
          <div>
            <span className={styles.eyebrow}>
              <HeartHandshake size={16} aria-hidden="true" />
              Odontologia com cuidado e confiança
            </span>
            <h1 id="home-title" className={styles.title}>
              Clínica Odontológica <span className={styles.titleAccent}>Sorriso Pleno</span>
            </h1>
            <p className={styles.lead}>
              Seja bem-vindo! Cuidamos do seu sorriso com atenção, tecnologia e carinho. Conheça também a nossa loja de
              materiais odontológicos e cursos digitais.
            </p>
            <div className={styles.ctas}>
              <ButtonLink to="/loja" size="lg">
                Conheça a loja
              </ButtonLink>
              <ButtonLink to="/contato" size="lg" variant="outline">
                Fale conosco
              </ButtonLink>
            </div>
            <ul className={styles.trust}>
              <li>
                <span className={styles.trustIcon} aria-hidden="true">
                  <Stethoscope size={18} />
                </span>
                Especialistas em cada área
              </li>
              <li>
                <span className={styles.trustIcon} aria-hidden="true">
                  <CalendarHeart size={18} />
                </span>
                Atendimento humanizado
              </li>
              <li>
                <span className={styles.trustIcon} aria-hidden="true">
                  <ShieldCheck size={18} />
                </span>
                Compras 100% seguras
              </li>
            </ul>
          </div>
          <HeroArt className={styles.art} />
        </div>
      </section>

      <section className={styles.areas} aria-labelledby="areas-title">
        <h2 id="areas-title" className={styles.areasTitle}>
          Áreas de atuação
        </h2>
        <p className={styles.areasLead}>
          Uma equipe completa para cuidar de você e da sua família em todas as fases da vida.
        </p>
        <ul className={styles.areaGrid}>
          {AREAS.map(({ name, text, icon: Icon }) => (
            <li key={name} className={styles.area}>
              <span className={styles.areaIcon} aria-hidden="true">
                <Icon size={22} />
              </span>
              <div>
                <h3 className={styles.areaName}>{name}</h3>
                <p className={styles.areaText}>{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

/** Decorative hero art: a calm card with the tooth mark and opening hours. */
function HeroArt({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 440 400" aria-hidden="true">
      <defs>
        <linearGradient id="hero-card" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#14948a" />
          <stop offset="1" stopColor="#0a524d" />
        </linearGradient>
      </defs>
      <circle cx="250" cy="190" r="170" fill="#d3f1ec" />
      <circle cx="250" cy="190" r="120" fill="#a7e3d9" opacity="0.55" />
      <rect x="110" y="60" width="270" height="270" rx="48" fill="url(#hero-card)" />
      <path
        d="M245 120c-12-9.4-26.8-12.6-40.6-8.3-20.9 6.5-31 28.9-24.9 55.6 4.3 18.4 9.4 34.7 12.3 52.3 2.9 18 7.5 31.7 18.3 31.7 10.1 0 13-12.3 15.9-26.3 2.6-13 6.1-23.4 19-23.4s16.4 10.4 19 23.4c2.9 14 5.8 26.3 15.9 26.3 10.8 0 15.4-13.7 18.3-31.7 2.9-17.6 8-33.9 12.3-52.3 6.1-26.7-4-49.1-24.9-55.6-13.8-4.3-28.6-1.1-40.6 8.3z"
        fill="#fff"
      />
      <path d="M224 175c12 9 30 9 42 0" fill="none" stroke="#0f7f76" strokeWidth="7" strokeLinecap="round" />
      <path d="M198 140c2-8 8-13 16-14.5" fill="none" stroke="#a7e3d9" strokeWidth="6" strokeLinecap="round" />
      <path d="M352 96v22M341 107h22M136 292v14M129 299h14" stroke="#f2b544" strokeWidth="5" strokeLinecap="round" />
      <g>
        <rect x="40" y="262" width="190" height="78" rx="18" fill="#fff" />
        <rect x="40" y="262" width="190" height="78" rx="18" fill="none" stroke="#d8e1e4" />
        <rect x="58" y="280" width="42" height="42" rx="12" fill="#fdf0d7" />
        <circle cx="79" cy="301" r="11" fill="none" stroke="#9a5a07" strokeWidth="3" />
        <path
          d="M79 294.5v7l4.5 3"
          fill="none"
          stroke="#9a5a07"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <text x="114" y="296" fontFamily="Inter, sans-serif" fontSize="14" fontWeight="600" fill="#13293d">
          Seg a Sex
        </text>
        <text x="114" y="318" fontFamily="Inter, sans-serif" fontSize="13" fill="#556676">
          08h às 18h
        </text>
      </g>
    </svg>
  );
}

export { HomePage as Component };
