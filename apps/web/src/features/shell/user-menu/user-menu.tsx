import { MSG } from '@clinica/shared/messages';
import * as Menu from '@radix-ui/react-dropdown-menu';
import { useQueryClient } from '@tanstack/react-query';
import {
  BookOpen,
  ClipboardList,
  Heart,
  KeyRound,
  LogOut,
  Package,
  Shapes,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { initials } from '../../../lib/initials';
import { logout } from '../../../lib/auth-api';
import type { SessionUser } from '../../../lib/session';
import { AvatarButton } from './avatar';
import { userMenuModel } from './menu-entries';
import styles from './user-menu.module.css';

const ICONS: Record<string, LucideIcon> = {
  library: BookOpen,
  orders: ClipboardList,
  favoritos: Heart,
  products: Package,
  unitarys: Shapes,
  clients: Users,
  access: KeyRound,
};

const ROLE_LABEL = { ADMIN: 'Gerente', USUARIO: 'Equipe', CLIENTE: 'Cliente' } as const;

interface UserMenuProps {
  user: SessionUser;
  name: string | undefined;
  /** Open at mount (the avatar was clicked while this chunk was loading). */
  defaultOpen?: boolean;
}

/** The avatar and its dropdown (docs/behaviour/site.md#user-menu). Loaded only for signed-in users. */
export default function UserMenu({ user, name, defaultOpen = false }: UserMenuProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { profile, links } = userMenuModel(user, name);

  const signOut = async () => {
    await logout();
    queryClient.removeQueries({ predicate: (q) => q.meta?.private === true });
    navigate('/signIn');
  };

  const profileBody = (
    <>
      <span className={styles.avatar} aria-hidden="true">
        {initials(name) || '?'}
      </span>
      <span className={styles.profileText}>
        <span className={styles.profileName}>{profile.label}</span>
        <span className={styles.profileRole}>
          {user.permissao === 'ADMIN' && name ? name : ROLE_LABEL[user.permissao]}
        </span>
      </span>
    </>
  );

  return (
    <Menu.Root modal={false} defaultOpen={defaultOpen}>
      <Menu.Trigger asChild>
        <AvatarButton name={name} />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content className={styles.content} align="end" sideOffset={10} collisionPadding={8}>
          {profile.to ? (
            <Menu.Item asChild>
              <Link to={profile.to} className={styles.profile} data-testid="user-menu-profile">
                {profileBody}
              </Link>
            </Menu.Item>
          ) : (
            <Menu.Label className={styles.profile} data-testid="user-menu-profile">
              {profileBody}
            </Menu.Label>
          )}
          <Menu.Separator className={styles.separator} />
          {links.map((link) => {
            const Icon = ICONS[link.key] ?? ClipboardList;
            return (
              <Menu.Item key={link.key} asChild>
                <Link to={link.to} className={styles.item}>
                  <Icon size={18} aria-hidden="true" />
                  <span className={styles.itemText}>
                    {link.label}
                    {link.description && <span className={styles.itemDescription}>{link.description}</span>}
                  </span>
                </Link>
              </Menu.Item>
            );
          })}
          <Menu.Separator className={styles.separator} />
          <Menu.Item className={`${styles.item} ${styles.logout}`} onSelect={() => void signOut()}>
            <LogOut size={18} aria-hidden="true" />
            {MSG.sairDaConta}
          </Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
