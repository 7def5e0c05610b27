import { useSearchParams } from 'react-router';
import { PAGINAS } from '../content/comum';
import { CONTATO } from '../content/contato';
import { pageOrigin } from '../../../lib/page-answers';
import { usePageHead } from '../../../lib/page-head';
import { ContactForm, isAssunto } from './contact-form';
import { ContactInfo } from './contact-info';
import styles from './contact-page.module.css';

/**
 * /contato (SPEC §2): the contact form beside the clinic's phones, e-mail,
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
    <div className={styles.page}>
      <header className={styles.head}>
        <h1 className={styles.title}>{CONTATO.titulo}</h1>
        <p className={styles.subtitle}>{CONTATO.subtitulo}</p>
        <p className={styles.intro}>{CONTATO.introducao}</p>
      </header>
      <div className={styles.layout}>
        <div className={`${styles.card} ${styles.formCard}`}>
          <ContactForm assuntoInicial={isAssunto(assunto) ? assunto : undefined} />
        </div>
        <aside className={styles.aside} aria-label="Dados da clínica">
          <ContactInfo />
        </aside>
      </div>
    </div>
  );
}

export { ContactPage as Component };
