// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { pageCount, pageItems } from './page-items.ts';

describe('pageItems (spec §9: collapsed page numbers when more than 10 pages)', () => {
  it('shows every page up to 10 pages', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(3, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('collapses the end when the current page is near the start', () => {
    expect(pageItems(1, 11)).toEqual([1, 2, 3, 4, 5, 'end-ellipsis', 11]);
    expect(pageItems(4, 20)).toEqual([1, 2, 3, 4, 5, 'end-ellipsis', 20]);
  });

  it('collapses both sides around a page in the middle', () => {
    expect(pageItems(5, 20)).toEqual([1, 'start-ellipsis', 4, 5, 6, 'end-ellipsis', 20]);
    expect(pageItems(10, 20)).toEqual([1, 'start-ellipsis', 9, 10, 11, 'end-ellipsis', 20]);
    expect(pageItems(16, 20)).toEqual([1, 'start-ellipsis', 15, 16, 17, 'end-ellipsis', 20]);
  });

  it('collapses the start when the current page is near the end', () => {
    expect(pageItems(17, 20)).toEqual([1, 'start-ellipsis', 16, 17, 18, 19, 20]);
    expect(pageItems(20, 20)).toEqual([1, 'start-ellipsis', 16, 17, 18, 19, 20]);
  });

  it('always shows the current, first and last pages with a steady width', () => {
    for (let total = 11; total <= 40; total++) {
      for (let current = 1; current <= total; current++) {
        const items = pageItems(current, total);
        expect(items).toContain(current);
        expect(items[0]).toBe(1);
        expect(items.at(-1)).toBe(total);
        expect(items).toHaveLength(7);
        const numbers = items.filter((item): item is number => typeof item === 'number');
        expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
      }
    }
  });

  it('keeps an out-of-range page inside the list', () => {
    expect(pageItems(99, 12)).toEqual([1, 'start-ellipsis', 8, 9, 10, 11, 12]);
  });
});

describe('pageCount', () => {
  it('counts pages of 24 promotions', () => {
    expect(pageCount(0, 24)).toBe(1);
    expect(pageCount(24, 24)).toBe(1);
    expect(pageCount(32, 24)).toBe(2);
    expect(pageCount(241, 24)).toBe(11);
  });
});
