import { describe, expect, it } from 'vitest';
import { DELIVERY_LINE_ID, refundAmounts, type SaleInput, saleAmounts } from './receipt-amounts.ts';

// Every expected amount below was worked out by hand from the rule in decision 038: a line's price with
// IGV is exact, its value is price ÷ 1.18 rounded half up to the cent, its IGV is the rest.

/** Two lomos with an extra egg (S/ 30.00 + S/ 2.50 each), a chicha, and a S/ 10.00 coupon. */
const BOLETA_WITH_COUPON: SaleInput = {
  igvPercent: '18',
  lines: [
    { id: 'lomo', description: 'Lomo saltado + huevo frito', quantity: '2', unitPrice: '32.50' },
    { id: 'chicha', description: 'Chicha morada 1 L', quantity: '1', unitPrice: '12.00' },
  ],
  discounts: [{ label: 'Cupón BIENVENIDA', amount: '10.00' }],
};

describe('a boleta with options and a coupon', () => {
  const amounts = saleAmounts(BOLETA_WITH_COUPON);

  it('takes the coupon from the products in proportion to their price, to the cent', () => {
    // 10.00 × 65/77 = 8.4415… and 10.00 × 12/77 = 1.5584…: the cent left goes to the larger remainder.
    const [lomo, chicha] = amounts.lines;
    expect(lomo).toMatchObject({
      quantity: '2',
      affectation: '10',
      unitCode: 'NIU',
      unitValue: '27.54', // 65.00 ÷ 1.18 = 55.08 for two
      unitPrice: '28.28', // (65.00 − 8.44) ÷ 2
      referenceUnitValue: null,
      valueCents: 4793, // 56.56 ÷ 1.18 = 47.932…
      igvCents: 863,
      priceCents: 5656,
      allowances: [{ label: 'Cupón BIENVENIDA', baseCents: 5508, amountCents: 715, factor: '0.12981' }],
    });
    expect(chicha).toMatchObject({
      unitValue: '10.17', // 12.00 ÷ 1.18 = 10.169…
      unitPrice: '10.44', // 12.00 − 1.56
      valueCents: 885, // 10.44 ÷ 1.18 = 8.847…
      igvCents: 159,
      priceCents: 1044,
      allowances: [{ label: 'Cupón BIENVENIDA', baseCents: 1017, amountCents: 132, factor: '0.12979' }],
    });
  });

  it('adds the lines up to the order total: 77.00 − 10.00', () => {
    expect(amounts).toMatchObject({
      igvPercent: '18.00',
      valueCents: 5678,
      igvCents: 1022,
      totalCents: 6700,
      freeValueCents: 0,
      freeIgvCents: 0,
      discountCents: 1000,
      giftBalanceCents: 0,
      paidOtherwiseCents: 6700,
    });
  });

  it('keeps each line within SUNAT’s checks: value = quantity × unit value − discount, IGV ≈ 18 % of it', () => {
    for (const line of amounts.lines) {
      const discount = line.allowances.reduce((sum, allowance) => sum + allowance.amountCents, 0);
      expect(Math.round(Number(line.quantity) * Number(line.unitValue) * 100) - discount).toBe(
        line.valueCents,
      );
      expect(Math.abs(line.igvCents - line.valueCents * 0.18)).toBeLessThan(1);
    }
  });

  it('pays with the gift balance without changing a single amount of the receipt', () => {
    const paid = saleAmounts({ ...BOLETA_WITH_COUPON, giftBalance: '20.00' });
    expect(paid).toMatchObject({
      totalCents: 6700,
      igvCents: 1022,
      giftBalanceCents: 2000,
      paidOtherwiseCents: 4700,
    });
    expect(paid.lines).toEqual(amounts.lines);
    expect(() => saleAmounts({ ...BOLETA_WITH_COUPON, giftBalance: '67.01' })).toThrow(
      expect.objectContaining({ code: 'GIFT_BALANCE_TOO_LARGE' }),
    );
  });
});

