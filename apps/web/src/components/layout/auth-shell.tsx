import { LockKeyhole } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ToothMark } from '../brand/logo';
import { useDocumentTitle } from '../../lib/page-head';
import styles from './auth-shell.module.css';

export interface AuthShellProps {
  /** The page's h1 (also the tab title). */
  title: string;
  subtitle: ReactNode;
  /** The teal side panel (desktop): title, text and up to three highlights. */
  panelTitle: string;
  panelText: string;
  highlights: { icon: ReactNode; text: string }[];
  /** The panel's art: soft rings, or the rings with a smiling tooth (sign-in). */
  art?: 'rings' | 'smile';
  /**
   * The line under the form: a question and its link ('Ainda não tem conta? Cadastre-se'); `state` goes along as the
   * link's location state (lib/sign-in-place.ts: the shopper's place kept through a sign-up).
   */
  footer?: { text: string; to: string; link: string; state?: unknown };
  /** The form column: 400 px (sign-in), 440 px, or 520 px with a wider card (the sign-up address grid). */
  width?: 'narrow' | 'default' | 'wide';
  children: ReactNode;
}

/**
 * The frame of the signed-out screens (/signIn, /signUp, /forgot): a teal
 * panel on desktop and the form card with its title, the form, the footer
 * link and the safe-environment note.
 */
export function AuthShell({
  title,
  subtitle,
  panelTitle,
  panelText,
  highlights,
  art = 'rings',
  footer,
  width = 'default',
  children,
}: AuthShellProps) {
  useDocumentTitle(title);
  return (
    <div className={styles.page}>
      <div className={width === 'default' ? styles.grid : `${styles.grid} ${styles[width]}`}>
        <aside className={styles.panel} aria-hidden="true">
          <PanelArt smile={art === 'smile'} />
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
            {footer && (
              <p className={styles.footer}>
                {footer.text}{' '}
                <Link to={footer.to} state={footer.state} className={styles.link}>
                  {footer.link}
                </Link>
              </p>
            )}
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

/** Decorative art of the panel: soft rings and sparkles, with a smiling tooth on the sign-in. */
function PanelArt({ smile }: { smile: boolean }) {
  return (
    <svg
      className={smile ? `${styles.panelArt} ${styles.panelArtSmile}` : styles.panelArt}
      viewBox="0 0 340 340"
      aria-hidden="true"
    >
      <circle cx="170" cy="170" r="168" fill="none" stroke="rgb(255 255 255 / 0.08)" strokeWidth="2" />
      <circle cx="170" cy="170" r="128" fill="rgb(255 255 255 / 0.05)" />
      <circle cx="170" cy="170" r="88" fill="rgb(255 255 255 / 0.07)" />
      {smile && (
        <>
          <path
            d="M170 118c-8.7-6.8-19.4-9.1-29.4-6-15.1 4.7-22.4 20.9-18 40.2 3.1 13.3 6.8 25.1 8.9 37.8 2.1 13 5.4 22.9 13.2 22.9 7.3 0 9.4-8.9 11.5-19 1.9-9.4 4.4-16.9 13.8-16.9s11.9 7.5 13.8 16.9c2.1 10.1 4.2 19 11.5 19 7.8 0 11.1-9.9 13.2-22.9 2.1-12.7 5.8-24.5 8.9-37.8 4.4-19.3-2.9-35.5-18-40.2-10-3.1-20.7-.8-29.4 6z"
            fill="#fff"
            opacity="0.95"
          />
          <path d="M155 158c8 6 22 6 30 0" fill="none" stroke="#0f7f76" strokeWidth="5" strokeLinecap="round" />
        </>
      )}
      <path d="M256 86v18M247 95h18M92 232v12M86 238h12" stroke="#f2b544" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}

/** The shell's form and text-link styles, for the forms it frames. */
export const authStyles = { form: styles.form, link: styles.link };
