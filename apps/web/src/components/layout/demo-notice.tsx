import { MSG } from '@clinica/shared/messages';
import { isDemoStore } from '../../lib/demo-mode';
import styles from './demo-notice.module.css';

/**
 * The strip above the header of every page of a demo store (ADR 022): 'Loja de demonstração', and that payments and
 * e-mails are simulated. Nothing outside demo mode. It is in the page's first render (the server's or the browser's),
 * so it moves nothing after the page has painted. No icon module: it is on every page's first render (docs/quality.md#p6-javascript-of-the-public-pages).
 */
export function DemoNotice() {
  if (!isDemoStore()) return null;
  return (
    <p className={styles.notice} role="note">
      <strong className={styles.label}>{MSG.lojaDemonstracao}</strong> {MSG.lojaDemonstracaoAviso}
    </p>
  );
}
