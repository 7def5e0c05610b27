import type { ButtonHTMLAttributes, Ref } from 'react';
import { initials } from '../../../lib/initials';
import styles from './user-menu.module.css';

interface AvatarProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  name: string | undefined;
  ref?: Ref<HTMLButtonElement>;
}

/** The round initials button that opens the user menu. */
export function AvatarButton({ name, ref, ...rest }: AvatarProps) {
  const letters = initials(name);
  return (
    <button ref={ref} type="button" className={styles.avatar} aria-label="Abrir menu do usuário" {...rest}>
      {letters ? <span aria-hidden="true">{letters}</span> : <UserGlyph />}
    </button>
  );
}

function UserGlyph() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" strokeLinecap="round" />
    </svg>
  );
}
