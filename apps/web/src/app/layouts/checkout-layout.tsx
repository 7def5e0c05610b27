import { ShieldCheck } from 'lucide-react';
import { Outlet } from 'react-router';
import { Logo } from '../../components/brand/logo';
import { Footer } from '../../features/shell/footer/footer';
import styles from './layout.module.css';

/** Checkout: its own header (logo to /, 'Site seguro' from 768 px), no store menus. */
export function CheckoutLayout() {
  return (
    <div className={styles.shell}>
      <header className={styles.checkoutHeader}>
        <div className={styles.checkoutBar}>
          <Logo />
          <span className={styles.secure}>
            <ShieldCheck size={20} aria-hidden="true" />
            Site seguro
          </span>
        </div>
      </header>
      <main id="conteudo" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
