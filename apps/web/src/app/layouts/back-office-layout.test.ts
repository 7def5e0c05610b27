import { describe, expect, it } from 'vitest';
import { sectionOf } from './back-office-layout';

describe('seção marcada na barra de gestão', () => {
  it.each([
    ['/products', '/products'],
    ['/newProduct', '/products'],
    ['/editProduct/12', '/products'],
    ['/EditListImagemProduto/12', '/products'],
    ['/editlistconteudoproduto/3', '/products'],
    ['/unitarys', '/unitarys'],
    ['/newAuthor', '/unitarys'],
    ['/editCategory/4', '/unitarys'],
    ['/editDiscount/1', '/unitarys'],
    ['/editUser/2', '/controlAccess'],
    ['/Clients', '/clients'],
    ['/cupons', '/cupons'],
    ['/estoque-baixo', '/estoque-baixo'],
    ['/cupons/novo', '/cupons'],
    ['/cupons/7/usos', '/cupons'],
    ['/empresa', '/empresa'],
    ['/dashboard', '/dashboard'],
    ['/tarefas', '/tarefas'],
  ])('%s → %s', (path, section) => {
    expect(sectionOf(path)).toBe(section);
  });

  it('uma página fora do back-office não marca nenhuma', () => {
    expect(sectionOf('/loja')).toBeUndefined();
  });
});
