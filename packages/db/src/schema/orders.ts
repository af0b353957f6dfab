import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { products } from './catalogue.ts';
import { apps, companies, places } from './tenancy.ts';
import { users } from './users.ts';

/** What a cart or an order line holds: the storefront's cart-request shape (spec §3 Cart request). */
export interface CartLine {
  id?: string | number;
  uid: string;
  quantity: number;
  option_groups: { uid: string; options: { uid: string }[] }[];
  direct_purchase: boolean;
}

/** An order line as sold: names and prices copied from the catalogue at the time of the order. */
export interface OrderItem {
  uid: string;
  name: string;
  quantity: number;
  /** Cents: the product's price plus its chosen options' prices. */
  unitPrice: number;
  price: number;
  /** Coins per unit for a redeemable product, else 0. */
  coinPrice: number;
  isRedeemable: boolean;
  directPurchase: boolean;
  optionGroups: { uid: string; name: string; options: { uid: string; name: string; price: number }[] }[];
}

export interface OrderUserData {
  full_name: string;
  document_type: string;
  document_number: string;
  email: string;
  contact_number: string;
}

export interface OrderBilling {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  city: string;
  address: string;
}

/** The order body's `receipt` as given (architecture §12). */
export interface OrderReceiptValue {
  type: 'BOLETA' | 'FACTURA';
  document_type?: 'DNI' | 'CE' | 'RUC' | 'PASSPORT';
  document_number?: string;
  legal_name?: string;
  address?: string;
}

/** The member's server cart, one per place and cart type (spec §4: regular and subscription carts). */
export const carts = pgTable(
  'carts',
  {
    appUid: text()
      .notNull()
      .references(() => apps.uid, { onDelete: 'cascade' }),
    userUid: uuid()
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    placeUid: text()
      .notNull()
      .references(() => places.uid, { onDelete: 'cascade' }),
    type: text({ enum: ['REGULAR', 'SUBSCRIPTION'] }).notNull(),
    products: jsonb().$type<CartLine[]>().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userUid, t.placeUid, t.type] })],
);

/**
 * How a place sells: its payment methods and, for delivery, a distance rate (base fare plus a rate
 * per km from the place's coordinates) used when the place has no delivery zones.
 */
export const placeCheckoutSettings = pgTable('place_checkout_settings', {
  placeUid: text()
    .primaryKey()
    .references(() => places.uid, { onDelete: 'cascade' }),
  paymentMethods: text().array().notNull().default(sql`'{CASH}'::text[]`),
  distanceBaseFare: integer(),
  distancePerKm: integer(),
  distanceMaxKm: doublePrecision(),
  etaMinutes: integer().notNull().default(45),
});

/** A delivery zone of a place: the districts it covers (as the tenant file names them) and a flat fare. */
export const deliveryZones = pgTable(
  'delivery_zones',
  {
    uid: text().primaryKey(),
    placeUid: text()
      .notNull()
      .references(() => places.uid, { onDelete: 'cascade' }),
    name: text().notNull(),
    districts: text().array().notNull(),
    fare: integer().notNull(),
    etaMinutes: integer().notNull().default(45),
  },
  (t) => [index().on(t.placeUid), check('delivery_zones_fare_check', sql`${t.fare} >= 0`)],
);

/** A discount code of a company (spec §7 validate-code): percent or amount, dates, limits, minimum. */
export const coupons = pgTable(
  'coupons',
  {
    uid: text().primaryKey(),
    appUid: text()
      .notNull()
      .references(() => apps.uid, { onDelete: 'cascade' }),
    companyUid: text()
      .notNull()
      .references(() => companies.uid, { onDelete: 'cascade' }),
    /** Upper case; codes are matched case-insensitively. */
    code: text().notNull(),
    discountType: text({ enum: ['PERCENT', 'AMOUNT'] }).notNull(),
    /** Percent (1-100) or cents, by discountType. */
    discountValue: integer().notNull(),
    minimumOrder: integer().notNull().default(0),
    validFrom: timestamp({ withTimezone: true }),
    validUntil: timestamp({ withTimezone: true }),
    /** Null = unlimited. */
    maxUses: integer(),
    perMemberLimit: integer(),
    usesCount: integer().notNull().default(0),
    isActive: boolean().notNull().default(true),
    /** The influencer whose link (/in/{influencer}/) shares this code; orders record it as influencer_uid. */
    influencer: text(),
    /** +1 per admin write (If-Match). */
    version: integer().notNull().default(1),
  },
  (t) => [
    unique().on(t.companyUid, t.code),
    check(
      'coupons_uses_check',
      sql`${t.usesCount} >= 0 and (${t.maxUses} is null or ${t.usesCount} <= ${t.maxUses})`,
    ),
  ],
);

/** One use of a coupon by an order or subscription; deleted when that order is cancelled. */
export const couponUses = pgTable(
  'coupon_uses',
  {
    couponUid: text()
      .notNull()
      .references(() => coupons.uid, { onDelete: 'cascade' }),
    userUid: uuid()
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    /** The order or subscription uid. */
    sourceUid: uuid().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.couponUid, t.sourceUid] }), index().on(t.couponUid, t.userUid)],
);

