import { dataDaVersao } from '@clinica/shared/termos';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { legalLines } from '../../../lib/social-links';
import { CLINICA } from '../content/comum';
import type { SecaoLegal } from '../content/legal';
import { clinicPhone, useEmpresa } from '../clinic-data';
import site from '../site-page.module.css';
import styles from './legal-page.module.css';

/**
 * The layout of /termos and /privacidade (docs/behaviour/site.md#terms-and-privacy, ADR 035): the title, the text's
 * version, who the clinic is and how to reach it (GET /empresa/, embedded by the server render), an index and the
 * sections. `extra` adds content under a section (the privacy page's storage table).
 */
export function LegalPage(props: {
  eyebrow: string;
  titulo: string;
  versao: string;
  intro: string;
  secoes: SecaoLegal[];
  extra?: Partial<Record<string, ReactNode>>;
  outro: { to: string; rotulo: string };
}) {
  return (
    <div className={site.page}>
      <header className={site.head}>
        <span className={styles.eyebrow}>{props.eyebrow}</span>
        <h1 className={site.title}>{props.titulo}</h1>
        <p className={styles.version}>
          Versão de {dataDaVersao(props.versao)} <span className={styles.versionCode}>({props.versao})</span>
        </p>
        <p className={site.intro}>{props.intro}</p>
      </header>
      <div className={styles.layout}>
        <aside className={styles.aside}>
          <Clinica />
          <nav className={styles.index} aria-label="Nesta página">
            <ol>
              {props.secoes.map((s) => (
                <li key={s.id}>
                  <a href={`#${s.id}`}>{s.titulo}</a>
                </li>
              ))}
            </ol>
          </nav>
        </aside>
        <article className={styles.text}>
          {props.secoes.map((s) => (
            <section key={s.id} id={s.id} aria-labelledby={`${s.id}-titulo`} className={styles.section}>
              <h2 id={`${s.id}-titulo`}>{s.titulo}</h2>
              {s.paragrafos.map((p) => (
                <p key={p}>{p}</p>
              ))}
              {s.lista && (
                <ul>
                  {s.lista.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              )}
              {props.extra?.[s.id]}
            </section>
          ))}
          <p className={styles.other}>
            Veja também: <Link to={props.outro.to}>{props.outro.rotulo}</Link>
          </p>
        </article>
      </div>
    </div>
  );
}

/** Who sells and answers: the clinic's name, CNPJ, address, e-mail and WhatsApp (Decreto 7.962/2013, art. 2º). */
function Clinica() {
  const { data: empresa } = useEmpresa();
  const linhas = empresa ? legalLines(empresa) : [CLINICA.nome];
  const telefone = clinicPhone(empresa?.whatsapp);
  const e = empresa?.endereco;
  return (
    <section className={styles.clinic} aria-labelledby="clinica-titulo">
      <h2 id="clinica-titulo" className={styles.clinicTitle}>
        Quem vende e atende
      </h2>
      {linhas.map((l) => (
        <p key={l}>{l}</p>
      ))}
      {e && <p>CEP {e.cep.replace(/^(\d{5})(\d{3})$/, '$1-$2')}</p>}
      {empresa?.email && (
        <p>
          E-mail: <a href={`mailto:${empresa.email}`}>{empresa.email}</a>
        </p>
      )}
      {telefone && (
        <p>
          WhatsApp: <a href={telefone.tel}>{telefone.display}</a>
        </p>
      )}
      <p>
        <Link to="/contato">Página de contato</Link>
      </p>
    </section>
  );
}
