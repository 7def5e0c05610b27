import { describe, expect, it } from 'vitest';
import { initials } from './initials';

describe('initials', () => {
  it('takes the first letters of the first two words', () => {
    expect(initials('Maria Clara Souza')).toBe('MC');
    expect(initials('joão silva')).toBe('JS');
  });
  it('uses one letter for a one-word name', () => {
    expect(initials('Administrador')).toBe('A');
  });
  it('ignores extra spaces and handles accents', () => {
    expect(initials('  Élida   Órfão ')).toBe('ÉÓ');
  });
  it('is empty without a name', () => {
    expect(initials('')).toBe('');
    expect(initials(undefined)).toBe('');
  });
});
