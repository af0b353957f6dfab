// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createAttemptKeys } from './idempotency.ts';

describe('checkout attempt keys', () => {
  it('reuses the key on a retry of the same body and takes a new one for a new attempt', () => {
    let n = 0;
    const keys = createAttemptKeys(() => `key-${++n}`);
    const body = { order_type: 'PICKUP', products: [{ uid: 'p', quantity: 1 }] };
    expect(keys.keyFor(body)).toBe('key-1');
    expect(keys.keyFor({ ...body })).toBe('key-1');
    expect(keys.keyFor({ ...body, order_type: 'DELIVERY' })).toBe('key-2');
    keys.finish();
    expect(keys.keyFor({ ...body, order_type: 'DELIVERY' })).toBe('key-3');
  });

  it('uses crypto.randomUUID by default', () => {
    const key = createAttemptKeys().keyFor({});
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
  });
});
