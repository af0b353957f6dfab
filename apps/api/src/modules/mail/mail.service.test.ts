import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { listRecentMail } from './mail.repository.ts';
import { type Deliver, deliverPendingMail, queueMail, smtpOrLogDelivery } from './mail.service.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const silentLog = { info: () => {}, error: () => {} } as unknown as FastifyBaseLogger;

describe('mail outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('delivers each pending message once, however many workers run at once', async () => {
    for (let i = 0; i < 12; i++)
      await queueMail(t.db, { appUid: 'demo', to: `m${i}@example.pe`, subject: 's', text: 'x' });
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
    await queueMail(t.db, { appUid: 'demo', to: 'down@example.pe', subject: 's', text: 'x' });
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
      await queueMail(t.db, { appUid: 'multi', to: 'smtp@example.pe', subject: 'Hola', text: 'cuerpo' });
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

  it('shows each app only its own mail in the development mailbox', async () => {
    const res = await t.app.inject({ url: '/api/dev/mailbox/', headers: { host: 'multi.localhost' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((m: { to: string }) => m.to)).toEqual(['smtp@example.pe']);
  });
});
