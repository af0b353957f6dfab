import {
  type Fraction,
  parseDecimal,
  roundedDivision,
  scaledText,
  splitProportionally,
  toCents,
} from './receipt-money.ts';
import { ReceiptRefused } from './receipt-refused.ts';

// Every amount SUNAT recomputes from a receipt, from what the order knows: prices WITH IGV.
//
// The rule (decision 038): what the buyer pays for a line is exact in cents and is where everything
// starts. Its value without IGV is that price ÷ (1 + IGV%), rounded half up to the cent, and its IGV is
// the rest, so a line's value + IGV is its price to the cent and the receipt's total is the order's.
// Totals are sums of lines. SUNAT's checks (line value = quantity × unit value − discounts, IGV = base
// × rate, totals = sums) then hold within the rounding of one line, far inside its ±1 tolerance.

/** The id of the delivery fare's line: a discount that makes delivery free names it. */
export const DELIVERY_LINE_ID = 'delivery';

/**
 * Catalogue 07 codes of a transfer free of charge (tax scheme 9996). 11–16 are taxed withdrawals (the
 * issuer owes IGV on the value given); 21 is exempt, 31–37 are not subject to IGV.
 */
export type FreeTransferAffectation =
  | '11'
  | '12'
  | '13'
  | '14'
  | '15'
  | '16'
  | '21'
  | '31'
  | '32'
  | '33'
  | '34'
  | '35'
  | '36'
  | '37';

/** A product given for coins is a bonus on the member's past purchases: "Inafecto – Retiro por bonificación". */
export const DEFAULT_FREE_TRANSFER_AFFECTATION: FreeTransferAffectation = '31';

const TAXED_FREE_TRANSFERS: ReadonlySet<string> = new Set(['11', '12', '13', '14', '15', '16']);

/** A line sold: its price per unit with IGV, options already in it. */
export interface SoldLine {
  id: string;
  description: string;
  quantity: string;
  unitPrice: string;
  code?: string;
}

/** A line given for coins: its menu price per unit with IGV is only its reference value. */
export interface GivenLine {
  id: string;
  description: string;
  quantity: string;
  referenceUnitPrice: string;
  code?: string;
}

/** A coupon or promotion: its amount with IGV, taken from the lines it names (by default every product). */
export interface SaleDiscount {
  label: string;
  amount: string;
  lineIds?: readonly string[];
}

export interface SaleInput {
  /** "18", or the restaurants' reduced rate ("10.5"). */
  igvPercent: string;
  lines: readonly SoldLine[];
  deliveryFare?: { description: string; amount: string };
  givenLines?: readonly GivenLine[];
  discounts?: readonly SaleDiscount[];
  /** The part of the total paid from the member's gift balance: a means of payment, not a discount. */
  giftBalance?: string;
  freeTransferAffectation?: FreeTransferAffectation;
}

/** A discount on a line (catalogue 53 code 00: it lowers the IGV base), in values without IGV. */
export interface LineAllowance {
  label: string;
  baseCents: number;
  amountCents: number;
  /** amount ÷ base, with SUNAT's five decimals. */
  factor: string;
}

export interface ReceiptLine {
  id: string;
  description: string;
  code: string | null;
  /** UN/ECE rec 20: NIU a product, ZZ a service (the delivery fare). */
  unitCode: 'NIU' | 'ZZ';
  quantity: string;
  /** Catalogue 07: 10 for a sale (taxed, onerous), or the free transfer's code. */
  affectation: '10' | FreeTransferAffectation;
  /** cac:Price: one unit's value without IGV before discounts; 0 on a free line. */
  unitValue: string;
  /** PricingReference 01: what one unit costs with IGV after discounts; null on a free line. */
  unitPrice: string | null;
  /** PricingReference 02: one unit's value when given for free; null on a sold line. */
  referenceUnitValue: string | null;
  allowances: LineAllowance[];
  /** LineExtensionAmount and IGV base: quantity × unitValue − allowances, or the free line's value. */
  valueCents: number;
  igvCents: number;
  /** What the buyer pays for the line (value + IGV); 0 on a free line. */
  priceCents: number;
}

