import { useSearchParams } from 'react-router';
import { PAGINAS } from '../content/comum';
import { CONTATO } from '../content/contato';
import { pageOrigin } from '../../../lib/page-answers';
import { usePageHead } from '../../../lib/page-head';
import { pagePart } from '../../../lib/page-part';
import { ContactInfo } from './contact-info';
import site from '../site-page.module.css';
import styles from './contact-page.module.css';

/** The form, its rules and react-hook-form come after the page's own code (lib/page-part.tsx). */
const ContactForm = pagePart(() => import('./contact-form').then((m) => m.ContactForm));

/**
 * /contato (docs/behaviour/site.md#contact): the contact form beside the clinic's phones, e-mail,
 * hours and map. `?assunto=agendamento` (from the home's 'Agende sua
 * avaliação') preselects the subject.
 */
export function ContactPage() {
  usePageHead({
    title: PAGINAS.contato.titulo,
    description: PAGINAS.contato.descricao,
    canonical: `${pageOrigin()}/contato`,
  });
  const [params] = useSearchParams();
  const assunto = params.get('assunto');

  return (
    <div className={site.page}>
      <header className={site.head}>
        <h1 className={site.title}>{CONTATO.titulo}</h1>
        <p className={styles.subtitle}>{CONTATO.subtitulo}</p>
        <p className={site.intro}>{CONTATO.introducao}</p>
      </header>
      <div className={styles.layout}>
        <div className={`${styles.card} ${styles.formCard}`}>
          <ContactForm assunto={assunto} />
        </div>
        <aside className={styles.aside} aria-label="Dados da clínica">
          <ContactInfo />
        </aside>
      </div>
    </div>
  );
}

export { ContactPage as Component };
