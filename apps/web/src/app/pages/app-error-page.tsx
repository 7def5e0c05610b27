import { MSG } from '@clinica/shared/messages';
import { TriangleAlert } from 'lucide-react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button, buttonClassName } from '../../components/ui/button';
import styles from './app-error-page.module.css';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return String(error ?? '');
}

/** The router's error element: 'Unexpected Application Error!' (docs/behaviour/site.md#not-found). */
export function AppErrorPage() {
  const error = useRouteError();
  const detail = describe(error);
  if (error) console.error(error);
  return (
    <div className={styles.page} role="alert">
      <div className={styles.card}>
        <span className={styles.icon} aria-hidden="true">
          <TriangleAlert size={30} />
        </span>
        <h1 className={styles.title}>{MSG.erroAplicacao}</h1>
        <p className={styles.text}>Algo não saiu como esperado. Recarregue a página ou volte ao início.</p>
        {detail && <pre className={styles.detail}>{detail}</pre>}
        <div className={styles.actions}>
          <Button onClick={() => window.location.reload()}>Recarregar a página</Button>
          {/* a plain link: the router may be the part that failed */}
          <a href="/" className={buttonClassName({ variant: 'outline' })}>
            Voltar ao início
          </a>
        </div>
      </div>
    </div>
  );
}