export interface ReceiptAmounts {
  /** The IGV rate as SUNAT writes it ("18.00"). */
  igvPercent: string;
  lines: ReceiptLine[];
  /** LineExtensionAmount of the document and its IGV base: the sold lines' values. */
  valueCents: number;
  igvCents: number;
  /** The 9996 subtotal: what was given for free and, for a taxed withdrawal, the IGV the issuer owes on it. */
  freeValueCents: number;
  freeIgvCents: number;
  /** TaxInclusiveAmount and PayableAmount: what the buyer pays, however it is paid. */
  totalCents: number;
}

export interface SaleAmounts extends ReceiptAmounts {
  /** The discounts with IGV, for the printed copy: they are already inside the lines' values. */
  discountCents: number;
  giftBalanceCents: number;
  paidOtherwiseCents: number;
}

/** An IGV rate: its percent as an exact fraction. */
class IgvRate {
  readonly text: string;
  private readonly percent: Fraction;

  constructor(text: string) {
    const percent = parseDecimal(text, 2);
    if (!percent || percent.numerator === 0n || percent.numerator >= 100n * percent.denominator) {
      throw new ReceiptRefused(
        'INVALID_IGV_PERCENT',
        `IGV percent "${text}" is not a rate between 0 and 100`,
      );
    }
    this.percent = percent;
    this.text = scaledText((percent.numerator * 100n) / percent.denominator, 2);
  }

  /** The value without IGV of a price with IGV: price × 100 ÷ (100 + rate). */
  valueOf(priceCents: number): number {
    const { numerator, denominator } = this.percent;
    return Number(roundedDivision(BigInt(priceCents) * 100n * denominator, 100n * denominator + numerator));
  }

  /** The IGV on a value: value × rate ÷ 100. */
  igvOn(valueCents: number): number {
    const { numerator, denominator } = this.percent;
    return Number(roundedDivision(BigInt(valueCents) * numerator, 100n * denominator));
  }
}

function quantityOf(text: string, what: string): Fraction {
  const quantity = parseDecimal(text, 10);
  if (!quantity || quantity.numerator === 0n) {
    throw new ReceiptRefused('INVALID_QUANTITY', `${what}: quantity "${text}" is not a positive number`);
  }
  return quantity;
}

/** cents × quantity, rounded to the cent. */
function timesQuantity(cents: number, quantity: Fraction): number {
  return Number(roundedDivision(BigInt(cents) * quantity.numerator, quantity.denominator));
}

/** One unit's share of a line amount, with SUNAT's ten decimals. */
function perUnit(cents: number, quantity: Fraction): string {
  return scaledText(
    roundedDivision(BigInt(cents) * 100_000_000n * quantity.denominator, quantity.numerator),
    10,
  );
}

function ratio(part: number, whole: number): string {
  return scaledText(roundedDivision(BigInt(part) * 100_000n, BigInt(whole)), 5);
}

interface PricedLine {
  line: SoldLine;
  unitCode: 'NIU' | 'ZZ';
  quantity: Fraction;
  grossCents: number;
  /** Per discount, in the order given: the cents with IGV it takes from this line. */
  discountCents: number[];
}

/** What the line costs after the discounts taken so far. */
const netCents = (entry: PricedLine) =>
  entry.grossCents - entry.discountCents.reduce((sum, cents) => sum + cents, 0);

function refuseRepeated(ids: string[], what: string): void {
  const repeated = ids.find((id, index) => ids.indexOf(id) !== index);
  if (repeated !== undefined) throw new ReceiptRefused('DUPLICATE_LINE', `Line "${repeated}" ${what} twice`);
}

