import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.ts';
import { redactLinkSecret } from './log-redaction.ts';

describe('link secrets in the logs', () => {
  it('replaces the token of verification, reset and deletion links, and nothing else', () => {
    expect(redactLinkSecret('/api/v5/verification-email/demo/u-1/tok3n/')).toBe(
      '/api/v5/verification-email/demo/u-1/[redacted]/',
    );
    expect(redactLinkSecret('/api/v5/me/reset_password/u-1/tok3n/?x=1')).toBe(
      '/api/v5/me/reset_password/u-1/[redacted]/?x=1',
    );
    expect(redactLinkSecret('/reset-password/u-1/tok3n')).toBe('/reset-password/u-1/[redacted]');
    expect(redactLinkSecret('/api/v5/me/delete/u-1/tok3n/')).toBe('/api/v5/me/delete/u-1/[redacted]/');
    expect(redactLinkSecret('/club/me/delete/demo/u-1/tok3n')).toBe('/club/me/delete/demo/u-1/[redacted]');
    for (const plain of ['/api/v5/me/reset_password/', '/api/v5/delete-account/', '/carta?page=2', '/'])
      expect(redactLinkSecret(plain)).toBe(plain);
  });

  describe('the request log', () => {
    const lines: string[] = [];
    let t: Awaited<ReturnType<typeof createTestApp>>;
    beforeAll(async () => {
      const stream = new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      });
      t = await createTestApp({ logger: { level: 'info', stream } });
    });
    afterAll(() => t.close());

    it('holds the link without its secret', async () => {
      await t.app.inject({
        url: '/api/v5/verification-email/demo/u-1/a-secret-token-value/',
        headers: { host: 'localhost' },
      });
      const log = lines.join('');
      expect(log).toContain('/api/v5/verification-email/demo/u-1/[redacted]/');
      expect(log).not.toContain('a-secret-token-value');
    });
  });
});