/** The last order number of a company; locked by the order's transaction so numbers stay sequential. */
export const orderCounters = pgTable('order_counters', {
  companyUid: text()
    .primaryKey()
    .references(() => companies.uid, { onDelete: 'cascade' }),
  lastNumber: integer().notNull().default(0),
});

const checkoutColumns = {
  appUid: text()
    .notNull()
    .references(() => apps.uid, { onDelete: 'cascade' }),
  companyUid: text()
    .notNull()
    .references(() => companies.uid, { onDelete: 'cascade' }),
  placeUid: text()
    .notNull()
    .references(() => places.uid, { onDelete: 'cascade' }),
  userUid: uuid()
    .notNull()
    .references(() => users.uid, { onDelete: 'cascade' }),
  orderType: text({ enum: ['DELIVERY', 'PICKUP'] }).notNull(),
  paymentType: text({
    enum: ['CASH', 'CARD_ON_DELIVERY', 'COINS', 'GIFT_CARD', 'ONLINE_CARD', 'YAPE', 'TRANSFER'],
  }).notNull(),
  pickupDate: date({ mode: 'string' }).notNull(),
  startTime: text().notNull(),
  endTime: text().notNull(),
  address: text().notNull().default(''),
  district: text().notNull().default(''),
  reference: text().notNull().default(''),
  latitude: doublePrecision(),
  longitude: doublePrecision(),
  comments: text().notNull().default(''),
  userData: jsonb().$type<OrderUserData>().notNull(),
  billing: jsonb().$type<OrderBilling | null>(),
  /** The receipt asked at checkout (the order body's `receipt`); null: a boleta to `userData`'s document. */
  receipt: jsonb().$type<OrderReceiptValue | null>(),
  items: jsonb().$type<OrderItem[]>().notNull(),
  /** Cents: the items, the delivery fare, the coupon's discount and what is paid (price). */
  subtotal: integer().notNull(),
  deliveryPrice: integer().notNull(),
  discount: integer().notNull(),
  price: integer().notNull(),
  coins: integer().notNull(),
  /** The program the coins were taken from and the order earns in. */
  programUid: text(),
  couponUid: text().references(() => coupons.uid, { onDelete: 'set null' }),
  couponCode: text(),
  influencerUid: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

/** An order (spec §3 Order); status moves along the edges of architecture §4 only. */
export const orders = pgTable(
  'orders',
  {
    uid: uuid().primaryKey().defaultRandom(),
    number: integer().notNull(),
    status: text({
      enum: [
        'PENDING_PAYMENT',
        'PAYMENT_FAILED',
        'PAYMENT_EXPIRED',
        'RECEIVED',
        'ACCEPTED',
        'SHIPPED',
        'DELIVERED',
        'CANCELED_BY_PLACE',
        'CANCELED_BY_USER',
      ],
    }).notNull(),
    ...checkoutColumns,
    /** Cents of the price paid from the member's gift balance (given back on cancellation). */
    giftCardAmount: integer().notNull().default(0),
    /** The site the order was placed on (lib/public-origin.ts): the origin of the links mailed about it. */
    siteOrigin: text().notNull().default(''),
    /** Minutes from acceptance to the door, from the delivery fare at checkout; null for a pickup. */
    etaMinutes: integer(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique().on(t.companyUid, t.number),
    check(
      'orders_gift_card_amount_check',
      sql`${t.giftCardAmount} >= 0 and ${t.giftCardAmount} <= ${t.price}`,
    ),
    index().on(t.appUid, t.userUid, t.createdAt),
    index().on(t.placeUid, t.status),
    /** The dashboard's days of a place (decision 023). */
    index().on(t.placeUid, t.createdAt),
  ],
);

/** Every status move of an order: from, to, who and when. */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: bigint({ mode: 'number' }).generatedAlwaysAsIdentity().primaryKey(),
    orderUid: uuid()
      .notNull()
      .references(() => orders.uid, { onDelete: 'cascade' }),
    fromStatus: text(),
    toStatus: text().notNull(),
    actorUserUid: uuid().references(() => users.uid, { onDelete: 'set null' }),
    actorRole: text({ enum: ['MEMBER', 'STAFF', 'SYSTEM'] }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.orderUid, t.id)],
);

/** Stock taken by an order (negative) and given back by its cancellation (positive). */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: bigint({ mode: 'number' }).generatedAlwaysAsIdentity().primaryKey(),
    placeUid: text()
      .notNull()
      .references(() => places.uid, { onDelete: 'cascade' }),
    productUid: text()
      .notNull()
      .references(() => products.uid, { onDelete: 'cascade' }),
    orderUid: uuid()
      .notNull()
      .references(() => orders.uid, { onDelete: 'cascade' }),
    quantity: integer().notNull(),
    reason: text({ enum: ['ORDER', 'CANCEL'] }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.orderUid), index().on(t.placeUid, t.productUid)],
);

/** A standing order delivered or picked up on chosen weekdays (architecture §4 Checkout). */
export const subscriptions = pgTable(
  'subscriptions',
  {
    uid: uuid().primaryKey().defaultRandom(),
    status: text({ enum: ['ACTIVE', 'CANCELED_BY_USER'] }).notNull(),
    /** ISO weekdays, 1 = Monday ... 7 = Sunday. */
    days: smallint().array().notNull(),
    ...checkoutColumns,
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.appUid, t.userUid, t.createdAt)],
);
