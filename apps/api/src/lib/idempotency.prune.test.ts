import { idempotencyKeys } from '@storefront/db/schema/idempotency';
import { users } from '@storefront/db/schema/users';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken } from '../modules/sessions/sessions.service.ts';
import { createTestApp } from '../test/test-app.ts';
import { deleteIdempotencyKeysBefore } from './idempotency.repository.ts';

const HOUR = 60 * 60 * 1000;

describe('idempotency keys pruning', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let userUid: string;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    const [user] = await t.db
      .insert(users)
      .values({ appUid: 'demo', email: 'prune@demo.pe' })
      .returning({ uid: users.uid });
    userUid = user?.uid ?? '';
    token = await issueToken(t.db, { uid: userUid, appUid: 'demo' });
  });
  afterAll(() => t.close());

  const join = (key: string, program: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v5/me/programs/',
      payload: { program },
      headers: { host: 'localhost', authorization: `Token ${token}`, 'idempotency-key': key },
    });

  it('deletes only the keys older than the cutoff, once, under concurrent passes', async () => {
    const now = Date.now();
    const ages = [72, 49, 48.5, 47, 1, 0];
    await t.db.insert(idempotencyKeys).values(
      ages.map((hours, i) => ({
        userUid,
        key: `aged-${i}`,
        requestHash: 'x',
        createdAt: new Date(now - hours * HOUR),
      })),
    );
    const cutoff = new Date(now - 48 * HOUR);
    const counts = await Promise.all(
      Array.from({ length: 4 }, () => deleteIdempotencyKeysBefore(t.db, cutoff)),
    );
    expect(counts.reduce((a, b) => a + b, 0)).toBe(3);
    const left = await t.db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.userUid, userUid));
    expect(left.map((row) => row.key).sort()).toEqual(['aged-3', 'aged-4', 'aged-5']);
  });

  it('a pruned key no longer binds: the same key runs the new request instead of answering 422', async () => {
    expect((await join('join-once', 'demo-club')).statusCode).toBe(201);
    expect((await join('join-once', 'no-such-program')).statusCode).toBe(422);
    await deleteIdempotencyKeysBefore(t.db, new Date(Date.now() - 48 * HOUR));
    expect((await join('join-once', 'no-such-program')).statusCode).toBe(422);
    await t.db
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - 49 * HOUR) })
      .where(eq(idempotencyKeys.key, 'join-once'));
    expect(await deleteIdempotencyKeysBefore(t.db, new Date(Date.now() - 48 * HOUR))).toBe(1);
    expect((await join('join-once', 'no-such-program')).statusCode).toBe(404);
  });
});
