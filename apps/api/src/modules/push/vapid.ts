import type { Database } from '@storefront/db/client';
import { vapidKeys } from '@storefront/db/schema/push';
import { eq } from 'drizzle-orm';

export interface Vapid {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const ROW_ID = 'vapid';

/**
 * The installation's VAPID keys (RFC 8292): VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set, else the
 * pair kept in the database, made on the first start. Every process of the installation agrees: the
 * first insert wins and the others read it. The private key is kept as the payment secrets are not:
 * it only signs notifications to the endpoints stored beside it, so whoever reads one reads the other.
 */
export async function loadVapid(
  db: Database,
  config: { VAPID_PUBLIC_KEY?: string; VAPID_PRIVATE_KEY?: string; VAPID_SUBJECT?: string },
): Promise<Vapid> {
  const subject = config.VAPID_SUBJECT ?? 'mailto:no-reply@localhost';
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY)
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
  const kept = async () => (await db.select().from(vapidKeys).where(eq(vapidKeys.id, ROW_ID)))[0];
  let row = await kept();
  if (!row) {
    const { default: webpush } = await import('web-push');
    await db
      .insert(vapidKeys)
      .values({ id: ROW_ID, ...webpush.generateVAPIDKeys() })
      .onConflictDoNothing();
    row = await kept();
  }
  if (!row) throw new Error('The VAPID keys could not be kept');
  return { publicKey: row.publicKey, privateKey: row.privateKey, subject };
}