describe('a factura with a delivery fare', () => {
  const amounts = saleAmounts({
    igvPercent: '18',
    lines: [
      { id: 'ceviche', description: 'Ceviche clásico', quantity: '1', unitPrice: '38.90', code: 'P-CEV' },
      { id: 'causa', description: 'Causa limeña', quantity: '2', unitPrice: '18.50' },
    ],
    deliveryFare: { description: 'Delivery a Miraflores', amount: '7.00' },
  });

  it('makes the fare a service line of its own', () => {
    expect(
      amounts.lines.map((line) => [line.id, line.unitCode, line.valueCents, line.igvCents, line.priceCents]),
    ).toEqual([
      ['ceviche', 'NIU', 3297, 593, 3890], // 38.90 ÷ 1.18 = 32.966…
      ['causa', 'NIU', 3136, 564, 3700], // 37.00 ÷ 1.18 = 31.355…
      [DELIVERY_LINE_ID, 'ZZ', 593, 107, 700], // 7.00 ÷ 1.18 = 5.932…
    ]);
    expect(amounts.lines[0]).toMatchObject({ code: 'P-CEV', unitValue: '32.97', unitPrice: '38.90' });
    expect(amounts.lines[1]).toMatchObject({ unitValue: '15.68', unitPrice: '18.50', allowances: [] });
  });

  it('totals 82.90 with 12.64 of IGV on 70.26', () => {
    expect(amounts).toMatchObject({ valueCents: 7026, igvCents: 1264, totalCents: 8290, discountCents: 0 });
  });

  it('leaves the fare out of a coupon unless the coupon names it', () => {
    const freeDelivery = saleAmounts({
      igvPercent: '18',
      lines: [{ id: 'causa', description: 'Causa limeña', quantity: '2', unitPrice: '18.50' }],
      deliveryFare: { description: 'Delivery', amount: '7.00' },
      discounts: [{ label: 'Delivery gratis', amount: '7.00', lineIds: [DELIVERY_LINE_ID] }],
    });
    expect(freeDelivery.lines.map((line) => [line.id, line.priceCents, line.valueCents])).toEqual([
      ['causa', 3700, 3136],
      [DELIVERY_LINE_ID, 0, 0],
    ]);
    expect(freeDelivery.lines[1]?.allowances).toEqual([
      { label: 'Delivery gratis', baseCents: 593, amountCents: 593, factor: '1.00' },
    ]);
    expect(freeDelivery.totalCents).toBe(3700);
  });
});

describe('a product given for coins', () => {
  const sale: SaleInput = {
    igvPercent: '18',
    lines: [{ id: 'lomo', description: 'Lomo saltado', quantity: '1', unitPrice: '32.50' }],
    givenLines: [
      { id: 'pisco', description: 'Pisco sour (canje)', quantity: '1', referenceUnitPrice: '25.00' },
    ],
  };

  it('is a free transfer at its menu value, outside the total', () => {
    const amounts = saleAmounts(sale);
    expect(amounts.lines[1]).toEqual({
      id: 'pisco',
      description: 'Pisco sour (canje)',
      code: null,
      unitCode: 'NIU',
      quantity: '1',
      affectation: '31',
      unitValue: '0.00',
      unitPrice: null,
      referenceUnitValue: '21.19', // 25.00 ÷ 1.18 = 21.186…
      allowances: [],
      valueCents: 2119,
      igvCents: 0,
      priceCents: 0,
    });
    expect(amounts).toMatchObject({
      valueCents: 2754, // the lomo alone: 32.50 ÷ 1.18 = 27.542…
      igvCents: 496,
      freeValueCents: 2119,
      freeIgvCents: 0,
      totalCents: 3250,
    });
  });

  it('carries the IGV its issuer owes when the company treats it as a taxed withdrawal (prize, 11)', () => {
    const amounts = saleAmounts({ ...sale, freeTransferAffectation: '11' });
    expect(amounts.lines[1]).toMatchObject({
      affectation: '11',
      valueCents: 2119,
      igvCents: 381,
      priceCents: 0,
    });
    expect(amounts).toMatchObject({
      freeValueCents: 2119,
      freeIgvCents: 381,
      igvCents: 496,
      totalCents: 3250,
    });
  });
});

