import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../lib/session';
import { userMenuModel } from './menu-entries';

const cliente: SessionUser = { idUser: 7, permissao: 'CLIENTE', idClient: 3, nome: 'Maria Souza' };
const admin: SessionUser = { idUser: 1, permissao: 'ADMIN', idClient: null, nome: 'Administrador' };
const usuario: SessionUser = { idUser: 2, permissao: 'USUARIO', idClient: null, nome: 'Equipe Sorriso' };

const summary = (user: SessionUser) => {
  const m = userMenuModel(user);
  return { profile: m.profile, links: m.links.map((l) => `${l.label} ${l.to}`) };
};

describe('user menu entries per role', () => {
  it('CLIENTE: profile to /user/{id} with the name, library, own orders, favourites', () => {
    expect(summary(cliente)).toEqual({
      profile: { label: 'Maria Souza', to: '/user/7' },
      links: ['Minha biblioteca /library', 'Lista de pedidos /orders/7', 'Favoritos /favoritos'],
    });
  });

  it('ADMIN: "Gerente" to /controlAccess, library, every back-office entry, Painel de vendas, Tarefas and Acesso', () => {
    expect(summary(admin)).toEqual({
      profile: { label: 'Gerente', to: '/controlAccess' },
      links: [
        'Minha biblioteca /library',
        'Lista de pedidos /orders',
        'Produtos /products',
        'Estoque baixo /estoque-baixo',
        'Unitários /unitarys',
        'Lista clientes /Clients',
        'Cupons /cupons',
        'Painel de vendas /dashboard',
        'Tarefas /tarefas',
        'Acesso /controlAccess',
      ],
    });
  });

  it('USUARIO: the name without a link, back-office entries, no library, Painel de vendas nor Acesso', () => {
    expect(summary(usuario)).toEqual({
      profile: { label: 'Equipe Sorriso' },
      links: [
        'Lista de pedidos /orders',
        'Produtos /products',
        'Estoque baixo /estoque-baixo',
        'Unitários /unitarys',
        'Lista clientes /Clients',
        'Cupons /cupons',
      ],
    });
  });

  it('uses the freshly loaded name when the stored one is missing', () => {
    expect(userMenuModel({ ...cliente, nome: undefined }, 'Ana Lima').profile.label).toBe('Ana Lima');
    expect(userMenuModel({ ...cliente, nome: undefined }).profile.label).toBe('Minha conta');
  });
});
