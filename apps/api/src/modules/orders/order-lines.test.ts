import { errorMessage } from '@storefront/contracts/errors';
import type { CartLineInput } from '@storefront/contracts/orders';
import { products } from '@storefront/db/schema/catalogue';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberContext } from '../../lib/request-context.ts';
import { createTestApp } from '../../test/test-app.ts';
import { settle } from './checkout.service.ts';
import { priceLines } from './order-lines.service.ts';

const PLACE = { uid: 'place-miraflores' };

const line = (uid: string, quantity: number, groups: Record<string, string[]> = {}): CartLineInput => ({
  uid,
  quantity,
  option_groups: Object.entries(groups).map(([group, options]) => ({
    uid: group,
    options: options.map((option) => ({ uid: `${group}-${option}` })),
  })),
  direct_purchase: false,
});

/**
 * Pricing a cart from the catalogue (issue 20, orders' mutation score): every amount and name of a
 * priced line, each option limit at its bound, every refusal with the line it names, coins for
 * redeemables and the stock each product takes; then the split of a price between the gift balance
 * and the rest (settle).
 */
describe('priceLines', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const price = (lines: CartLineInput[], limits = true, language: 'es' | 'en' = 'es') =>
    priceLines(t.db, PLACE, lines, { limits, language });
  /** The refusal's code and fields, or 'priced'. */
  const refusal = (lines: CartLineInput[], limits = true, language: 'es' | 'en' = 'es') =>
    price(lines, limits, language).then(
      () => 'priced',
      (error: { code: string; fields?: Record<string, string[]> }) => ({
        code: error.code,
        fields: error.fields,
      }),
    );

  it('prices each line from the catalogue with its chosen options, leaving out groups with nothing chosen', async () => {
    const priced = await price([
      line('p-ceviche-clasico', 2, {
        'og-ceviche-picante': ['medio'],
        'og-ceviche-extras': ['chicharron-de-calamar', 'cancha-serrana'],
      }),
      line('p-lomo-saltado', 1, { 'og-lomo-termino': ['jugoso'], 'og-lomo-extras': [] }),
    ]);
    expect(priced.items).toEqual([
      {
        uid: 'p-ceviche-clasico',
        name: 'Ceviche clásico',
        quantity: 2,
        unitPrice: 3200 + 800 + 150,
        price: 2 * 4150,
        coinPrice: 0,
        isRedeemable: false,
        directPurchase: expect.any(Boolean),
        optionGroups: [
          {
            uid: 'og-ceviche-picante',
            name: 'Nivel de picante',
            options: [{ uid: 'og-ceviche-picante-medio', name: 'Medio', price: 0 }],
          },
          {
            uid: 'og-ceviche-extras',
            name: 'Extras',
            options: [
              { uid: 'og-ceviche-extras-chicharron-de-calamar', name: expect.any(String), price: 800 },
              { uid: 'og-ceviche-extras-cancha-serrana', name: expect.any(String), price: 150 },
            ],
          },
        ],
      },
      {
        uid: 'p-lomo-saltado',
        name: 'Lomo saltado',
        quantity: 1,
        unitPrice: 3500,
        price: 3500,
        coinPrice: 0,
        isRedeemable: false,
        directPurchase: expect.any(Boolean),
        optionGroups: [
          {
            uid: 'og-lomo-termino',
            name: expect.any(String),
            options: [{ uid: 'og-lomo-termino-jugoso', name: expect.any(String), price: 0 }],
          },
        ],
      },
    ]);
    expect({ subtotal: priced.subtotal, coins: priced.coins }).toEqual({ subtotal: 8300 + 3500, coins: 0 });
  });

  it('counts an option chosen twice once', async () => {
    const priced = await price([
      line('p-ceviche-clasico', 1, {
        'og-ceviche-picante': ['medio', 'medio'],
        'og-ceviche-extras': ['camote-extra', 'camote-extra', 'cancha-serrana'],
      }),
    ]);
    expect(priced.items[0]?.optionGroups.map((g) => g.options.length)).toEqual([1, 2]);
    expect(priced.subtotal).toBe(3200 + 200 + 150);
  });

  it("holds each group's choices within its maximum and minimum, at the bounds too, and only when asked", async () => {
    const extras = ['chicharron-de-calamar', 'camote-extra', 'cancha-serrana'];
    const atMost = line('p-ceviche-clasico', 1, {
      'og-ceviche-picante': ['medio'],
      'og-ceviche-extras': extras.slice(0, 2),
    });
    expect((await price([atMost])).subtotal).toBe(3200 + 800 + 200);
    const tooMany = line('p-ceviche-clasico', 1, {
      'og-ceviche-picante': ['medio'],
      'og-ceviche-extras': extras,
    });
    const above = errorMessage('OPTIONS_ABOVE_MAXIMUM', 'es');
    expect(await refusal([atMost, tooMany])).toEqual({
      code: 'OPTIONS_ABOVE_MAXIMUM',
      fields: { 'products.1': [above], non_field_errors: [above] },
    });
    // Two of a group of one to one.
    expect(
      await refusal([line('p-ceviche-clasico', 1, { 'og-ceviche-picante': ['medio', 'sin-aji'] })]),
    ).toMatchObject({ code: 'OPTIONS_ABOVE_MAXIMUM' });

    // The minimum: the one required choice missing, or the group not sent at all.
    expect(
      await refusal([
        line('p-ceviche-clasico', 1, { 'og-ceviche-picante': [], 'og-ceviche-extras': ['camote-extra'] }),
      ]),
    ).toEqual({
      code: 'OPTIONS_BELOW_MINIMUM',
      fields: {
        'products.0': [errorMessage('OPTIONS_BELOW_MINIMUM', 'es')],
        non_field_errors: [errorMessage('OPTIONS_BELOW_MINIMUM', 'es')],
      },
    });
    expect(await refusal([line('p-ceviche-clasico', 1)])).toMatchObject({ code: 'OPTIONS_BELOW_MINIMUM' });
    // Up to three sauces of one to three.
    const sauces = line('p-pollo-a-la-brasa-1-4', 1, { 'og-pollo-salsas': ['mayonesa', 'aji', 'ocopa'] });
    expect((await price([sauces])).items[0]?.optionGroups[0]?.options).toHaveLength(3);
    // An inactive group's minimum is not asked (lomo's drink).
    expect(await refusal([line('p-lomo-saltado', 1, { 'og-lomo-termino': ['a-punto'] })])).toBe('priced');

    // Without limits (a cart being saved), any count is taken.
    expect(await refusal([tooMany, line('p-ceviche-clasico', 1)], false)).toBe('priced');
  });

  it('refuses a product or option not on sale, naming its line, in the language asked', async () => {
    const fine = line('p-lomo-saltado', 1, { 'og-lomo-termino': ['a-punto'] });
    for (const language of ['es', 'en'] as const) {
      const message = errorMessage('PRODUCT_NOT_AVAILABLE', language);
      expect(await refusal([fine, line('p-no-such-product', 1)], true, language)).toEqual({
        code: 'PRODUCT_NOT_AVAILABLE',
        fields: { 'products.1': [message], non_field_errors: [message] },
      });
    }
    const option = (groups: Record<string, string[]>) => refusal([fine, line('p-lomo-saltado', 1, groups)]);
    const message = errorMessage('OPTION_NOT_AVAILABLE', 'es');
    const notAvailable = {
      code: 'OPTION_NOT_AVAILABLE',
      fields: { 'products.1': [message], non_field_errors: [message] },
    };
    // An inactive option, an unknown one, another group's, a group of another product, a group twice.
    expect(await option({ 'og-lomo-termino': ['a-punto'], 'og-lomo-extras': ['papas-nativas'] })).toEqual(
      notAvailable,
    );
    expect(await option({ 'og-lomo-termino': ['crudo'] })).toEqual(notAvailable);
    expect(
      await refusal([
        fine,
        {
          ...line('p-lomo-saltado', 1),
          option_groups: [{ uid: 'og-lomo-termino', options: [{ uid: 'og-lomo-extras-huevo-frito' }] }],
        },
      ]),
    ).toEqual(notAvailable);
    expect(await option({ 'og-lomo-termino': ['a-punto'], 'og-ceviche-extras': ['camote-extra'] })).toEqual(
      notAvailable,
    );
    expect(
      await refusal([
        fine,
        {
          ...line('p-lomo-saltado', 1),
          option_groups: [
            { uid: 'og-lomo-termino', options: [{ uid: 'og-lomo-termino-a-punto' }] },
            { uid: 'og-lomo-termino', options: [{ uid: 'og-lomo-termino-jugoso' }] },
          ],
        },
      ]),
    ).toEqual(notAvailable);
    // The inactive group (lomo's drink) cannot be chosen either.
    expect(await option({ 'og-lomo-termino': ['a-punto'], 'og-lomo-bebida': ['chicha-morada'] })).toEqual(
      notAvailable,
    );
  });

  it('prices a redeemable product in coins and its options in money', async () => {
    // Even with a money price in the catalogue, a redeemable product is paid in coins only.
    await t.db.update(products).set({ unitPrice: 1500 }).where(eq(products.uid, 'p-canje-lomo-saltado'));
    const priced = await price([
      line('p-canje-lomo-saltado', 2),
      line('p-chicha-morada-de-regalo', 1),
      line('p-picarones', 3, { 'og-picarones-miel': ['miel-de-chancaca-extra'] }),
    ]);
    expect(priced.items.map((i) => [i.uid, i.unitPrice, i.price, i.coinPrice, i.isRedeemable])).toEqual([
      ['p-canje-lomo-saltado', 0, 0, 900, true],
      ['p-chicha-morada-de-regalo', 0, 0, 150, true],
      ['p-picarones', expect.any(Number), expect.any(Number), 0, false],
    ]);
    const picarones = priced.items[2];
    expect(picarones?.price).toBe(3 * (picarones?.unitPrice ?? 0));
    expect({ coins: priced.coins, subtotal: priced.subtotal }).toEqual({
      coins: 2 * 900 + 150,
      subtotal: picarones?.price,
    });
  });

  it('adds up the stock each product takes across its lines, for products with a finite stock only', async () => {
    const priced = await price([
      line('p-leche-de-tigre', 1),
      line('p-lomo-saltado', 2, { 'og-lomo-termino': ['a-punto'] }),
      line('p-leche-de-tigre', 2),
    ]);
    expect([...priced.stock]).toEqual([['p-leche-de-tigre', { quantity: 3, available: 3 }]]);
  });
});

