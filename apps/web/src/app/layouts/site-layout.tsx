import { lazy, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { Footer } from '../../features/shell/footer/footer';
import { Header, type HeaderBag } from '../../features/shell/header/header';
import { WhatsAppFloat } from '../../features/shell/whatsapp-float';
import { useRouteHandle } from '../route-handle';
import styles from './layout.module.css';

// The bag drawer (features/cart) reaches the header from here: a feature never imports another.
const loadBagDrawer = () => import('../../features/cart/bag-drawer');
const cartBag: HeaderBag = { load: loadBagDrawer, Drawer: lazy(loadBagDrawer) };

/** Skip link, header, main content and footer (the frame of every page but checkout). */
export function SiteFrame({ children, belowHeader }: { children: ReactNode; belowHeader?: ReactNode }) {
  const { fixedHeader, whatsapp } = useRouteHandle();
  return (
    <div className={styles.shell}>
      <a href="#conteudo" className={styles.skipLink}>
        Pular para o conteúdo
      </a>
      <Header fixedOnScroll={fixedHeader} bag={cartBag} />
      {belowHeader}
      <main id="conteudo" className={styles.main} tabIndex={-1}>
        {children}
      </main>
      <Footer />
      {whatsapp && <WhatsAppFloat />}
    </div>
  );
}

/** Public and customer pages. */
export function SiteLayout() {
  return (
    <SiteFrame>
      <Outlet />
    </SiteFrame>
  );
}
