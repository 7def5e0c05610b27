import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chaveNome, compararNomes } from './ordem-nomes.js';

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });
const sinal = (n: number) => Math.sign(n);

/** Names of the kind the store lists: products, courses, categories, authors, tags, cities. */
const CORPUS = [
  'Escova dental ultramacia',
  'escova Dental',
  'Escovas interdentais',
  'Água oxigenada 10 volumes',
  'Agua destilada',
  'Ácido fosfórico 37%',
  'Acessórios',
  'Kit 2 seringas',
  'Kit 10 seringas',
  'Kit 010 seringas',
  'Kit 1,5 mm',
  'Kit 1.5 mm',
  'Curso de Harmonização Orofacial',
  'Curso de harmonizacao',
  'Cursos',
  'Ção',
  'Cão',
  'Caneta alta rotação',
  'Canetas',
  'Resina composta A2',
  'Resina composta A10',
  'Resina-composta',
  'Resina composta',
  'Fio dental 50 m',
  'Fio dental (50 m)',
  'Fio dental - 50 m',
  'Luva de procedimento P',
  'Luva de procedimento PP',
  'Luvas',
  'Dr. João Silva',
  'Dra. Ana Souza',
  'dr joao silva',
  'Ênio',
  'Endodontia',
  'Óculos de proteção',
  'Ortodontia',
  'São Paulo',
  'Santo André',
  'Santos',
  'Brasília',
  'Brasil',
  'Implantodontia 2026',
  'Implantodontia 2025',
  'Z',
  'a',
  '1º módulo',
  '2º módulo',
  '10º módulo',
];

describe('compararNomes (pt-BR dictionary order)', () => {
  it('orders every pair of store names as the pt-BR collator does', () => {
    for (const a of CORPUS) {
      for (const b of CORPUS) {
        expect([a, b, sinal(compararNomes(a, b))]).toEqual([a, b, sinal(collator.compare(a, b))]);
      }
    }
  });

  it('sorts a list as the collator does, ties left to the caller', () => {
    const porChave = [...CORPUS].sort((a, b) => compararNomes(a, b) || a.localeCompare(b, 'en'));
    const porCollator = [...CORPUS].sort((a, b) => collator.compare(a, b) || a.localeCompare(b, 'en'));
    expect(porChave).toEqual(porCollator);
  });

  it('agrees with the collator on generated names of letters, accents, digits and spaces', () => {
    const letra = fc.constantFrom(...'aAáÁàâãeéêiíoóôõuúüçÇbcdmnrsz-(./,%+'.split(''));
    const parte = fc.oneof(
      fc.array(letra, { minLength: 1, maxLength: 6 }).map((l) => l.join('')),
      fc.integer({ min: 0, max: 2000 }).map(String),
    );
    const nome = fc.array(parte, { minLength: 1, maxLength: 4 }).map((p) => p.join(' '));
    fc.assert(
      fc.property(nome, nome, (a, b) => {
        expect(sinal(compararNomes(a, b))).toBe(sinal(collator.compare(a, b)));
      }),
      { numRuns: 2000 },
    );
  });

  it('keys ignore accents and case, and pad numbers', () => {
    expect(chaveNome('Água 2')).toBe(chaveNome('agua 02'));
    expect(chaveNome('Kit 2') < chaveNome('Kit 10')).toBe(true);
  });
});
