import { MSG } from '@clinica/shared/messages';
import { BookOpen, Download, ExternalLink, FileText, Share2, type LucideIcon } from 'lucide-react';
import { useId, useRef, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { FacebookIcon, InstagramIcon, WhatsAppIcon, YouTubeIcon } from '../../../components/brand/social-icons';
import { buttonClassName } from '../../../components/ui/button';
import { clinicPhone, socialLinks, useEmpresa, type SocialLink } from '../clinic-data';
import { ARTIGOS, ARTIGOS_INTRODUCAO, LIVROS, REDES_SOCIAIS_DESCRICAO } from '../content/artigos';
import { PAGINAS } from '../content/comum';
import { pageOrigin } from '../../../lib/page-answers';
import { usePageHead } from '../../../lib/page-head';
import site from '../site-page.module.css';
import styles from './articles-page.module.css';

type TabId = 'artigos' | 'livros' | 'redes';

const TABS: { id: TabId; label: string; icon: LucideIcon }[] = [
  { id: 'artigos', label: 'Artigos', icon: FileText },
  { id: 'livros', label: 'Livros', icon: BookOpen },
  { id: 'redes', label: 'Redes sociais', icon: Share2 },
];

const isTab = (value: string | null): value is TabId => TABS.some((t) => t.id === value);

/** 6571 → '6,4 KB'. */
export const formatFileSize = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${(bytes / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} KB`
    : `${(bytes / (1024 * 1024)).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`;

const NewTab = () => <span className="visually-hidden">(abre em nova aba)</span>;

/**
 * /artigos (docs/behaviour/site.md#articles): three selectors. 'Artigos': the clinic's PDFs, each
 * downloaded; 'Livros': reference books, opened in a new tab; 'Redes
 * sociais': the clinic's networks from the company data, in a new tab. The
 * selected tab is in the address (`?aba=livros`), so it can be shared.
 */
export function ArticlesPage() {
  usePageHead({
    title: PAGINAS.artigos.titulo,
    description: PAGINAS.artigos.descricao,
    canonical: `${pageOrigin()}/artigos`,
  });
  const [params, setParams] = useSearchParams();
  const aba = params.get('aba');
  const current: TabId = isTab(aba) ? aba : 'artigos';
  const baseId = useId();
  const tabRefs = useRef<Record<TabId, HTMLButtonElement | null>>({ artigos: null, livros: null, redes: null });

  const select = (id: TabId) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (id === 'artigos') next.delete('aba');
        else next.set('aba', id);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  // WAI-ARIA tabs: arrows, Home and End move between the tabs (and select them).
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = TABS.findIndex((t) => t.id === current);
    const target = {
      ArrowRight: (index + 1) % TABS.length,
      ArrowLeft: (index - 1 + TABS.length) % TABS.length,
      Home: 0,
      End: TABS.length - 1,
    }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const id = TABS[target]!.id;
    select(id);
    tabRefs.current[id]?.focus();
  };

  return (
    <div className={site.page}>
      <header className={site.head}>
        <span className={styles.eyebrow}>Conteúdos</span>
        <h1 className={site.title}>Artigos, livros e redes sociais</h1>
        <p className={site.intro}>{ARTIGOS_INTRODUCAO}</p>
      </header>

      <div className={styles.tabs} role="tablist" aria-label="Conteúdos">
        {TABS.map(({ id, label, icon: Icon }) => (
          <button
            key={id}
            ref={(el) => {
              tabRefs.current[id] = el;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${id}`}
            aria-controls={`${baseId}-panel-${id}`}
            aria-selected={current === id}
            tabIndex={current === id ? 0 : -1}
            className={styles.tab}
            onClick={() => select(id)}
            onKeyDown={onKeyDown}
          >
            <Icon size={18} aria-hidden="true" />
            {label}
          </button>
        ))}
      </div>

      <div
        role="tabpanel"
        id={`${baseId}-panel-${current}`}
        aria-labelledby={`${baseId}-tab-${current}`}
        className={styles.panel}
        tabIndex={0}
      >
        {current === 'artigos' && <ArticlesPanel />}
        {current === 'livros' && <BooksPanel />}
        {current === 'redes' && <SocialPanel />}
      </div>
    </div>
  );
}