describe('a refund', () => {
  const sale = saleAmounts(BOLETA_WITH_COUPON);

  it('gives back one of two lomos at half of what was paid for them, discount included', () => {
    const refund = refundAmounts(sale, [{ lineId: 'lomo', quantity: '1' }]);
    expect(refund.lines).toEqual([
      expect.objectContaining({
        id: 'lomo',
        quantity: '1',
        unitValue: '23.97', // 28.28 ÷ 1.18 = 23.966…
        unitPrice: '28.28', // 56.56 ÷ 2
        allowances: [],
        valueCents: 2397,
        igvCents: 431,
        priceCents: 2828,
      }),
    ]);
    expect(refund).toMatchObject({ valueCents: 2397, igvCents: 431, totalCents: 2828 });
  });

  it('gives a whole line back to the cent as it was charged', () => {
    const refund = refundAmounts(sale, [{ lineId: 'chicha', quantity: '1' }]);
    expect(refund.lines[0]).toMatchObject({
      unitValue: '8.85',
      unitPrice: '10.44',
      valueCents: 885,
      igvCents: 159,
    });
    expect(refund.totalCents).toBe(1044);
  });

  it('annuls the whole receipt to the same totals', () => {
    expect(refundAmounts(sale, 'ALL')).toMatchObject({ valueCents: 5678, igvCents: 1022, totalCents: 6700 });
  });

  it('refuses to give back more than was sold, or a line the receipt does not have', () => {
    expect(() => refundAmounts(sale, [{ lineId: 'lomo', quantity: '3' }])).toThrow(
      expect.objectContaining({ code: 'REFUND_TOO_LARGE' }),
    );
    expect(() => refundAmounts(sale, [{ lineId: 'pisco', quantity: '1' }])).toThrow(
      expect.objectContaining({ code: 'UNKNOWN_LINE' }),
    );
  });
});

describe('the reduced rate and what is refused', () => {
  it('computes the restaurants’ 10.5 % the same way', () => {
    const amounts = saleAmounts({
      igvPercent: '10.5',
      lines: [{ id: 'ceviche', description: 'Ceviche clásico', quantity: '1', unitPrice: '38.90' }],
    });
    // 38.90 ÷ 1.105 = 35.203…
    expect(amounts).toMatchObject({ igvPercent: '10.50', valueCents: 3520, igvCents: 370, totalCents: 3890 });
  });

  it('refuses amounts that are not soles with two decimals, and a discount larger than its lines', () => {
    const line = { id: 'a', description: 'Causa', quantity: '1', unitPrice: '18.50' };
    const refused = (input: SaleInput, code: string) =>
      expect(() => saleAmounts(input)).toThrow(expect.objectContaining({ code }));
    refused({ igvPercent: '18', lines: [{ ...line, unitPrice: '18.505' }] }, 'INVALID_AMOUNT');
    refused({ igvPercent: '18', lines: [{ ...line, unitPrice: '-1' }] }, 'INVALID_AMOUNT');
    refused({ igvPercent: '18', lines: [{ ...line, quantity: '0' }] }, 'INVALID_QUANTITY');
    refused({ igvPercent: '118', lines: [line] }, 'INVALID_IGV_PERCENT');
    refused({ igvPercent: '18', lines: [line, line] }, 'DUPLICATE_LINE');
    refused({ igvPercent: '18', lines: [] }, 'NO_LINES');
    refused(
      { igvPercent: '18', lines: [line], discounts: [{ label: 'x', amount: '18.51' }] },
      'DISCOUNT_TOO_LARGE',
    );
    refused(
      { igvPercent: '18', lines: [line], discounts: [{ label: 'x', amount: '1', lineIds: ['b'] }] },
      'UNKNOWN_LINE',
    );
  });
});
