import { Sparkles } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button';
import { PageFrame } from '../../components/ui/page-frame';
import { useRouteHandle } from '../route-handle';
import styles from './coming-soon-page.module.css';

/**
 * The frame of a screen delivered by a later issue: its pt-BR title and a
 * friendly line (from the route handle), never a blank page.
 */
export function ComingSoonPage() {
  const { title = 'Em breve', description } = useRouteHandle();
  return (
    <PageFrame title={title}>
      <div className={styles.card}>
        <span className={styles.icon} aria-hidden="true">
          <Sparkles size={28} />
        </span>
        <p className={styles.text}>
          {description ?? 'Estamos preparando esta página com carinho. Em breve ela estará disponível.'}
        </p>
        <div className={styles.actions}>
          <ButtonLink to="/loja">Ir para a loja</ButtonLink>
          <ButtonLink to="/" variant="outline">
            Voltar ao início
          </ButtonLink>
        </div>
      </div>
    </PageFrame>
  );
}

export { ComingSoonPage as Component };
