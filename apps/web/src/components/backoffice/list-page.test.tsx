import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLastPageInRange } from './list-page';

describe('useLastPageInRange', () => {
  afterEach(cleanup);

  it('moves a page past the end (no rows on page 5 of 3) to the last page there is', () => {
    const goTo = vi.fn();
    renderHook(() => useLastPageInRange({ rows: 0, totalPages: 3 }, false, 5, goTo));
    expect(goTo).toHaveBeenCalledWith(2);
  });

  it('stays: rows on the page, the first page, an empty list, or the previous page still shown while the next loads', () => {
    const goTo = vi.fn();
    renderHook(() => useLastPageInRange({ rows: 4, totalPages: 3 }, false, 2, goTo));
    renderHook(() => useLastPageInRange({ rows: 0, totalPages: 0 }, false, 0, goTo));
    renderHook(() => useLastPageInRange({ rows: 0, totalPages: 0 }, false, 3, goTo));
    renderHook(() => useLastPageInRange({ rows: 0, totalPages: 3 }, true, 5, goTo));
    renderHook(() => useLastPageInRange(undefined, false, 5, goTo));
    expect(goTo).not.toHaveBeenCalled();
  });
});
