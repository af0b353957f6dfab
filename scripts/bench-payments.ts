// Issue 27's targets: from an approved charge to the order on the board (p99 under 2 s), and the
// providers' event endpoints (p99 under 50 ms). The production start (PGlite in a temporary folder, the
// demo loaded) against the fake providers, which run here as an HTTP server; the order board's stream
// is read here too, so the charge's moment and the board's are on one clock.
// Usage: npm run bench -- --only payments [--duration 5 --connections 10].
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pickupBody, tomorrow } from '../apps/api/src/modules/orders/orders.fixtures.ts';
import { billing, cardToken } from '../apps/api/src/modules/payments/payments.fixtures.ts';
import {
  startFakeProviders,
  TEST_KEYS,
  TEST_WEBHOOK_SECRET,
} from '../apps/api/src/modules/payments/sandbox/fake-server.ts';
import { prepareDemoFolder } from '../apps/api/src/test/server-process.ts';
import { type Job, load, type Result } from './bench-http.ts';
import { machine, writeBenchSection } from './bench-report.ts';
import { startServer } from './server-process.mjs';

const ORDERS = 200;
const BUYERS = 4;
const PLACE = 'place-miraflores';
const PRODUCT = 'p-causa-limena';
const COMPANY = 'demo-main';

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/** When each order reached the board's stream (its `created` event), by order uid. */
async function watchBoard(base: string, token: string) {
  const response = await fetch(`${base}/v5/retail/orders/stream?place=${PLACE}`, {
    headers: { authorization: `Token ${token}`, host: 'localhost' },
  });
  if (response.status !== 200) throw new Error(`the stream answered ${response.status}`);
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const seen = new Map<string, number>();
  const waiting = new Map<string, (at: number) => void>();
  let text = '';
  let ready: () => void = () => {};
  const isReady = new Promise<void>((resolve) => {
    ready = resolve;
  });
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      text += decoder.decode(value, { stream: true });
      let end = text.indexOf('\n\n');
      while (end >= 0) {
        const block = text.slice(0, end);
        text = text.slice(end + 2);
        end = text.indexOf('\n\n');
        if (block.includes('event: ready')) ready();
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (!block.includes('event: order') || !data) continue;
        const { type, order } = JSON.parse(data) as { type: string; order: { uid: string } };
        if (type !== 'created') continue;
        const at = Date.now();
        seen.set(order.uid, at);
        waiting.get(order.uid)?.(at);
      }
    }
  })();
  await isReady;
  return {
    /** The moment the order reached the board (now, or when it does). */
    arrival: (uid: string) =>
      new Promise<number>((resolve) => {
        const at = seen.get(uid);
        if (at !== undefined) resolve(at);
        else waiting.set(uid, resolve);
      }),
    close: () => reader.cancel(),
  };
}

