import type { ProdutoMenuItem } from '@clinica/shared/schemas/produto';
import { ChevronDown } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import styles from './header.module.css';

interface ProductMenuProps {
  label: string;
  items: readonly ProdutoMenuItem[] | undefined;
  loading: boolean;
  /** The page of all the products of the menu's kind (/loja/fisicos or /loja/digitais, ADR 044). */
  allTo: string;
}

const CLOSE_DELAY_MS = 160;

/**
 * A desktop hover menu listing products in two columns (docs/behaviour/catalogue-and-search.md#header-menus). Opens on
 * hover, on click or tap and from the keyboard; Esc or leaving closes it. A
 * click after the hover that opened it (a mouse moving onto the button, or the
 * mouseenter a touch screen fires before the tap) keeps it open instead of
 * toggling it shut; a second click closes it. From the keyboard, ↓ on the
 * button opens it on its first product (↑ on its last), ↓ ↑ Home End move
 * through the links (↑ from the first goes back to the button), and none of
 * these keys scrolls the page.
 */
export function ProductMenu({ label, items, loading, allTo }: ProductMenuProps) {
  const [open, setOpen] = useState(false);
  const openedByHover = useRef(false);
  const panelId = useId();
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  /** The link to focus once the panel opened by ↓ or ↑ is on the page. */
  const focusOnOpen = useRef<'first' | 'last' | null>(null);
  useEffect(() => () => clearTimeout(closeTimer.current), []);
  const links = () => Array.from(panelRef.current?.querySelectorAll<HTMLAnchorElement>('a[href]') ?? []);
  useEffect(() => {
    // While the products load, the panel holds only its footer link: wait for them.
    if (!open || !focusOnOpen.current || (loading && !items)) return;
    const list = links();
    const target = focusOnOpen.current === 'first' ? list[0] : list[list.length - 1];
    if (target) {
      target.focus();
      focusOnOpen.current = null;
    }
  }, [open, items, loading]);

  /** ↓ ↑ Home End on the button or a link of the panel; true when the key was used (the page must not scroll). */
  const moveFocus = (key: string, from: EventTarget): boolean => {
    if (from === triggerRef.current) {
      if (key !== 'ArrowDown' && key !== 'ArrowUp') return false;
      clearTimeout(closeTimer.current);
      openedByHover.current = false;
      focusOnOpen.current = key === 'ArrowDown' ? 'first' : 'last';
      if (open) {
        const list = links();
        (key === 'ArrowDown' ? list[0] : list[list.length - 1])?.focus();
        focusOnOpen.current = null;
      } else {
        setOpen(true);
      }
      return true;
    }
    const list = links();
    const i = list.indexOf(from as HTMLAnchorElement);
    if (i < 0) return false;
    const last = list.length - 1;
    if (key === 'ArrowDown') list[i === last ? 0 : i + 1]!.focus();
    else if (key === 'ArrowUp') (i === 0 ? triggerRef.current : list[i - 1])?.focus();
    else if (key === 'Home') list[0]!.focus();
    else if (key === 'End') list[last]!.focus();
    else return false;
    return true;
  };

  const show = () => {
    clearTimeout(closeTimer.current);
    if (!open) openedByHover.current = true;
    setOpen(true);
  };
  const toggle = () => {
    clearTimeout(closeTimer.current);
    const keepOpen = !open || openedByHover.current;
    openedByHover.current = false;
    setOpen(keepOpen);
  };
  const hide = () => {
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => setOpen(false), CLOSE_DELAY_MS);
  };

  return (
    <div
      className={styles.menu}
      onMouseEnter={show}
      onMouseLeave={hide}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          setOpen(false);
          triggerRef.current?.focus();
          return;
        }
        if (moveFocus(e.key, e.target)) e.preventDefault();
      }}
    >
      <button
        ref={triggerRef}
        type="button"
        className={styles.menuTrigger}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
      >
        {label}
        <ChevronDown size={16} aria-hidden="true" />
      </button>
      {open && (
        <div id={panelId} ref={panelRef} className={styles.panel} role="region" aria-label={label}>
          <p className={styles.panelTitle}>{label}</p>
          {items && items.length > 0 ? (
            <ul className={styles.productList}>
              {items.map((item) => (
                <li key={item.id}>
                  <Link to={`/details/${item.id}`} className={styles.productLink} onClick={() => setOpen(false)}>
                    {item.nome}
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <p className={styles.panelEmpty}>{loading ? 'Carregando...' : 'Nenhum produto disponível no momento.'}</p>
          )}
          <div className={styles.panelFooter}>
            <Link to={allTo} onClick={() => setOpen(false)}>
              Ver todos na loja →
            </Link>
          </div>
        </div>
      )}
    </div>
  );
}
