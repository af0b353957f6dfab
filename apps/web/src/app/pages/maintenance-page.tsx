import { useTranslation } from 'react-i18next';
import { Picture } from '../../components/ui/picture.tsx';
import { useAppRecord } from '../../lib/app-context.tsx';

/** The maintenance flag (off by default) replaces every page (spec §2 Maintenance). */
export function MaintenancePage() {
  const { t } = useTranslation();
  const app = useAppRecord();
  return (
    <main className="centered-page">
      {app.logo && <Picture src={app.logo} alt={app.name} width={160} height={64} className="logo" />}
      <h1>{t('maintenance.title')}</h1>
      <p>{t('maintenance.dates')}</p>
    </main>
  );
}
