import { COLLAPSE_PAGES_AFTER } from '@storefront/contracts/constants';

export type PageItem = number | 'start-ellipsis' | 'end-ellipsis';

/** Pages kept on each side of the current one when the row collapses. */
const SIBLINGS = 1;
/** First and last page, the current one with its siblings, and two ellipses: the row keeps one width. */
const COLLAPSED_LENGTH = 2 * SIBLINGS + 5;

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * The page numbers a pager shows (spec §9): every page up to 10 pages; past that, the first and last
 * pages, the current page with its neighbours, and an ellipsis for each hidden run of pages.
 */
export function pageItems(current: number, total: number, collapseAfter = COLLAPSE_PAGES_AFTER): PageItem[] {
  if (total <= collapseAfter) return range(1, Math.max(total, 0));
  const page = Math.min(Math.max(current, 1), total);
  const edge = COLLAPSED_LENGTH - 2; // pages shown next to the first or last when the current one is near it
  if (page <= edge - SIBLINGS) return [...range(1, edge), 'end-ellipsis', total];
  if (page > total - edge + SIBLINGS) return [1, 'start-ellipsis', ...range(total - edge + 1, total)];
  return [1, 'start-ellipsis', ...range(page - SIBLINGS, page + SIBLINGS), 'end-ellipsis', total];
}

/** How many pages a list of `count` items has at `pageSize` per page (at least one). */
export const pageCount = (count: number, pageSize: number) => Math.max(1, Math.ceil(count / pageSize));
