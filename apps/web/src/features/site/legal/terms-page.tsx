import { MSG_TERMOS } from '@clinica/shared/messages-termos';
import { VERSAO_TERMOS } from '@clinica/shared/termos';
import { pageOrigin } from '../../../lib/page-answers';
import { usePageHead } from '../../../lib/page-head';
import { PAGINAS } from '../content/comum';
import { TERMOS, TERMOS_INTRO } from '../content/legal';
import { LegalPage } from './legal-page';

/** /termos (docs/behaviour/site.md#terms-and-privacy): the terms of purchase, rendered by the server (ADR 019). */
export function TermsPage() {
  usePageHead({
    title: PAGINAS.termos.titulo,
    description: PAGINAS.termos.descricao,
    canonical: `${pageOrigin()}/termos`,
  });
  return (
    <LegalPage
      eyebrow="Loja on-line"
      titulo={MSG_TERMOS.termosDeCompra}
      versao={VERSAO_TERMOS}
      intro={TERMOS_INTRO}
      secoes={TERMOS}
      outro={{ to: '/privacidade', rotulo: MSG_TERMOS.politicaPrivacidade }}
    />
  );
}

export { TermsPage as Component };
