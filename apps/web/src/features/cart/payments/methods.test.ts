// @vitest-environment node
import type { PlacePaymentSettings } from '@storefront/contracts/payments';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { isProviderMethod, onlineMethods, paymentFailure } from './methods.ts';

const settings = (change: Partial<PlacePaymentSettings> = {}): PlacePaymentSettings => ({
  methods: ['ONLINE_CARD', 'YAPE', 'TRANSFER'],
  provider: 'CULQI',
  public_key: 'pk_test_123456',
  script_url: 'http://127.0.0.1:9/culqi-checkout.js',
  three_ds_url: 'http://127.0.0.1:9/3ds',
  transfer: null,
  ...change,
});
const transfer = { channel: 'Yape', number: '987654321', holder: 'Café Demo', qr_url: null };

describe('online payment methods', () => {
  it("offers the place's own methods: card and Yape with Culqi, a transfer when the shop set one", () => {
    expect(onlineMethods(settings())).toEqual(['ONLINE_CARD', 'YAPE']);
    expect(onlineMethods(settings({ transfer }))).toEqual(['ONLINE_CARD', 'YAPE', 'TRANSFER']);
    expect(onlineMethods(settings({ methods: ['ONLINE_CARD', 'TRANSFER'], transfer }))).toEqual([
      'ONLINE_CARD',
      'TRANSFER',
    ]);
    expect(onlineMethods(settings({ methods: [], transfer }))).toEqual([]);
  });

  it('offers no Yape with Mercado Pago, and no card or Yape without a key or script', () => {
    expect(onlineMethods(settings({ provider: 'MERCADO_PAGO' }))).toEqual(['ONLINE_CARD']);
    expect(onlineMethods(settings({ public_key: null, transfer }))).toEqual(['TRANSFER']);
    expect(onlineMethods(settings({ provider: null, script_url: null }))).toEqual([]);
    expect(onlineMethods(undefined)).toEqual([]);
  });

  it('asks the provider for a token only for a card or Yape', () => {
    expect(['ONLINE_CARD', 'YAPE', 'TRANSFER', 'CASH', ''].filter(isProviderMethod)).toEqual([
      'ONLINE_CARD',
      'YAPE',
    ]);
  });

  it("reads a decline as the spec's message and the provider's, one a line, in either language", () => {
    const declined = (first: string) =>
      new ApiError(400, { non_field_errors: [first, 'Tu tarjeta no tiene fondos suficientes.'] });
    expect(paymentFailure(declined('No se pudo procesar la tarjeta'))).toBe(
      'No se pudo procesar la tarjeta\nTu tarjeta no tiene fondos suficientes.',
    );
    expect(paymentFailure(declined('The card could not be processed'))).toBe(
      'The card could not be processed\nTu tarjeta no tiene fondos suficientes.',
    );
    expect(paymentFailure(new ApiError(400, { non_field_errors: ['No se pudo procesar la tarjeta'] }))).toBe(
      'No se pudo procesar la tarjeta',
    );
  });

  it('leaves any other error to the form', () => {
    expect(paymentFailure(new ApiError(400, { non_field_errors: ['Stock insuficiente'] }))).toBeNull();
    expect(
      paymentFailure(new ApiError(400, { slot: ['Debe seleccionar un horario disponible'] })),
    ).toBeNull();
    expect(paymentFailure(new Error('network'))).toBeNull();
  });
});
