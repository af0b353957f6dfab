import { useTranslation } from 'react-i18next';
import { useServerStatus } from '../../lib/server-render.tsx';

/** The not-found text; a section, as it shows inside the shell's <main> (the app-less page wraps it in one). */
export function NotFoundPage() {
  const { t } = useTranslation();
  useServerStatus(404);
  return (
    <section className="centered-page">
      <h1>{t('notFound.title')}</h1>
      {/* A plain link: this page also shows when no app (and so no router) could be loaded. */}
      <a className="button" href="/">
        {t('notFound.back')}
      </a>
    </section>
  );
}

export const Component = NotFoundPage;
