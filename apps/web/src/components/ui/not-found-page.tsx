import { MSG } from '@clinica/shared/messages';
import { ButtonLink } from './button';
import { useDocumentTitle } from '../../lib/page-head';
import styles from './not-found-page.module.css';

/** 'Página não encontrada!': unknown paths and pages the signed-in role may not open. */
export function NotFoundPage({ text = MSG.paginaNaoEncontradaTexto }: { text?: string }) {
  useDocumentTitle(MSG.paginaNaoEncontrada);
  return (
    <section className={styles.page} aria-labelledby="not-found-title">
      <div>
        <svg className={styles.art} viewBox="0 0 168 120" aria-hidden="true">
          <ellipse cx="84" cy="108" rx="52" ry="7" fill="#d3f1ec" />
          <path
            d="M84 22c-7-5.5-15.6-7.4-23.8-4.9C48 20.9 42.1 34 45.7 49.6c2.5 10.8 5.5 20.4 7.2 30.7 1.7 10.5 4.4 18.5 10.7 18.5 5.9 0 7.6-7.2 9.3-15.4 1.5-7.6 3.6-13.7 11.1-13.7s9.6 6.1 11.1 13.7c1.7 8.2 3.4 15.4 9.3 15.4 6.3 0 9-8 10.7-18.5 1.7-10.3 4.7-19.9 7.2-30.7C125.9 34 120 20.9 107.8 17.1 99.6 14.6 91 16.5 84 22z"
            fill="#fff"
            stroke="#0f7f76"
            strokeWidth="4"
            strokeLinejoin="round"
          />
          <circle cx="72" cy="46" r="4" fill="#13293d" />
          <circle cx="96" cy="46" r="4" fill="#13293d" />
          <path d="M74 62c6-4 14-4 20 0" fill="none" stroke="#13293d" strokeWidth="3.5" strokeLinecap="round" />
          <path d="M128 18l8-8M134 26h10M124 12V2" stroke="#e69a1f" strokeWidth="3.5" strokeLinecap="round" />
        </svg>
        <span className={styles.code}>ERRO 404</span>
        <h1 id="not-found-title" className={styles.title}>
          {MSG.paginaNaoEncontrada}
        </h1>
        <p className={styles.text}>{text}</p>
        <div className={styles.actions}>
          <ButtonLink to="/">Voltar ao início</ButtonLink>
          <ButtonLink to="/loja" variant="outline">
            Ir para a loja
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
