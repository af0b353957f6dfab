import { useTranslation } from 'react-i18next';
import { useServerStatus } from '../server-render.tsx';

export function NotFoundPage() {
  const { t } = useTranslation();
  useServerStatus(404);
  return (
    <main className="centered-page">
      <h1>{t('notFound.title')}</h1>
      {/* A plain link: this page also shows when no app (and so no router) could be loaded. */}
      <a className="button" href="/">
        {t('notFound.back')}
      </a>
    </main>
  );
}

export const Component = NotFoundPage;
