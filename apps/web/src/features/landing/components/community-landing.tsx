import { safeUrl } from '@storefront/contracts/tenant-html';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../components/ui/link.tsx';
import { Picture } from '../../../components/ui/picture.tsx';
import { useAppRecord, useCompany } from '../../../lib/app-context.tsx';
import { useLanding } from '../api/use-landing.ts';
import { useNarrowScreen, WHATSAPP_GREETING, whatsappLink } from './landing-links.ts';

/** The support chat of market and municipal landings when the company has no WhatsApp number. */
export const DEFAULT_SUPPORT_NUMBER = '51946000000';
const DEFAULT_WEBINAR_FORM = 'https://docs.google.com/forms/d/e/webinar-tiendas/viewform?embedded=true';

/**
 * MARKET and MUNICIPAL landings: free online-store creation for local merchants, with a register-your-
 * store link, the marketplace link, a webinar form (the app's FORM section, else the default one),
 * the terms and a support chat.
 */
export function CommunityLanding({ kind }: { kind: 'MARKET' | 'MUNICIPAL' }) {
  const { t } = useTranslation('landing');
  const app = useAppRecord();
  const company = useCompany();
  const narrow = useNarrowScreen();
  const landing = useLanding(app.uid);
  // The form waits for the sections (else the default form would start loading first), and shows
  // 'Cargando…' until the frame of the current link has loaded.
  const formLink = landing.isPending
    ? null
    : (safeUrl(landing.data?.find((section) => section.type === 'FORM' && section.is_active)?.link) ??
      DEFAULT_WEBINAR_FORM);
  const [loadedLink, setLoadedLink] = useState<string | null>(null);
  const formLoaded = formLink !== null && loadedLink === formLink;
  const support = company.whatsapp_number ?? DEFAULT_SUPPORT_NUMBER;
  const steps = t('community.steps', { returnObjects: true }) as string[];
  return (
    <div className="landing">
      <header className="landing-header">
        <Link to="/" className="landing-logo">
          {app.logo ? <Picture src={app.logo} alt={app.name} width={140} height={56} /> : app.name}
        </Link>
        <div className="landing-header-actions">
          <Link className="button" to="/login">
            {t('login')}
          </Link>
        </div>
      </header>
      <main>
        <section className="landing-section landing-hero">
          <h1>
            {t(kind === 'MARKET' ? 'community.marketTitle' : 'community.municipalTitle', { name: app.name })}
          </h1>
          <p>{t('community.text')}</p>
          <ol className="landing-steps">
            {steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <div className="landing-buttons">
            <Link className="button" to="/register">
              {t('community.register')}
            </Link>
            <Link className="button secondary" to="/">
              {t('community.marketplace')}
            </Link>
          </div>
        </section>
        <section className="landing-section">
          <h2>{t('community.webinar')}</h2>
          {!formLoaded && <p role="status">{t('loading')}</p>}
          {formLink && /^https:/.test(formLink) && (
            <iframe
              key={formLink}
              className="landing-form"
              src={formLink}
              title={t('community.webinar')}
              loading="lazy"
              sandbox="allow-forms allow-scripts allow-same-origin allow-popups"
              referrerPolicy="no-referrer"
              onLoad={() => setLoadedLink(formLink)}
            />
          )}
        </section>
      </main>
      <footer className="landing-footer">
        <Link to="/terms-and-conditions">{t('community.terms')}</Link>
        <a
          className="button"
          href={whatsappLink(support, narrow, WHATSAPP_GREETING)}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t('community.support')}
        </a>
      </footer>
    </div>
  );
}
