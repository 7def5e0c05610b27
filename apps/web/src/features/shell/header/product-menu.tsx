import type { ProdutoMenuItem } from '@clinica/shared/schemas/produto';
import { ChevronDown } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import styles from './header.module.css';

interface ProductMenuProps {
  label: string;
  items: readonly ProdutoMenuItem[] | undefined;
  loading: boolean;
}

const CLOSE_DELAY_MS = 160;

/**
 * A desktop hover menu listing products in two columns (docs/behaviour/catalogue-and-search.md#header-menus). Opens on
 * hover, on click or tap and from the keyboard; Esc or leaving closes it. A
 * click after the hover that opened it (a mouse moving onto the button, or the
 * mouseenter a touch screen fires before the tap) keeps it open instead of
 * toggling it shut; a second click closes it.
 */
export function ProductMenu({ label, items, loading }: ProductMenuProps) {
  const [open, setOpen] = useState(false);
  const openedByHover = useRef(false);
  const panelId = useId();
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const triggerRef = useRef<HTMLButtonElement>(null);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

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
        }
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
        <div id={panelId} className={styles.panel} role="region" aria-label={label}>
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
            <Link to="/loja" onClick={() => setOpen(false)}>
              Ver todos na loja →
            </Link>
          </div>
        </div>
      )}
    </div>
  );
}
