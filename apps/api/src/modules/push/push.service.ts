import { createECDH } from 'node:crypto';
import type { Agent } from 'node:https';
import type { Language } from '@storefront/contracts/constants';
import { AppError } from '@storefront/contracts/errors';
import type { PushSubscriptionPayload } from '@storefront/contracts/push';
import type { Database, Executor } from '@storefront/db/client';
import type { PushPayload } from '@storefront/db/schema/push';
import type { FastifyBaseLogger } from 'fastify';
import { startOutboxWorker } from '../../lib/outbox-worker.ts';
import type { MemberContext } from '../../lib/request-context.ts';
import { hashToken } from '../sessions/sessions.service.ts';
import {
  deleteOwnSubscription,
  deleteSubscription,
  lockPendingPush,
  markPush,
  type PendingPush,
  pruneSubscriptions,
  queueForMember,
  upsertSubscription,
} from './push.repository.ts';
import { isAllowedEndpoint } from './push-endpoints.ts';
import type { Vapid } from './vapid.ts';

/** A member's devices that get notifications; registering one more drops the oldest. */
export const MAX_DEVICES = 10;
const MAX_ATTEMPTS = 5;
const BATCH_SIZE = 20;
/** A status notification an hour late says nothing: the push service drops it after this. */
const TTL_SECONDS = 60 * 60;

const ENDPOINT_REFUSED: Record<Language, string> = {
  es: 'No es la dirección de un servicio de notificaciones.',
  en: 'This is not the address of a push service.',
};
const KEY_REFUSED: Record<Language, string> = {
  es: 'No es una clave pública P-256.',
  en: 'This is not a P-256 public key.',
};

/** Whether the bytes are a point of P-256 (what the browser's p256dh must be to encrypt for it). */
function isP256Point(key: string): boolean {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(Buffer.from(key, 'base64url'));
    return true;
  } catch {
    return false;
  }
}

/**
 * `POST v5/me/push-subscriptions/`: this device gets the member's notifications from now on, until the
 * session `token` ends (sessions.repository.ts deletes the subscription then).
 */
export async function subscribe(
  ctx: MemberContext,
  token: string,
  body: PushSubscriptionPayload,
  allowLoopback: boolean,
) {
  if (!isAllowedEndpoint(body.endpoint, allowLoopback))
    throw new AppError('VALIDATION', { endpoint: [ENDPOINT_REFUSED[ctx.language]] });
  if (!isP256Point(body.keys.p256dh))
    throw new AppError('VALIDATION', { 'keys.p256dh': [KEY_REFUSED[ctx.language]] });
  await ctx.db.transaction(async (tx) => {
    await upsertSubscription(tx, {
      appUid: ctx.app.uid,
      userUid: ctx.user.uid,
      tokenHash: hashToken(token),
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
    });
    await pruneSubscriptions(tx, ctx.user.uid, MAX_DEVICES);
  });
  return { endpoint: body.endpoint };
}

/** `DELETE v5/me/push-subscriptions/`: this device stops; another member's device is left alone. */
export async function unsubscribe(ctx: MemberContext, endpoint: string) {
  await deleteOwnSubscription(ctx.db, { appUid: ctx.app.uid, userUid: ctx.user.uid }, endpoint);
}

/** Queues a notification to each of the member's devices, in the caller's transaction. */
export const queuePush = (tx: Executor, member: { appUid: string; userUid: string }, payload: PushPayload) =>
  queueForMember(tx, member, payload);

/** Sends one notification; throws web-push's error (with the push service's `statusCode`) on refusal. */
export type SendPush = (push: PendingPush) => Promise<void>;

export function webPushSender(vapid: Vapid, agent: Agent): SendPush {
  // web-push loads with the first notification: a process that sends none does not hold it in memory.
  let library: Promise<typeof import('web-push')> | undefined;
  return async ({ subscription, payload }) => {
    library ??= import('web-push').then((module) => module.default);
    await (await library).sendNotification(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: vapid,
        TTL: TTL_SECONDS,
        urgency: 'high',
        timeout: 10_000,
        agent,
      },
    );
  };
}

const statusCodeOf = (error: unknown) => (error as { statusCode?: unknown } | null)?.statusCode;
/** web-push's error says only "unexpected response code": the code and the service's answer say why. */
const describe = (error: unknown) => {
  const { statusCode, body } = (error ?? {}) as { statusCode?: number; body?: string };
  return statusCode ? `${statusCode} ${body ?? ''}`.trim() : String(error);
};

/**
 * One pass of the push outbox: each pending notification is sent once, whatever the number of
 * workers. A device its push service no longer knows (404, 410) is deleted with its notifications;
 * any other failure spends an attempt. A pass where every send failed tells the worker to back off.
 */
export async function deliverPendingPush(db: Database, send: SendPush) {
  return db.transaction(async (tx) => {
    const batch = await lockPendingPush(tx, BATCH_SIZE);
    const sent: string[] = [];
    let failed = 0;
    for (const push of batch) {
      try {
        await send(push);
        sent.push(push.uid);
      } catch (error) {
        const status = statusCodeOf(error);
        if (status === 404 || status === 410) {
          await deleteSubscription(tx, push.subscription.uid);
          continue;
        }
        failed += 1;
        const outcome = push.attempts + 1 >= MAX_ATTEMPTS ? 'FAILED' : 'PENDING';
        await markPush(tx, [push.uid], { status: outcome, error: describe(error) });
      }
    }
    await markPush(tx, sent, { status: 'SENT' });
    return { delivered: sent.length, serverFailing: failed > 0 && sent.length === 0 };
  });
}

export const startPushWorker = (db: Database, send: SendPush, log: FastifyBaseLogger, intervalMs = 2000) =>
  startOutboxWorker('push', () => deliverPendingPush(db, send), log, intervalMs);