function ArticlesPanel() {
  return (
    <ul className={`${styles.grid} ${styles.four}`}>
      {ARTIGOS.map((a) => (
        <li key={a.id} className={styles.card} data-testid="article-card">
          <span className={styles.cardIcon} aria-hidden="true">
            <FileText size={22} />
          </span>
          <h2 className={styles.cardTitle}>{a.titulo}</h2>
          <p className={styles.cardText}>{a.resumo}</p>
          <p className={styles.meta}>
            PDF · {a.paginas} {a.paginas === 1 ? 'página' : 'páginas'} · {formatFileSize(a.bytes)}
          </p>
          <a
            className={buttonClassName({ variant: 'outline' }, styles.cardAction)}
            href={a.arquivo}
            download
            type="application/pdf"
          >
            <Download size={18} aria-hidden="true" />
            Baixar PDF
            <span className="visually-hidden">: {a.titulo}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

function BooksPanel() {
  return (
    <ul className={styles.grid}>
      {LIVROS.map((livro) => (
        <li key={livro.titulo} className={styles.card} data-testid="book-card">
          <span className={`${styles.cardIcon} ${styles.bookIcon}`} aria-hidden="true">
            <BookOpen size={22} />
          </span>
          <h2 className={styles.cardTitle}>{livro.titulo}</h2>
          <p className={styles.meta}>
            {livro.autores === livro.editora ? '' : `${livro.autores} · `}
            {livro.editora}, {livro.ano}
          </p>
          <p className={styles.cardText}>{livro.descricao}</p>
          <a className={styles.cardLink} href={livro.url} target="_blank" rel="noopener noreferrer">
            Ver o livro
            <ExternalLink size={16} aria-hidden="true" />
            <span className="visually-hidden">: {livro.titulo}</span>
            <NewTab />
          </a>
        </li>
      ))}
    </ul>
  );
}

const SOCIAL_ICONS: Record<SocialLink['network'], typeof WhatsAppIcon> = {
  whatsapp: WhatsAppIcon,
  instagram: InstagramIcon,
  facebook: FacebookIcon,
  youtube: YouTubeIcon,
};

/** What to show under a network's name: the phone for WhatsApp, otherwise the address without the scheme. */
function handleOf({ network, href }: SocialLink): string {
  if (network === 'whatsapp') return clinicPhone(href)?.display ?? 'WhatsApp';
  const url = new URL(href);
  return `${url.host.replace(/^www\./, '')}${url.pathname.replace(/\/$/, '')}`;
}

function SocialPanel() {
  const { data: empresa, isPending, isError } = useEmpresa();
  if (isPending) {
    return (
      <ul className={styles.grid} aria-busy="true">
        {[0, 1, 2].map((i) => (
          <li key={i} className={`${styles.card} ${styles.placeholder}`} />
        ))}
      </ul>
    );
  }
  const links = empresa ? socialLinks(empresa) : [];
  if (isError || links.length === 0) {
    return <p className={styles.empty}>{MSG.redesSociaisIndisponiveis}</p>;
  }
  return (
    <ul className={`${styles.grid} ${links.length === 4 ? styles.four : ''}`}>
      {links.map((link) => {
        const Icon = SOCIAL_ICONS[link.network];
        return (
          <li key={link.network} className={styles.card} data-testid="social-card">
            <span className={`${styles.cardIcon} ${styles[link.network]}`} aria-hidden="true">
              <Icon size={24} />
            </span>
            <h2 className={styles.cardTitle}>{link.label}</h2>
            <p className={styles.meta}>{handleOf(link)}</p>
            <p className={styles.cardText}>{REDES_SOCIAIS_DESCRICAO[link.network]}</p>
            <a className={styles.cardLink} href={link.href} target="_blank" rel="noopener noreferrer">
              Abrir {link.label}
              <ExternalLink size={16} aria-hidden="true" />
              <NewTab />
            </a>
          </li>
        );
      })}
    </ul>
  );
}

export { ArticlesPage as Component };
