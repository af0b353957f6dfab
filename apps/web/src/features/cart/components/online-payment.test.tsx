import type { PlacePaymentSettings } from '@storefront/contracts/payments';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addTranslations, initI18n } from '../../../lib/i18n.ts';
import {
  MP_API,
  providerRequests,
  SANDBOX_SCRIPTS,
  stubProvider,
} from '../../../test-support/payment-sandbox.ts';
import en from '../locales/checkout/en.json';
import es from '../locales/checkout/es.json';
import { OnlinePayment, type Tokenizer } from './online-payment.tsx';

// The card step with Mercado Pago, its stand-in MercadoPago.js run as the browser would load it, and
// the provider's API answering as the sandbox does: the token the checkout sends carries the
// instalments chosen for that card.

vi.mock('../../../lib/load-script.ts', async () => {
  const { runSandboxScript } = await import('../../../test-support/payment-sandbox.ts');
  return { loadScript: async () => runSandboxScript('mercadopago-sdk.js') };
});

const settings: PlacePaymentSettings = {
  methods: ['ONLINE_CARD'],
  provider: 'MERCADO_PAGO',
  public_key: 'TEST-public-key',
  script_url: SANDBOX_SCRIPTS['mercadopago-sdk.js'],
  three_ds_url: null,
  transfer: null,
};
const holder = { name: 'Ana Pérez', documentType: 'NATIONAL_ID', documentNumber: '12345678' };
const request = { title: 'Café Demo', cents: 3550, language: 'es' as const, holder };

function renderStep() {
  let tokenizer: Tokenizer | null = null;
  render(
    <QueryClientProvider client={new QueryClient()}>
      <OnlinePayment
        method="ONLINE_CARD"
        settings={settings}
        cents={3550}
        onTokenizer={(next) => {
          tokenizer = next;
        }}
      />
    </QueryClientProvider>,
  );
  return () => {
    if (!tokenizer) throw new Error('no tokenizer offered');
    return tokenizer(request);
  };
}

const type = (label: string, value: string) =>
  fireEvent.input(screen.getByLabelText(label), { target: { value } });

describe('the Mercado Pago card step', () => {
  beforeAll(async () => {
    await initI18n();
    addTranslations('checkout', { es, en });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    providerRequests.length = 0;
  });

  it('tokenizes the card with the instalments chosen, and another card starts again from one', async () => {
    stubProvider((url) =>
      url.startsWith(`${MP_API}/v1/payment_methods/installments`)
        ? {
            status: 200,
            body: [
              {
                payer_costs: [1, 3, 6].map((installments) => ({
                  installments,
                  recommended_message: `${installments} × S/ ${(35.5 / installments).toFixed(2)}`,
                })),
              },
            ],
          }
        : { status: 201, body: { id: 'ff8080814c11e237014c1ff593b57b4d' } },
    );
    const pay = renderStep();
    await screen.findByLabelText('Número de tarjeta');
    type('Número de tarjeta', '4111 1111 1111 1111');
    type('Vencimiento (MM/AA)', '12/34');
    type('Código de seguridad (CVV)', '123');
    // Paid before choosing: in one.
    await expect(pay()).resolves.toEqual({
      token: 'ff8080814c11e237014c1ff593b57b4d',
      installments: 1,
    });

    const cuotas = (await screen.findByLabelText('Cuotas')) as HTMLSelectElement;
    fireEvent.change(cuotas, { target: { value: '3' } });
    await waitFor(() => expect(cuotas.value).toBe('3'));
    await expect(pay()).resolves.toEqual({
      token: 'ff8080814c11e237014c1ff593b57b4d',
      installments: 3,
    });

    type('Número de tarjeta', '5500 0000 0000 0004');
    await waitFor(() => expect((screen.getByLabelText('Cuotas') as HTMLSelectElement).value).toBe('1'));
    await expect(pay()).resolves.toMatchObject({ installments: 1 });
    const asked = providerRequests
      .map((sent) => new URL(sent.url))
      .filter((url) => url.pathname.endsWith('/installments'))
      .map((url) => url.searchParams.get('bin'));
    expect(asked).toEqual(['41111111', '55000000']);
  });
});
