import { describe, expect, it } from 'vitest';
import { tamanhoLegivel } from './tamanho.js';

describe('tamanhoLegivel', () => {
  it('escolhe KB, MB ou GB, com no máximo uma casa decimal e vírgula', () => {
    expect(tamanhoLegivel(1024)).toBe('1 KB');
    expect(tamanhoLegivel(300 * 1024)).toBe('300 KB');
    expect(tamanhoLegivel(1024 ** 2 - 1)).toBe('1.024 KB');
    expect(tamanhoLegivel(1024 ** 2)).toBe('1 MB');
    expect(tamanhoLegivel(0.3 * 1024 ** 2)).toBe('307,2 KB');
    expect(tamanhoLegivel(1.5 * 1024 ** 2)).toBe('1,5 MB');
    expect(tamanhoLegivel(10 * 1024 ** 2)).toBe('10 MB');
    expect(tamanhoLegivel(2 * 1024 ** 3)).toBe('2 GB');
  });
});