/** The amounts of a boleta or factura for an order. */
export function saleAmounts(input: SaleInput): SaleAmounts {
  const rate = new IgvRate(input.igvPercent);
  const sold: SoldLine[] = [...input.lines];
  if (input.deliveryFare) {
    sold.push({
      id: DELIVERY_LINE_ID,
      description: input.deliveryFare.description,
      quantity: '1',
      unitPrice: input.deliveryFare.amount,
    });
  }
  const given = input.givenLines ?? [];
  if (sold.length + given.length === 0) throw new ReceiptRefused('NO_LINES', 'A receipt needs a line');
  refuseRepeated(
    [...sold, ...given].map((line) => line.id),
    'appears',
  );

  const discounts = input.discounts ?? [];
  const priced: PricedLine[] = sold.map((line) => {
    const quantity = quantityOf(line.quantity, line.description);
    const unitPriceCents = toCents(line.unitPrice, `${line.description}'s price`);
    if (unitPriceCents === 0) {
      throw new ReceiptRefused(
        'INVALID_AMOUNT',
        `${line.description} costs nothing: a line given away is a given line`,
      );
    }
    return {
      line,
      unitCode: line.id === DELIVERY_LINE_ID ? 'ZZ' : 'NIU',
      quantity,
      grossCents: timesQuantity(unitPriceCents, quantity),
      discountCents: [],
    };
  });
  // Each discount is spread over its lines in proportion to what they still cost, so none goes below 0.
  for (const discount of discounts) {
    const amountCents = toCents(discount.amount, `Discount "${discount.label}"`);
    const lineIds =
      discount.lineIds ?? sold.filter((line) => line.id !== DELIVERY_LINE_ID).map((line) => line.id);
    const unknown = lineIds.find((id) => !sold.some((line) => line.id === id));
    if (unknown !== undefined) {
      throw new ReceiptRefused(
        'UNKNOWN_LINE',
        `Discount "${discount.label}" names line "${unknown}", not sold here`,
      );
    }
    const targets = priced.filter((entry) => lineIds.includes(entry.line.id));
    if (amountCents > targets.reduce((sum, entry) => sum + netCents(entry), 0)) {
      throw new ReceiptRefused(
        'DISCOUNT_TOO_LARGE',
        `Discount "${discount.label}" is more than its lines cost`,
      );
    }
    const parts = splitProportionally(amountCents, targets.map(netCents));
    for (const entry of priced) {
      const index = targets.indexOf(entry);
      entry.discountCents.push(index === -1 ? 0 : (parts[index] as number));
    }
  }

  const lines = [
    ...priced.map((entry) => soldLine(entry, discounts, rate)),
    ...given.map((line) =>
      givenLine(line, input.freeTransferAffectation ?? DEFAULT_FREE_TRANSFER_AFFECTATION, rate),
    ),
  ];
  const amounts = totalsOf(rate, lines);
  const giftBalanceCents =
    input.giftBalance === undefined ? 0 : toCents(input.giftBalance, 'The gift balance');
  if (giftBalanceCents > amounts.totalCents) {
    throw new ReceiptRefused('GIFT_BALANCE_TOO_LARGE', 'The gift balance pays more than the total');
  }
  return {
    ...amounts,
    discountCents: priced.reduce((sum, entry) => sum + entry.grossCents - netCents(entry), 0),
    giftBalanceCents,
    paidOtherwiseCents: amounts.totalCents - giftBalanceCents,
  };
}

function soldLine(entry: PricedLine, discounts: readonly SaleDiscount[], rate: IgvRate): ReceiptLine {
  const priceCents = netCents(entry);
  const grossValueCents = rate.valueOf(entry.grossCents);
  const valueCents = rate.valueOf(priceCents);
  // The discounts' share of the value, split between them as their amounts with IGV were.
  const allowanceCents = splitProportionally(grossValueCents - valueCents, entry.discountCents);
  return {
    id: entry.line.id,
    description: entry.line.description,
    code: entry.line.code ?? null,
    unitCode: entry.unitCode,
    quantity: entry.line.quantity,
    affectation: '10',
    unitValue: perUnit(grossValueCents, entry.quantity),
    unitPrice: perUnit(priceCents, entry.quantity),
    referenceUnitValue: null,
    allowances: discounts.flatMap((discount, index) => {
      const amountCents = allowanceCents[index] as number;
      return amountCents === 0
        ? []
        : [
            {
              label: discount.label,
              baseCents: grossValueCents,
              amountCents,
              factor: ratio(amountCents, grossValueCents),
            },
          ];
    }),
    valueCents,
    igvCents: priceCents - valueCents,
    priceCents,
  };
}

