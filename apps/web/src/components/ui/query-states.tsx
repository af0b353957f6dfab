import { useTranslation } from 'react-i18next';
import './ui.css';

/** Placeholder blocks while a list loads; `count` rows of skeletons, announced once. */
export function LoadingState({ count = 3, label }: { count?: number; label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="loading-state" role="status" aria-live="polite">
      <span className="visually-hidden">{label ?? t('loading')}</span>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
        <div key={index} className="skeleton" aria-hidden="true" />
      ))}
    </div>
  );
}

/** A failed load: the server's message when it sent one, else the generic one, and a retry button. */
export function ErrorState({ message, onRetry }: { message?: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="error-state" role="alert">
      <p>{message ?? t('errors.generic')}</p>
      {onRetry && (
        <button type="button" className="button secondary" onClick={onRetry}>
          {t('boot.retry')}
        </button>
      )}
    </div>
  );
}

/** An empty list. */
export function EmptyState({ message }: { message?: string }) {
  const { t } = useTranslation();
  return <p className="empty-state">{message ?? t('empty')}</p>;
}
