import { formatBRL } from '@clinica/shared/money';
import { MINIMO_SUGESTAO, sugestoesApi, type Sugestoes } from '@clinica/shared/schemas/produto-sugestoes';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { categoriaPath } from '../../../components/catalog/category-path';
import { ResponsiveImage } from '../../../components/catalog/responsive-image';
import { callEndpoint } from '../../../lib/api-client';
import type { ComboboxAria, SuggestionKeys } from './search-combobox';
import styles from './search-suggestions.module.css';

/** How long the typing must pause before asking for suggestions (ADR 045). */
const SUGGESTION_DEBOUNCE_MS = 200;

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const id = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(id);
  }, [value, ms]);
  return debounced;
}

interface Option {
  key: string;
  href: string;
  kind: 'produto' | 'categoria';
  produto?: Sugestoes['produtos'][number];
  nome: string;
}

/**
 * The options, products first. A product opens its page (components/catalog/product-path.ts, written out here: importing
 * it would split the product page's shared chunk in two, and the page is at its JavaScript budget).
 */
function optionsOf(data: Sugestoes | undefined): Option[] {
  if (!data) return [];
  return [
    ...data.produtos.map((p) => ({
      key: `p${p.id}`,
      href: `/details/${p.id}`,
      kind: 'produto' as const,
      produto: p,
      nome: p.nome,
    })),
    ...data.categorias.map((c) => ({
      key: `c${c.id}`,
      href: categoriaPath(c.id, c.nome),
      kind: 'categoria' as const,
      nome: c.nome,
    })),
  ];
}

const announcement = (n: number) =>
  n === 0 ? 'Nenhuma sugestão' : n === 1 ? '1 sugestão disponível' : `${n} sugestões disponíveis`;

export interface SearchSuggestionsProps {
  listId: string;
  /** The field's text as typed. */
  term: string;
  onAria: (aria: ComboboxAria) => void;
  keysRef: RefObject<SuggestionKeys | null>;
  /** A suggestion was opened: the search row closes. */
  onDone: () => void;
}

/**
 * The header search's suggestions while the person types (ADR 045): products (picture, name, price) and
 * categories, asked for 200 ms after the typing pauses, from 2 characters. Each text is its own query (TanStack
 * Query, the request aborted when the text changes), so a late answer for an older text never shows for a newer
 * one. WAI-ARIA combobox: arrows move, Enter opens the active option (without one the form searches), Escape closes.
 */
export function SearchSuggestions({ listId, term, onAria, keysRef, onDone }: SearchSuggestionsProps) {
  const navigate = useNavigate();
  const texto = useDebounced(term.trim(), SUGGESTION_DEBOUNCE_MS);
  const enabled = texto.length >= MINIMO_SUGESTAO && texto.length <= 100;
  const query = useQuery({
    queryKey: ['produto', 'sugestoes', texto],
    queryFn: ({ signal }) => callEndpoint(sugestoesApi.sugestoes, { query: { termo: texto }, signal }),
    enabled,
    staleTime: 60_000,
  });
  const current = enabled && term.trim() === texto ? query.data : undefined;
  const options = optionsOf(current);
  const [active, setActive] = useState(-1);
  const [dismissed, setDismissed] = useState(false);
  const [seen, setSeen] = useState({ term, current });
  if (seen.term !== term || seen.current !== current) {
    // New text or new answer: nothing active; typing opens the list again after an Escape.
    setSeen({ term, current });
    setActive(-1);
    if (seen.term !== term) setDismissed(false);
  }
  const open = options.length > 0 && !dismissed;
  const activeId = open && active >= 0 ? `${listId}-${options[active]!.key}` : undefined;

  useEffect(() => {
    onAria({
      role: 'combobox',
      'aria-autocomplete': 'list',
      'aria-expanded': open,
      'aria-controls': listId,
      'aria-activedescendant': activeId,
    });
  }, [onAria, open, listId, activeId]);

  const pick = (option: Option) => {
    onDone();
    void navigate(option.href);
  };

  useEffect(() => {
    keysRef.current = (e) => {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        if (options.length === 0) return false;
        if (!open) {
          setDismissed(false);
          setActive(e.key === 'ArrowDown' ? 0 : options.length - 1);
        } else if (e.key === 'ArrowDown') setActive((i) => (i + 1) % options.length);
        else setActive((i) => (i <= 0 ? options.length - 1 : i - 1));
        return true;
      }
      if (e.key === 'Enter' && open && active >= 0) {
        pick(options[active]!);
        return true;
      }
      if (e.key === 'Escape' && open) {
        setDismissed(true);
        return true;
      }
      return false;
    };
    return () => {
      keysRef.current = null;
    };
  });

  return (
    <>
      <div role="status" className="visually-hidden">
        {current ? announcement(options.length) : ''}
      </div>
      <ul id={listId} role="listbox" aria-label="Sugestões" className={styles.list} hidden={!open}>
        {open &&
          options.map((option, i) => (
            <li
              key={option.key}
              id={`${listId}-${option.key}`}
              role="option"
              aria-selected={i === active}
              className={styles.option}
              data-active={i === active || undefined}
              // Keeps the focus in the field: the click still picks the option.
              onMouseDown={(e) => e.preventDefault()}
              onMouseMove={() => setActive(i)}
              onClick={() => pick(option)}
            >
              {option.produto ? (
                <>
                  {option.produto.imagemDestaque ? (
                    <ResponsiveImage
                      imagem={option.produto.imagemDestaque}
                      alt=""
                      sizes="48px"
                      className={styles.thumb}
                    />
                  ) : (
                    <span className={styles.thumb} aria-hidden="true" />
                  )}
                  <span className={styles.name}>{option.nome}</span>
                  <span className={styles.price}>{formatBRL(option.produto.preco)}</span>
                </>
              ) : (
                <>
                  <span className={styles.kind}>Categoria</span>
                  <span className={styles.name}>{option.nome}</span>
                </>
              )}
            </li>
          ))}
      </ul>
    </>
  );
}
