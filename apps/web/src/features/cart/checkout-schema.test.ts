import { describe, expect, it } from 'vitest';
import { type CheckoutValues, checkoutBody, checkoutFormSchema, nextDays } from './checkout-schema.ts';

const valid: CheckoutValues = {
  order_type: 'PICKUP',
  district: '',
  address: '',
  reference: '',
  pickup_date: '2026-11-23',
  slot: '12:00-12:30',
  days: [],
  payment_type: 'CASH',
  first_name: 'Ana',
  last_name: 'Pérez',
  email: 'ana@demo.pe',
  phone: '987654321',
  city: 'Lima',
  billing_address: 'Av. Larco 1',
  comments: '',
  coupon_code: '',
  gift_card_amount: '',
};

const messages = (values: Partial<CheckoutValues>, context = {}, language: 'es' | 'en' = 'es') => {
  const result = checkoutFormSchema(language, {
    type: 'REGULAR',
    coinsNeeded: 0,
    coinsAvailable: 100,
    ...context,
  }).safeParse({
    ...valid,
    ...values,
  });
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );
};

/** A cart of one line and the member's side of the body, for the bodies built below. */
const cart = {
  place: 'place-a',
  products: {
    p_0: {
      id: 'p_0',
      uid: 'p',
      name: 'P',
      quantity: 2,
      unit_price: '10.00',
      coin_price: null,
      is_redeemable: false,
      direct_purchase: false,
      image: null,
      option_groups: [{ uid: 'g', name: 'G', options: [{ uid: 'o', name: 'O', price: '1.00' }] }],
    },
  },
};
const extras = {
  placeUid: 'place-a',
  cart,
  documentType: 'NATIONAL_ID' as const,
  documentNumber: '44556677',
  couponCode: 'DESCUENTO5',
  influencerUid: null,
};

describe('checkout form rules (spec §5)', () => {
  it('accepts a complete pickup order', () => {
    expect(messages({})).toEqual({});
  });

  it('needs a delivery area and an address for delivery, in the spec’s words', () => {
    expect(messages({ order_type: 'DELIVERY' })).toEqual({
      district: 'Debe seleccionar un área de delivery',
      address: 'Este campo es requerido',
    });
    expect(messages({ order_type: 'DELIVERY' }, {}, 'en').district).toBe('A delivery area must be selected');
  });

  it('needs a time slot, a day for a subscription and a payment method', () => {
    expect(messages({ slot: '' }).slot).toBe('Debe seleccionar un horario disponible');
    expect(messages({}, { type: 'SUBSCRIPTION' }).days).toBe(
      'Debe seleccionar al menos un día para la suscripción',
    );
    expect(messages({ payment_type: '' }).payment_type).toBe('Debe seleccionar un método de pago');
    expect(messages({ payment_type: '' }, {}, 'en').payment_type).toBe('A payment method must be chosen');
  });

  it('needs every billing field of a card charged online, with the generic validator messages', () => {
    const empty = messages({
      payment_type: 'ONLINE_CARD',
      first_name: '',
      last_name: ' ',
      email: '',
      phone: '',
      city: '',
      billing_address: ' ',
    });
    expect(empty).toEqual({
      first_name: 'Este campo es requerido',
      last_name: 'Este campo es requerido',
      email: 'Este campo es requerido',
      phone: 'Este campo es requerido',
      city: 'Este campo es requerido',
      billing_address: 'Este campo es requerido',
    });
    expect(messages({ email: 'ana@' }).email).toBe('Ingresar un email correcto');
  });

  it('asks city and billing address only for a card charged online (issue 28)', () => {
    const noAddress = { city: '', billing_address: '' };
    for (const payment_type of ['CASH', 'CARD_ON_DELIVERY', 'YAPE', 'TRANSFER'] as const)
      expect(messages({ ...noAddress, payment_type })).toEqual({});
    expect(messages({ ...noAddress, payment_type: 'ONLINE_CARD' }, {}, 'en')).toEqual({
      city: 'This field is required',
      billing_address: 'This field is required',
    });
  });

  it('refuses a coin amount above the member’s coins', () => {
    expect(messages({ payment_type: 'COINS' }, { coinsNeeded: 300, coinsAvailable: 299 }).payment_type).toBe(
      'El monto no debe exceder el máximo',
    );
    expect(messages({ payment_type: 'COINS' }, { coinsNeeded: 300, coinsAvailable: 300 })).toEqual({});
  });

  it('builds the order body of architecture §6, with days for a subscription', () => {
    const order = checkoutBody(
      {
        ...valid,
        payment_type: 'ONLINE_CARD',
        order_type: 'DELIVERY',
        district: 'Miraflores',
        address: 'Calle 1',
      },
      { ...extras, type: 'REGULAR' },
    );
    expect(order).toMatchObject({
      order_type: 'DELIVERY',
      start_time: '12:00',
      end_time: '12:30',
      district: 'Miraflores',
      coupon_code: 'DESCUENTO5',
      products: [
        {
          id: 'p_0',
          uid: 'p',
          quantity: 2,
          option_groups: [{ uid: 'g', options: [{ uid: 'o' }] }],
          direct_purchase: false,
        },
      ],
      user_data: { full_name: 'Ana Pérez', document_number: '44556677', contact_number: '987654321' },
      billing: { city: 'Lima', address: 'Av. Larco 1' },
    });
    expect('days' in order).toBe(false);
    // Cash: no billing block (the contact is in user_data); a card charged online sends it.
    expect('billing' in checkoutBody(valid, { ...extras, type: 'REGULAR' })).toBe(false);
    expect('influencer_uid' in order).toBe(false);
    const subscription = checkoutBody({ ...valid, days: [5, 1] }, { ...extras, type: 'SUBSCRIPTION' });
    expect(subscription).toMatchObject({ days: [1, 5] });
    expect('address' in subscription).toBe(false);
  });

  it('offers the next seven days, today first', () => {
    expect(nextDays(new Date(2026, 11, 30), 3)).toEqual(['2026-12-30', '2026-12-31', '2027-01-01']);
  });

  it('sends the provider token, and instalments only with a card paid through Mercado Pago', () => {
    const card = { ...valid, payment_type: 'ONLINE_CARD' as const };
    const regular = { ...extras, type: 'REGULAR' as const };
    expect(checkoutBody(card, { ...regular, paymentToken: 'card-token-1', installments: 3 })).toMatchObject({
      payment_token: 'card-token-1',
      installments: 3,
    });
    // Culqi's card and Yape answer no instalments: the body carries none.
    expect('installments' in checkoutBody(card, { ...regular, paymentToken: 'tkn_test_1' })).toBe(false);
    const yape = checkoutBody(
      { ...valid, payment_type: 'YAPE' },
      { ...regular, paymentToken: 'ype_test_1', installments: 3 },
    );
    expect(yape).toMatchObject({ payment_token: 'ype_test_1' });
    expect('installments' in yape).toBe(false);
    // No token, no payment fields at all.
    const cash = checkoutBody(valid, { ...regular, installments: 3 });
    expect('payment_token' in cash || 'installments' in cash).toBe(false);
  });
});
