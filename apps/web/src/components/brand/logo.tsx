import { Link } from 'react-router';
import styles from './logo.module.css';

/** The clinic's tooth mark. */
export function ToothMark({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <rect width="48" height="48" rx="13" fill="#0f7f76" />
      <path
        d="M24 12.2c-2.6-2-5.8-2.7-8.8-1.8-4.5 1.4-6.7 6.2-5.4 12 .9 4 2 7.5 2.7 11.4.6 3.9 1.6 6.9 4 6.9 2.2 0 2.8-2.7 3.4-5.7.6-2.8 1.3-5.1 4.1-5.1s3.5 2.3 4.1 5.1c.6 3 1.2 5.7 3.4 5.7 2.4 0 3.4-3 4-6.9.7-3.9 1.8-7.4 2.7-11.4 1.3-5.8-.9-10.6-5.4-12-3-.9-6.2-.2-8.8 1.8z"
        fill="#fff"
      />
      <path d="M16.5 19.5c.6-2.1 2-3.4 4-3.8" fill="none" stroke="#a7e3d9" strokeWidth="2.2" strokeLinecap="round" />
      <path d="M37.5 8.5v5M35 11h5" stroke="#f2b544" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

interface LogoProps {
  /** White text for dark backgrounds. */
  inverse?: boolean;
  className?: string;
}

/** The logo linking home: tooth mark + 'Sorriso Pleno' / 'Clínica Odontológica'. */
export function Logo({ inverse, className }: LogoProps) {
  return (
    <Link
      to="/"
      className={[styles.logo, inverse && styles.inverse, className].filter(Boolean).join(' ')}
      aria-label="Clínica Odontológica Sorriso Pleno: página inicial"
    >
      <ToothMark className={styles.mark} />
      <span className={styles.text} aria-hidden="true">
        <span className={styles.name}>Sorriso Pleno</span>
        <span className={styles.tagline}>Clínica Odontológica</span>
      </span>
    </Link>
  );
}
