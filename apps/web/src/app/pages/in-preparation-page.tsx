import { useTranslation } from 'react-i18next';

/** Stands in for a screen whose feature has not landed yet; the route and its guards are already real. */
export function Component() {
  const { t } = useTranslation();
  return (
    <section className="panel">
      <h1>{t('inPreparation.title')}</h1>
      <p>{t('inPreparation.text')}</p>
    </section>
  );
}
