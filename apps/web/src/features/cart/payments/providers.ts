import type { Language } from '@storefront/contracts/constants';
import { type Culqi3dsParameters, culqi3dsParametersSchema } from '@storefront/contracts/payments';

// The subset of each provider's browser script the checkout uses (Culqi Checkout v4, Culqi3DS,
// MercadoPago.js v2); the sandbox's stand-in scripts answer the same.

interface CulqiToken {
  id: string;
}
interface CulqiCheckout {
  publicKey: string;
  token: CulqiToken | null;
  error: { user_message?: string } | null;
  closeEvent: string | null;
  settings(values: { title: string; currency: string; amount: number }): void;
  options(values: { lang: string; paymentMethods: { tarjeta: boolean; yape: boolean } }): void;
  open(): void;
  close(): void;
}

/** Culqi's Three-D Secure library: its bank check runs in its own modal and answers by postMessage. */
interface Culqi3DSLibrary {
  publicKey: string;
  settings: {
    charge: { totalAmount: number; returnUrl: string; currency: string };
    card: { email: string };
  } | null;
  options: { showModal?: boolean; showLoading?: boolean; showIcon?: boolean; closeModalAction?: () => void };
  initAuthentication(tokenId: string): void;
  reset(): void;
}

export interface MercadoPagoField {
  mount(containerId: string): MercadoPagoField;
  unmount(): MercadoPagoField;
  /** The card number's bin (its first digits) once valid, null when it no longer is. */
  on(event: 'binChange', listener: (event: { bin: string | null }) => void): MercadoPagoField;
}
/** One way of paying the amount: its number of instalments and Mercado Pago's words for it. */
export interface PayerCost {
  installments: number;
  recommended_message: string;
}
export interface MercadoPagoInstance {
  /** The instalments the card's issuer offers for the amount (soles, "35.50"). */
  getInstallments(params: { amount: string; bin: string }): Promise<{ payer_costs: PayerCost[] }[]>;
  fields: {
    create(
      type: 'cardNumber' | 'expirationDate' | 'securityCode',
      options: { placeholder: string },
    ): MercadoPagoField;
    createCardToken(holder: {
      cardholderName: string;
      identificationType: string;
      identificationNumber: string;
    }): Promise<{ id: string }>;
  };
}

declare global {
  interface Window {
    Culqi?: CulqiCheckout;
    Culqi3DS?: Culqi3DSLibrary;
    culqi?: () => void;
    MercadoPago?: new (publicKey: string, options: { locale: string }) => MercadoPagoInstance;
  }
}

/** The provider refused the card before any charge (its message, when it gives one). */
export class TokenError extends Error {
  constructor(readonly userMessage: string | undefined) {
    super('token refused');
    this.name = 'TokenError';
  }
}

/**
 * Opens Culqi's checkout for a card or Yape and answers its token id, or null when the person closes
 * it. A card Culqi refuses stays in its own modal with Culqi's message, so the person can fix it there.
 */
export function culqiToken(
  publicKey: string,
  payment: { method: 'ONLINE_CARD' | 'YAPE'; title: string; cents: number; language: Language },
): Promise<string | null> {
  const culqi = window.Culqi;
  if (!culqi) return Promise.reject(new TokenError(undefined));
  culqi.publicKey = publicKey;
  culqi.settings({ title: payment.title, currency: 'PEN', amount: payment.cents });
  culqi.options({
    lang: payment.language,
    paymentMethods: { tarjeta: payment.method === 'ONLINE_CARD', yape: payment.method === 'YAPE' },
  });
  return new Promise((resolve) => {
    window.culqi = () => {
      if (culqi.token) {
        resolve(culqi.token.id);
        culqi.close();
      } else if (culqi.closeEvent) resolve(null);
    };
    culqi.open();
  });
}

/**
 * Runs Culqi's 3DS check of a card token (its library already loaded) and answers the parameters it
 * posts to the page, or null when the person closes its modal. Its `{ error }` is a TokenError.
 */
export function culqi3dsParameters(
  publicKey: string,
  check: { tokenId: string; cents: number; email: string },
): Promise<Culqi3dsParameters | null> {
  const library = window.Culqi3DS;
  if (!library) return Promise.reject(new TokenError(undefined));
  library.publicKey = publicKey;
  library.settings = {
    charge: { totalAmount: check.cents, returnUrl: window.location.href, currency: 'PEN' },
    card: { email: check.email },
  };
  return new Promise((resolve, reject) => {
    const finish = () => {
      window.removeEventListener('message', listen);
      library.options = { ...library.options, closeModalAction: undefined };
    };
    function listen(event: MessageEvent) {
      // The library posts on the page's own origin; any other message is not its answer.
      if (event.origin !== window.location.origin) return;
      const data = event.data as { parameters3DS?: unknown; error?: unknown } | null;
      if (data?.parameters3DS !== undefined) {
        finish();
        const parsed = culqi3dsParametersSchema.safeParse(data.parameters3DS);
        if (parsed.success) resolve(parsed.data);
        else reject(new TokenError(undefined));
      } else if (data?.error !== undefined) {
        finish();
        const error = data.error as { user_message?: unknown } | string;
        const message = typeof error === 'string' ? error : error?.user_message;
        reject(new TokenError(typeof message === 'string' ? message : undefined));
      }
    }
    library.options = {
      ...library.options,
      showModal: true,
      showLoading: true,
      showIcon: true,
      closeModalAction: () => {
        finish();
        resolve(null);
      },
    };
    window.addEventListener('message', listen);
    library.initAuthentication(check.tokenId);
  });
}

/** Mercado Pago's card token from its secure fields; a refused field is a TokenError. */
export async function mercadoPagoToken(
  mp: MercadoPagoInstance,
  holder: { name: string; documentType: string; documentNumber: string },
): Promise<string> {
  try {
    const token = await mp.fields.createCardToken({
      cardholderName: holder.name,
      identificationType: holder.documentType,
      identificationNumber: holder.documentNumber,
    });
    return token.id;
  } catch (error) {
    const causes = Array.isArray(error) ? (error as { message?: string }[]) : [];
    throw new TokenError(causes[0]?.message);
  }
}

/**
 * The instalments Mercado Pago offers for a card (its bin) and an amount, fewest first (one, the
 * checkout's default, is always among them), only those the order body takes (1 to 36). A refusal or
 * a network error rejects.
 */
export async function installmentOptions(
  mp: MercadoPagoInstance,
  { bin, cents }: { bin: string; cents: number },
): Promise<PayerCost[]> {
  const [offer] = await mp.getInstallments({ amount: (cents / 100).toFixed(2), bin });
  return (offer?.payer_costs ?? [])
    .filter(
      (cost) => Number.isInteger(cost.installments) && cost.installments >= 1 && cost.installments <= 36,
    )
    .sort((a, b) => a.installments - b.installments);
}
