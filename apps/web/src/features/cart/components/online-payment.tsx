import type { Language } from '@storefront/contracts/constants';
import type { Culqi3dsParameters, PlacePaymentSettings } from '@storefront/contracts/payments';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../components/ui/query-states.tsx';
import { loadScript } from '../../../lib/load-script.ts';
import {
  culqi3dsParameters,
  culqiToken,
  type MercadoPagoInstance,
  mercadoPagoToken,
} from '../payments/providers.ts';
import { InstallmentsField } from './installments-field.tsx';

export type ProviderMethod = 'ONLINE_CARD' | 'YAPE';

/** What the checkout knows when it asks for a token: the amount, who pays, in which language. */
export interface TokenRequest {
  title: string;
  cents: number;
  language: Language;
  holder: { name: string; documentType: string; documentNumber: string };
}
/**
 * The provider's token, and with a Mercado Pago card the instalments chosen (1 unless the person chose).
 * A Culqi card also answers how to run Culqi's 3DS check of that token, when a charge asks for it: its
 * parameters, or null when the person closed the bank's window.
 */
export interface ProviderToken {
  token: string;
  installments?: number;
  authenticate?: (payer: { email: string }) => Promise<Culqi3dsParameters | null>;
}
/** Answers the provider's token, or null when the person closed the provider's window. */
export type Tokenizer = (request: TokenRequest) => Promise<ProviderToken | null>;

/** Mercado Pago's identification types in Peru for the member's document. */
const MP_DOCUMENT: Record<string, string> = {
  NATIONAL_ID: 'DNI',
  FOREIGNER_ID: 'C.E',
  TAX_ID: 'RUC',
};

/**
 * The payment step of a card or Yape: loads the provider's script (only here, never on the first
 * page), shows Mercado Pago's secure card fields (and its "Cuotas" once the card's bin is known) or
 * says where Culqi will ask for the card, and hands the checkout a tokenizer once the script is ready
 * (null while it is not). Card numbers go from the provider's script to the provider only.
 */
export function OnlinePayment({
  method,
  settings,
  cents,
  onTokenizer,
}: {
  method: ProviderMethod;
  settings: PlacePaymentSettings;
  /** The amount the card pays, which Mercado Pago's instalments divide. */
  cents: number;
  onTokenizer: (tokenizer: Tokenizer | null) => void;
}) {
  const { t } = useTranslation('checkout');
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [attempt, setAttempt] = useState(0);
  const ids = useId().replace(/:/g, '');
  const { provider, public_key: publicKey, script_url: scriptUrl, three_ds_url: threeDsUrl } = settings;
  // Mercado Pago: its instance, the card's bin, and the instalments chosen for that card and amount
  // (another card or amount starts again from one); the tokenizer reads the choice when it is asked.
  const [mp, setMp] = useState<MercadoPagoInstance | null>(null);
  const [bin, setBin] = useState<string | null>(null);
  const [choice, setChoice] = useState<{ for: string; installments: number } | null>(null);
  const offerFor = `${bin}:${cents}`;
  const installments = choice?.for === offerFor ? choice.installments : 1;
  const chosen = useRef(installments);
  useEffect(() => {
    chosen.current = installments;
  }, [installments]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt loads the script again
  useEffect(() => {
    if (!provider || !publicKey || !scriptUrl) return;
    let active = true;
    let unmount = () => {};
    setState('loading');
    onTokenizer(null);
    loadScript(scriptUrl)
      .then(() => {
        if (!active) return;
        if (provider === 'CULQI') {
          onTokenizer(async (request) => {
            const token = await culqiToken(publicKey, { method, ...request });
            if (!token) return null;
            // Culqi's 3DS library loads only when a charge asks for it.
            const authenticate =
              threeDsUrl && method === 'ONLINE_CARD'
                ? async ({ email }: { email: string }) => {
                    await loadScript(threeDsUrl);
                    return culqi3dsParameters(publicKey, { tokenId: token, cents: request.cents, email });
                  }
                : undefined;
            return { token, authenticate };
          });
        } else {
          const MercadoPago = window.MercadoPago;
          if (!MercadoPago) throw new Error('MercadoPago.js missing');
          const mp: MercadoPagoInstance = new MercadoPago(publicKey, { locale: 'es-PE' });
          const fields = [
            mp.fields
              .create('cardNumber', { placeholder: '4111 1111 1111 1111' })
              .on('binChange', (event) => setBin(event.bin || null))
              .mount(`${ids}-number`),
            mp.fields.create('expirationDate', { placeholder: 'MM/AA' }).mount(`${ids}-expiry`),
            mp.fields.create('securityCode', { placeholder: '123' }).mount(`${ids}-cvv`),
          ];
          unmount = () => {
            for (const field of fields) field.unmount();
          };
          onTokenizer(async ({ holder }) => ({
            token: await mercadoPagoToken(mp, {
              ...holder,
              documentType: MP_DOCUMENT[holder.documentType] ?? 'Otro',
            }),
            installments: chosen.current,
          }));
          setMp(mp);
        }
        setState('ready');
      })
      .catch(() => {
        if (active) setState('error');
      });
    return () => {
      active = false;
      onTokenizer(null);
      unmount();
      setMp(null);
      setBin(null);
    };
  }, [provider, publicKey, scriptUrl, threeDsUrl, method, onTokenizer, ids, attempt]);

  if (!provider || !publicKey || !scriptUrl) return <p role="alert">{t('online.unavailable')}</p>;
  const secureFields = provider === 'MERCADO_PAGO';
  return (
    <div className="checkout-online" aria-busy={state === 'loading'}>
      {state === 'loading' && <LoadingState count={1} label={t('online.loading')} />}
      {state === 'error' && (
        <ErrorState message={t('online.loadError')} onRetry={() => setAttempt((n) => n + 1)} />
      )}
      {secureFields ? (
        // Mounted before the script answers so its fields have somewhere to go; hidden until then.
        <div className="checkout-card-fields" hidden={state !== 'ready'}>
          {(['number', 'expiry', 'cvv'] as const).map((name) => (
            <div className="field" key={name}>
              {/* The provider's field gives its input the container's id plus "-input". */}
              <label htmlFor={`${ids}-${name}-input`}>{t(`online.${name}`)}</label>
              <div id={`${ids}-${name}`} className="checkout-secure-field" />
            </div>
          ))}
        </div>
      ) : (
        state === 'ready' && <p>{t(method === 'YAPE' ? 'online.yapeHint' : 'online.culqiHint')}</p>
      )}
      {mp && (
        <InstallmentsField
          mp={mp}
          bin={bin}
          cents={cents}
          value={installments}
          onChange={(next) => setChoice({ for: offerFor, installments: next })}
        />
      )}
      {state === 'ready' && <p className="checkout-online-note">{t('online.secure')}</p>}
    </div>
  );
}
