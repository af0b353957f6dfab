import { useTranslation } from 'react-i18next';
import { pageItems } from './page-items.ts';
import './ui.css';

interface PaginationProps {
  page: number;
  pageCount: number;
  onPageChange(page: number): void;
  /** What the pager pages through, for screen readers (e.g. "Promociones"). */
  label: string;
}

/** Page numbers with previous and next, collapsed past 10 pages (spec §9). Hidden for a single page. */
export function Pagination({ page, pageCount, onPageChange, label }: PaginationProps) {
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  return (
    <nav className="pagination" aria-label={t('pagination.label', { label })}>
      <button
        type="button"
        className="pagination-step"
        disabled={page <= 1}
        onClick={() => onPageChange(page - 1)}
      >
        {t('pagination.previous')}
      </button>
      <ul>
        {pageItems(page, pageCount).map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <button
                type="button"
                className="pagination-page"
                aria-current={item === page ? 'page' : undefined}
                aria-label={t('pagination.page', { page: item })}
                onClick={() => onPageChange(item)}
              >
                {item}
              </button>
            </li>
          ) : (
            <li key={item} aria-hidden="true" className="pagination-ellipsis">
              …
            </li>
          ),
        )}
      </ul>
      <button
        type="button"
        className="pagination-step"
        disabled={page >= pageCount}
        onClick={() => onPageChange(page + 1)}
      >
        {t('pagination.next')}
      </button>
    </nav>
  );
}