describe('settle', () => {
  const ctx = { language: 'es' } as MemberContext;
  const money = { subtotal: 5000, delivery: 700, discount: 1200 };
  const body = (more: Record<string, unknown>) => ({ order_type: 'PICKUP', products: [], ...more }) as never;
  const refused = (more: Record<string, unknown>) => {
    try {
      return settle(ctx, body(more), money);
    } catch (error) {
      return (error as { code: string }).code;
    }
  };

  it('is subtotal plus delivery minus discount, all of it from the gift balance with GIFT_CARD', () => {
    expect(settle(ctx, body({ payment_type: 'CASH' }), money)).toEqual({ price: 4500, gift: 0 });
    expect(settle(ctx, body({}), money)).toEqual({ price: 4500, gift: 0 });
    expect(settle(ctx, body({ payment_type: 'GIFT_CARD' }), money)).toEqual({ price: 4500, gift: 4500 });
    expect(settle(ctx, body({ payment_type: 'GIFT_CARD', gift_card_amount: '45.00' }), money)).toEqual({
      price: 4500,
      gift: 4500,
    });
    expect(refused({ payment_type: 'GIFT_CARD', gift_card_amount: '44.99' })).toBe(
      'GIFT_CARD_AMOUNT_INVALID',
    );
  });

  it('takes a part from the gift balance with cash or card on delivery, strictly between nothing and the price', () => {
    expect(settle(ctx, body({ payment_type: 'CASH', gift_card_amount: '0.01' }), money)).toEqual({
      price: 4500,
      gift: 1,
    });
    expect(settle(ctx, body({ gift_card_amount: '44.99' }), money)).toEqual({ price: 4500, gift: 4499 });
    expect(settle(ctx, body({ payment_type: 'CARD_ON_DELIVERY', gift_card_amount: '10.50' }), money)).toEqual(
      {
        price: 4500,
        gift: 1050,
      },
    );
    for (const amount of ['0.00', '45.00', '50.00']) {
      expect(refused({ payment_type: 'CASH', gift_card_amount: amount })).toBe('GIFT_CARD_AMOUNT_INVALID');
    }
    expect(refused({ payment_type: 'COINS', gift_card_amount: '1.00' })).toBe('GIFT_CARD_AMOUNT_INVALID');
    const message = errorMessage('GIFT_CARD_AMOUNT_INVALID', 'es');
    expect(() => settle(ctx, body({ payment_type: 'CASH', gift_card_amount: '0.00' }), money)).toThrow(
      expect.objectContaining({ fields: { gift_card_amount: [message], non_field_errors: [message] } }),
    );
  });
});
