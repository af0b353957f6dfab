import { PAGE_SIZE } from '@storefront/contracts/constants';
import type { FastifyRequest } from 'fastify';
import { publicOrigin } from './public-origin.ts';

export interface PageRequest {
  page: number;
  pageSize: number;
  limit: number;
  offset: number;
}

/** The page a list call asks for (`page` from 1, `page_size` up to the maximum; architecture §3). */
export function pageRequest(
  query: { page?: number; page_size?: number },
  defaultSize = PAGE_SIZE,
): PageRequest {
  const page = query.page ?? 1;
  const pageSize = query.page_size ?? defaultSize;
  return { page, pageSize, limit: pageSize, offset: (page - 1) * pageSize };
}

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** The absolute URL of this request with another page number, the other query parameters kept. */
function pageUrl(request: FastifyRequest, page: number, relative: boolean): string {
  const url = new URL(request.url, relative ? 'http://relative' : publicOrigin(request));
  if (page === 1) url.searchParams.delete('page');
  else url.searchParams.set('page', String(page));
  return relative ? `${url.pathname}${url.search}` : url.toString();
}

/**
 * The list envelope `{count, next, previous, results}` with absolute next and previous URLs, or
 * root-relative ones (`/api/admin/...?page=2`) for the admin API, which no tenant domain serves.
 */
export function pageOf<T>(
  request: FastifyRequest,
  at: PageRequest,
  count: number,
  results: T[],
  { relative = false } = {},
): Page<T> {
  const hasNext = at.offset + results.length < count && results.length > 0;
  const link = (page: number) => pageUrl(request, page, relative);
  return {
    count,
    next: hasNext ? link(at.page + 1) : null,
    previous: at.page > 1 ? link(Math.min(at.page - 1, Math.ceil(count / at.pageSize) || 1)) : null,
    results,
  };
}
