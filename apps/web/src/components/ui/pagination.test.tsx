import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PAGE_SIZE, Pagination, PAGE_SIZES, visiblePages } from './pagination';

describe('visiblePages', () => {
  it('shows at most 3 zero-based pages around the current one', () => {
    expect(visiblePages(0, 10)).toEqual([0, 1, 2]);
    expect(visiblePages(4, 10)).toEqual([3, 4, 5]);
    expect(visiblePages(9, 10)).toEqual([7, 8, 9]);
    expect(visiblePages(0, 2)).toEqual([0, 1]);
    expect(visiblePages(0, 0)).toEqual([]);
  });
  it('uses sizes 10, 15, 20 with 10 by default', () => {
    expect(PAGE_SIZES).toEqual([10, 15, 20]);
    expect(DEFAULT_PAGE_SIZE).toBe(10);
  });
});

describe('Pagination', () => {
  afterEach(cleanup);

  it('renders up to 3 page buttons labelled from 1 and marks the current page', () => {
    render(<Pagination page={4} totalPages={10} onPageChange={() => {}} />);
    const buttons = screen.getAllByRole('button', { name: /^Página \d+$/ });
    expect(buttons.map((b) => b.textContent)).toEqual(['4', '5', '6']);
    expect(screen.getByRole('button', { name: 'Página 5' }).getAttribute('aria-current')).toBe('page');
  });

  it('moves with previous/next and disables them at the ends', () => {
    const onPageChange = vi.fn();
    const { rerender } = render(<Pagination page={0} totalPages={3} onPageChange={onPageChange} />);
    expect((screen.getByRole('button', { name: 'Página anterior' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Próxima página' }));
    expect(onPageChange).toHaveBeenLastCalledWith(1);
    fireEvent.click(screen.getByRole('button', { name: 'Página 3' }));
    expect(onPageChange).toHaveBeenLastCalledWith(2);

    rerender(<Pagination page={2} totalPages={3} onPageChange={onPageChange} />);
    expect((screen.getByRole('button', { name: 'Próxima página' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Página anterior' }));
    expect(onPageChange).toHaveBeenLastCalledWith(1);
  });

  it('offers the page sizes', () => {
    const onPageSizeChange = vi.fn();
    render(<Pagination page={0} totalPages={1} onPageChange={() => {}} onPageSizeChange={onPageSizeChange} />);
    const select = screen.getByLabelText('Itens por página') as HTMLSelectElement;
    expect(Array.from(select.options).map((o) => o.value)).toEqual(['10', '15', '20']);
    expect(select.value).toBe('10');
    fireEvent.change(select, { target: { value: '20' } });
    expect(onPageSizeChange).toHaveBeenCalledWith(20);
  });
});
