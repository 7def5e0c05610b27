import { MSG } from '@clinica/shared/messages';
import type { SessionUser } from '../../../lib/session';

interface MenuLink {
  key: string;
  label: string;
  /** Second line in the menu. */
  description?: string;
  to: string;
}

export interface UserMenuModel {
  /** The profile header: a link for CLIENTE and ADMIN, a plain label for USUARIO. */
  profile: { label: string; to?: string };
  links: MenuLink[];
}

/**
 * The user menu entries per role (docs/behaviour/site.md#user-menu). 'Sair da
 * conta' always closes the list and is not part of it.
 */
export function userMenuModel(user: SessionUser, name?: string): UserMenuModel {
  const displayName = name?.trim() || user.nome?.trim();
  const { permissao, idUser } = user;
  const staff = permissao === 'ADMIN' || permissao === 'USUARIO';

  const profile =
    permissao === 'CLIENTE'
      ? { label: displayName || 'Minha conta', to: `/user/${idUser}` }
      : permissao === 'ADMIN'
        ? { label: MSG.gerente, to: '/controlAccess' }
        : { label: displayName || 'Equipe' };

  const links: MenuLink[] = [];
  if (permissao === 'CLIENTE' || permissao === 'ADMIN') {
    links.push({
      key: 'library',
      label: MSG.minhaBiblioteca,
      description: 'Acesso ao conteúdo digital',
      to: '/library',
    });
  }
  links.push({ key: 'orders', label: MSG.listaPedidos, to: staff ? '/orders' : `/orders/${idUser}` });
  if (permissao === 'CLIENTE') {
    links.push({ key: 'favoritos', label: 'Favoritos', description: 'Produtos que você guardou', to: '/favoritos' });
  }
  if (staff) {
    links.push(
      { key: 'products', label: 'Produtos', to: '/products' },
      { key: 'estoque-baixo', label: 'Estoque baixo', description: 'Produtos no estoque mínimo', to: '/estoque-baixo' },
      { key: 'unitarys', label: 'Unitários', description: 'Cadastro de unitários', to: '/unitarys' },
      { key: 'clients', label: 'Lista clientes', to: '/Clients' },
      { key: 'cupons', label: 'Cupons', description: 'Cupons de desconto', to: '/cupons' },
    );
  }
  if (permissao === 'ADMIN') {
    links.push(
      // The manager's sales dashboard (docs/behaviour/back-office.md#sales-dashboard).
      {
        key: 'dashboard',
        label: 'Painel de vendas',
        description: 'Receita, pedidos e mais vendidos',
        to: '/dashboard',
      },
      // Failing and dead background jobs (ADR 007).
      { key: 'tarefas', label: 'Tarefas', description: 'Falhas de e-mails e pagamentos', to: '/tarefas' },
      { key: 'access', label: 'Acesso', description: 'Configuração de acesso', to: '/controlAccess' },
    );
  }
  return { profile, links };
}
