import { Building2, ClipboardList, KeyRound, Package, Shapes, Users } from 'lucide-react';
import { NavLink, Outlet } from 'react-router';
import type { Role } from '../../lib/session';
import { useSession } from '../../lib/use-session';
import styles from './layout.module.css';
import { SiteFrame } from './site-layout';

const SECTIONS: { to: string; label: string; icon: typeof Package; roles: readonly Role[] }[] = [
  { to: '/orders', label: 'Pedidos', icon: ClipboardList, roles: ['ADMIN', 'USUARIO'] },
  { to: '/products', label: 'Produtos', icon: Package, roles: ['ADMIN', 'USUARIO'] },
  { to: '/unitarys', label: 'Unitários', icon: Shapes, roles: ['ADMIN', 'USUARIO'] },
  { to: '/clients', label: 'Clientes', icon: Users, roles: ['ADMIN', 'USUARIO'] },
  { to: '/controlAccess', label: 'Acesso', icon: KeyRound, roles: ['ADMIN'] },
  { to: '/empresa', label: 'Empresa', icon: Building2, roles: ['ADMIN'] },
];

/** Back-office sections the role may open. */
export const backOfficeSections = (role: Role | undefined) => SECTIONS.filter((s) => role && s.roles.includes(role));

function BackOfficeNav() {
  const { user } = useSession();
  const sections = backOfficeSections(user?.permissao);
  if (sections.length === 0) return null;
  return (
    <nav className={styles.boNav} aria-label="Gestão">
      <div className={styles.boNavInner}>
        <span className={styles.boLabel}>Gestão</span>
        {sections.map(({ to, label, icon: Icon }) => (
          <NavLink key={to} to={to} className={styles.boLink}>
            <Icon size={16} aria-hidden="true" />
            {label}
          </NavLink>
        ))}
      </div>
    </nav>
  );
}

/** Back-office pages: the site frame plus the 'Gestão' section bar for staff. */
export function BackOfficeLayout() {
  return (
    <SiteFrame belowHeader={<BackOfficeNav />}>
      <Outlet />
    </SiteFrame>
  );
}