function givenLine(line: GivenLine, affectation: FreeTransferAffectation, rate: IgvRate): ReceiptLine {
  const quantity = quantityOf(line.quantity, line.description);
  const referencePriceCents = toCents(line.referenceUnitPrice, `${line.description}'s reference price`);
  const valueCents = rate.valueOf(timesQuantity(referencePriceCents, quantity));
  return freeLine(line, quantity, affectation, valueCents, rate);
}

function freeLine(
  line: { id: string; description: string; code?: string | null; quantity: string },
  quantity: Fraction,
  affectation: FreeTransferAffectation,
  valueCents: number,
  rate: IgvRate,
): ReceiptLine {
  return {
    id: line.id,
    description: line.description,
    code: line.code ?? null,
    unitCode: 'NIU',
    quantity: line.quantity,
    affectation,
    unitValue: '0.00',
    unitPrice: null,
    referenceUnitValue: perUnit(valueCents, quantity),
    allowances: [],
    valueCents,
    igvCents: TAXED_FREE_TRANSFERS.has(affectation) ? rate.igvOn(valueCents) : 0,
    priceCents: 0,
  };
}

function totalsOf(rate: IgvRate, lines: ReceiptLine[]): ReceiptAmounts {
  const sum = (free: boolean, pick: (line: ReceiptLine) => number) =>
    lines
      .filter((line) => (line.affectation !== '10') === free)
      .reduce((total, line) => total + pick(line), 0);
  return {
    igvPercent: rate.text,
    lines,
    valueCents: sum(false, (line) => line.valueCents),
    igvCents: sum(false, (line) => line.igvCents),
    freeValueCents: sum(true, (line) => line.valueCents),
    freeIgvCents: sum(true, (line) => line.igvCents),
    totalCents: sum(false, (line) => line.priceCents),
  };
}

/** A line of a receipt given back, and how much of it. */
export interface ReturnedLine {
  lineId: string;
  quantity: string;
}

/**
 * The amounts of a credit note for a receipt: every line (an annulment) or the lines given back. A
 * line given back whole is refunded to the cent as it was charged; part of a line, at that share of
 * its price, rounded to the cent. Credit note lines carry their values after discounts.
 */
export function refundAmounts(
  receipt: ReceiptAmounts,
  returned: readonly ReturnedLine[] | 'ALL',
): ReceiptAmounts {
  const rate = new IgvRate(receipt.igvPercent);
  const asked =
    returned === 'ALL'
      ? receipt.lines.map((line) => ({ lineId: line.id, quantity: line.quantity }))
      : returned;
  if (asked.length === 0) throw new ReceiptRefused('NO_LINES', 'A credit note needs a line');
  refuseRepeated(
    asked.map((item) => item.lineId),
    'is given back',
  );

  const lines = asked.map((item) => {
    const original = receipt.lines.find((line) => line.id === item.lineId);
    if (!original) throw new ReceiptRefused('UNKNOWN_LINE', `Line "${item.lineId}" is not on the receipt`);
    const sold = quantityOf(original.quantity, original.description);
    const back = quantityOf(item.quantity, original.description);
    const share = {
      numerator: back.numerator * sold.denominator,
      denominator: back.denominator * sold.numerator,
    };
    if (share.numerator > share.denominator) {
      throw new ReceiptRefused('REFUND_TOO_LARGE', `More ${original.description} given back than sold`);
    }
    const partOf = (cents: number) =>
      Number(roundedDivision(BigInt(cents) * share.numerator, share.denominator));
    const whole = share.numerator === share.denominator;
    if (original.affectation !== '10') {
      const valueCents = whole ? original.valueCents : partOf(original.valueCents);
      return freeLine({ ...original, quantity: item.quantity }, back, original.affectation, valueCents, rate);
    }
    const priceCents = whole ? original.priceCents : partOf(original.priceCents);
    const valueCents = whole ? original.valueCents : rate.valueOf(priceCents);
    return {
      ...original,
      quantity: item.quantity,
      unitValue: perUnit(valueCents, back),
      unitPrice: perUnit(priceCents, back),
      allowances: [],
      valueCents,
      igvCents: priceCents - valueCents,
      priceCents,
    };
  });
  return totalsOf(rate, lines);
}
