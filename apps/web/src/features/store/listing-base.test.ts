import { describe, expect, it } from 'vitest';
import { baseDaRota } from './listing-base';
import { categoriaPath, slugCategoria } from '../../components/catalog/category-path';

describe('endereços das páginas de categoria (ADR 044)', () => {
  it('o caminho diz o que a página lista; o slug é enfeite, o id decide', () => {
    expect(baseDaRota('/loja/fisicos')).toEqual({ tipo: 'fisicos' });
    expect(baseDaRota('/loja/digitais')).toEqual({ tipo: 'digitais' });
    expect(baseDaRota('/loja/categoria/3/descartaveis')).toEqual({ categoria: 3 });
    expect(baseDaRota('/loja/categoria/3/outro-nome')).toEqual({ categoria: 3 });
    expect(baseDaRota('/loja/categoria/3')).toEqual({ categoria: 3 });
    for (const outro of ['/loja', '/loja/categoria/0/x', '/loja/categoria/abc', '/loja/categoria/01', '/details/3']) {
      expect(baseDaRota(outro), outro).toBeNull();
    }
  });

  it('o slug do nome: sem acentos, minúsculas, hífens', () => {
    expect(slugCategoria('Materiais restauradores')).toBe('materiais-restauradores');
    expect(slugCategoria('Descartáveis')).toBe('descartaveis');
    expect(slugCategoria('  Cursos de harmonização — 2026! ')).toBe('cursos-de-harmonizacao-2026');
    expect(categoriaPath(7, 'Escovas e higiene')).toBe('/loja/categoria/7/escovas-e-higiene');
  });
});
