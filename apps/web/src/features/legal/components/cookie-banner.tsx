import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../components/ui/link.tsx';
import { CookiePreferences } from './cookie-preferences.tsx';

/**
 * The consent overlay (spec §2); the gate hides it once the choices are saved. While it shows, the page
 * keeps its height free at the bottom (`--consent-space`), so that it covers neither the page's end nor
 * the menu and its cart: everything can still be scrolled into view above it.
 */
export default function CookieBanner() {
  const { t } = useTranslation('legal');
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const banner = ref.current;
    if (!banner) return;
    const root = document.documentElement;
    const reserve = () => root.style.setProperty('--consent-space', `${banner.offsetHeight + 16}px`);
    reserve();
    // Browsers without ResizeObserver keep the first height.
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(reserve) : null;
    observer?.observe(banner);
    return () => {
      observer?.disconnect();
      root.style.removeProperty('--consent-space');
    };
  }, []);
  return (
    <section
      ref={ref}
      className="cookie-banner"
      role="dialog"
      aria-modal="false"
      aria-labelledby="cookie-banner-title"
    >
      <h2 id="cookie-banner-title">{t('cookies.bannerTitle')}</h2>
      <p>
        {t('cookies.bannerText')} <Link to="/cookies/">{t('cookies.bannerLink')}</Link>.
      </p>
      <CookiePreferences variant="banner" />
    </section>
  );
}
