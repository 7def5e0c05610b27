import {
  BadgePercent,
  Building2,
  ChartNoAxesCombined,
  ClipboardList,
  KeyRound,
  Package,
  PackageX,
  ServerCog,
  Shapes,
  TicketPercent,
  Users,
} from 'lucide-react';
import { Link, Outlet, useLocation } from 'react-router';
import type { Role } from '../../lib/session';
import { useSession } from '../../lib/use-session';
import styles from './layout.module.css';
import { SiteFrame } from './site-layout';

interface Section {
  to: string;
  label: string;
  icon: typeof Package;
  roles: readonly Role[];
  /** Other screens of the section (their first path segment): the section stays marked there. */
  screens?: readonly string[];
}

const SECTIONS: Section[] = [
  { to: '/orders', label: 'Pedidos', icon: ClipboardList, roles: ['ADMIN', 'USUARIO'] },
  {
    to: '/products',
    label: 'Produtos',
    icon: Package,
    roles: ['ADMIN', 'USUARIO'],
    screens: ['newProduct', 'editProduct', 'EditListImagemProduto', 'EditListConteudoProduto'],
  },
  {
    to: '/unitarys',
    label: 'Unitários',
    icon: Shapes,
    roles: ['ADMIN', 'USUARIO'],
    screens: ['newAuthor', 'editAuthor', 'newCategory', 'editCategory', 'newDiscount', 'editDiscount'],
  },
  // Products at or below their 'Estoque mínimo' (ADR 032).
  { to: '/estoque-baixo', label: 'Estoque baixo', icon: PackageX, roles: ['ADMIN', 'USUARIO'] },
  { to: '/clients', label: 'Clientes', icon: Users, roles: ['ADMIN', 'USUARIO'] },
  // Discount coupons (ADR 025): /cupons, /cupons/novo, /cupons/{id}, /cupons/{id}/usos.
  { to: '/cupons', label: 'Cupons', icon: TicketPercent, roles: ['ADMIN', 'USUARIO'] },
  {
    to: '/controlAccess',
    label: 'Acesso',
    icon: KeyRound,
    roles: ['ADMIN'],
    screens: ['newUser', 'editUser'],
  },
  { to: '/empresa', label: 'Empresa', icon: Building2, roles: ['ADMIN'] },
  { to: '/condicoes-comerciais', label: 'Comercial', icon: BadgePercent, roles: ['ADMIN'] },
  // The manager's sales dashboard (docs/behaviour/back-office.md#sales-dashboard).
  { to: '/dashboard', label: 'Painel de vendas', icon: ChartNoAxesCombined, roles: ['ADMIN'] },
  // Failing and dead background jobs (ADR 007).
  { to: '/tarefas', label: 'Tarefas', icon: ServerCog, roles: ['ADMIN'] },
];

/** The section a back-office path belongs to (paths match case-insensitively, like the router). */
export function sectionOf(pathname: string): string | undefined {
  const first = (pathname.split('/')[1] ?? '').toLowerCase();
  return SECTIONS.find(
    (s) => s.to.slice(1).toLowerCase() === first || s.screens?.some((screen) => screen.toLowerCase() === first),
  )?.to;
}

/** Back-office sections the role may open. */
const backOfficeSections = (role: Role | undefined) => SECTIONS.filter((s) => role && s.roles.includes(role));

function BackOfficeNav() {
  const { user } = useSession();
  const current = sectionOf(useLocation().pathname);
  const sections = backOfficeSections(user?.permissao);
  if (sections.length === 0) return null;
  return (
    <nav className={styles.boNav} aria-label="Gestão">
      <div className={styles.boNavInner}>
        <span className={styles.boLabel}>Gestão</span>
        {sections.map(({ to, label, icon: Icon }) => (
          <Link key={to} to={to} className={styles.boLink} aria-current={current === to ? 'page' : undefined}>
            <Icon size={16} aria-hidden="true" />
            {label}
          </Link>
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
