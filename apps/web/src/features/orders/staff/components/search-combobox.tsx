import { useQuery } from '@tanstack/react-query';
import { LoaderCircle, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { fieldIconButtonClass, TextField } from '../../../../components/ui/text-field';
import { errorMessage } from '../../../../lib/api-client';
import type { Sugestao } from '../../api/buscas';
import { pedidoKeys } from '../../api/keys';
import styles from './search-combobox.module.css';

/** The search waits this long after the last keystroke. */
const BUSCA_DEBOUNCE_MS = 300;

/** `value`, once it has stayed the same for `delayMs`. */
function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** The chosen record: its id ('' when none) and the name shown. */
export interface Escolha {
  id: string;
  nome: string;
}

export interface SearchComboboxProps {
  label: string;
  tipo: 'cliente' | 'produto';
  placeholder?: string;
  /** Said under the field while nothing is chosen (how many letters start the search). */
  hint: string;
  /** The search starts at this many characters. */
  minChars: number;
  search: (texto: string, signal?: AbortSignal) => Promise<Sugestao[]>;
  value: Escolha;
  onChange: (value: Escolha) => void;
  error?: string;
}

/**
 * A text field that searches as the user types (from `minChars` characters,
 * after a pause) and offers the matches in a list (ARIA combobox: arrows,
 * Enter, Escape); choosing one keeps its id. Typing again drops the choice;
 * the × clears it.
 */
export function SearchCombobox({
  label,
  tipo,
  placeholder,
  hint,
  minChars,
  search,
  value,
  onChange,
  error,
}: SearchComboboxProps) {
  const listId = useId();
  const [texto, setTexto] = useState(value.nome);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);

  // The choice changes from outside (Limpar, the back button): the text follows it. Changes made
  // here record their own key first, so typing over a choice keeps what was typed.
  const chave = `${value.id}|${value.nome}`;
  const [vista, setVista] = useState(chave);
  if (vista !== chave) {
    setVista(chave);
    setTexto(value.nome);
  }
  const mudar = (v: Escolha) => {
    setVista(`${v.id}|${v.nome}`);
    onChange(v);
  };

  const escolhido = value.id !== '';
  const termo = useDebounced(texto.trim(), BUSCA_DEBOUNCE_MS);
  const buscando = !escolhido && termo.length >= minChars;
  const query = useQuery({
    queryKey: pedidoKeys.busca(tipo, termo.toLowerCase()),
    queryFn: ({ signal }) => search(termo, signal),
    enabled: buscando,
    staleTime: 30_000,
    meta: { private: true },
  });
  const opcoes = buscando ? (query.data ?? []) : [];
  const mostrar = open && !escolhido && texto.trim().length >= minChars;

  const escolher = (s: Sugestao) => {
    mudar({ id: String(s.id), nome: s.nome });
    setTexto(s.nome);
    setOpen(false);
    setActive(-1);
  };

  const limpar = () => {
    mudar({ id: '', nome: '' });
    setTexto('');
    setActive(-1);
    inputRef.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' && opcoes.length > 0) {
      e.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % opcoes.length);
    } else if (e.key === 'ArrowUp' && opcoes.length > 0) {
      e.preventDefault();
      setActive((i) => (i <= 0 ? opcoes.length - 1 : i - 1));
    } else if (e.key === 'Enter' && mostrar && active >= 0 && opcoes[active]) {
      // Choosing, not submitting the filter form.
      e.preventDefault();
      escolher(opcoes[active]);
    } else if (e.key === 'Escape' && mostrar) {
      e.preventDefault();
      setOpen(false);
    }
  };

  const status = !mostrar
    ? null
    : query.isError
      ? errorMessage(query.error)
      : query.isFetching && opcoes.length === 0
        ? 'Buscando...'
        : query.isSuccess && opcoes.length === 0 && termo === texto.trim()
          ? 'Nenhum resultado.'
          : null;

  return (
    <div className={styles.combobox}>
      <TextField
        ref={inputRef}
        label={label}
        placeholder={placeholder}
        autoComplete="off"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={mostrar && opcoes.length > 0}
        aria-controls={listId}
        aria-activedescendant={mostrar && active >= 0 ? `${listId}-${active}` : undefined}
        value={texto}
        hint={escolhido ? undefined : hint}
        error={error}
        status={error ? 'invalid' : 'idle'}
        onChange={(e) => {
          setTexto(e.target.value);
          setOpen(true);
          setActive(-1);
          if (escolhido) mudar({ id: '', nome: '' });
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        endAdornment={
          query.isFetching && buscando ? (
            <LoaderCircle size={18} className={styles.spinner} aria-hidden="true" />
          ) : texto ? (
            <button
              type="button"
              className={fieldIconButtonClass}
              onClick={limpar}
              aria-label={`Limpar ${label.toLowerCase()}`}
            >
              <X size={18} aria-hidden="true" />
            </button>
          ) : undefined
        }
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={label}
        className={styles.list}
        hidden={!mostrar || opcoes.length === 0}
      >
        {opcoes.map((s, i) => (
          <li
            key={s.id}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            className={`${styles.option} ${i === active ? styles.active : ''}`}
            // mousedown, not click: the input's blur would close the list first.
            onMouseDown={(e) => {
              e.preventDefault();
              escolher(s);
            }}
          >
            <span className={styles.name}>{s.nome}</span>
            {s.detalhe && <span className={styles.detail}>{s.detalhe}</span>}
          </li>
        ))}
      </ul>
      {status && (
        <p className={styles.status} role="status">
          {status}
        </p>
      )}
    </div>
  );
}
