import type { ProdutoMenuItem } from '@clinica/shared/schemas/produto';
import * as Collapsible from '@radix-ui/react-collapsible';
import { ChevronDown } from 'lucide-react';
import { Link } from 'react-router';
import { Sheet } from '../../../components/ui/sheet';
import styles from './mobile-menu.module.css';

interface MobileMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  digital: readonly ProdutoMenuItem[] | undefined;
  fisico: readonly ProdutoMenuItem[] | undefined;
  loading: boolean;
}

function ProductGroup({
  label,
  items,
  loading,
  allTo,
  onNavigate,
}: {
  label: string;
  items: readonly ProdutoMenuItem[] | undefined;
  loading: boolean;
  /** The page of all the group's products (/loja/digitais or /loja/fisicos, ADR 044). */
  allTo: string;
  onNavigate: () => void;
}) {
  return (
    <Collapsible.Root>
      <Collapsible.Trigger className={styles.trigger}>
        {label}
        <ChevronDown size={18} aria-hidden="true" />
      </Collapsible.Trigger>
      <Collapsible.Content>
        {items && items.length > 0 ? (
          <ul className={styles.list}>
            {items.map((item) => (
              <li key={item.id}>
                <Link to={`/details/${item.id}`} className={styles.item} onClick={onNavigate}>
                  {item.nome}
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className={styles.empty}>{loading ? 'Carregando...' : 'Nenhum produto disponível no momento.'}</p>
        )}
        <Link to={allTo} className={`${styles.item} ${styles.all}`} onClick={onNavigate}>
          Ver todos na loja →
        </Link>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}

/** The menu sheet below 1024 px: site links and collapsible product lists (docs/behaviour/catalogue-and-search.md#header-menus). */
export default function MobileMenu({ open, onOpenChange, digital, fisico, loading }: MobileMenuProps) {
  const close = () => onOpenChange(false);
  return (
    <Sheet open={open} onOpenChange={onOpenChange} title="Menu" side="left" description="Navegação do site e produtos">
      <nav className={styles.nav} aria-label="Menu principal">
        <Link to="/" className={styles.link} onClick={close}>
          Início
        </Link>
        <Link to="/loja" className={styles.link} onClick={close}>
          Loja
        </Link>
        <div className={styles.divider} />
        <ProductGroup
          label="Produtos digitais"
          items={digital}
          loading={loading}
          allTo="/loja/digitais"
          onNavigate={close}
        />
        <ProductGroup label="Produtos" items={fisico} loading={loading} allTo="/loja/fisicos" onNavigate={close} />
        <div className={styles.divider} />
        <Link to="/artigos" className={styles.link} onClick={close}>
          Artigos
        </Link>
        <Link to="/contato" className={styles.link} onClick={close}>
          Contato
        </Link>
      </nav>
    </Sheet>
  );
}
