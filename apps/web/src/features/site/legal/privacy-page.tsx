import { MSG_TERMOS } from '@clinica/shared/messages-termos';
import { VERSAO_PRIVACIDADE } from '@clinica/shared/termos';
import { pageOrigin } from '../../../lib/page-answers';
import { usePageHead } from '../../../lib/page-head';
import { PAGINAS } from '../content/comum';
import { ARMAZENAMENTO_NAVEGADOR, PRIVACIDADE, PRIVACIDADE_INTRO } from '../content/legal';
import { LegalPage } from './legal-page';
import styles from './legal-page.module.css';

/**
 * /privacidade (docs/behaviour/site.md#terms-and-privacy): the privacy policy, rendered by the server (ADR 019), with
 * the browser storage keys the store uses.
 */
export function PrivacyPage() {
  usePageHead({
    title: PAGINAS.privacidade.titulo,
    description: PAGINAS.privacidade.descricao,
    canonical: `${pageOrigin()}/privacidade`,
  });
  return (
    <LegalPage
      eyebrow="LGPD"
      titulo={MSG_TERMOS.politicaPrivacidade}
      versao={VERSAO_PRIVACIDADE}
      intro={PRIVACIDADE_INTRO}
      secoes={PRIVACIDADE}
      extra={{
        navegador: (
          <table className={styles.storage}>
            <caption className="visually-hidden">Dados guardados no navegador</caption>
            <thead>
              <tr>
                <th scope="col">Chave</th>
                <th scope="col">Para quê</th>
              </tr>
            </thead>
            <tbody>
              {ARMAZENAMENTO_NAVEGADOR.map((k) => (
                <tr key={k.chave}>
                  <td>
                    <code>{k.chave}</code>
                  </td>
                  <td>{k.para}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ),
      }}
      outro={{ to: '/termos', rotulo: MSG_TERMOS.termosDeCompra }}
    />
  );
}

export { PrivacyPage as Component };
