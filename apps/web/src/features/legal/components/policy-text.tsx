import { useTranslation } from 'react-i18next';
import { SafeHtml } from '../../../components/ui/safe-html.tsx';
import './legal-translations.ts';

interface Section {
  title: string;
  body: string;
}

/** A policy page: the tenant's HTML, sanitised, or the built-in text of spec §2 in the chosen language. */
export function PolicyText({ page, html }: { page: 'terms' | 'privacy'; html: string | null }) {
  const { t } = useTranslation('legal');
  const sections = t(`${page}.sections`, { returnObjects: true }) as Section[];
  return (
    <article className="legal-page">
      <h1>{t(`${page}.title`)}</h1>
      {html?.trim() ? (
        <SafeHtml html={html} className="tenant-html" />
      ) : (
        <>
          {page === 'privacy' && <p className="legal-dates">{t('privacy.dates')}</p>}
          {sections.map((section) => (
            <section key={section.title}>
              <h2>{section.title}</h2>
              <p>{section.body}</p>
            </section>
          ))}
        </>
      )}
    </article>
  );
}
