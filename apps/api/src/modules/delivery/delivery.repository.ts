import type { Executor } from '@storefront/db/client';
import { deliveryZones, placeCheckoutSettings } from '@storefront/db/schema/orders';
import { asc, eq } from 'drizzle-orm';

export type CheckoutSettingsRow = typeof placeCheckoutSettings.$inferSelect;
export type DeliveryZoneRow = typeof deliveryZones.$inferSelect;

export async function findCheckoutSettings(
  db: Executor,
  placeUid: string,
): Promise<CheckoutSettingsRow | null> {
  const [row] = await db
    .select()
    .from(placeCheckoutSettings)
    .where(eq(placeCheckoutSettings.placeUid, placeUid));
  return row ?? null;
}

export function listZones(db: Executor, placeUid: string): Promise<DeliveryZoneRow[]> {
  return db
    .select()
    .from(deliveryZones)
    .where(eq(deliveryZones.placeUid, placeUid))
    .orderBy(asc(deliveryZones.uid));
}
