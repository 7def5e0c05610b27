import { LockKeyhole } from 'lucide-react';
import type { ReactNode } from 'react';
import { ToothMark } from '../../../components/brand/logo';
import { useDocumentTitle } from '../../../components/ui/page-frame';
import styles from './auth-shell.module.css';

export interface AuthShellProps {
  /** The page's h1 (also the tab title). */
  title: string;
  subtitle: ReactNode;
  /** The teal side panel (desktop): title, text and up to three highlights. */
  panelTitle: string;
  panelText: string;
  highlights: { icon: ReactNode; text: string }[];
  /** Under the form: links back to /signIn etc. */
  footer?: ReactNode;
  /** A wider form column (the sign-up address grid). */
  wide?: boolean;
  children: ReactNode;
}

/**
 * The frame of the signed-out account screens (/signUp, /forgot), matching the
 * sign-in card: a teal panel on desktop and the form card.
 */
export function AuthShell({
  title,
  subtitle,
  panelTitle,
  panelText,
  highlights,
  footer,
  wide,
  children,
}: AuthShellProps) {
  useDocumentTitle(title);
  return (
    <div className={styles.page}>
      <div className={`${styles.grid} ${wide ? styles.wide : ''}`}>
        <aside className={styles.panel} aria-hidden="true">
          <PanelArt className={styles.panelArt} />
          <div className={styles.panelContent}>
            <ToothMark className={styles.panelMark} />
            <h2 className={styles.panelTitle}>{panelTitle}</h2>
            <p className={styles.panelText}>{panelText}</p>
            <ul className={styles.highlights}>
              {highlights.map((h) => (
                <li key={h.text}>
                  <span className={styles.highlightIcon}>{h.icon}</span>
                  {h.text}
                </li>
              ))}
            </ul>
          </div>
        </aside>

        <div className={styles.card}>
          <div className={styles.cardInner}>
            <h1 className={styles.title}>{title}</h1>
            <p className={styles.subtitle}>{subtitle}</p>
            {children}
            {footer && <div className={styles.footer}>{footer}</div>}
            <p className={styles.secureNote}>
              <LockKeyhole size={14} aria-hidden="true" />
              Ambiente seguro: seus dados são protegidos.
            </p>
          </div>
        </div>
      </div>
    </div>
  );
}

/** Decorative rings of the panel. */
function PanelArt({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 340 340" aria-hidden="true">
      <circle cx="170" cy="170" r="168" fill="none" stroke="rgb(255 255 255 / 0.08)" strokeWidth="2" />
      <circle cx="170" cy="170" r="128" fill="rgb(255 255 255 / 0.05)" />
      <circle cx="170" cy="170" r="88" fill="rgb(255 255 255 / 0.07)" />
      <path d="M256 86v18M247 95h18M92 232v12M86 238h12" stroke="#f2b544" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}

/** The styles of the shell's form parts (step actions, links), shared by the signed-out screens. */
export { styles as authStyles };
