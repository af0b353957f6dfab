import { once } from 'node:events';
import { type AddressInfo, createServer } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { backoffDelay, MAX_BACKOFF_MS } from '../../lib/outbox-worker.ts';
import { createTestApp } from '../../test/test-app.ts';
import { listRecentMail } from './mail.repository.ts';
import {
  type Deliver,
  deliverPendingMail,
  queueMail,
  serverIsFailing,
  smtpOrLogDelivery,
  startMailWorker,
} from './mail.service.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
afterEach(() => {
  vi.useRealTimers();
});

const silentLog = { info: () => {}, warn: () => {}, error: () => {} } as unknown as FastifyBaseLogger;

async function closedPort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('mail outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('delivers each pending message once, however many workers run at once', async () => {
    for (let i = 0; i < 12; i++)
      await queueMail(t.db, {
        appUid: 'demo',
        to: `m${i}@example.pe`,
        subject: 's',
        text: 'x',
        verified: true,
      });
    const delivered: string[] = [];
    const deliver: Deliver = async (mail) => {
      delivered.push(mail.to);
      return 'LOGGED';
    };
    await Promise.all([1, 2, 3].map(() => deliverPendingMail(t.db, deliver)));
    await deliverPendingMail(t.db, deliver);
    expect(delivered.sort()).toEqual(Array.from({ length: 12 }, (_, i) => `m${i}@example.pe`).sort());
    const rows = await listRecentMail(t.db, 'demo', 50);
    expect(rows.every((row) => row.status === 'LOGGED' && row.sentAt)).toBe(true);
  });

  it('retries a failed delivery and gives up after five attempts', async () => {
    await queueMail(t.db, { appUid: 'demo', to: 'down@example.pe', subject: 's', text: 'x', verified: true });
    const failing: Deliver = async () => {
      throw new Error('smtp down');
    };
    for (let pass = 0; pass < 6; pass++) await deliverPendingMail(t.db, failing);
    const [row] = (await listRecentMail(t.db, 'demo', 50)).filter((m) => m.to === 'down@example.pe');
    expect(row).toMatchObject({ status: 'FAILED', attempts: 5, lastError: 'Error: smtp down' });
  });

  it('sends through SMTP when SMTP_URL is set', async () => {
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => {
          data += chunk.toString();
        });
        stream.on('end', () => {
          received.push(data);
          callback();
        });
      },
    });
    smtp.listen(0, '127.0.0.1');
    await once(smtp.server, 'listening');
    const { port } = smtp.server.address() as AddressInfo;
    try {
      await queueMail(t.db, {
        appUid: 'multi',
        to: 'smtp@example.pe',
        subject: 'Hola',
        text: 'cuerpo',
        verified: true,
      });
      const deliver = smtpOrLogDelivery(`smtp://127.0.0.1:${port}`, 'Tienda <no-reply@demo.pe>', silentLog);
      await deliverPendingMail(t.db, deliver);
      expect(received).toHaveLength(1);
      expect(received[0]).toContain('To: smtp@example.pe');
      expect(received[0]).toContain('Subject: Hola');
      const [row] = await listRecentMail(t.db, 'multi', 1);
      expect(row?.status).toBe('SENT');
    } finally {
      smtp.close();
    }
  });

  it('keeps the mail pending, its attempts unspent, while the SMTP server is unreachable', async () => {
    for (const to of ['outage1@example.pe', 'outage2@example.pe'])
      await queueMail(t.db, { appUid: 'demo', to, subject: 's', text: 'x', verified: true });
    const deliver = smtpOrLogDelivery(
      `smtp://127.0.0.1:${await closedPort()}`,
      'no-reply@demo.pe',
      silentLog,
    );
    for (let pass = 0; pass < 6; pass++)
      expect(await deliverPendingMail(t.db, deliver)).toEqual({ delivered: 0, serverFailing: true });
    const rows = (await listRecentMail(t.db, 'demo', 50)).filter((m) => m.to.startsWith('outage'));
    expect(rows.map((m) => [m.status, m.attempts])).toEqual([
      ['PENDING', 0],
      ['PENDING', 0],
    ]);
    expect(rows.find((m) => m.to === 'outage1@example.pe')?.lastError).toMatch(/ECONNREFUSED/);
    // A message the server itself refuses is the message's fault: that spends an attempt.
    expect(serverIsFailing(Object.assign(new Error('550'), { code: 'EENVELOPE', responseCode: 550 }))).toBe(
      false,
    );
    expect(serverIsFailing(Object.assign(new Error('421'), { code: 'EPROTOCOL', responseCode: 421 }))).toBe(
      true,
    );
  });

  it('backs off exponentially, capped, while the server fails, and resumes once it answers', async () => {
    expect([0, 1, 2, 3].map((n) => backoffDelay(2000, n))).toEqual([2000, 4000, 8000, 16000]);
    expect(backoffDelay(2000, 30)).toBe(MAX_BACKOFF_MS);

    // A fake clock for the worker's timer; each pass's end is the event the test waits for.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let passes = 0;
    let serverUp = false;
    let passEnded: () => void = () => {};
    const log = {
      ...silentLog,
      warn: () => passEnded(),
    } as unknown as FastifyBaseLogger;
    const nextPassEnd = () =>
      new Promise<void>((resolve) => {
        passEnded = resolve;
      });
    const deliver: Deliver = async (mail) => {
      passes++;
      if (!serverUp) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ESOCKET' });
      return mail.to.startsWith('outage') ? 'SENT' : 'LOGGED';
    };
    const outageSent = async () =>
      (await listRecentMail(t.db, 'demo', 50))
        .filter((m) => m.to.startsWith('outage'))
        .every((m) => m.status === 'SENT');
    const stop = startMailWorker(t.db, deliver, log, 20);
    try {
      // 20, 40, 80, 160, 320 ms apart while the server fails: never earlier than the doubled wait.
      for (const [failed, wait] of [20, 40, 80, 160, 320].entries()) {
        await vi.advanceTimersByTimeAsync(wait - 1);
        expect({ failed, passes }).toEqual({ failed, passes: failed });
        const ended = nextPassEnd();
        await vi.advanceTimersByTimeAsync(1);
        await ended;
        expect({ failed, passes }).toEqual({ failed, passes: failed + 1 });
      }
      serverUp = true;
      await vi.advanceTimersByTimeAsync(640);
      // The pass now runs on the database; wait for its outcome, not for a time.
      while (!(await outageSent())) await vi.advanceTimersByTimeAsync(0);
    } finally {
      await stop();
    }
    const afterStop = passes;
    await queueMail(t.db, {
      appUid: 'demo',
      to: 'after-stop@example.pe',
      subject: 's',
      text: 'x',
      verified: true,
    });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(passes).toBe(afterStop);
  });

  it('shows each app only its own mail in the development mailbox', async () => {
    const res = await t.app.inject({ url: '/api/dev/mailbox/', headers: { host: 'multi.localhost' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((m: { to: string }) => m.to)).toEqual(['smtp@example.pe']);
  });
});
