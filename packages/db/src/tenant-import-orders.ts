import type { TenantApp } from '@storefront/contracts/tenant-file';
import { and, eq, inArray, ne, notInArray } from 'drizzle-orm';
import type { Transaction } from './client.ts';
import { coupons, deliveryZones, placeCheckoutSettings } from './schema/orders.ts';
import { companyPaymentSettings } from './schema/payments.ts';
import { encryptSecret, secretsKeyFrom } from './secrets.ts';
import { TenantFileError } from './tenant-import.ts';

/**
 * The checkout part of an app: payment methods and delivery per place (the file's zones replace the
 * place's), and discount codes. A code's use count is set by the first import only, so re-importing
 * never gives uses back.
 */
export async function importOrders(tx: Transaction, app: TenantApp, appIndex: number): Promise<void> {
  const couponUids = app.coupons.map((coupon) => coupon.uid);
  if (couponUids.length > 0) {
    const foreign = await tx
      .select({ uid: coupons.uid })
      .from(coupons)
      .where(and(inArray(coupons.uid, couponUids), ne(coupons.appUid, app.uid)));
    if (foreign.length > 0) {
      throw new TenantFileError(
        foreign.map((row) => ({
          path: `apps[${appIndex}].coupons`,
          message: `uid ${row.uid} belongs to another app`,
        })),
      );
    }
  }
  const key = secretsKeyFrom();
  for (const entry of app.payment_providers) {
    const row = {
      companyUid: entry.company,
      provider: entry.provider,
      publicKey: entry.public_key,
      secretKeyEncrypted: encryptSecret(key, entry.secret_key),
      webhookSecretEncrypted: entry.webhook_secret ? encryptSecret(key, entry.webhook_secret) : null,
      enabled: entry.enabled,
      transferChannel: entry.transfer?.channel ?? null,
      transferNumber: entry.transfer?.number ?? null,
      transferHolder: entry.transfer?.holder ?? null,
    };
    const { companyUid: _c, ...update } = row;
    await tx
      .insert(companyPaymentSettings)
      .values(row)
      .onConflictDoUpdate({ target: companyPaymentSettings.companyUid, set: update });
  }
  for (const entry of app.checkout) {
    const rate = entry.distance_rate;
    const row = {
      placeUid: entry.place,
      paymentMethods: entry.payment_methods,
      distanceBaseFare: rate?.base_fare ?? null,
      distancePerKm: rate?.per_km ?? null,
      distanceMaxKm: rate?.max_km ?? null,
      etaMinutes: rate?.eta_minutes ?? 45,
    };
    const { placeUid: _p, ...update } = row;
    await tx
      .insert(placeCheckoutSettings)
      .values(row)
      .onConflictDoUpdate({ target: placeCheckoutSettings.placeUid, set: update });
    await tx.delete(deliveryZones).where(eq(deliveryZones.placeUid, entry.place));
    if (entry.delivery_zones.length > 0) {
      await tx.insert(deliveryZones).values(
        entry.delivery_zones.map((zone) => ({
          uid: zone.uid,
          placeUid: entry.place,
          name: zone.name,
          // Kept as written, for the checkout's choice; the fare compares them normalised.
          districts: zone.districts.map((district) => district.trim()),
          fare: zone.fare,
          etaMinutes: zone.eta_minutes,
        })),
      );
    }
  }
  for (const coupon of app.coupons) {
    const row = {
      uid: coupon.uid,
      appUid: app.uid,
      companyUid: coupon.company,
      code: coupon.code.toUpperCase(),
      discountType: coupon.discount_type,
      discountValue: coupon.discount_value,
      minimumOrder: coupon.minimum_order,
      validFrom: coupon.valid_from ? new Date(coupon.valid_from) : null,
      validUntil: coupon.valid_until ? new Date(coupon.valid_until) : null,
      maxUses: coupon.max_uses ?? null,
      perMemberLimit: coupon.per_member_limit ?? null,
      usesCount: coupon.uses_count,
      isActive: coupon.is_active,
    };
    const { uid: _u, appUid: _a, usesCount: _c, ...update } = row;
    await tx.insert(coupons).values(row).onConflictDoUpdate({ target: coupons.uid, set: update });
  }
  // Codes dropped from the file stop working; their history stays.
  await tx
    .update(coupons)
    .set({ isActive: false })
    .where(
      and(
        eq(coupons.appUid, app.uid),
        couponUids.length > 0 ? notInArray(coupons.uid, couponUids) : undefined,
      ),
    );
}
