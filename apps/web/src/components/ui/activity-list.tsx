import { PAGE_SIZE } from '@storefront/contracts/constants';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { pageCount } from './page-items.ts';
import { Pagination } from './pagination.tsx';
import { EmptyState, ErrorState, LoadingState } from './query-states.tsx';
import './content.css';
import { Picture } from './picture.tsx';

interface ListPage<T> {
  count: number;
  results: T[];
}

/**
 * The cards of an activity list (raffles, polls, events) behind its query's states: loading, failed
 * (with retry), empty, else the cards, and the pager when the list is paged.
 */
export function ActivityList<T extends { uid: string }>({
  query,
  loadingLabel,
  emptyMessage,
  paging,
  children,
}: {
  query: UseQueryResult<ListPage<T>>;
  loadingLabel: string;
  emptyMessage: string;
  paging?: { page: number; onPageChange(page: number): void; label: string };
  children(item: T): ReactNode;
}) {
  if (query.isPending) return <LoadingState label={loadingLabel} />;
  if (query.isError) return <ErrorState onRetry={() => query.refetch()} />;
  if (query.data.results.length === 0) return <EmptyState message={emptyMessage} />;
  return (
    <>
      <ul className="card-list" aria-busy={query.isPlaceholderData}>
        {query.data.results.map((item) => (
          <li key={item.uid}>{children(item)}</li>
        ))}
      </ul>
      {paging && <Pagination {...paging} pageCount={pageCount(query.data.count, PAGE_SIZE)} />}
    </>
  );
}

/** One card: image, title, the caller's lines, and the button that opens it (named with the title). */
export function ActivityCard({
  image,
  title,
  action,
  onOpen,
  children,
}: {
  image: string | null;
  title: string;
  action: string;
  onOpen(): void;
  children: ReactNode;
}) {
  return (
    <article className="card activity-card">
      {image && <Picture src={image} alt="" width={320} height={160} loading="lazy" />}
      <h2>{title}</h2>
      {children}
      <button type="button" className="button secondary" onClick={onOpen} aria-label={`${action}: ${title}`}>
        {action}
      </button>
    </article>
  );
}
