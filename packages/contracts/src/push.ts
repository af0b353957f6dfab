import { z } from 'zod';

/** base64url (RFC 4648 §5, unpadded as browsers give it) of exactly `bytes` bytes. */
const base64urlOf = (bytes: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/)
    .refine((value) => Math.floor((value.replace(/=+$/, '').length * 3) / 4) === bytes);

/**
 * The push service's address a browser gave: https, as every push service is (RFC 8030), without user
 * name or password. Which hosts it may name is the server's rule (modules/push/push-endpoints.ts).
 */
export const pushEndpointSchema = z
  .url({ protocol: /^https$/ })
  .max(2000)
  // Zod runs refinements on a value its URL check refused too.
  .refine((value) => {
    const url = URL.canParse(value) ? new URL(value) : null;
    return url !== null && url.username === '' && url.password === '';
  });

/** `POST v5/me/push-subscriptions/`: the browser's `PushSubscription.toJSON()`. */
export const pushSubscriptionSchema = z.object({
  endpoint: pushEndpointSchema,
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({
    /** The device's P-256 public key, uncompressed (65 bytes). */
    p256dh: base64urlOf(65),
    /** The device's authentication secret (16 bytes). */
    auth: base64urlOf(16),
  }),
});
export type PushSubscriptionPayload = z.infer<typeof pushSubscriptionSchema>;

/** `DELETE v5/me/push-subscriptions/`: which device stops receiving notifications. */
export const pushUnsubscribeSchema = z.strictObject({ endpoint: pushEndpointSchema });

/** `GET v5/push/key/`: the key a browser subscribes with (`applicationServerKey`). */
export const pushKeySchema = z.object({ public_key: z.string() });
