import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.ts';

describe('the request log', () => {
  const lines: Record<string, unknown>[] = [];
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    t = await createTestApp({ logger: { level: 'info', stream } });
  });
  afterAll(() => t.close());

  it('writes one line per request, with its route, status, time and tenant', async () => {
    await t.app.inject({
      url: '/api/v7/places/place-miraflores/products/?page=1',
      headers: { host: 'localhost' },
    });
    const about = lines.filter((line) => JSON.stringify(line).includes('place-miraflores/products'));
    expect(about).toHaveLength(1);
    expect(about[0]).toMatchObject({
      msg: 'request',
      method: 'GET',
      url: '/api/v7/places/place-miraflores/products/?page=1',
      route: '/api/v7/places/:place_uid/products/',
      status: 200,
      tenant: 'demo',
    });
    expect(about[0]?.ms).toEqual(expect.any(Number));
  });
});
