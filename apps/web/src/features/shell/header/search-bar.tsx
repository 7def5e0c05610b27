import { MSG } from '@clinica/shared/messages';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import styles from './header.module.css';
import type { ComboboxAria, SuggestionKeys } from './search-combobox';
import { SearchSuggestions } from './search-suggestions';

interface SearchBarProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  onClose: () => void;
}

/**
 * The search row under the header bar, loaded when the search button is first pointed at or pressed (header.tsx), so
 * neither it nor its suggestions are in any page's first render (ADR 045). Enter searches, Esc closes. The field is a
 * combobox whose suggestions (search-suggestions.tsx) hand it their ARIA state and keys.
 */
export default function SearchBar({ id, value, onChange, onSubmit, onClose }: SearchBarProps) {
  const input = useRef<HTMLInputElement>(null);
  const [aria, setAria] = useState<ComboboxAria | null>(null);
  const keysRef = useRef<SuggestionKeys | null>(null);
  useEffect(() => input.current?.focus(), []);
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
          ref={input}
          id={`${id}-input`}
          className={styles.searchInput}
          type="search"
          placeholder={MSG.pesquisePorProdutos}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={(e: KeyboardEvent<HTMLInputElement>) => {
            if (keysRef.current?.(e)) e.preventDefault();
            else if (e.key === 'Escape') onClose();
          }}
          enterKeyHint="search"
          autoComplete="off"
          {...aria}
        />
      </div>
      <SearchSuggestions listId={`${id}-list`} term={value} onAria={setAria} keysRef={keysRef} onDone={onClose} />
    </form>
  );
}
