import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CookiePreferences } from './cookie-preferences.tsx';

/** The consent overlay (spec §2); the gate hides it once the choices are saved. */
export default function CookieBanner() {
  const { t } = useTranslation('legal');
  return (
    <section className="cookie-banner" role="dialog" aria-modal="false" aria-labelledby="cookie-banner-title">
      <h2 id="cookie-banner-title">{t('cookies.bannerTitle')}</h2>
      <p>
        {t('cookies.bannerText')} <Link to="/cookies/">{t('cookies.bannerLink')}</Link>.
      </p>
      <CookiePreferences variant="banner" />
    </section>
  );
}
