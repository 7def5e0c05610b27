import { MSG } from '@clinica/shared/messages';
import { lazy, Suspense, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import styles from './header.module.css';
import type { ComboboxAria, SuggestionKeys } from './search-combobox';

// The suggestions (ADR 045) load when the field first gets focus: they are not part of any page's first render.
const SearchSuggestions = lazy(() => import('./search-suggestions'));

interface SearchBarProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  onClose: () => void;
  inputRef: RefObject<HTMLInputElement | null>;
}

/**
 * The search row under the header bar; Enter searches, Esc closes. From the first focus the field is a combobox
 * whose suggestions (search-suggestions.tsx) hand it their ARIA state and keys.
 */
export function SearchBar({ id, value, onChange, onSubmit, onClose, inputRef }: SearchBarProps) {
  const [suggest, setSuggest] = useState(false);
  const [aria, setAria] = useState<ComboboxAria | null>(null);
  const keys = useRef<SuggestionKeys | null>(null);
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
          onFocus={() => setSuggest(true)}
          onKeyDown={(e: KeyboardEvent<HTMLInputElement>) => {
            if (keys.current?.(e)) e.preventDefault();
            else if (e.key === 'Escape') onClose();
          }}
          enterKeyHint="search"
          autoComplete="off"
          {...aria}
        />
      </div>
      {suggest && (
        <Suspense fallback={null}>
          <SearchSuggestions listId={`${id}-list`} term={value} onAria={setAria} keys={keys} onDone={onClose} />
        </Suspense>
      )}
    </form>
  );
}
