import { useTranslation } from 'react-i18next';
import { Picture } from '../../components/ui/picture.tsx';
import { useAppRecord } from '../../lib/app-context.tsx';

/** With empty_page on, the whole shell is this placeholder (spec §2, route /). */
export function EmptyPage() {
  const { t } = useTranslation();
  const app = useAppRecord();
  return (
    <main className="centered-page">
      {app.logo && <Picture src={app.logo} alt={app.name} width={160} height={64} className="logo" />}
      <h1>{t('emptyPage.title')}</h1>
      <p>{t('emptyPage.text')}</p>
    </main>
  );
}
