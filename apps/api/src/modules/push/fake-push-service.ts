import { createDecipheriv, createECDH, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { importJWK, jwtVerify } from 'jose';
import selfsigned from 'selfsigned';

/** A notification as the push service decrypted it, with the headers it came with. */
export interface ReceivedPush {
  subscriptionId: string;
  payload: unknown;
  ttl: number;
  urgency: string | null;
}

interface Device {
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
  applicationServerKey: string;
  gone: boolean;
}

/**
 * RFC 8291 (with RFC 8188's aes128gcm): the plaintext of a message encrypted for a device. One record,
 * as web push sends; throws when the keys do not open it.
 */
export function decryptPush(body: Buffer, device: Pick<Device, 'ecdh' | 'auth'>): Buffer {
  const salt = body.subarray(0, 16);
  const keyIdLength = body.readUInt8(20);
  const serverKey = body.subarray(21, 21 + keyIdLength);
  const record = body.subarray(21 + keyIdLength);
  const shared = device.ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.ecdh.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, device.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then any zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}

/**
 * RFC 8292: `Authorization: vapid t=<JWT>, k=<public key>`, where the key is the one the device
 * subscribed with and the JWT is ES256 under it, for this push service's origin, expiring within 24 h.
 */
async function checkVapid(authorization: string | undefined, device: Device, origin: string) {
  const fields = Object.fromEntries(
    (/^vapid (.*)$/.exec(authorization ?? '')?.[1] ?? '')
      .split(',')
      .map((part) => part.trim().split('=') as [string, string]),
  );
  if (!fields.t || !fields.k) return 'no vapid credentials';
  if (fields.k !== device.applicationServerKey) return 'not the key the device subscribed with';
  const point = Buffer.from(fields.k, 'base64url');
  const key = await importJWK(
    {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    'ES256',
  );
  try {
    const { payload } = await jwtVerify(fields.t, key, { audience: origin, algorithms: ['ES256'] });
    if (!payload.exp || payload.exp > Date.now() / 1000 + 24 * 3600) return 'expiry beyond 24 hours';
    if (typeof payload.sub !== 'string' || !/^(mailto:|https:)/.test(payload.sub)) return 'no subject';
    return null;
  } catch (error) {
    return `bad token: ${(error as Error).message}`;
  }
}

/**
 * A push service on loopback for the tests and journeys (the browsers' own are out of reach here): it
 * makes subscriptions as a browser's push service would (`subscribe`), takes messages at their
 * endpoints over https, checks their VAPID signature (403 when wrong), decrypts them with the device's
 * private key and keeps them. A subscription the test ends (`unsubscribe`) answers 410, as a real one.
 * Its certificate is self-signed: the client trusts `cert` (an agent's `ca`, or NODE_EXTRA_CA_CERTS).
 */
export async function startFakePushService(options: { port?: number } = {}) {
  const devices = new Map<string, Device>();
  const received: ReceivedPush[] = [];
  const waiters = new Set<() => void>();
  const pems = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    algorithm: 'sha256',
  });

  const server = createServer({ key: pems.private, cert: pems.cert }, async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const answer = (status: number, json?: unknown) => {
      res.statusCode = status;
      if (json !== undefined) res.setHeader('content-type', 'application/json');
      res.end(json === undefined ? undefined : JSON.stringify(json));
    };
    const url = new URL(req.url ?? '/', base);
    const [, kind, id = ''] = url.pathname.split('/');
    // The journeys' controls (a separate process): make and end subscriptions, read what arrived.
    if (kind === 'subscriptions' && req.method === 'POST') {
      const { application_server_key } = JSON.parse(body.toString() || '{}') as {
        application_server_key: string;
      };
      return answer(201, subscribe(application_server_key));
    }
    if (kind === 'subscriptions' && req.method === 'DELETE') return answer(unsubscribe(id) ? 204 : 404);
    if (kind === 'messages' && req.method === 'GET') return answer(200, received);
    if (kind !== 'push' || req.method !== 'POST') return answer(404);

    const device = devices.get(id);
    if (!device) return answer(404);
    if (device.gone) return answer(410);
    const refused = await checkVapid(req.headers.authorization, device, base);
    if (refused) return answer(403, { reason: refused });
    if (req.headers['content-encoding'] !== 'aes128gcm' || req.headers.ttl === undefined)
      return answer(400, { reason: 'aes128gcm with a TTL expected' });
    let payload: unknown;
    try {
      payload = JSON.parse(decryptPush(body, device).toString('utf8'));
    } catch (error) {
      return answer(400, { reason: `cannot decrypt: ${(error as Error).message}` });
    }
    received.push({
      subscriptionId: id,
      payload,
      ttl: Number(req.headers.ttl),
      urgency: (req.headers.urgency as string | undefined) ?? null,
    });
    for (const wake of waiters) wake();
    return answer(201);
  });
  server.listen(options.port ?? 0, '127.0.0.1');
  await once(server, 'listening');
  const base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** A device's subscription, as `PushSubscription.toJSON()` gives it, bound to the server's key. */
  function subscribe(applicationServerKey: string) {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const id = randomUUID();
    const auth = randomBytes(16);
    devices.set(id, { ecdh, auth, applicationServerKey, gone: false });
    return {
      endpoint: `${base}/push/${id}`,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    };
  }

  function unsubscribe(id: string): boolean {
    const device = devices.get(id);
    if (device) device.gone = true;
    return Boolean(device);
  }

  /** Resolves with the messages once `count` have arrived for the subscription (no fixed waits). */
  function waitForMessages(subscriptionId: string, count: number): Promise<ReceivedPush[]> {
    return new Promise((resolve) => {
      const check = () => {
        const mine = received.filter((message) => message.subscriptionId === subscriptionId);
        if (mine.length < count) return;
        waiters.delete(check);
        resolve(mine);
      };
      waiters.add(check);
      check();
    });
  }

  return {
    base,
    cert: pems.cert,
    received,
    subscribe,
    unsubscribe,
    waitForMessages,
    idOf: (endpoint: string) => endpoint.slice(`${base}/push/`.length),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // The API's agent keeps its connections open.
        server.closeAllConnections();
      }),
  };
}
