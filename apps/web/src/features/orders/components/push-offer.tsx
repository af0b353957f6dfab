import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFetch } from '../../../lib/api-client.ts';
import { registerServiceWorker } from '../../../lib/service-worker.ts';
import { STORAGE_KEYS, storage } from '../../../lib/storage.ts';

type State = 'hidden' | 'offered' | 'asking' | 'on' | 'denied' | 'error';

/** Whether this browser can take notifications from the site's service worker. */
const supported = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

/**
 * The offer of notifications on an order's page (issue 30 item 4), loaded after the page: shown while
 * this device has no subscription, the browser has not blocked them and the member has not said "not
 * now". Allowing registers the browser's subscription with the server, which then notifies each
 * status change of the member's orders.
 */
export default function PushOffer() {
  const { t } = useTranslation('orders');
  const [state, setState] = useState<State>('hidden');

  useEffect(() => {
    if (!supported() || Notification.permission === 'denied') return;
    if (storage.get(STORAGE_KEYS.pushOfferDismissed) === '1') return;
    let live = true;
    void registerServiceWorker()
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => registration.pushManager.getSubscription())
      .then((subscription) => {
        if (live && !subscription) setState('offered');
      });
    return () => {
      live = false;
    };
  }, []);

  const allow = async () => {
    setState('asking');
    try {
      if ((await Notification.requestPermission()) !== 'granted') return setState('denied');
      const registration = await navigator.serviceWorker.ready;
      const { public_key } = await apiFetch<{ public_key: string }>('v5/push/key/');
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: public_key,
      });
      await apiFetch('v5/me/push-subscriptions/', { method: 'POST', body: subscription.toJSON() });
      setState('on');
    } catch {
      // The browser's push service unreachable, or the server refusing the subscription.
      setState('error');
    }
  };

  const later = () => {
    storage.set(STORAGE_KEYS.pushOfferDismissed, '1');
    setState('hidden');
  };

  if (state === 'hidden') return null;
  if (state === 'on' || state === 'denied')
    return (
      <p className="push-offer" role="status">
        {t(`push.${state}`)}
      </p>
    );
  return (
    <section className="push-offer" aria-labelledby="push-offer-title">
      <h2 id="push-offer-title">{t('push.title')}</h2>
      <p>{t('push.text')}</p>
      {state === 'error' && <p role="alert">{t('push.error')}</p>}
      <div className="push-offer-actions">
        <button type="button" className="button" onClick={allow} disabled={state === 'asking'}>
          {t('push.allow')}
        </button>
        <button type="button" className="button secondary" onClick={later} disabled={state === 'asking'}>
          {t('push.later')}
        </button>
      </div>
    </section>
  );
}
