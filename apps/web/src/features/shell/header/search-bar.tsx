import { MSG } from '@clinica/shared/messages';
import type { RefObject } from 'react';
import styles from './header.module.css';

interface SearchBarProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  onClose: () => void;
  inputRef: RefObject<HTMLInputElement | null>;
}

/** The search row under the header bar; Enter searches, Esc closes. */
export function SearchBar({ id, value, onChange, onSubmit, onClose, inputRef }: SearchBarProps) {
  return (
    <form
      id={id}
      role="search"
      className={styles.searchRow}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <div className={styles.searchInner}>
        <label htmlFor={`${id}-input`} className="visually-hidden">
          {MSG.pesquisePorProdutos}
        </label>
        <input
          ref={inputRef}
          id={`${id}-input`}
          className={styles.searchInput}
          type="search"
          placeholder={MSG.pesquisePorProdutos}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') onClose();
          }}
          enterKeyHint="search"
          autoComplete="off"
        />
      </div>
    </form>
  );
}
