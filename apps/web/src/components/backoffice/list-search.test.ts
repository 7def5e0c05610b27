import { describe, expect, it } from 'vitest';
import { pageOf, sizeOf, textOf, withSearch } from './list-search';

describe('back-office list state in the address', () => {
  it('reads zero-based pages and sizes 10/15/20 (10 otherwise)', () => {
    const search = new URLSearchParams('page=3&size=15&q=%20ana%20');
    expect(pageOf(search)).toBe(3);
    expect(sizeOf(search)).toBe(15);
    expect(textOf(search, 'q')).toBe('ana');
    expect(pageOf(new URLSearchParams('page=-1'))).toBe(0);
    expect(pageOf(new URLSearchParams('page=x'))).toBe(0);
    expect(sizeOf(new URLSearchParams('size=50'))).toBe(10);
  });

  it('leaves defaults and blanks out of the address and keeps the rest', () => {
    const search = new URLSearchParams('tab=descontos&page=2&q=natal');
    expect(withSearch(search, { page: 0, size: 10, q: '' }).toString()).toBe('tab=descontos');
    expect(withSearch(search, { page: 1, size: 20 }).toString()).toBe('tab=descontos&page=1&q=natal&size=20');
  });
});
