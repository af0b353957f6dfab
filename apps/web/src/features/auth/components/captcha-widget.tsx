import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { loadScript } from '../../../lib/load-script.ts';

declare global {
  interface Window {
    grecaptcha?: {
      ready(callback: () => void): void;
      render(
        element: HTMLElement,
        options: {
          sitekey: string;
          callback: (token: string) => void;
          'expired-callback': () => void;
          hl?: string;
        },
      ): number;
    };
  }
}

/**
 * The "No soy un robot" checkbox of the app's reCAPTCHA (spec §2), loaded only on the forms that show it.
 * Remount it (change its key) to ask for a fresh token after a failed attempt.
 */
function CaptchaWidget({
  siteKey,
  language,
  onToken,
}: {
  siteKey: string;
  language: string;
  onToken: (token: string | null) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const callback = useRef(onToken);
  callback.current = onToken;

  useEffect(() => {
    let cancelled = false;
    loadScript('https://www.google.com/recaptcha/api.js?render=explicit')
      .then(() => {
        window.grecaptcha?.ready(() => {
          if (cancelled || !box.current) return;
          window.grecaptcha?.render(box.current, {
            sitekey: siteKey,
            hl: language,
            callback: (token) => callback.current(token),
            'expired-callback': () => callback.current(null),
          });
        });
      })
      .catch(() => callback.current(null));
    return () => {
      cancelled = true;
    };
  }, [siteKey, language]);

  return <div ref={box} className="captcha" />;
}

/**
 * The captcha as a form field of login and register: the widget, remounted for each attempt (`round`),
 * and the required-captcha message.
 */
export function CaptchaField({
  siteKey,
  language,
  round,
  showError,
  onToken,
}: {
  siteKey: string;
  language: string;
  round: number;
  showError: boolean;
  onToken: (token: string | null) => void;
}) {
  const { t } = useTranslation('auth');
  return (
    <div className="field">
      <CaptchaWidget key={round} siteKey={siteKey} language={language} onToken={onToken} />
      {showError && (
        <p className="field-error" role="alert">
          {t('login.errors.captcha')}
        </p>
      )}
    </div>
  );
}