export async function benchPayments(duration: number, connections: number): Promise<void> {
  const fake = await startFakeProviders();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-payments-'));
  const member = await prepareDemoFolder(dataDir, { placeUid: PLACE, productUid: PRODUCT, stock: null });
  const server = await startServer({
    NODE_ENV: 'production',
    SECRETS_KEY: randomBytes(32).toString('hex'),
    DATA_DIR: dataDir,
    CULQI_API_URL: fake.culqiUrl,
    MERCADOPAGO_API_URL: fake.mercadopagoUrl,
  });
  const base = `${server.url}/api`;
  try {
    const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
      const res = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { host: 'localhost', 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const signIn = async (email: string, host: string, path: string) =>
      (await post(path, { email, password: 'Demo1234!' }, { host })).body.token as string;
    const staff = await signIn('tienda@demo.pe', 'localhost', '/v5/login/');
    const owner = await signIn('dueno@demo.pe', 'admin.localhost', '/admin/session/');
    const setProvider = async (provider: 'CULQI' | 'MERCADO_PAGO') => {
      const res = await fetch(`${base}/admin/companies/${COMPANY}/payment-provider/`, {
        method: 'PUT',
        headers: {
          host: 'admin.localhost',
          authorization: `Token ${owner}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          provider,
          public_key: provider === 'CULQI' ? TEST_KEYS.culqi.publicKey : TEST_KEYS.mercadopago.publicKey,
          secret_key: provider === 'CULQI' ? TEST_KEYS.culqi.secretKey : TEST_KEYS.mercadopago.accessToken,
          webhook_secret: TEST_WEBHOOK_SECRET,
          enabled: true,
          transfer: null,
        }),
      });
      if (res.status !== 200) throw new Error(`payment-provider: ${res.status} ${await res.text()}`);
    };
    const date = tomorrow();
    const schedule = await (await fetch(`${base}/v7/places/${PLACE}/pickup-schedule/?date=${date}`)).json();
    const slot = {
      pickup_date: date,
      start_time: schedule.slots[0].start_time,
      end_time: schedule.slots[0].end_time,
    };
    const order = async (payment_token: string) => {
      const res = await post(
        `/v5/places/${PLACE}/orders/`,
        pickupBody(slot, [{ uid: PRODUCT, quantity: 1, option_groups: [], direct_purchase: false }], {
          payment_type: 'ONLINE_CARD',
          payment_token,
          billing,
        }),
        { authorization: `Token ${member}` },
      );
      if (res.status !== 201) throw new Error(`order: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body as { uid: string; status: string; payment: { reference: string } };
    };
    const board = await watchBoard(base, staff);

    /** ms from each approved charge to its order's arrival on the board, BUYERS orders at a time. */
    const toBoard = async (one: () => Promise<number>) => {
      const times: number[] = [];
      let next = 0;
      await Promise.all(
        Array.from({ length: BUYERS }, async () => {
          while (next++ < ORDERS) times.push(await one());
        }),
      );
      return times.sort((a, b) => a - b);
    };
    /** The event endpoint under load, one connection then this run's: every answer must be a 2xx. */
    const events = async (name: string, job: Job) => {
      const runs: { connections: number; result: Result }[] = [];
      for (const n of [1, connections]) {
        console.log(`Payments: ${name} events, ${n} connection(s)...`);
        const result = await load(base, job, { connections: n, duration });
        if (result.non2xx > 0 || result.errors > 0)
          throw new Error(`${name} events: ${result.non2xx} non-2xx, ${result.errors} errors`);
        runs.push({ connections: n, result });
      }
      return runs;
    };
    const chargedAt = (orderUid: string) =>
      [...fake.fake.charges.values()].find((c) => c.orderUid === orderUid)?.createdAt ?? Number.NaN;

    // Culqi: the charge's own answer receives the order.
    await setProvider('CULQI');
    console.log(`Payments: ${ORDERS} Culqi card orders to the board...`);
    const culqi = await toBoard(async () => {
      const placed = await order(await cardToken(fake.base, 'CULQI'));
      if (placed.status !== 'RECEIVED') throw new Error(`a Culqi order is ${placed.status}`);
      return (await board.arrival(placed.uid)) - chargedAt(placed.uid);
    });
    const approved = [...fake.fake.charges.values()].find(
      (c) => c.provider === 'culqi' && c.status === 'approved',
    );
    const culqiEvents = await events('Culqi', {
      path: `/v5/payments/culqi/${COMPANY}/events/`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        object: 'event',
        type: 'charge.creation.succeeded',
        data: JSON.stringify({ object: 'charge', id: approved?.id }),
      }),
    });

    // Mercado Pago: in_process, then approved; its signed notification receives the order.
    await setProvider('MERCADO_PAGO');
    console.log(`Payments: ${ORDERS} Mercado Pago payments to the board...`);
    let lastPayment = '';
    const mercadoPago = await toBoard(async () => {
      const placed = await order(await cardToken(fake.base, 'MERCADO_PAGO', '4111111111111111', 'CONT'));
      if (placed.status !== 'PENDING_PAYMENT') throw new Error(`a Mercado Pago order is ${placed.status}`);
      const id = placed.payment.reference;
      lastPayment = id;
      fake.fake.settle(id, 'approved');
      const approvedAt = Date.now();
      const note = fake.fake.notification(id);
      const res = await post(
        `/v5/payments/mercadopago/${COMPANY}/events/?${note.query}`,
        note.body,
        note.headers,
      );
      if (res.status !== 200) throw new Error(`notification: ${res.status}`);
      return (await board.arrival(placed.uid)) - approvedAt;
    });
    // Signed now: valid for the five minutes the endpoint allows, longer than the runs.
    const note = fake.fake.notification(lastPayment);
    const mercadoPagoEvents = await events('Mercado Pago', {
      path: `/v5/payments/mercadopago/${COMPANY}/events/?${note.query}`,
      method: 'POST',
      headers: { 'content-type': 'application/json', ...note.headers },
      body: JSON.stringify(note.body),
    });
    await board.close();

    const boardRow = (name: string, times: number[]) =>
      `| ${name} | ${times.length} orders, ${BUYERS} buyers at once | – | ${quantile(times, 0.5).toFixed(0)} | ${quantile(times, 0.95).toFixed(0)} | ${quantile(times, 0.99).toFixed(0)} | p99 < 2000 |`;
    const eventRows = (name: string, runs: { connections: number; result: Result }[]) =>
      runs.map(
        ({ connections: n, result: r }) =>
          `| ${name} | ${n} connection${n === 1 ? '' : 's'}, ${duration} s | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | p99 < 50 |`,
      );
    const table = [
      '### Online payments: approved charge to the board, and the event endpoints',
      '',
      `Machine: ${machine()}. Command: \`npm run bench -- --only payments\`. The production start (\`npm run serve\`'s command, PGlite in a new folder, the demo loaded) against the fake providers (an HTTP server in the bench process, as the tests run them); the order board's stream of the place's staff read in the bench process, so that the moment of approval and of the order's arrival on the board are on one clock. Culqi: from the fake recording the approved charge (the server still has to read its answer, settle the payment, commit RECEIVED and announce it) to the board's \`created\` event. Mercado Pago: an in_process payment approved, then from that moment its signed notification posted, verified, the payment read back from the provider and applied, to the board's event. The event endpoints with one connection, then under load: each request a duplicate of an approved charge, answered once checked (the company of the host's app, the charge named, Mercado Pago's signature with its kept webhook secret) and read back from the provider after the answer, one read per charge at a time, changing nothing (autocannon in a second process). Latencies in ms.`,
      '',
      '| measure | load | req/s | p50 | p95 | p99 | target |',
      '| --- | --- | ---: | ---: | ---: | ---: | --- |',
      boardRow('Culqi: approved charge → order on the board', culqi),
      boardRow('Mercado Pago: payment approved → notification → order on the board', mercadoPago),
      ...eventRows('POST …/payments/culqi/{company}/events/', culqiEvents),
      ...eventRows('POST …/payments/mercadopago/{company}/events/ (signed)', mercadoPagoEvents),
      '',
    ].join('\n');
    console.log(table);
    writeBenchSection('payments', table);
  } finally {
    await server.stop();
    await fake.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
